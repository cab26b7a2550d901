// SPDX-License-Identifier: GPL-2.0-or-later
/* whole_number.c - a decimal or 0x string to a 128-bit whole number. Pure. */
#include <errno.h>

#include "core/whole_number.h"

int dc_whole_number(const char *s, bool hex, unsigned __int128 *out)
{
	unsigned __int128 v = 0;
	unsigned base = 10, ndig = 0;

	if (hex && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	for (; *s; s++, ndig++) {
		unsigned dig;

		if (*s >= '0' && *s <= '9')
			dig = (unsigned)(*s - '0');
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			dig = (unsigned)(*s - 'a' + 10);
		else if (base == 16 && *s >= 'A' && *s <= 'F')
			dig = (unsigned)(*s - 'A' + 10);
		else
			return -EINVAL;
		if (v > (~(unsigned __int128)0 - dig) / base)
			return -ERANGE;
		v = v * base + dig;
	}
	if (!ndig)
		return -EINVAL;
	*out = v;
	return 0;
}
