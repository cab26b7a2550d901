// SPDX-License-Identifier: GPL-2.0-or-later
/* page_build.c - ATA, NVMe and SCSI pages rebuilt from another tool's numbers. Pure. */
#include <endian.h>
#include <string.h>

#include "import/page_build.h"

/* ---------------------------------------------------------------- ATA */

static void set_word(uint8_t *id, unsigned n, unsigned v)
{
	id[2 * n] = (uint8_t)(v & 0xFF);
	id[2 * n + 1] = (uint8_t)(v >> 8);
}

/* ATA strings: two characters a word, the first in the high byte, space-padded. */
static void set_string(uint8_t *id, unsigned first, unsigned nwords, const char *s)
{
	size_t len = s ? strlen(s) : 0;

	for (unsigned i = 0; i < 2 * nwords; i++) {
		uint8_t c = i < len ? (uint8_t)s[i] : ' ';

		id[2 * first + (i ^ 1)] = c;
	}
}

/* Word 255: signature 0xA5 and a byte that makes all 512 sum to 0 mod 256. */
static void checksum(uint8_t *page, unsigned sig_at)
{
	uint8_t sum = 0;

	if (sig_at < 511)
		page[sig_at] = 0xA5;
	for (unsigned i = 0; i < 511; i++)
		sum = (uint8_t)(sum + page[i]);
	page[511] = (uint8_t)(0x100 - sum);
}

void dc_build_ata_identify(uint8_t out[512], const struct dc_ata_identity *a)
{
	uint32_t lbs = a->logical_block_bytes ? a->logical_block_bytes : 512;
	uint32_t pbs = a->physical_block_bytes ? a->physical_block_bytes : lbs;
	uint64_t sectors = a->capacity_bytes / lbs;
	unsigned w82 = 0, w85 = 0, w106 = 0x4000;
	/* 48-bit addressing and FLUSH CACHE (EXT): every drive that prints these has them. */
	unsigned w83 = (1u << 10) | (1u << 12) | (1u << 13);
	bool words_known = a->smart_supported != DC_TRI_UNKNOWN ||
			   a->wcache_supported != DC_TRI_UNKNOWN;

	memset(out, 0, 512);
	set_string(out, 10, 10, a->serial);
	set_string(out, 23, 4, a->firmware);
	set_string(out, 27, 20, a->model);
	set_word(out, 60, (unsigned)((sectors > 0x0FFFFFFF ? 0x0FFFFFFF : sectors) & 0xFFFF));
	set_word(out, 61, (unsigned)((sectors > 0x0FFFFFFF ? 0x0FFFFFFF : sectors) >> 16));
	for (unsigned i = 0; i < 4; i++)
		set_word(out, 100 + i, (unsigned)((sectors >> (16 * i)) & 0xFFFF));

	if (a->smart_supported == DC_TRI_YES)
		w82 |= 1u << 0;
	if (a->smart_enabled == DC_TRI_YES)
		w85 |= 1u << 0;
	if (a->wcache_supported == DC_TRI_YES)
		w82 |= 1u << 5;
	if (a->wcache_enabled == DC_TRI_YES)
		w85 |= 1u << 5;
	/* Bits 15:14 = 01 make words 82-84 and 85-87 valid: only when something in them
	 * is known, so that nothing unknown reads as a "no". */
	if (words_known) {
		set_word(out, 82, w82);
		set_word(out, 83, 0x4000 | w83);
		set_word(out, 84, 0x4000);
		set_word(out, 85, w85);
		set_word(out, 86, w83);
		set_word(out, 87, 0x4000);
	}
	/* Word 106: several logical per physical sector (bit 13, log2 in bits 3:0);
	 * words 117-118: a logical sector longer than 256 words (bit 12). */
	if (pbs > lbs && pbs % lbs == 0) {
		unsigned log2 = 0;

		while ((lbs << (log2 + 1)) <= pbs && log2 < 15)
			log2++;
		w106 |= 0x2000 | log2;
	}
	if (lbs > 512) {
		w106 |= 0x1000;
		set_word(out, 117, (lbs / 2) & 0xFFFF);
		set_word(out, 118, (lbs / 2) >> 16);
	}
	set_word(out, 106, w106);
	if (a->rotation)
		set_word(out, 217, a->rotation);
	checksum(out, 510);
}

