// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sense.c - SG_IO's answer decoded and said: sense data of either format, the SCSI status,
 * and the host and driver status Linux adds. The tables are written from SPC-4 (sense
 * keys, table 28; the additional sense codes of Annex D) and SAM-5 (status codes), and
 * Linux's include/scsi/scsi_status.h (host and driver bytes); only the codes a drive is
 * likely to answer drivecheck's reads with are named, the rest are shown as numbers.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/sense.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

int dc_sense_decode(const uint8_t *sb, size_t len, struct dc_sense *out)
{
	uint8_t code;

	memset(out, 0, sizeof(*out));
	if (!sb || len < 1)
		return -EPROTO;
	code = sb[0] & 0x7f;
	if (code == 0x70 || code == 0x71) {
		/* fixed: byte 7 the additional sense length, counted from byte 8 */
		if (len < 3)
			return -EPROTO;
		out->valid = true;
		out->deferred = code == 0x71;
		out->key = sb[2] & 0x0f;
		if (len >= 14 && sb[7] >= 6) {
			out->asc_valid = true;
			out->asc = sb[12];
			out->ascq = sb[13];
		}
		return 0;
	}
	if (code == 0x72 || code == 0x73) {
		if (len < 2)
			return -EPROTO;
		out->valid = true;
		out->descriptor = true;
		out->deferred = code == 0x73;
		out->key = sb[1] & 0x0f;
		if (len >= 4) {
			out->asc_valid = true;
			out->asc = sb[2];
			out->ascq = sb[3];
		}
		return 0;
	}
	return -EPROTO;
}

int dc_sg_judge(struct dc_io_status *st, unsigned status, unsigned host_status,
		unsigned driver_status, const uint8_t *sb, size_t sb_len)
{
	struct dc_io_status s;
	bool failed;

	memset(&s, 0, sizeof(s));
	s.scsi_status = (uint8_t)(status & 0x7e);
	s.host_status = (uint16_t)host_status;
	s.driver_status = (uint16_t)driver_status;
	dc_sense_decode(sb, sb_len, &s.sense);
	if (host_status || (driver_status & ~(unsigned)DC_DRIVER_SENSE))
		failed = true;
	else if (s.scsi_status == DC_SCSI_CHECK_CONDITION || (driver_status & DC_DRIVER_SENSE))
		/* NO SENSE and RECOVERED ERROR: how CK_COND answers, not a refusal */
		failed = s.sense.valid && s.sense.key > 1;
	else
		failed = s.scsi_status != 0;
	memset(st, 0, sizeof(*st));
	if (!failed)
		return 0;
	s.kind = DC_IO_SCSI;
	*st = s;
	return s.sense.valid && s.sense.key == 5 ? -EOPNOTSUPP : -EIO;
}

static const char *const key_names[16] = {
	"NO SENSE", "RECOVERED ERROR", "NOT READY", "MEDIUM ERROR", "HARDWARE ERROR",
	"ILLEGAL REQUEST", "UNIT ATTENTION", "DATA PROTECT", "BLANK CHECK", "VENDOR SPECIFIC",
	"COPY ABORTED", "ABORTED COMMAND", "RESERVED (0Ch)", "VOLUME OVERFLOW", "MISCOMPARE",
	"COMPLETED",
};

const char *dc_sense_key_name(unsigned key)
{
	return key < COUNT(key_names) ? key_names[key] : NULL;
}

