/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_pages.h - cuts a fuzzer's input into raw pages: 2-byte length, then the bytes. */
#ifndef DC_FUZZ_PAGES_H
#define DC_FUZZ_PAGES_H

#include <stddef.h>
#include <stdint.h>

#include "raw.h"

/* Fills raw with one page per name, in order, while input lasts. A length of 0xFFFF
 * marks the page as refused by the device, so error paths are fuzzed too. */
static inline void dc_fuzz_pages(const uint8_t *data, size_t size, const char *const *names,
				 size_t nnames, struct dc_raw *raw)
{
	for (size_t i = 0; i < nnames && size >= 2; i++) {
		size_t len = (size_t)data[0] | (size_t)data[1] << 8;

		data += 2;
		size -= 2;
		if (len == 0xFFFF) {
			dc_raw_add(raw, names[i], NULL, 0, -5);
			continue;
		}
		if (len > size)
			len = size;
		dc_raw_add(raw, names[i], data, len, 0);
		data += len;
		size -= len;
	}
}

#endif /* DC_FUZZ_PAGES_H */
