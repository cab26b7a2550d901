// SPDX-License-Identifier: GPL-2.0-or-later
/* text_scan.c - numbers in other tools' text: strtoull with its ERANGE and its sign checked, a
 * strict sscanf on it, and numbers grouped as a locale prints them. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "import/text_scan.h"

static bool is_digit_of(char c, unsigned base)
{
	if (c >= '0' && c <= '9')
		return true;
	return base == 16 && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'));
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

int dc_text_u64(const char **s, unsigned base, unsigned width, uint64_t max, uint64_t *out)
{
	char digits[72];
	unsigned long long v;
	size_t n = 0;
	char *end;

	/* The digits alone go to strtoull: it never sees a sign, a blank or a "0x". */
	while (is_digit_of((*s)[n], base) && (!width || n < width)) {
		if (n == sizeof(digits) - 1)
			return -ERANGE; /* 71 digits are past 64 bits in any base */
		digits[n] = (*s)[n];
		n++;
	}
	if (!n)
		return -EINVAL;
	digits[n] = '\0';
	errno = 0;
	v = strtoull(digits, &end, (int)base);
	if (errno == ERANGE || v > max)
		return -ERANGE;
	if (errno || *end)
		return -EINVAL;
	*out = v;
	*s += n;
	return 0;
}

/* %lf: digits, at most one '.', digits; no sign, exponent, "inf" or "nan". */
static int scan_decimal(const char **s, unsigned width, double *out)
{
	char text[72];
	size_t n = 0;
	bool dot = false, digit = false;

	for (;;) {
		char c = (*s)[n];

		if (width && n == width)
			break;
		if (c >= '0' && c <= '9')
			digit = true;
		else if (c == '.' && !dot)
			dot = true;
		else
			break;
		if (n == sizeof(text) - 1)
			return -ERANGE;
		text[n++] = c;
	}
	if (!digit)
		return -EINVAL;
	text[n] = '\0';
	errno = 0;
	*out = strtod(text, NULL);
	if (errno == ERANGE)
		return -ERANGE;
	*s += n;
	return 0;
}

/* One integer conversion (%u %x %d with h/l/ll): the value into its argument, if it fits. */
static int scan_integer(const char **s, char conv, int size, unsigned width, va_list *ap)
{
	unsigned base = conv == 'x' ? 16 : 10;
	bool neg = false;
	uint64_t v;
	int rc;

	if (conv == 'd' && **s == '-') {
		neg = true;
		(*s)++;
		if (width && !--width)
			return -EINVAL;
	}
	rc = dc_text_u64(s, base, width, UINT64_MAX, &v);
	if (rc)
		return rc;
	if (conv == 'd') {
		unsigned long long lim = size == 2 ? (unsigned long long)LLONG_MAX
			: size == 1 ? (unsigned long long)LONG_MAX : (unsigned long long)INT_MAX;
		long long x;

		if (v > lim + (neg ? 1 : 0))
			return -ERANGE;
		x = neg ? (v == lim + 1 ? -(long long)lim - 1 : -(long long)v) : (long long)v;
		if (size == 2)
			*va_arg(*ap, long long *) = x;
		else if (size == 1)
			*va_arg(*ap, long *) = (long)x;
		else
			*va_arg(*ap, int *) = (int)x;
		return 0;
	}
	if (size == 2) {
		*va_arg(*ap, unsigned long long *) = v;
	} else if (size == 1) {
		if (v > ULONG_MAX)
			return -ERANGE;
		*va_arg(*ap, unsigned long *) = (unsigned long)v;
	} else {
		if (v > UINT_MAX)
			return -ERANGE;
		*va_arg(*ap, unsigned *) = (unsigned)v;
	}
	return 0;
}

