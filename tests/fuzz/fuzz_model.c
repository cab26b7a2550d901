// SPDX-License-Identifier: GPL-2.0-or-later
/* fuzz_model.c - libFuzzer target: model normalisation and glob matching on any bytes. */
#include <stdint.h>
#include <string.h>

#include "core/model.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char in[300], norm[128];
	size_t half = size / 2;

	if (size >= sizeof(in))
		return 0;
	memcpy(in, data, size);
	in[size] = '\0';
	dc_model_normalize(in, norm, sizeof(norm));
	if (strlen(norm) >= sizeof(norm))
		__builtin_trap();
	in[half] = '\0'; /* first half a pattern, second half a model */
	(void)dc_model_match(in, in + half + 1 <= in + size ? in + half + 1 : in + half);
	(void)dc_model_pattern_weight(in);
	return 0;
}
