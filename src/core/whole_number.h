/* SPDX-License-Identifier: GPL-2.0-or-later */
/* whole_number.h - a whole number written as a string, as tools print numbers too wide for a
 * JSON double (nvme-cli's 128-bit counters, smartctl's KEY_s). */
#ifndef DC_WHOLE_NUMBER_H
#define DC_WHOLE_NUMBER_H

#include <stdbool.h>

/* whole_number.c. Pure. Decimal digits, or with hex "0x" and hex digits too; nothing else,
 * not empty. Returns 0, -EINVAL (not such a number) or -ERANGE (more than 128 bits). */
int dc_whole_number(const char *s, bool hex, unsigned __int128 *out);

#endif /* DC_WHOLE_NUMBER_H */