/* ASC << 8 | ASCQ, and its words; sorted by code. */
static const struct { uint16_t code; const char *text; } asc_texts[] = {
	{ 0x0000, "no additional sense information" },
	{ 0x0006, "I/O process terminated" },
	{ 0x0016, "operation in progress" },
	{ 0x0017, "cleaning requested" },
	{ 0x001D, "ATA pass through information available" },
	{ 0x0100, "no index/sector signal" },
	{ 0x0200, "no seek complete" },
	{ 0x0300, "peripheral device write fault" },
	{ 0x0400, "logical unit not ready, cause not reportable" },
	{ 0x0401, "logical unit is in process of becoming ready" },
	{ 0x0402, "logical unit not ready, initializing command required" },
	{ 0x0403, "logical unit not ready, manual intervention required" },
	{ 0x0404, "logical unit not ready, format in progress" },
	{ 0x0407, "logical unit not ready, operation in progress" },
	{ 0x0409, "logical unit not ready, self-test in progress" },
	{ 0x040A, "logical unit not accessible, asymmetric access state transition" },
	{ 0x040B, "logical unit not accessible, target port in standby state" },
	{ 0x040C, "logical unit not accessible, target port in unavailable state" },
	{ 0x0411, "logical unit not ready, notify (enable spinup) required" },
	{ 0x041B, "logical unit not ready, sanitize in progress" },
	{ 0x0500, "logical unit does not respond to selection" },
	{ 0x0800, "logical unit communication failure" },
	{ 0x0801, "logical unit communication time-out" },
	{ 0x0802, "logical unit communication parity error" },
	{ 0x0B00, "warning" },
	{ 0x0B01, "warning - specified temperature exceeded" },
	{ 0x0B02, "warning - enclosure degraded" },
	{ 0x0C00, "write error" },
	{ 0x0C02, "write error - auto reallocation failed" },
	{ 0x1000, "ID CRC or ECC error" },
	{ 0x1100, "unrecovered read error" },
	{ 0x1104, "unrecovered read error - auto reallocate failed" },
	{ 0x1401, "record not found" },
	{ 0x1501, "mechanical positioning error" },
	{ 0x1A00, "parameter list length error" },
	{ 0x1B00, "synchronous data transfer error" },
	{ 0x1D00, "miscompare during verify operation" },
	{ 0x2000, "invalid command operation code" },
	{ 0x2100, "logical block address out of range" },
	{ 0x2400, "invalid field in CDB" },
	{ 0x2500, "logical unit not supported" },
	{ 0x2600, "invalid field in parameter list" },
	{ 0x2601, "parameter not supported" },
	{ 0x2602, "parameter value invalid" },
	{ 0x2603, "threshold parameters not supported" },
	{ 0x2700, "write protected" },
	{ 0x2800, "not ready to ready change, medium may have changed" },
	{ 0x2900, "power on, reset, or bus device reset occurred" },
	{ 0x2901, "power on occurred" },
	{ 0x2902, "SCSI bus reset occurred" },
	{ 0x2903, "bus device reset function occurred" },
	{ 0x2904, "device internal reset" },
	{ 0x2907, "I_T nexus loss occurred" },
	{ 0x2A00, "parameters changed" },
	{ 0x2A01, "mode parameters changed" },
	{ 0x2A02, "log parameters changed" },
	{ 0x2A09, "capacity data has changed" },
	{ 0x2C00, "command sequence error" },
	{ 0x2F00, "commands cleared by another initiator" },
	{ 0x3100, "medium format corrupted" },
	{ 0x3200, "no defect spare location available" },
	{ 0x3700, "rounded parameter" },
	{ 0x3900, "saving parameters not supported" },
	{ 0x3A00, "medium not present" },
	{ 0x3E00, "logical unit has not self-configured yet" },
	{ 0x3E01, "logical unit failure" },
	{ 0x3E02, "timeout on logical unit" },
	{ 0x3F00, "target operating conditions have changed" },
	{ 0x3F01, "microcode has been changed" },
	{ 0x3F03, "inquiry data has changed" },
	{ 0x3F0E, "reported LUNs data has changed" },
	{ 0x4400, "internal target failure" },
	{ 0x4500, "select or reselect failure" },
	{ 0x4700, "SCSI parity error" },
	{ 0x4800, "initiator detected error message received" },
	{ 0x4900, "invalid message error" },
	{ 0x4B00, "data phase error" },
	{ 0x4C00, "logical unit failed self-configuration" },
	{ 0x4E00, "overlapped commands attempted" },
	{ 0x5302, "medium removal prevented" },
	{ 0x5503, "insufficient resources" },
	{ 0x5D00, "failure prediction threshold exceeded" },
	{ 0x5DFF, "failure prediction threshold exceeded (false)" },
	{ 0x5E00, "low power condition on" },
	{ 0x5E01, "idle condition activated by timer" },
	{ 0x5E03, "standby condition activated by timer" },
};

const char *dc_asc_text(unsigned asc, unsigned ascq)
{
	unsigned code = (asc & 0xff) << 8 | (ascq & 0xff);

	if (asc > 0xff || ascq > 0xff)
		return NULL;
	for (size_t i = 0; i < COUNT(asc_texts); i++)
		if (asc_texts[i].code == code)
			return asc_texts[i].text;
	return NULL;
}

