// SPDX-License-Identifier: GPL-2.0-or-later
/* smartctl_raw.c - a SMART attribute's RAW_VALUE as smartctl prints it, back into its bytes
 * (import.h: dc_import_smartctl_raw). Pure. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "import/import.h"
#include "import/text_scan.h"

static void put_le48(uint8_t raw[6], uint64_t v)
{
	for (unsigned i = 0; i < 6; i++)
		raw[i] = (uint8_t)(v >> (8 * i));
}

/*
 * The six raw bytes behind a smartctl RAW_VALUE, by the print formats of smartmontools'
 * ata_format_attr_raw_value(): what smartctl printed is all there is, so each format is
 * read back into the bytes it came from. Returns false for a form it does not know.
 */
bool dc_import_smartctl_raw(const char *s, uint8_t raw[6], uint8_t *raw7)
{
	long long t, lo, hi;
	unsigned long long a, b, c, d, e;
	int n = 0;

	memset(raw, 0, 6);
	*raw7 = 0;
	/* tempminmax: "34 (Min/Max 20/45)", read back as "00 00 HH LL 00 TT" (signed bytes) */
	if (dc_text_scan(s, "%lld (Min/Max %lld/%lld)%n", &t, &lo, &hi, &n) == 3 && !s[n] &&
	    t >= -128 && t < 256 && lo >= -128 && lo < 256 && hi >= -128 && hi < 256) {
		raw[0] = (uint8_t)t;
		raw[2] = (uint8_t)lo;
		raw[3] = (uint8_t)hi;
		return true;
	}
	/* tempminmax of a layout smartctl could not tell: "30 (r5 r4 r3 r2 r1)" */
	if (dc_text_scan(s, "%lld (%llu %llu %llu %llu %llu)%n", &t, &a, &b, &c, &d, &e, &n) == 6 &&
	    !s[n] && t >= -128 && t < 256 && (a | b | c | d | e) < 256) {
		raw[0] = (uint8_t)t;
		raw[5] = (uint8_t)a;
		raw[4] = (uint8_t)b;
		raw[3] = (uint8_t)c;
		raw[2] = (uint8_t)d;
		raw[1] = (uint8_t)e;
		return true;
	}
	/* msec24hour32: "1234h+05m+06.789s": hours in the low 32 bits, milliseconds above */
	if (dc_text_scan(s, "%lluh+%llum+%llu.%llus%n", &a, &b, &c, &d, &n) == 4 && !s[n] &&
	    a <= 0xFFFFFFFFull && b < 60 && c < 60 && d < 1000) {
		uint64_t ms = (b * 60 + c) * 1000 + d; /* under 3,600,000: 22 bits */

		put_le48(raw, a | (ms << 32));
		*raw7 = (uint8_t)(ms >> 16);
		return true;
	}
	/* sec2hour: "1234h+05m+06s", a count of seconds */
	if (dc_text_scan(s, "%lluh+%llum+%llus%n", &a, &b, &c, &n) == 3 && !s[n] && b < 60 && c < 60 &&
	    a < (1ull << 48) / 3600) {
		put_le48(raw, a * 3600 + b * 60 + c);
		return true;
	}
	/* min2hour: "1234h+05m", minutes in words 0-1, " (w2)" when word 2 is set. (A
	 * half-minute counter prints the same; smartctl's text does not tell them apart.) */
	if (dc_text_scan(s, "%lluh+%llum%n", &a, &b, &n) == 2 && b < 60 && a < (1ull << 32) / 60) {
		uint64_t v = a * 60 + b;
		int m = 0;

		if (s[n]) {
			if (dc_text_scan(s + n, " (%llu)%n", &c, &m) != 1 || s[n + m] || c > 0xFFFF)
				return false;
			v |= (uint64_t)c << 32;
		}
		put_le48(raw, v);
		return true;
	}
	/* raw24(raw8): "123 (4 5 6)" = bytes 0-2, then bytes 5, 4, 3 */
	if (dc_text_scan(s, "%llu (%llu %llu %llu)%n", &a, &b, &c, &d, &n) == 4 && !s[n] &&
	    a < (1u << 24) && (b | c | d) < 256) {
		put_le48(raw, a | (d << 24) | (c << 32) | (b << 40));
		return true;
	}
	/* raw16(raw16): "123 (4 5)" = word0 (word2 word1) */
	if (dc_text_scan(s, "%llu (%llu %llu)%n", &a, &b, &c, &n) == 3 && !s[n] &&
	    a < 65536 && b < 65536 && c < 65536) {
		put_le48(raw, a | (c << 16) | (b << 32));
		return true;
	}
	/* raw16(avg16): "123 (Average 45)" */
	if (dc_text_scan(s, "%llu (Average %llu)%n", &a, &b, &n) == 2 && !s[n] && a < 65536 && b < 65536) {
		put_le48(raw, a | (b << 16));
		return true;
	}
	/* raw24/raw32 ("a/b", b past 24 bits) and raw24/raw24: the two print alike below
	 * 2^24; raw24/raw24 is taken then (and both agree when a is 0). */
	if (dc_text_scan(s, "%llu/%llu%n", &a, &b, &n) == 2 && !s[n]) {
		if (b < (1u << 24) && a < (1u << 24))
			put_le48(raw, (a << 24) | b);
		else if (b <= 0xFFFFFFFFull && a < (1u << 24)) {
			put_le48(raw, ((a & 0xFFFF) << 32) | b);
			*raw7 = (uint8_t)(a >> 16); /* a 56-bit raw value: the 7th byte */
		} else {
			return false;
		}
		return true;
	}
	/* raw8: "0 0 0 1 2 3" = bytes 5 to 0 */
	if (dc_text_scan(s, "%llu %llu %llu %llu %llu %llu%n", &a, &b, &c, &d, &e, &t, &n) == 6 && !s[n] &&
	    (a | b | c | d | e) < 256 && t >= 0 && t < 256) {
		raw[5] = (uint8_t)a;
		raw[4] = (uint8_t)b;
		raw[3] = (uint8_t)c;
		raw[2] = (uint8_t)d;
		raw[1] = (uint8_t)e;
		raw[0] = (uint8_t)t;
		return true;
	}
	/* raw16: "1 2 3" = word2 word1 word0 */
	if (dc_text_scan(s, "%llu %llu %llu%n", &a, &b, &c, &n) == 3 && !s[n] &&
	    a < 65536 && b < 65536 && c < 65536) {
		put_le48(raw, c | (b << 16) | (a << 32));
		return true;
	}
	/* hex48, hex56 (the 7th byte too), and hex64 whose top byte is 0 */
	if (dc_text_scan(s, "0x%llx%n", &a, &n) == 1 && !s[n] && a < (1ull << 56)) {
		put_le48(raw, a);
		*raw7 = (uint8_t)(a >> 48);
		return true;
	}
	/* raw48: a plain decimal */
	if (isdigit((unsigned char)s[0]) && dc_text_scan(s, "%llu%n", &a, &n) == 1 && !s[n] &&
	    a < (1ull << 48)) {
		put_le48(raw, a);
		return true;
	}
	return false;
}
