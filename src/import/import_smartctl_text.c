// SPDX-License-Identifier: GPL-2.0-or-later
/* import_smartctl_text.c - smartctl -a / -x text (6.x, 7.x) to an ATA, NVMe or SCSI drive's pages. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/import.h"
#include "import/import_health.h"
#include "import/page_build.h"
#include "import/text_scan.h"
#include "core/raw.h"

#define LINE_MAX_LEN 512

/* The "Label:   value" lines of the information and SMART sections. */
struct report {
	char tool[64];                 /* "smartctl 7.1 2019-12-30 r5022" */
	char model[DC_TEXT_LEN];       /* Device Model (ATA), Model Number (NVMe), Product (SCSI) */
	char vendor[DC_TEXT_LEN];      /* SCSI Vendor */
	char serial[DC_TEXT_LEN];
	char firmware[DC_NAME_LEN];    /* Firmware Version, or SCSI Revision */
	char protocol_hint;            /* 'A' ATA, 'N' NVMe, 'S' SCSI */
	char transport[64];            /* SCSI "Transport protocol:" */
	bool sata;                     /* "SATA Version is:" seen */
	uint64_t capacity_bytes;
	uint64_t total_nvm_bytes;      /* NVMe "Total NVM Capacity": Identify's TNVMCAP */
	char bad_capacity[DC_TEXT_LEN]; /* a capacity past 64 bits: the report is refused */
	uint32_t logical, physical;
	unsigned rotation;             /* 0 not said, 1 SSD, else rpm */
	enum dc_tri wcache_supported, wcache_enabled;
	bool wcache_seen, wcache_unavailable;
	enum dc_tri smart_supported, smart_enabled;
	enum dc_tri scsi_wce;          /* "Writeback Cache is:" */
	bool have_attr_table;
	unsigned nattrs;
	struct dc_ata_attr_in attrs[DC_ATA_MAX_ATTRS_IN];
	unsigned attrs_dropped;
	char first_bad_raw[64];
	bool have_health;
	struct dc_nvme_health h;
	unsigned health_fields;
	char failure[DC_TEXT_LEN];     /* what smartctl said went wrong, if it says */
	unsigned line;                 /* the line being read, from 1 */
	unsigned nseen;                /* the labels read, the first value of each */
	struct { char label[40]; char value[80]; unsigned line; } seen[96];
	struct dc_import_ata_health ah; /* health line, Device Statistics */
	struct dc_import_scsi_health sh; /* SCSI health, wear, temperature, error counters */
	unsigned nconflicts;           /* a label given twice with two values */
	char conflicts[4][DC_TEXT_LEN];
};

static void trim(char *s)
{
	size_t n = strlen(s);
	char *p = s;

	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	while (*p && isspace((unsigned char)*p))
		p++;
	memmove(s, p, strlen(p) + 1);
}

/* The value after "Label:" when line starts with it (and its colon), else NULL. */
static const char *value_of(const char *line, const char *label)
{
	size_t n = strlen(label);

	if (strncmp(line, label, n) != 0 || line[n] != ':')
		return NULL;
	line += n + 1;
	while (*line == ' ' || *line == '\t')
		line++;
	return line;
}

/* smartctl -x's flag column "PO--CK", or -a's "0x0032". */
static bool attr_flags(const char *s, uint16_t *out)
{
	static const char bits[] = "POSRCK";
	unsigned v = 0;

	if (s[0] == '0' && s[1] == 'x') {
		uint64_t x;

		s += 2;
		if (dc_text_u64(&s, 16, 0, 0xFFFF, &x) || *s)
			return false;
		*out = (uint16_t)x;
		return true;
	}
	/* A seventh column '+' says flag bits above bit 5 are set: which, it does not say. */
	if (strlen(s) != 6 && !(strlen(s) == 7 && s[6] == '+'))
		return false;
	if (s[6] == '+')
		v |= 1u << 6;
	for (unsigned i = 0; i < 6; i++) {
		if (s[i] == bits[i])
			v |= 1u << i;
		else if (s[i] != '-')
			return false;
	}
	*out = (uint16_t)v;
	return true;
}

static bool small_number(const char *s, unsigned max, unsigned *out)
{
	uint64_t v;

	if (dc_text_u64(&s, 10, 0, max, &v) || *s)
		return false;
	*out = (unsigned)v;
	return true;
}

/*
 * One row of the attribute table:
 *   -x: "  5 Reallocated_Sector_Ct   PO--CK   100   100   010    -    0"
 *   -a: "  5 Reallocated_Sector_Ct   0x0033   100   100   010    Pre-fail  Always   -   0"
 */
