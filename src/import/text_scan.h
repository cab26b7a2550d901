/* SPDX-License-Identifier: GPL-2.0-or-later */
/* text_scan.h - numbers in other tools' text, read with their range and sign checked. */
#ifndef DC_TEXT_SCAN_H
#define DC_TEXT_SCAN_H

#include <stdbool.h>
#include <stdint.h>

/*
 * sscanf("%llu") is no way to read a number someone else wrote: past the type's range its
 * behaviour is undefined (glibc gives ULLONG_MAX, or the value wrapped), and it takes a
 * sign, so "-1" reads as 18446744073709551615. Every number an importer reads from text
 * goes through dc_text_u64() instead: strtoull with ERANGE checked, on digits alone.
 */

/* text_scan.c. Pure. */
/* An unsigned whole number at *s: digits of base (10 or 16, no "0x" and no sign), at most
 * width of them (0: any number). Returns 0 with *out set and *s moved past the digits,
 * -EINVAL (no digit at *s) or -ERANGE (past 64 bits, or past max). */
int dc_text_u64(const char **s, unsigned base, unsigned width, uint64_t max, uint64_t *out);

/*
 * sscanf with that reading of numbers, for the patterns the importers match: returns how
 * many conversions it assigned, and stops at the first that fails. Blanks in fmt match any
 * run of blanks (none too) and every conversion but %n skips blanks first, as in sscanf.
 * Conversions: %u %lu %llu and %x %lx %llx (unsigned, no sign; a value past the argument's
 * type fails), %d %ld %lld (a '-' allowed), %lf (decimal digits with one '.', no sign),
 * %Ns (N at most characters up to a blank, N required), %n and %%; a width (%2x) bounds
 * the digits read.
 */
int dc_text_scan(const char *s, const char *fmt, ...) __attribute__((format(scanf, 2, 3)));

/*
 * A number as smartctl prints it in the user's locale, up to the first other character:
 * digits grouped by commas, dots or apostrophes ("1,234,567", "1.000.204.886.016"), or by
 * blanks ("960 197 124 096": a space, U+00A0 or U+202F) where the group before has one to
 * three digits and exactly three follow. Returns false for no digits or past 64 bits.
 */
bool dc_text_grouped(const char *s, uint64_t *out);
/* The same, or "0x" and hex digits. */
bool dc_text_hex_or_grouped(const char *s, uint64_t *out);

#endif /* DC_TEXT_SCAN_H */
