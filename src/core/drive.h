/* SPDX-License-Identifier: GPL-2.0-or-later */
/* drive.h - helpers the parsers share to fill a struct dc_drive. Pure: no I/O. */
#ifndef DC_DRIVE_H
#define DC_DRIVE_H

#include "dc_types.h"

/* drive.c */
/* An empty drive: nothing known, every yes/no "unknown". */
void dc_drive_init(struct dc_drive *d);
/* Appends one piece of evidence; past DC_MAX_EVIDENCE it counts it in evidence_dropped
 * (said in the JSON's not_kept and on stderr: never a silent cut). */
void dc_drive_add_evidence(struct dc_drive *d, enum dc_ev_kind kind, const char *source,
			   const char *what, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* Whether any piece of evidence of this kind was found. */
bool dc_drive_has_evidence(const struct dc_drive *d, enum dc_ev_kind kind);
/* Appends "what could not be read, and why". */
void dc_drive_add_error(struct dc_drive *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Notes a page that was missing, short or refused by the device, in words. */
void dc_drive_page_error(struct dc_drive *d, const struct dc_raw *raw, const char *page,
			 const char *what);
/* Copies a fixed-width, space-padded field: trims, and turns bytes outside printable
 * ASCII into '?', so that hostile identify data never reaches a terminal or JSON raw. */
void dc_copy_ascii(char *dst, size_t dstlen, const uint8_t *src, size_t srclen);
/* Little-endian unsigned integer of n bytes (n <= 16); saturates at UINT64_MAX when the
 * value does not fit (NVMe's 128-bit counters). */
uint64_t dc_le_uint(const uint8_t *p, size_t n);

#endif /* DC_DRIVE_H */