static void attr_row(struct report *r, const char *line, bool brief)
{
	char tok[10][64];
	unsigned ntok = 0, id, value, worst, thresh = 0;
	const char *p = line, *raw_at = NULL;
	struct dc_ata_attr_in *a;
	unsigned want = brief ? 7 : 9; /* tokens before RAW_VALUE */

	while (ntok < want) {
		size_t n;

		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return;
		n = strcspn(p, " \t");
		if (n >= sizeof(tok[0]))
			return;
		memcpy(tok[ntok], p, n);
		tok[ntok++][n] = '\0';
		p += n;
	}
	while (*p == ' ' || *p == '\t')
		p++;
	raw_at = p;
	if (!*raw_at || !small_number(tok[0], 255, &id) || id == 0)
		return;
	a = r->nattrs < DC_ATA_MAX_ATTRS_IN ? &r->attrs[r->nattrs] : NULL;
	if (!a) {
		r->attrs_dropped++;
		return;
	}
	memset(a, 0, sizeof(*a));
	if (!attr_flags(tok[2], &a->flags) || !small_number(tok[3], 255, &value) ||
	    !small_number(tok[4], 255, &worst) ||
	    (strcmp(tok[5], "---") != 0 && !small_number(tok[5], 255, &thresh)))
		return;
	{
		char raw[128];

		snprintf(raw, sizeof(raw), "%s", raw_at);
		trim(raw);
		if (!dc_import_smartctl_raw(raw, a->raw, &a->reserved)) {
			if (!r->first_bad_raw[0])
				snprintf(r->first_bad_raw, sizeof(r->first_bad_raw), "%u: '%.48s'", id, raw);
			r->attrs_dropped++;
			return;
		}
	}
	a->id = (uint8_t)id;
	a->value = (uint8_t)value;
	a->worst = (uint8_t)worst;
	a->has_threshold = strcmp(tok[5], "---") != 0;
	a->threshold = (uint8_t)thresh;
	r->nattrs++;
}

/* "960,197,124,096 bytes [960 GB]" and "3,843,995,729,920 [3.84 TB]" */
/* A capacity line's bytes. One past 64 bits is no size at all: the report is refused
 * (a capacity of 0 would read as a drive of 0 B that still passes). */
static void capacity(struct report *r, const char *label, const char *v)
{
	const char *d = v;
	uint64_t b;

	while (*d == ' ')
		d++;
	if (dc_text_grouped(v, &b)) {
		if (!r->capacity_bytes)
			r->capacity_bytes = b;
	} else if (isdigit((unsigned char)*d) && !r->bad_capacity[0]) {
		snprintf(r->bad_capacity, sizeof(r->bad_capacity), "%s: '%.64s' is more bytes "
			 "than 64 bits hold", label, d);
	}
}

static void sector_sizes(struct report *r, const char *v)
{
	unsigned lbs, pbs;

	if (dc_text_scan(v, "%u bytes logical, %u bytes physical", &lbs, &pbs) == 2) {
		r->logical = lbs;
		r->physical = pbs;
	} else if (dc_text_scan(v, "%u bytes logical/physical", &lbs) == 1) {
		r->logical = r->physical = lbs;
	}
}

static void copy(char *dst, size_t len, const char *v)
{
	snprintf(dst, len, "%s", v);
	trim(dst);
}

/*
 * Whether the value v of label is to be taken: the first time the
 * label is met, yes; again with the same value, yes; again with another value, no, and
 * the conflict is kept to be said ("Device Model" printed twice in one report: a paste
 * of two drives' lines, or an edit). The first value stays.
 */
static bool once(struct report *r, const char *label, const char *v)
{
	char val[80], *br;

	snprintf(val, sizeof(val), "%s", v);
	if ((br = strstr(val, " [")))
		*br = '\0'; /* "960,197,124,096 bytes [960 GB]": the figure in words is smartctl's */
	trim(val);
	for (unsigned i = 0; i < r->nseen; i++) {
		if (strcmp(r->seen[i].label, label) != 0)
			continue;
		if (strcmp(r->seen[i].value, val) == 0)
			return true;
		if (r->nconflicts < sizeof(r->conflicts) / sizeof(r->conflicts[0])) {
			char msg[DC_TEXT_LEN];

			snprintf(msg, sizeof(msg), "conflict: %s: '%.30s' (line %u), '%.30s' (line "
				 "%u): the first read", label, r->seen[i].value, r->seen[i].line, val,
				 r->line);
			memcpy(r->conflicts[r->nconflicts], msg, sizeof(msg));
		}
		r->nconflicts++;
		return false;
	}
	if (r->nseen < sizeof(r->seen) / sizeof(r->seen[0])) {
		snprintf(r->seen[r->nseen].label, sizeof(r->seen[0].label), "%s", label);
		snprintf(r->seen[r->nseen].value, sizeof(r->seen[0].value), "%s", val);
		r->seen[r->nseen].line = r->line;
		r->nseen++;
	}
	return true;
}