void dc_build_ata_smart(uint8_t data[512], uint8_t thresholds[512],
			const struct dc_ata_attr_in *attrs, unsigned n)
{
	memset(data, 0, 512);
	memset(thresholds, 0, 512);
	/* Revision 1 in both (bytes 0-1); 30 entries of 12 bytes from byte 2. */
	data[0] = thresholds[0] = 1;
	if (n > DC_ATA_MAX_ATTRS_IN)
		n = DC_ATA_MAX_ATTRS_IN;
	for (unsigned i = 0; i < n; i++) {
		const struct dc_ata_attr_in *a = &attrs[i];
		uint8_t *e = data + 2 + 12 * i, *t = thresholds + 2 + 12 * i;

		e[0] = a->id;
		e[1] = (uint8_t)(a->flags & 0xFF);
		e[2] = (uint8_t)(a->flags >> 8);
		e[3] = a->value;
		e[4] = a->worst;
		memcpy(e + 5, a->raw, 6);
		e[11] = a->reserved;
		if (a->has_threshold) {
			t[0] = a->id;
			t[1] = a->threshold;
		}
	}
	/* The data page's checksum is its last byte; libatasmart and smartctl check it. */
	data[511] = thresholds[511] = 0;
	checksum(data, 512);
	checksum(thresholds, 512);
}

/* ---------------------------------------------------------------- NVMe */

/* NVMe strings are space-padded ASCII, no terminator. */
static void set_field(char *dst, size_t len, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	memset(dst, ' ', len);
	memcpy(dst, s ? s : "", n < len ? n : len);
}

void dc_build_nvme_id_ctrl(struct nvme_id_ctrl *id, const char *model, const char *serial,
			   const char *firmware)
{
	memset(id, 0, sizeof(*id));
	set_field(id->mn, sizeof(id->mn), model);
	set_field(id->sn, sizeof(id->sn), serial);
	set_field(id->fr, sizeof(id->fr), firmware);
}

void dc_build_nvme_id_ns(struct nvme_id_ns *ns, uint64_t blocks, uint32_t block_bytes)
{
	uint8_t ds = 9;

	memset(ns, 0, sizeof(*ns));
	ns->nsze = ns->ncap = htole64(blocks);
	while (ds < 31 && (1u << ds) < block_bytes)
		ds++;
	ns->lbaf[0].ds = ds;
}

static void set_le128(uint8_t dst[16], uint64_t v)
{
	/* A field the tool printed as "more than 64 bits" (UINT64_MAX) stays saturated. */
	memset(dst, 0, 16);
	for (unsigned i = 0; i < 8; i++)
		dst[i] = (uint8_t)(v >> (8 * i));
	if (v == UINT64_MAX)
		memset(dst + 8, 0xFF, 8);
}

void dc_build_nvme_smart_log(struct nvme_smart_log *s, const struct dc_nvme_health *h)
{
	memset(s, 0, sizeof(*s));
	s->critical_warning = h->critical_warning;
	s->temperature[0] = (uint8_t)(h->temperature_k & 0xFF);
	s->temperature[1] = (uint8_t)(h->temperature_k >> 8);
	s->avail_spare = (uint8_t)h->available_spare;
	s->spare_thresh = (uint8_t)h->spare_threshold;
	s->percent_used = (uint8_t)(h->percent_used > 255 ? 255 : h->percent_used);
	set_le128(s->data_units_read, h->data_units_read);
	set_le128(s->data_units_written, h->data_units_written);
	set_le128(s->host_reads, h->host_reads);
	set_le128(s->host_writes, h->host_writes);
	set_le128(s->ctrl_busy_time, h->controller_busy_minutes);
	set_le128(s->power_cycles, h->power_cycles);
	set_le128(s->power_on_hours, h->power_on_hours);
	set_le128(s->unsafe_shutdowns, h->unsafe_shutdowns);
	set_le128(s->media_errors, h->media_errors);
	set_le128(s->num_err_log_entries, h->error_log_entries);
	s->warning_temp_time = htole32(h->warning_temp_minutes);
	s->critical_comp_time = htole32(h->critical_temp_minutes);
}

/* ---------------------------------------------------------------- SCSI */

size_t dc_build_scsi_inquiry(uint8_t out[96], const char *vendor, const char *product,
			     const char *revision)
{
	memset(out, 0, 96);
	out[2] = 6;          /* SPC-4 */
	out[3] = 2;          /* response data format 2 */
	out[4] = 96 - 5;     /* additional length */
	set_field((char *)out + 8, 8, vendor);
	set_field((char *)out + 16, 16, product);
	set_field((char *)out + 32, 4, revision);
	return 96;
}

size_t dc_build_scsi_vpd80(uint8_t out[68], const char *serial)
{
	size_t n = serial ? strlen(serial) : 0;

	if (n > 64)
		n = 64;
	memset(out, 0, 68);
	out[1] = 0x80;
	out[3] = (uint8_t)n;
	memcpy(out + 4, serial ? serial : "", n);
	return 4 + n;
}

