// SPDX-License-Identifier: GPL-2.0-or-later
/* text_fit.c - copies into fixed-size buffers that say when they cut. Pure. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/text_fit.h"

/* dst was filled to its end: its last characters become "..." (as many as fit). */
static bool mark_cut(char *dst, size_t len)
{
	size_t dots = len > 4 ? 3 : len - 1;

	memset(dst + len - 1 - dots, '.', dots);
	dst[len - 1] = '\0';
	return true;
}

bool dc_fit(char *dst, size_t len, const char *src)
{
	size_t n = strlen(src);

	if (n < len) {
		memcpy(dst, src, n + 1);
		return false;
	}
	memcpy(dst, src, len - 1);
	return mark_cut(dst, len);
}

bool dc_fitf(char *dst, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(dst, len, fmt, ap);
	va_end(ap);
	if (n < 0) {
		dst[0] = '\0';
		return true;
	}
	return (size_t)n >= len ? mark_cut(dst, len) : false;
}