/* value_of(), and once() on what it found: the value when it is to be taken, else NULL. */
static const char *take(struct report *r, const char *line, const char *label)
{
	const char *v = value_of(line, label);

	return v && once(r, label, v) ? v : NULL;
}

/* The NVMe SMART/Health lines: label, where the number goes. */
static void health_line(struct report *r, const char *line)
{
	static const struct { const char *label; size_t off; bool u32; } fields[] = {
#define F(l, m) { l, offsetof(struct dc_nvme_health, m), false }
#define F32(l, m) { l, offsetof(struct dc_nvme_health, m), true }
		F("Data Units Read", data_units_read),
		F("Data Units Written", data_units_written),
		F("Host Read Commands", host_reads),
		F("Host Write Commands", host_writes),
		F("Controller Busy Time", controller_busy_minutes),
		F("Power Cycles", power_cycles),
		F("Power On Hours", power_on_hours),
		F("Unsafe Shutdowns", unsafe_shutdowns),
		F("Media and Data Integrity Errors", media_errors),
		F("Error Information Log Entries", error_log_entries),
		F32("Warning  Comp. Temperature Time", warning_temp_minutes),
		F32("Critical Comp. Temperature Time", critical_temp_minutes),
#undef F
#undef F32
	};
	const char *v;
	uint64_t x;

	if ((v = take(r, line, "Critical Warning")) && dc_text_hex_or_grouped(v, &x) && x < 256) {
		r->h.critical_warning = (uint8_t)x;
		r->health_fields++;
	} else if ((v = take(r, line, "Temperature")) && dc_text_grouped(v, &x) && x < 200) {
		r->h.temperature_k = (unsigned)x + 273;
		r->health_fields++;
	} else if ((v = take(r, line, "Available Spare")) && dc_text_grouped(v, &x) && x < 256) {
		r->h.available_spare = (unsigned)x;
		r->health_fields++;
	} else if ((v = take(r, line, "Available Spare Threshold")) && dc_text_grouped(v, &x) && x < 256) {
		r->h.spare_threshold = (unsigned)x;
		r->health_fields++;
	} else if ((v = take(r, line, "Percentage Used")) && dc_text_grouped(v, &x) && x < 256) {
		r->h.percent_used = (unsigned)x;
		r->health_fields++;
	}
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		if (!(v = take(r, line, fields[i].label)))
			continue;
		if (!dc_text_grouped(v, &x))
			x = UINT64_MAX; /* smartctl prints ">64 bits" values in a form of its own */
		if (fields[i].u32)
			*(uint32_t *)((char *)&r->h + fields[i].off) = x > UINT32_MAX ? UINT32_MAX : (uint32_t)x;
		else
			*(uint64_t *)((char *)&r->h + fields[i].off) = x;
		r->health_fields++;
	}
}

