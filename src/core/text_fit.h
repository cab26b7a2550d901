/* SPDX-License-Identifier: GPL-2.0-or-later */
/* text_fit.h - a string into a buffer of a fixed size: whole, or visibly cut. */
#ifndef DC_TEXT_FIT_H
#define DC_TEXT_FIT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The fixed-width fields of drivecheck's structs (a path of 128 bytes, a name of 32) hold
 * what the kernel and the tools give, which is nearly always shorter. When it is not, a
 * silent cut would pass for the whole (a mount point, a record's path, an error), so every
 * copy that may not fit goes through these: the text is whole, or ends in "..." and the
 * caller is told.
 */

/* text_fit.c. Each returns true when the text was cut (dst then ends in "..."), false
 * when dst holds it whole. len is dst's size, at least 1. */
bool dc_fit(char *dst, size_t len, const char *src);
bool dc_fitf(char *dst, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif /* DC_TEXT_FIT_H */
