// SPDX-License-Identifier: GPL-2.0-or-later
/* drive.c - small pure helpers that parsers share: evidence, errors, string fields. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/drive.h"
#include "core/raw.h"

bool dc_drive_has_evidence(const struct dc_drive *d, enum dc_ev_kind kind)
{
	for (unsigned i = 0; i < d->nevidence; i++)
		if (d->evidence[i].kind == kind)
			return true;
	return false;
}

void dc_drive_init(struct dc_drive *d)
{
	memset(d, 0, sizeof(*d));
	d->cache_present = DC_TRI_UNKNOWN;
	d->cache_enabled = DC_TRI_UNKNOWN;
	d->rotational = DC_TRI_UNKNOWN;
}

void dc_drive_add_evidence(struct dc_drive *d, enum dc_ev_kind kind, const char *source,
			   const char *what, const char *fmt, ...)
{
	struct dc_evidence *ev;
	va_list ap;

	if (d->nevidence >= DC_MAX_EVIDENCE) {
		d->evidence_dropped++;
		return;
	}
	ev = &d->evidence[d->nevidence++];
	ev->kind = kind;
	snprintf(ev->source, sizeof(ev->source), "%s", source);
	snprintf(ev->what, sizeof(ev->what), "%s", what);
	va_start(ap, fmt);
	vsnprintf(ev->value, sizeof(ev->value), fmt, ap);
	va_end(ap);
}

void dc_drive_add_error(struct dc_drive *d, const char *fmt, ...)
{
	va_list ap;

	if (d->nerrors >= DC_MAX_ERRORS) {
		d->errors_dropped++;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(d->errors[d->nerrors++], sizeof(d->errors[0]), fmt, ap);
	va_end(ap);
}

void dc_drive_page_error(struct dc_drive *d, const struct dc_raw *raw, const char *page,
			 const char *what)
{
	const struct dc_page *pg = dc_raw_find(raw, page);
	char buf[DC_TEXT_LEN];

	if (!pg)
		dc_drive_add_error(d, "%s: not read", what);
	else if (pg->st.kind != DC_IO_OK)
		dc_drive_add_error(d, "%s: %s", what, dc_raw_strerror(&pg->st, buf, sizeof(buf)));
	else
		dc_drive_add_error(d, "%s: page too short (%zu bytes)", what, pg->len);
}

void dc_copy_ascii(char *dst, size_t dstlen, const uint8_t *src, size_t srclen)
{
	size_t start = 0, end = srclen, n;

	if (!dstlen)
		return;
	/* Fields are space- or NUL-padded; some firmware pads on the left too. */
	while (end > 0 && (src[end - 1] == ' ' || src[end - 1] == '\0'))
		end--;
	while (start < end && src[start] == ' ')
		start++;
	n = end - start;
	if (n > dstlen - 1)
		n = dstlen - 1;
	for (size_t i = 0; i < n; i++) {
		uint8_t c = src[start + i];
		dst[i] = (c >= 0x20 && c <= 0x7e) ? (char)c : '?';
	}
	dst[n] = '\0';
}

uint64_t dc_le_uint(const uint8_t *p, size_t n)
{
	uint64_t v = 0;

	for (size_t i = n; i > 8; i--)
		if (p[i - 1])
			return UINT64_MAX;
	for (size_t i = (n < 8 ? n : 8); i > 0; i--)
		v = (v << 8) | p[i - 1];
	return v;
}