static void info_line(struct report *r, const char *line)
{
	const char *v;

	if ((v = take(r, line, "Device Model"))) {
		copy(r->model, sizeof(r->model), v);
		r->protocol_hint = 'A';
	} else if ((v = take(r, line, "Model Number"))) {
		copy(r->model, sizeof(r->model), v);
		r->protocol_hint = 'N';
	} else if ((v = take(r, line, "Product"))) {
		copy(r->model, sizeof(r->model), v);
		r->protocol_hint = 'S';
	} else if ((v = take(r, line, "Vendor"))) {
		copy(r->vendor, sizeof(r->vendor), v);
	} else if ((v = take(r, line, "Serial Number")) || (v = take(r, line, "Serial number"))) {
		copy(r->serial, sizeof(r->serial), v);
	} else if ((v = take(r, line, "Firmware Version")) || (v = take(r, line, "Revision"))) {
		copy(r->firmware, sizeof(r->firmware), v);
	} else if ((v = take(r, line, "User Capacity")) ||
		   (v = take(r, line, "Namespace 1 Size/Capacity")) ||
		   (v = take(r, line, "Total NVM Capacity"))) {
		if (strncmp(line, "Total NVM Capacity", 18) == 0)
			dc_text_grouped(v, &r->total_nvm_bytes);
		capacity(r, strncmp(line, "User", 4) == 0 ? "User Capacity" :
			 strncmp(line, "Total", 5) == 0 ? "Total NVM Capacity" :
			 "Namespace 1 Size/Capacity", v);
	} else if ((v = take(r, line, "Sector Sizes")) || (v = take(r, line, "Sector Size"))) {
		sector_sizes(r, v);
	} else if ((v = take(r, line, "Namespace 1 Formatted LBA Size")) ||
		   (v = take(r, line, "Logical block size"))) {
		unsigned lbs;

		if (dc_text_scan(v, "%u", &lbs) == 1 && lbs >= 512 && lbs <= 65536)
			r->logical = lbs;
	} else if ((v = take(r, line, "Physical block size"))) {
		unsigned pbs;

		if (dc_text_scan(v, "%u", &pbs) == 1 && pbs >= 512 && pbs <= 65536)
			r->physical = pbs;
	} else if ((v = take(r, line, "Rotation Rate"))) {
		unsigned rpm;

		if (strncmp(v, "Solid State", 11) == 0)
			r->rotation = 1;
		else if (dc_text_scan(v, "%u rpm", &rpm) == 1 && rpm >= 0x401 && rpm < 0xFFFF)
			r->rotation = rpm;
	} else if ((v = take(r, line, "Write cache is"))) {
		r->wcache_seen = true;
		if (strncmp(v, "Enabled", 7) == 0) {
			r->wcache_supported = r->wcache_enabled = DC_TRI_YES;
		} else if (strncmp(v, "Disabled", 8) == 0) {
			r->wcache_supported = DC_TRI_YES;
			r->wcache_enabled = DC_TRI_NO;
		} else {
			r->wcache_unavailable = true;
		}
	} else if ((v = take(r, line, "Writeback Cache is"))) {
		r->scsi_wce = strncmp(v, "Enabled", 7) == 0 ? DC_TRI_YES
			      : strncmp(v, "Disabled", 8) == 0 ? DC_TRI_NO : DC_TRI_UNKNOWN;
	} else if ((v = value_of(line, "SMART support is"))) {
		if (strncmp(v, "Available", 9) == 0)
			r->smart_supported = DC_TRI_YES;
		else if (strncmp(v, "Unavailable", 11) == 0)
			r->smart_supported = DC_TRI_NO;
		else if (strncmp(v, "Enabled", 7) == 0)
			r->smart_enabled = DC_TRI_YES;
		else if (strncmp(v, "Disabled", 8) == 0)
			r->smart_enabled = DC_TRI_NO;
	} else if ((v = value_of(line, "SATA Version is"))) {
		r->sata = true;
	} else if ((v = take(r, line, "Transport protocol"))) {
		copy(r->transport, sizeof(r->transport), v);
	}
}

/* What smartctl says when it could not read the drive: kept for the reason. */
static void failure_line(struct report *r, const char *line)
{
	static const char *const signs[] = {
		"Smartctl open device:", "Read Device Identity failed", "Smartctl: Device Read Identity Failed",
		"Unable to detect device type", "failed: ", "A mandatory SMART command failed",
	};

	if (r->failure[0])
		return;
	for (size_t i = 0; i < sizeof(signs) / sizeof(signs[0]); i++)
		if (strstr(line, signs[i])) {
			copy(r->failure, sizeof(r->failure), line);
			return;
		}
}

/*
 * One line of smartctl -x's "Device Statistics (GP Log 0x04)" (ataprint.cpp's
 * print_device_statistics_page()):
 *   "0x01  =====  =               =  ===  == General Statistics (rev 1) =="
 *   "0x01  0x010  4           14946  ---  Power-on Hours"
 * The flags: N normalised, D supports DSN, C monitored condition met; a value "-" is not
 * valid; a signed value (a temperature) prints with its sign.
 */
