// SPDX-License-Identifier: GPL-2.0-or-later
/* scsi_parse.c - INQUIRY, VPD 0x80/0x86/0xB1 and the caching mode page to facts (log pages: scsi_logs.c). Pure. */
#include <stdio.h>
#include <string.h>

#include "core/drive.h"
#include "core/raw.h"
#include "device/scsi/scsi_logs.h"
#include "device/protocol.h"

/*
 * Every page is read only as far as its own length field says. A driver that reports no
 * residual count leaves the rest of the buffer as drivecheck zeroed it, and zero fill
 * must never read as data: V_SUP = 0 from a short VPD 0x86 would say "no volatile
 * cache", the unsafe direction to be wrong in.
 */

/* Standard INQUIRY: byte 4 is the additional length (bytes after byte 4). */
static size_t inquiry_len(const struct dc_page *pg)
{
	size_t n;

	if (!pg || pg->st.kind || pg->len < 5)
		return 0;
	n = (size_t)pg->data[4] + 5;
	return n < pg->len ? n : pg->len;
}

/* A VPD page of the given code, and how many of its bytes are page (header included):
 * bytes 2-3 are the page length. NULL when absent, refused, of another code or short. */
static const uint8_t *vpd_page(const struct dc_raw *raw, const char *name, uint8_t code,
			       size_t *len)
{
	const struct dc_page *pg = dc_raw_find(raw, name);
	size_t n;

	if (!pg || pg->st.kind || pg->len < 4 || pg->data[1] != code)
		return NULL;
	n = ((size_t)pg->data[2] << 8 | pg->data[3]) + 4;
	*len = n < pg->len ? n : pg->len;
	return pg->data;
}

static void parse_inquiry(const struct dc_raw *raw, struct dc_drive *d)
{
	const struct dc_page *pg = dc_raw_find(raw, DC_PG_SCSI_INQUIRY);
	size_t n = inquiry_len(pg);
	const uint8_t *p;

	if (n < 36) {
		if (pg && !pg->st.kind && pg->len >= 5)
			dc_drive_add_error(d, "scsi inquiry: %zu bytes of data, 36 needed", n);
		else
			dc_drive_page_error(d, raw, DC_PG_SCSI_INQUIRY, "scsi inquiry");
		return;
	}
	dc_copy_ascii(d->vendor, sizeof(d->vendor), pg->data + 8, 8);
	dc_copy_ascii(d->model, sizeof(d->model), pg->data + 16, 16);
	dc_copy_ascii(d->firmware, sizeof(d->firmware), pg->data + 32, 4);
	if (d->model[0])
		snprintf(d->identity_source, sizeof(d->identity_source), "scsi inquiry");

	/* VPD 0x80: the serial number fills the page after its 4-byte header. */
	p = vpd_page(raw, DC_PG_SCSI_VPD_80, 0x80, &n);
	if (p && n > 4)
		dc_copy_ascii(d->serial, sizeof(d->serial), p + 4, n - 4);
}

/* VPD 0xB1 (block device characteristics), bytes 4-5: 1 = not rotating, 0x0401+ = rpm. */
static void parse_vpd_b1(const struct dc_raw *raw, struct dc_drive *d)
{
	size_t n;
	const uint8_t *p = vpd_page(raw, DC_PG_SCSI_VPD_B1, 0xB1, &n);
	unsigned rate;

	if (!p || n < 6)
		return;
	rate = (unsigned)p[4] << 8 | p[5];
	if (rate == 1)
		d->rotational = DC_TRI_NO;
	else if (rate >= 0x0401 && rate <= 0xFFFE)
		d->rotational = DC_TRI_YES;
}

/* The caching mode page's WCE bit: DC_TRI_UNKNOWN when the reply does not hold it. */
static enum dc_tri caching_wce(const struct dc_raw *raw, struct dc_drive *d)
{
	const struct dc_page *pg = dc_raw_find(raw, DC_PG_SCSI_MODE_08);
	size_t total, bdlen, off;

