// SPDX-License-Identifier: GPL-2.0-or-later
/* model.c - normalising model strings, so "Micron_5300_MTFD..." and "MICRON 5300 MTFD..." meet. */
#include <ctype.h>
#include <fnmatch.h>
#include <string.h>

#include "core/model.h"

/* Vendor words that drives put in front of their part numbers. */
static const char *const vendor_words[] = {
	"SAMSUNG", "INTEL", "MICRON", "WDC", "WD", "HGST", "KINGSTON", "TOSHIBA", "KIOXIA",
	"SANDISK", "SEAGATE", "CRUCIAL", "SOLIDIGM", "LITEON",
};

size_t dc_model_normalize(const char *in, char *out, size_t outlen)
{
	size_t n = 0;
	bool space = false;

	if (!outlen)
		return 0;
	for (; *in && n + 1 < outlen; in++) {
		unsigned char c = (unsigned char)*in;

		if (c == '_' || isspace(c)) {
			space = n > 0;
			continue;
		}
		if (c < 0x21 || c > 0x7e)
			continue;
		if (space && n + 2 < outlen)
			out[n++] = ' ';
		space = false;
		out[n++] = (char)toupper(c);
	}
	out[n] = '\0';
	return n;
}

const char *dc_model_strip_vendor(const char *norm)
{
	for (size_t i = 0; i < sizeof(vendor_words) / sizeof(vendor_words[0]); i++) {
		size_t len = strlen(vendor_words[i]);

		if (strncmp(norm, vendor_words[i], len) == 0 && norm[len] == ' ' && norm[len + 1])
			return norm + len + 1;
	}
	return norm;
}

bool dc_model_match(const char *pattern, const char *norm)
{
	const char *bare = dc_model_strip_vendor(norm);

	return fnmatch(pattern, norm, 0) == 0 || (bare != norm && fnmatch(pattern, bare, 0) == 0);
}

unsigned dc_model_pattern_weight(const char *pattern)
{
	unsigned w = 0;

	for (const char *p = pattern; *p; p++) {
		if (*p == '*' || *p == '?')
			continue;
		if (*p == '[') { /* a bracket expression counts as one literal */
			const char *close = strchr(p + 1, ']');
			if (close) {
				p = close;
				w++;
				continue;
			}
		}
		w++;
	}
	return w;
}

size_t dc_model_sysfs(const char *model, bool scsi_disk, char *out, size_t outlen)
{
	size_t n = 0;

	if (!outlen)
		return 0;
	/* copied forward byte by byte, so that out == model is safe */
	while (model[n] && n + 1 < outlen && (!scsi_disk || n < DC_SCSI_PRODUCT_LEN)) {
		out[n] = model[n];
		n++;
	}
	while (n && out[n - 1] == ' ')
		n--;
	out[n] = '\0';
	return n;
}