static void devstat_line(struct report *r, const char *line)
{
	struct dc_ata_devstat_in e = { 0 };
	unsigned page, off, size, rev;
	char val[32], flags[8], label[40];
	const char *at;

	if (dc_text_scan(line, "0x%2x  =====", &page) == 1 && strstr(line, "=====") && page < 256) {
		at = strstr(line, "(rev ");
		if (at && dc_text_scan(at, "(rev %u)", &rev) == 1 && rev < 65536)
			dc_import_devstat_page(&r->ah, (uint8_t)page, (uint16_t)rev, false);
		else /* "(empty)", "(invalid page 0x.. in header)" */
			dc_import_devstat_page(&r->ah, (uint8_t)page, 0, true);
		return;
	}
	if (dc_text_scan(line, "0x%2x 0x%3x %u %31s %7s", &page, &off, &size, val, flags) != 5 ||
	    page > 255 || off < 8 || off > 504 || off % 8 || size < 1 || size > 7 ||
	    strlen(flags) < 3 || strspn(flags, "NDC-+") != strlen(flags))
		return;
	snprintf(label, sizeof(label), "Device Statistics 0x%02x 0x%03x", page, off);
	{
		char both[48];

		snprintf(both, sizeof(both), "%s %s", val, flags);
		if (!once(r, label, both))
			return;
	}
	e.page = (uint8_t)page;
	e.offset = (uint16_t)off;
	e.size = (uint8_t)size;
	e.flags = DC_DEVSTAT_SUPPORTED;
	if (strcmp(val, "-") != 0) {
		long long v;
		int n = 0;

		/* a signed value: "-5" is one (a temperature), "--5" or "1e3" is not */
		if (dc_text_scan(val, "%lld%n", &v, &n) != 1 || val[n])
			return;
		e.value = v;
		e.flags |= DC_DEVSTAT_VALID;
	}
	if (flags[0] == 'N')
		e.flags |= DC_DEVSTAT_NORMALIZED;
	if (flags[1] == 'D')
		e.flags |= DC_DEVSTAT_DSN;
	if (flags[2] == 'C')
		e.flags |= DC_DEVSTAT_CONDITION;
	dc_import_devstat_entry(&r->ah, &e);
}

/*
 * A row of a SCSI drive's "Error counter log" (scsiprint.cpp):
 *   "read:          0    40247         0     40247     304122     162438.759           0"
 * ECC fast, delayed, rereads/rewrites, total corrected, algorithm invocations, gigabytes
 * processed, total uncorrected: log page 0x03 (read) or 0x02 (write), parameters 0-6.
 */
static void error_counter_row(struct report *r, const char *line)
{
	unsigned long long c[5], unc;
	double gb;
	unsigned k;

	if (strncmp(line, "read:", 5) == 0)
		k = 1;
	else if (strncmp(line, "write:", 6) == 0)
		k = 0;
	else
		return;
	if (dc_text_scan(line + (k ? 5 : 6), "%llu %llu %llu %llu %llu %lf %llu", &c[0], &c[1], &c[2],
		   &c[3], &c[4], &gb, &unc) != 7 || !once(r, k ? "Error counter log read" :
							  "Error counter log write", line))
		return;
	r->sh.have_errors[k] = true;
	for (unsigned i = 0; i < 5; i++) {
		r->sh.have_counter[k][i] = true;
		r->sh.counter[k][i] = c[i];
	}
	r->sh.have_counter[k][6] = true;
	r->sh.counter[k][6] = unc;
}

/* A temperature line of a SCSI report: "37 C", or "<not available>" (FFh). */
static bool scsi_temp(const char *v, uint8_t *out)
{
	unsigned t;

	if (strncmp(v, "<not available>", 15) == 0) {
		*out = 0xFF;
		return true;
	}
	if (dc_text_scan(v, "%u C", &t) != 1 || t > 254)
		return false;
	*out = (uint8_t)t;
	return true;
}