const char *dc_scsi_status_name(unsigned status)
{
	switch (status) {
	case 0x00: return "GOOD";
	case 0x02: return "CHECK CONDITION";
	case 0x04: return "CONDITION MET";
	case 0x08: return "BUSY";
	case 0x18: return "RESERVATION CONFLICT";
	case 0x28: return "TASK SET FULL";
	case 0x30: return "ACA ACTIVE";
	case 0x40: return "TASK ABORTED";
	default: return NULL;
	}
}

static const char *const host_names[] = {
	"DID_OK", "DID_NO_CONNECT", "DID_BUS_BUSY", "DID_TIME_OUT", "DID_BAD_TARGET",
	"DID_ABORT", "DID_PARITY", "DID_ERROR", "DID_RESET", "DID_BAD_INTR",
	"DID_PASSTHROUGH", "DID_SOFT_ERROR", "DID_IMM_RETRY", "DID_REQUEUE",
	"DID_TRANSPORT_DISRUPTED", "DID_TRANSPORT_FAILFAST", "DID_TARGET_FAILURE",
	"DID_NEXUS_FAILURE", "DID_ALLOC_FAILURE", "DID_MEDIUM_ERROR", "DID_TRANSPORT_MARGINAL",
};

const char *dc_host_status_name(unsigned host_status)
{
	return host_status < COUNT(host_names) ? host_names[host_status] : NULL;
}

static const char *const driver_names[] = {
	"DRIVER_OK", "DRIVER_BUSY", "DRIVER_SOFT", "DRIVER_MEDIA", "DRIVER_ERROR",
	"DRIVER_INVALID", "DRIVER_TIMEOUT", "DRIVER_HARD",
};

const char *dc_driver_status_name(unsigned driver_status)
{
	return driver_names[driver_status & 0x07];
}

/* Appends to buf at *n; a cut is said by the "..." dc_sg_text ends with. */
static void add(char *buf, size_t len, size_t *n, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void add(char *buf, size_t len, size_t *n, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (*n >= len)
		return;
	va_start(ap, fmt);
	w = vsnprintf(buf + *n, len - *n, fmt, ap);
	va_end(ap);
	*n = w < 0 ? len : *n + (size_t)w;
}

const char *dc_sg_text(const struct dc_io_status *st, char *buf, size_t len)
{
	const struct dc_sense *s = &st->sense;
	const char *name;
	size_t n = 0;

	if (!len)
		return buf;
	buf[0] = '\0';
	if (s->valid && s->asc_valid) {
		const char *text = dc_asc_text(s->asc, s->ascq);

		add(buf, len, &n, "%s%s%s (sense %x/%02x/%02x%s)", key_names[s->key & 0x0f],
		    text ? ": " : "", text ? text : "", s->key, s->asc, s->ascq,
		    s->deferred ? ", deferred" : "");
	} else if (s->valid) {
		/* the key alone: the words drivecheck has always used for it */
		add(buf, len, &n, "%s (SCSI sense key 0x%x)", s->key == 5
		    ? "not supported by the device" : "refused by the device", s->key);
	} else if (st->scsi_status) {
		name = dc_scsi_status_name(st->scsi_status);
		add(buf, len, &n, "%s%s(SCSI status 0x%02x)", name ? name : "",
		    name ? " " : "", st->scsi_status);
		if (st->scsi_status == DC_SCSI_CHECK_CONDITION)
			add(buf, len, &n, " without sense data");
	}
	if (st->host_status) {
		name = dc_host_status_name(st->host_status);
		add(buf, len, &n, "%shost status 0x%02x%s%s", n ? "; " : "", st->host_status,
		    name ? " " : "", name ? name : "");
	}
	if (st->driver_status & ~(unsigned)DC_DRIVER_SENSE) {
		add(buf, len, &n, "%sdriver status 0x%02x", n ? "; " : "", st->driver_status);
		if (st->driver_status & 0x07)
			add(buf, len, &n, " %s", dc_driver_status_name(st->driver_status));
	}
	if (!n)
		add(buf, len, &n, "refused by the device (SCSI status 0x%02x)", st->scsi_status);
	if (n >= len && len > 4)
		memcpy(buf + len - 4, "...", 4);
	return buf;
}
