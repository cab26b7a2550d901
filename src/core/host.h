/* SPDX-License-Identifier: GPL-2.0-or-later */
/* host.h - this machine's name as drivecheck writes it (a scan's JSON, a dump's record,
 * a spec's placement): the short name, as `hostname -s` gives it. */
#ifndef DC_HOST_H
#define DC_HOST_H

#include <stddef.h>

/* host.c */
/* This machine's name up to its first dot, into buf (len bytes, cut to fit). Returns buf,
 * or NULL when the kernel gives no name. */
const char *dc_hostname_short(char *buf, size_t len);

#endif /* DC_HOST_H */