/* The health lines: ATA's self-assessment; SCSI's health status, wear and temperature. */
static void health_status_line(struct report *r, const char *line)
{
	static const char pot[] = "Accumulated power on time, hours:minutes ";
	const char *v;
	unsigned h, m, asc, ascq;

	if ((v = take(r, line, "SMART overall-health self-assessment test result"))) {
		if (strncmp(v, "PASSED", 6) == 0 && r->ah.self == DC_IMPORT_SELF_NOT_SHOWN)
			r->ah.self = DC_IMPORT_SELF_PASSED;
		else if (strncmp(v, "FAILED", 6) == 0 && r->ah.self == DC_IMPORT_SELF_NOT_SHOWN)
			r->ah.self = DC_IMPORT_SELF_FAILED;
	} else if (strncmp(line, "Warning: This result is based on an Attribute check", 51) == 0 ||
		   strncmp(line, "SMART Status not supported:", 27) == 0 ||
		   strncmp(line, "SMART Status command failed:", 28) == 0) {
		/* smartctl judged the attributes itself: the drive gave no RETURN STATUS */
		r->ah.self = DC_IMPORT_SELF_ATTRIBUTE_CHECK;
	} else if ((v = take(r, line, "SMART Health Status"))) {
		const char *codes = strstr(v, "[asc=");

		r->sh.have_ie = true;
		if (strncmp(v, "OK", 2) == 0 && (v[2] == '\0' || v[2] == ' ')) {
			r->sh.ie_codes = true;
			r->sh.asc = r->sh.ascq = 0;
		} else if (codes && dc_text_scan(codes, "[asc=%x, ascq=%x]", &asc, &ascq) == 2 &&
			   asc < 256 && ascq < 256) {
			r->sh.ie_codes = true;
			r->sh.asc = (uint8_t)asc;
			r->sh.ascq = (uint8_t)ascq;
		} else {
			snprintf(r->sh.ie_text, sizeof(r->sh.ie_text), "%s", v);
			trim(r->sh.ie_text);
		}
	} else if ((v = take(r, line, "Percentage used endurance indicator"))) {
		if (dc_text_scan(v, "%u%%", &h) == 1 && h < 256) {
			r->sh.have_used = true;
			r->sh.percent_used = h;
		}
	} else if (strncmp(line, pot, sizeof(pot) - 1) == 0 &&
		   once(r, "Accumulated power on time", line + sizeof(pot) - 1)) {
		if (dc_text_scan(line + sizeof(pot) - 1, "%u:%u", &h, &m) == 2 && m < 60 &&
		    h < 0xFFFFFFFFu / 60) {
			r->sh.have_power_on = true;
			r->sh.power_on_minutes = h * 60 + m;
		}
	} else if ((v = take(r, line, "Current Drive Temperature"))) {
		r->sh.have_temp = scsi_temp(v, &r->sh.temp_c);
	} else if ((v = take(r, line, "Drive Trip Temperature"))) {
		r->sh.have_trip = scsi_temp(v, &r->sh.trip_c);
	}
}

static void read_report(const char *text, size_t len, struct report *r)
{
	const char *p = text, *end = text + len;
	enum { NONE, ATTRS, HEALTH, DEVSTAT, ERRLOG } section = NONE;
	bool brief = true;

	memset(r, 0, sizeof(*r));
	r->wcache_supported = r->wcache_enabled = DC_TRI_UNKNOWN;
	r->smart_supported = r->smart_enabled = DC_TRI_UNKNOWN;
	r->scsi_wce = DC_TRI_UNKNOWN;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char line[LINE_MAX_LEN];

		snprintf(line, sizeof(line), "%.*s", (int)(n < sizeof(line) - 1 ? n : sizeof(line) - 1), p);
		p += n + (nl ? 1 : 0);
		r->line++;
		if (n && line[strlen(line) - 1] == '\r')
			line[strlen(line) - 1] = '\0';
		if (!r->tool[0] && strncmp(line, "smartctl ", 9) == 0) {
			copy(r->tool, sizeof(r->tool), line);
			continue;
		}
		if (strncmp(line, "ID# ATTRIBUTE_NAME", 18) == 0) {
			section = ATTRS;
			r->have_attr_table = true;
			brief = strstr(line, " FLAGS ") != NULL; /* -x; -a says "FLAG" and TYPE ... */
			continue;
		}
		if (strncmp(line, "SMART/Health Information", 24) == 0) {
			section = HEALTH;
			r->have_health = true;
			continue;
		}
		if (strncmp(line, "Device Statistics (GP Log 0x04)", 31) == 0 ||
		    strncmp(line, "Device Statistics (SMART Log 0x04)", 34) == 0) {
			section = DEVSTAT;
			r->ah.devstat_shown = true;
			continue;
		}
		if (strncmp(line, "Device Statistics page 0x00 is invalid", 38) == 0) {
			r->ah.devstat_shown = r->ah.devstat_broken = true;
			continue;
		}
		if (strncmp(line, "Error counter log:", 18) == 0) {
			section = ERRLOG;
			continue;
		}
		if (section == DEVSTAT) {
			/* smartctl leaves a blank line between some pages: the table ends at its
			 * legend ("|||_ C monitored condition met") or any other line */
			if (strncmp(line, "0x", 2) == 0)
				devstat_line(r, line);
			else if (line[0] && strncmp(line, "Page ", 5) != 0)
				section = NONE;
			continue;
		}
		if (section == ERRLOG) {
			if (line[0] == '\0') {
				section = NONE;
				continue;
			}
			error_counter_row(r, line);
			continue;
		}
		if (section == ATTRS) {
			if (line[0] == '\0' || strchr(line, '|')) {
				section = NONE;
				continue;
			}
			attr_row(r, line, brief);
			continue;
		}
		if (section == HEALTH) {
			if (line[0] == '\0') {
				section = NONE;
				continue;
			}
			health_line(r, line);
			continue;
		}
		info_line(r, line);
		health_status_line(r, line);
		failure_line(r, line);
	}
}