	if (!pg || pg->st.kind || pg->len < 8) {
		dc_drive_page_error(d, raw, DC_PG_SCSI_MODE_08, "scsi mode page 0x08 (caching)");
		return DC_TRI_UNKNOWN;
	}
	/* MODE SENSE(10): mode data length (bytes 0-1, not counting themselves), an
	 * 8-byte header, block descriptors, then the page: code, page length, flags. */
	total = ((size_t)pg->data[0] << 8 | pg->data[1]) + 2;
	if (total > pg->len)
		total = pg->len;
	bdlen = (size_t)pg->data[6] << 8 | pg->data[7];
	off = 8 + bdlen;
	if (off + 3 > total || (pg->data[off] & 0x3f) != 0x08 || pg->data[off + 1] < 1) {
		dc_drive_add_error(d, "scsi mode page 0x08 (caching): malformed reply");
		return DC_TRI_UNKNOWN;
	}
	return (pg->data[off + 2] & 0x04) ? DC_TRI_YES : DC_TRI_NO;
}

/*
 * VPD 0x86 byte 6 says what caches exist (bit 0 V_SUP volatile, bit 1 NV_SUP
 * non-volatile); the caching page's WCE says whether the write cache is on. Together:
 *   V_SUP 1                  a volatile cache, enabled as WCE says (NV_SUP beside it is
 *                            a hint only: the volatile part still needs flushes)
 *   V_SUP 0, NV_SUP 1        no volatile cache; WCE enables the non-volatile one: PLP-like
 *   V_SUP 0, NV_SUP 0, WCE 0 no volatile cache
 *   V_SUP 0, NV_SUP 0, WCE 1 a write cache is on that the device says does not exist:
 *                            its declaration is not trusted (present unknown, enabled yes)
 *   no VPD 0x86              WCE 1 shows a cache exists; WCE 0 shows nothing
 */
static void parse_caches(const struct dc_raw *raw, struct dc_drive *d)
{
	size_t n;
	const uint8_t *p = vpd_page(raw, DC_PG_SCSI_VPD_86, 0x86, &n);
	enum dc_tri wce = caching_wce(raw, d);
	bool have86 = p && n >= 7;
	bool v_sup = have86 && (p[6] & 0x01), nv_sup = have86 && (p[6] & 0x02);

	if (!have86) {
		if (p)
			dc_drive_add_error(d, "scsi vpd 0x86 (extended inquiry): page too short "
					   "(%zu bytes) for V_SUP and NV_SUP", n);
		else
			dc_drive_page_error(d, raw, DC_PG_SCSI_VPD_86, "scsi vpd 0x86 (extended inquiry)");
		d->cache_enabled = wce;
		if (wce == DC_TRI_YES)
			d->cache_present = DC_TRI_YES; /* an enabled cache exists */
		if (wce != DC_TRI_UNKNOWN)
			snprintf(d->cache_source, sizeof(d->cache_source), "scsi mode page 0x08 WCE");
		return;
	}
	snprintf(d->cache_source, sizeof(d->cache_source), "scsi vpd 0x86 V_SUP, mode page 0x08 WCE");
	/* A non-volatile cache beside a volatile one protects only what it holds. */
	if (nv_sup && !v_sup)
		dc_drive_add_evidence(d, DC_EV_PLP, "scsi vpd 0x86", "NV_SUP",
				      "1: the device has a non-volatile cache, and no volatile one");
	else if (nv_sup)
		dc_drive_add_evidence(d, DC_EV_HINT, "scsi vpd 0x86", "NV_SUP",
				      "1, beside V_SUP 1: a non-volatile cache, and a volatile one too");
	if (v_sup) {
		dc_drive_add_evidence(d, DC_EV_INFO, "scsi vpd 0x86", "V_SUP",
				      "1: volatile cache supported");
		d->cache_present = DC_TRI_YES;
		d->cache_enabled = wce;
	} else if (!nv_sup && wce == DC_TRI_YES) {
		dc_drive_add_evidence(d, DC_EV_INFO, "scsi vpd 0x86", "V_SUP",
				      "0, yet WCE is 1 and NV_SUP 0: a write cache is on that the "
				      "device says it lacks; its word is not trusted");
		d->cache_present = DC_TRI_UNKNOWN;
		d->cache_enabled = DC_TRI_YES;
	} else {
		dc_drive_add_evidence(d, DC_EV_NO_VWC, "scsi vpd 0x86", "V_SUP",
				      nv_sup && wce == DC_TRI_YES
				      ? "0: no volatile cache (WCE 1 enables the non-volatile one)"
				      : "0: no volatile cache");
		d->cache_present = DC_TRI_NO;
		d->cache_enabled = DC_TRI_NO;
	}
}

int dc_scsi_parse(const struct dc_raw *raw, struct dc_drive *d)
{
	parse_inquiry(raw, d);
	parse_vpd_b1(raw, d);
	parse_caches(raw, d);
	dc_scsi_parse_logs(raw, d);
	return 0;
}