size_t dc_build_scsi_mode08(uint8_t out[32], enum dc_tri wce)
{
	if (wce == DC_TRI_UNKNOWN)
		return 0;
	memset(out, 0, 32);
	/* MODE SENSE(10) header (8 bytes, no block descriptors), then page 0x08 (20 bytes). */
	out[1] = 8 + 20 - 2;  /* mode data length, not counting itself */
	out[8] = 0x08;
	out[9] = 0x12;
	if (wce == DC_TRI_YES)
		out[10] = 0x04;  /* WCE */
	return 8 + 20;
}

/* ---------------------------------------------------------------- health and wear */

size_t dc_build_ata_smart_status(uint8_t out[2], bool passed)
{
	out[0] = passed ? 0x4F : 0xF4; /* LBA mid */
	out[1] = passed ? 0xC2 : 0x2C; /* LBA high */
	return 2;
}

/* The header of a Device Statistics page (ACS-3 9.5.2): bits 15:0 the revision, 23:16 the
 * page number, 63:24 reserved. */
static void devstat_header(uint8_t out[512], uint8_t page, uint16_t revision)
{
	memset(out, 0, 512);
	out[0] = (uint8_t)(revision & 0xFF);
	out[1] = (uint8_t)(revision >> 8);
	out[2] = page;
}

size_t dc_build_ata_devstat(uint8_t out[512], uint8_t page, uint16_t revision,
			    const struct dc_ata_devstat_in *e, unsigned n)
{
	devstat_header(out, page, revision);
	for (unsigned i = 0; i < n; i++) {
		uint8_t *q = out + e[i].offset;
		unsigned size = e[i].size < 1 ? 1 : e[i].size > 7 ? 7 : e[i].size;

		if (e[i].page != page || e[i].offset < 8 || e[i].offset > 504 || e[i].offset % 8)
			continue;
		memset(q, 0, 8);
		/* Bits 55:0 the value (size bytes of it, little-endian), 63:56 the flags. */
		if (e[i].flags & DC_DEVSTAT_VALID)
			for (unsigned b = 0; b < size; b++)
				q[b] = (uint8_t)((uint64_t)e[i].value >> (8 * b));
		q[7] = e[i].flags;
	}
	return 512;
}

size_t dc_build_ata_devstat_list(uint8_t out[512], const uint8_t *pages, unsigned n)
{
	unsigned k = 0;

	devstat_header(out, 0, 1);
	/* Byte 8 the number of entries, then the page numbers, ascending, page 0 first. */
	out[9 + k++] = 0;
	for (unsigned v = 1; v < 256; v++)
		for (unsigned i = 0; i < n; i++)
			if (pages[i] == v) {
				out[9 + k++] = (uint8_t)v;
				break;
			}
	out[8] = (uint8_t)k;
	return 512;
}

size_t dc_build_scsi_log(uint8_t *out, size_t len, uint8_t page,
			 const struct dc_scsi_log_param *p, unsigned n)
{
	size_t at = 4;

	for (unsigned i = 0; i < n; i++)
		at += 4u + p[i].len;
	if (at > len || at - 4 > 0xFFFF)
		return 0;
	memset(out, 0, at);
	out[0] = page & 0x3F;          /* DS 0, SPF 0, PAGE CODE */
	out[1] = 0;                    /* SUBPAGE CODE */
	out[2] = (uint8_t)((at - 4) >> 8);
	out[3] = (uint8_t)((at - 4) & 0xFF);
	at = 4;
	for (unsigned i = 0; i < n; i++) {
		out[at] = (uint8_t)(p[i].code >> 8);
		out[at + 1] = (uint8_t)(p[i].code & 0xFF);
		out[at + 2] = p[i].control;
		out[at + 3] = p[i].len;
		memcpy(out + at + 4, p[i].value, p[i].len);
		at += 4u + p[i].len;
	}
	return at;
}

struct dc_scsi_log_param dc_scsi_log_counter(uint16_t code, uint64_t v)
{
	struct dc_scsi_log_param p = { .code = code, .control = DC_SCSI_LOG_COUNTER, .len = 8 };

	for (unsigned b = 0; b < 8; b++)
		p.value[b] = (uint8_t)(v >> (8 * (7 - b)));
	return p;
}

struct dc_scsi_log_param dc_scsi_log_binary(uint16_t code, uint8_t len)
{
	struct dc_scsi_log_param p = { .code = code, .control = DC_SCSI_LOG_BINARY,
				       .len = len > 16 ? 16 : len };

	return p;
}