/* ---------------------------------------------------------------- pages */

static const char why_no_vwc[] = "smartctl's report does not print the VWC byte";

static int ata_pages(const struct report *r, struct dc_import_part *p)
{
	struct dc_ata_identity a = {
		.model = r->model, .serial = r->serial, .firmware = r->firmware,
		.capacity_bytes = r->capacity_bytes, .logical_block_bytes = r->logical,
		.physical_block_bytes = r->physical, .rotation = r->rotation,
		.smart_supported = r->smart_supported, .smart_enabled = r->smart_enabled,
		.wcache_supported = r->wcache_supported, .wcache_enabled = r->wcache_enabled,
	};
	uint8_t id[512], data[512], thr[512];
	int rc;

	/* smartctl prints SMART "Enabled" only where it is supported. */
	if (a.smart_enabled != DC_TRI_UNKNOWN && a.smart_supported == DC_TRI_UNKNOWN)
		a.smart_supported = DC_TRI_YES;
	if (r->have_attr_table && a.smart_enabled == DC_TRI_UNKNOWN) {
		a.smart_supported = a.smart_enabled = DC_TRI_YES; /* it read the attributes */
	}
	if (!r->wcache_seen)
		dc_import_lacks(p, DC_PG_ATA_IDENTIFY ".write-cache",
				"smartctl -a does not print it; -x or -g wcache does");
	else if (r->wcache_unavailable)
		dc_import_lacks(p, DC_PG_ATA_IDENTIFY ".write-cache",
				"smartctl says 'Unavailable': no write cache, or IDENTIFY words "
				"82/83 not valid; its text does not tell which");
	dc_build_ata_identify(id, &a);
	rc = dc_raw_add(&p->raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), NULL);
	if (!rc)
		rc = dc_import_ata_health_pages(p, &r->ah, "smartctl's text");
	if (rc)
		return rc;
	if (!r->have_attr_table) {
		dc_import_lacks_page(p, DC_PG_ATA_SMART_DATA);
		return dc_import_lacks_page(p, DC_PG_ATA_SMART_THRESHOLDS);
	}
	if (r->attrs_dropped)
		dc_import_note(p, "%u SMART attribute row(s) not taken%s%s", r->attrs_dropped,
			       r->first_bad_raw[0] ? ", raw value not understood: " : "",
			       r->first_bad_raw);
	dc_build_ata_smart(data, thr, r->attrs, r->nattrs);
	rc = dc_raw_add(&p->raw, DC_PG_ATA_SMART_DATA, data, sizeof(data), NULL);
	return rc ? rc : dc_raw_add(&p->raw, DC_PG_ATA_SMART_THRESHOLDS, thr, sizeof(thr), NULL);
}

static int nvme_pages(const struct report *r, struct dc_import_part *p)
{
	struct nvme_id_ctrl id;
	struct nvme_smart_log s;
	int rc;

	dc_build_nvme_id_ctrl(&id, r->model, r->serial, r->firmware);
	for (unsigned b = 0; b < 8; b++)
		id.tnvmcap[b] = (uint8_t)(r->total_nvm_bytes >> (8 * b));
	dc_import_lacks(p, DC_PG_NVME_ID_CTRL ".vwc", why_no_vwc);
	dc_import_lacks(p, DC_PG_NVME_ID_CTRL ".awupf", "smartctl's report does not print AWUPF");
	rc = dc_raw_add(&p->raw, DC_PG_NVME_ID_CTRL, &id, sizeof(id), NULL);
	if (!rc && r->capacity_bytes && r->logical) {
		struct nvme_id_ns ns;

		dc_build_nvme_id_ns(&ns, r->capacity_bytes / r->logical, r->logical);
		dc_import_lacks(p, DC_PG_NVME_ID_NS ".nawupf", "smartctl's report does not print NAWUPF");
		rc = dc_raw_add(&p->raw, DC_PG_NVME_ID_NS, &ns, sizeof(ns), NULL);
	} else if (!rc) {
		rc = dc_import_lacks_page(p, DC_PG_NVME_ID_NS);
	}
	if (!rc)
		rc = dc_import_lacks_page(p, DC_PG_NVME_FEAT_VWC);
	if (rc)
		return rc;
	if (!r->have_health || r->health_fields < 5)
		return dc_import_lacks_page(p, DC_PG_NVME_LOG_SMART);
	dc_build_nvme_smart_log(&s, &r->h);
	return dc_raw_add(&p->raw, DC_PG_NVME_LOG_SMART, &s, sizeof(s), NULL);
}