int dc_text_scan(const char *s, const char *fmt, ...)
{
	const char *p = s;
	int assigned = 0;
	va_list ap;

	va_start(ap, fmt);
	for (const char *f = fmt; *f; f++) {
		unsigned width = 0;
		int size = 0;

		if (is_blank(*f)) {
			while (is_blank(*p))
				p++;
			continue;
		}
		if (*f != '%' || f[1] == '%') {
			f += *f == '%';
			if (*p != *f)
				break;
			p++;
			continue;
		}
		f++;
		while (*f >= '0' && *f <= '9')
			width = width * 10 + (unsigned)(*f++ - '0');
		while (*f == 'l') {
			size++;
			f++;
		}
		if (*f == 'n') {
			*va_arg(ap, int *) = (int)(p - s);
			continue;
		}
		while (is_blank(*p))
			p++;
		if (*f == 'u' || *f == 'x' || *f == 'd') {
			if (size > 2 || scan_integer(&p, *f, size, width, &ap))
				break;
		} else if (*f == 'f' && size == 1) {
			if (scan_decimal(&p, width, va_arg(ap, double *)))
				break;
		} else if (*f == 's' && width && !size) {
			char *dst = va_arg(ap, char *);
			size_t n = 0;

			while (p[n] && !is_blank(p[n]) && n < width) {
				dst[n] = p[n];
				n++;
			}
			if (!n)
				break;
			dst[n] = '\0';
			p += n;
		} else {
			break; /* a conversion this reader does not do: nothing more is assigned */
		}
		assigned++;
	}
	va_end(ap);
	return assigned;
}

/* The length of a blank that groups digits at s: a space, or a no-break space (U+00A0)
 * or a narrow one (U+202F) in UTF-8; 0 where s holds none. */
static size_t group_blank(const char *s)
{
	if (s[0] == ' ')
		return 1;
	if ((unsigned char)s[0] == 0xC2 && (unsigned char)s[1] == 0xA0)
		return 2;
	if ((unsigned char)s[0] == 0xE2 && (unsigned char)s[1] == 0x80 && (unsigned char)s[2] == 0xAF)
		return 3;
	return 0;
}

/* Exactly three digits at s, and no fourth. */
static bool three_digits(const char *s)
{
	return isdigit((unsigned char)s[0]) && isdigit((unsigned char)s[1]) &&
	       isdigit((unsigned char)s[2]) && !isdigit((unsigned char)s[3]);
}

/*
 * A number as smartctl prints it in the user's locale, up to the first other character:
 * its digits grouped by commas, dots or apostrophes ("1,234,567", "1.000.204.886.016",
 * "1'234"), or by blanks ("960 197 124 096", with a space or a no-break space, as French
 * and Russian locales have it). A blank ends the number unless the group before it has
 * one to three digits and exactly three follow it ("35 Celsius", "1234 5" stop at it).
 * Returns false when there are no digits or the number passes 64 bits.
 */
bool dc_text_grouped(const char *s, uint64_t *out)
{
	uint64_t v = 0;
	unsigned group = 0; /* digits since the last separator */
	size_t blank;

	while (*s == ' ')
		s++;
	for (; *s; s++) {
		if (isdigit((unsigned char)*s)) {
			unsigned d = (unsigned)(*s - '0');

			if (v > (UINT64_MAX - d) / 10)
				return false;
			v = v * 10 + d;
			group++;
		} else if ((*s == ',' || *s == '.' || *s == '\'') && group &&
			   isdigit((unsigned char)s[1])) {
			group = 0;
		} else if (group >= 1 && group <= 3 && (blank = group_blank(s)) &&
			   three_digits(s + blank)) {
			s += blank - 1;
			group = 0;
		} else {
			break;
		}
	}
	*out = v;
	return group > 0; /* a separator is always followed by digits */
}

bool dc_text_hex_or_grouped(const char *s, uint64_t *out)
{
	while (*s == ' ')
		s++;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		s += 2;
		return dc_text_u64(&s, 16, 0, UINT64_MAX, out) == 0;
	}
	return dc_text_grouped(s, out);
}
