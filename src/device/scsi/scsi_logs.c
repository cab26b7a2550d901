// SPDX-License-Identifier: GPL-2.0-or-later
/* scsi_logs.c - SCSI log pages to health and wear facts: 0x2F, 0x11, 0x15, 0x0D, 0x02/0x03. Pure. */
#include <stdio.h>
#include <string.h>

#include "core/drive.h"
#include "core/raw.h"
#include "device/scsi/scsi_logs.h"

/*
 * A LOG SENSE reply (SPC-4 7.3): byte 0 the page code (bits 5:0), bytes 2-3 the page
 * length; then parameters, each a 2-byte code, a control byte, a length byte and that
 * many bytes of value. A page is read only as far as its own length says, and a
 * parameter only when it lies wholly inside it (docs/health.md).
 */

/* The value of parameter code of page, and its length; NULL when absent. */
static const uint8_t *log_param(const struct dc_raw *raw, const char *name, uint8_t page,
				unsigned code, size_t *vlen)
{
	const struct dc_page *pg = dc_raw_find(raw, name);
	size_t end, off = 4;

	if (!pg || pg->st.kind || !pg->data || pg->len < 4 || (pg->data[0] & 0x3F) != page)
		return NULL;
	end = 4 + ((size_t)pg->data[2] << 8 | pg->data[3]);
	if (end > pg->len)
		end = pg->len;
	while (off + 4 <= end) {
		unsigned pc = (unsigned)pg->data[off] << 8 | pg->data[off + 1];
		size_t len = pg->data[off + 3];

		if (off + 4 + len > end)
			return NULL;
		if (pc == code) {
			*vlen = len;
			return pg->data + off + 4;
		}
		off += 4 + len;
	}
	return NULL;
}

static uint64_t be(const uint8_t *p, size_t n)
{
	uint64_t v = 0;

	for (size_t i = 0; i < n && i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

/* A page the drive was asked for and did not give: say so, as for every other page. */
static void note_missing(const struct dc_raw *raw, struct dc_drive *d, const char *name,
			 const char *what)
{
	const struct dc_page *pg = dc_raw_find(raw, name);

	if (pg && pg->st.kind)
		dc_drive_page_error(d, raw, name, what);
}

void dc_scsi_parse_logs(const struct dc_raw *raw, struct dc_drive *d)
{
	const uint8_t *v;
	size_t n;
	bool have_errors = false;
	uint64_t uncorrected = 0;

	/* 0x2F informational exceptions, parameter 0: ASC, ASCQ, temperature */
	v = log_param(raw, DC_PG_SCSI_LOG_2F, 0x2F, 0x0000, &n);
	if (v && n >= 2) {
		d->smart.have_scsi_exception = true;
		d->smart.scsi_asc = v[0];
		d->smart.scsi_ascq = v[1];
		/* 5Dh (not FFh, the drive's own test of it) is a failure prediction */
		d->smart.self_assessment = v[0] == 0x5D && v[1] != 0xFF ? DC_SELF_FAILED
									     : DC_SELF_PASSED;
		snprintf(d->smart.self_source, sizeof(d->smart.self_source), "scsi log page 0x2f");
		if (n >= 3 && v[2] && v[2] != 0xFF && !d->smart.have_temperature) {
			d->smart.have_temperature = true;
			d->smart.temperature_c = v[2];
		}
	} else {
		note_missing(raw, d, DC_PG_SCSI_LOG_2F, "scsi informational exceptions (log 0x2f)");
	}
	/* 0x0D temperature, parameter 0: byte 1 degrees Celsius, FFh not known */
	v = log_param(raw, DC_PG_SCSI_LOG_0D, 0x0D, 0x0000, &n);
	if (v && n >= 2 && v[1] != 0xFF) {
		d->smart.have_temperature = true;
		d->smart.temperature_c = v[1];
	}
	/* 0x11 solid state media, parameter 1: byte 3 percentage used endurance indicator */
	v = log_param(raw, DC_PG_SCSI_LOG_11, 0x11, 0x0001, &n);
	if (v && n >= 4) {
		d->wear.have_percent_used = true;
		d->wear.percent_used = v[3];
		d->wear.from[DC_WEAR_PERCENT_USED] = (struct dc_wear_source){ DC_WEAR_FROM_SCSI_LOG, 0x11 };
	}
	/* 0x15 background scan results, parameter 0: accumulated power-on minutes */
	v = log_param(raw, DC_PG_SCSI_LOG_15, 0x15, 0x0000, &n);
	if (v && n >= 4) {
		d->wear.have_power_on = true;
		d->wear.power_on_hours = be(v, 4) / 60;
		d->wear.from[DC_WEAR_POWER_ON] = (struct dc_wear_source){ DC_WEAR_FROM_SCSI_LOG, 0x15 };
	}
	/* 0x02 write, 0x03 read error counters, parameter 6: total uncorrected errors */
	v = log_param(raw, DC_PG_SCSI_LOG_02, 0x02, 0x0006, &n);
	if (v && n >= 1 && n <= 8) {
		have_errors = true;
		uncorrected += be(v, n);
	}
	v = log_param(raw, DC_PG_SCSI_LOG_03, 0x03, 0x0006, &n);
	if (v && n >= 1 && n <= 8) {
		have_errors = true;
		uncorrected += be(v, n);
	}
	if (have_errors) {
		d->wear.have_media_errors = true;
		d->wear.media_errors = uncorrected;
		d->wear.from[DC_WEAR_MEDIA_ERRORS] = (struct dc_wear_source){ DC_WEAR_FROM_SCSI_ERROR_LOGS, 0 };
	}
}