static int scsi_pages(const struct report *r, struct dc_import_part *p)
{
	uint8_t inq[96], vpd80[68], mode[32];
	size_t n;
	int rc;

	dc_build_scsi_inquiry(inq, r->vendor, r->model, r->firmware);
	rc = dc_raw_add(&p->raw, DC_PG_SCSI_INQUIRY, inq, sizeof(inq), NULL);
	n = dc_build_scsi_vpd80(vpd80, r->serial);
	if (!rc)
		rc = dc_raw_add(&p->raw, DC_PG_SCSI_VPD_80, vpd80, n, NULL);
	if (!rc)
		rc = dc_import_lacks_page(p, DC_PG_SCSI_VPD_86);
	n = dc_build_scsi_mode08(mode, r->scsi_wce);
	if (!rc)
		rc = n ? dc_raw_add(&p->raw, DC_PG_SCSI_MODE_08, mode, n, NULL)
		       : dc_import_lacks_page(p, DC_PG_SCSI_MODE_08);
	if (!rc && r->rotation) {
		uint8_t b1[64] = { 0, 0xB1, 0, 0x3C };

		b1[4] = (uint8_t)(r->rotation >> 8);
		b1[5] = (uint8_t)(r->rotation & 0xFF);
		rc = dc_raw_add(&p->raw, DC_PG_SCSI_VPD_B1, b1, sizeof(b1), NULL);
	}
	if (!rc)
		rc = dc_import_scsi_health_pages(p, &r->sh, "smartctl's text");
	return rc;
}

int dc_import_smartctl_text(const char *text, size_t len, struct dc_import_parts *out,
			    char *err, size_t errlen)
{
	struct report *r = calloc(1, sizeof(*r));
	struct dc_import_part *p;
	int rc;

	if (!r) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	read_report(text, len, r);
	if (!r->model[0]) {
		snprintf(err, errlen, "smartctl report without a drive identity%s%s",
			 r->failure[0] ? ": " : " (no Device Model, Model Number or Product line)",
			 r->failure);
		free(r);
		return -EINVAL;
	}
	if (r->bad_capacity[0]) {
		snprintf(err, errlen, "%s", r->bad_capacity);
		free(r);
		return -EINVAL;
	}
	p = dc_import_part_add(out, DC_IMPORT_SMARTCTL_TEXT);
	if (!p) {
		free(r);
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	for (unsigned i = 0; i < r->nconflicts && i < sizeof(r->conflicts) / sizeof(r->conflicts[0]); i++)
		dc_import_note(p, "%s", r->conflicts[i]);
	if (r->nconflicts > sizeof(r->conflicts) / sizeof(r->conflicts[0]))
		dc_import_note(p, "%u more labels given twice with two values in this report",
			       r->nconflicts - (unsigned)(sizeof(r->conflicts) / sizeof(r->conflicts[0])));
	copy(p->dev.model, sizeof(p->dev.model), r->model);
	copy(p->dev.vendor, sizeof(p->dev.vendor), r->vendor);
	copy(p->dev.serial, sizeof(p->dev.serial), r->serial);
	copy(p->dev.firmware, sizeof(p->dev.firmware), r->firmware);
	p->dev.capacity_bytes = r->capacity_bytes;
	p->dev.logical_block_bytes = r->logical;
	p->dev.physical_block_bytes = r->physical ? r->physical : r->logical;
	p->dev.rotational = r->rotation == 1 ? DC_TRI_NO : r->rotation ? DC_TRI_YES : DC_TRI_UNKNOWN;
	switch (r->protocol_hint) {
	case 'N':
		p->dev.protocol = DC_PROTO_NVME;
		p->dev.transport = DC_TRAN_NVME;
		rc = nvme_pages(r, p);
		break;
	case 'S':
		p->dev.protocol = DC_PROTO_SCSI;
		p->dev.transport = strncmp(r->transport, "SAS", 3) == 0 ? DC_TRAN_SAS : DC_TRAN_SCSI;
		rc = scsi_pages(r, p);
		break;
	default:
		p->dev.protocol = DC_PROTO_ATA;
		p->dev.transport = DC_TRAN_SATA; /* ATA through libata: how drivecheck sees it */
		rc = ata_pages(r, p);
		break;
	}
	free(r);
	if (rc) {
		snprintf(err, errlen, "cannot keep its pages: %s", strerror(-rc));
		return rc;
	}
	return 1;
}
