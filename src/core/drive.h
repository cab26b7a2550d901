/* SPDX-License-Identifier: GPL-2.0-or-later */
/* drive.h - the facts parse decodes from a drive's pages (struct dc_drive: identity, cache,
 * evidence, wear, SMART) and the helpers the parsers share to fill it. Pure: no I/O. */
#ifndef DC_DRIVE_H
#define DC_DRIVE_H

#include "dc_types.h"
#include "core/raw.h"

struct dc_evidence {
	enum dc_ev_kind kind;
	char source[48];     /* where it came from: "nvme identify-ctrl", "database", "probe" */
	char what[96];       /* what it is: "VWC bit 0", "OCP log 0xC0 PLP start count" */
	char value[128];     /* what it said, in words and numbers */
};

#define DC_MAX_EVIDENCE 24
#define DC_MAX_ERRORS   16

/*
 * Wear and writes over time: several readings of one drive (Ceph's stored samples, oldest
 * to newest), their first and newest figures as rates. The wear rate is a bound drawn from
 * whole percentages (the first may be p - 1 at most lower, the newest p + 1 higher), so it
 * is given only where the readings span DC_HISTORY_MIN_DAYS and DC_HISTORY_MIN_POINTS of
 * wear (include/thresholds.h): under that, one point of rounding is most of the rate.
 */
struct dc_wear_history {
	unsigned readings;            /* readings of the drive (0: no history) */
	double span_days;             /* from the first reading to the newest */
	bool have_write_rate;         /* two readings with bytes written, a day apart or more */
	double written_bytes_per_day;
	bool have_wear;               /* two readings with a percentage used */
	unsigned wear_first, wear_last; /* percent used, the first and newest reading */
	double wear_span_days;        /* between those two */
	bool have_wear_rate;          /* ... far enough apart, and enough wear between */
	double wear_percent_per_year; /* ((last + 1) - (first - 1)) / years: an upper bound */
};

/* The wear figures, in the order of struct dc_wear (the index of its sources). */
enum dc_wear_figure {
	DC_WEAR_PERCENT_USED = 0,
	DC_WEAR_WRITTEN,
	DC_WEAR_POWER_ON,
	DC_WEAR_UNSAFE_SHUTDOWNS,
	DC_WEAR_MEDIA_ERRORS,
	DC_WEAR_NFIGURES
};

/* The counter a wear figure was read from (its name: render/words_wear.c). */
enum dc_wear_from {
	DC_WEAR_FROM_NONE = 0,          /* no figure */
	DC_WEAR_FROM_ATA_DEVSTAT,       /* the ATA Device Statistics log (log 04h) */
	DC_WEAR_FROM_ATA_ATTR,          /* an ATA SMART attribute: num is its ID */
	DC_WEAR_FROM_NVME_SMART,        /* the NVMe SMART / Health Information log */
	DC_WEAR_FROM_SCSI_LOG,          /* a SCSI log page: num is its page code */
	DC_WEAR_FROM_SCSI_ERROR_LOGS,   /* the SCSI write and read error counter pages 02h, 03h */
};

struct dc_wear_source {
	uint8_t from;                 /* enum dc_wear_from */
	uint8_t num;                  /* the attribute ID or log page, where from names one */
};

/* How two counters of one figure compare (ata_wear.c holds the rule). */
enum dc_counters_check {
	DC_COUNTERS_WRAPPED = 1,      /* they differ by whole wraps of 2^32 of the smaller's
					 units: the one that did not wrap is the figure */
	DC_COUNTERS_DISAGREE,         /* by anything else: the standard counter is the figure */
};

/* Two counters of one figure that do not agree, both kept: [0] the standard place (the
 * Device Statistics log), [1] the other (an attribute). */
struct dc_wear_counters {
	uint8_t figure;               /* enum dc_wear_figure */
	uint8_t check;                /* enum dc_counters_check */
	uint8_t used;                 /* 0 or 1: the one the figure is */
	uint32_t wraps;               /* DC_COUNTERS_WRAPPED: times the other went round 2^32 */
	struct dc_wear_source src[2];
	uint64_t value[2];            /* in the figure's unit: bytes, hours */
};

#define DC_MAX_WEAR_COUNTERS 2

/* Wear and endurance, from SMART. Fields that the drive did not give are flagged. */
struct dc_wear {
	bool have_percent_used;
	unsigned percent_used;        /* % of rated endurance used (NVMe "percentage used") */
	bool have_written;
	uint64_t host_written_bytes;  /* total host writes */
	bool have_power_on;
	uint64_t power_on_hours;
	bool have_unsafe_shutdowns;
	uint64_t unsafe_shutdowns;
	bool have_media_errors;
	uint64_t media_errors;
	/* where each figure was read, by enum dc_wear_figure (DC_WEAR_FROM_NONE where none) */
	struct dc_wear_source from[DC_WEAR_NFIGURES];
	/* figures whose two counters disagree or one wrapped: both, and which is used */
	unsigned ncounters;
	struct dc_wear_counters counters[DC_MAX_WEAR_COUNTERS];
	struct dc_wear_history history; /* several readings over time (an import of Ceph's
					   store), else readings 0 */
};

/* One ATA SMART attribute, as the drive gives it (smartctl -A shows the same columns). */
struct dc_ata_attr {
	uint8_t id;
	uint16_t flags;
	uint8_t value, worst;         /* normalised: 1-253 valid, 0/254/255 not */
	uint8_t threshold;
	bool threshold_known;         /* a thresholds page held this attribute */
	uint64_t raw;                 /* the 48-bit raw value */
	char name[32];                /* its name (src/device/ata/ata_attrs.c; "attribute-N" if none) */
};

/* The NVMe SMART / Health Information log (0x02), field by field. */
struct dc_nvme_health {
	uint8_t critical_warning;
	unsigned temperature_k;       /* composite temperature, kelvin */
	unsigned available_spare, spare_threshold, percent_used; /* percent */
	uint64_t data_units_read, data_units_written; /* thousands of 512-byte units */
	uint64_t host_reads, host_writes; /* commands */
	uint64_t controller_busy_minutes, power_cycles, power_on_hours;
	uint64_t unsafe_shutdowns, media_errors, error_log_entries; /* UINT64_MAX: > 64 bits */
	uint32_t warning_temp_minutes, critical_temp_minutes;
};

#define DC_MAX_ATA_ATTRS 30

/* A drive's overall verdict on itself; zero, the value of a cleared struct, is "not given". */
enum dc_self_assessment {
	DC_SELF_NOT_GIVEN = 0,
	DC_SELF_PASSED,
	DC_SELF_FAILED,
};

/* What SMART says, undecided: every attribute, and the NVMe health log. */
struct dc_smart {
	unsigned nattrs;
	struct dc_ata_attr attrs[DC_MAX_ATA_ATTRS];
	bool have_nvme_health;
	struct dc_nvme_health nvme;
	bool have_temperature;
	int temperature_c;            /* now, degrees Celsius */
	/* The drive's own overall verdict (docs/health.md): ATA SMART RETURN STATUS, or a
	 * SCSI informational exception. */
	enum dc_self_assessment self_assessment;
	char self_source[48];         /* "ata smart return status", "scsi log page 0x2f" */
	bool have_scsi_exception;     /* SCSI: log page 0x2F was read */
	uint8_t scsi_asc, scsi_ascq;  /* ... the latest informational exception (0/0: none) */
};

/* The facts decoded from the raw pages. */
struct dc_drive {
	char vendor[DC_TEXT_LEN];
	char model[DC_TEXT_LEN];      /* as the drive reports it (printable ASCII, trimmed) */
	char serial[DC_TEXT_LEN];
	char firmware[DC_NAME_LEN];
	char identity_source[48];     /* "nvme identify-ctrl", "ata identify", "scsi inquiry", "sysfs" */

	enum dc_tri rotational;       /* spinning media: the device's own answer (ATA word 217,
					 SCSI VPD 0xB1), else the kernel's flag */

	enum dc_tri cache_present;    /* a volatile write cache exists */
	enum dc_tri cache_enabled;    /* ... and is enabled now */
	char cache_source[64];

	unsigned nevidence, evidence_dropped; /* past DC_MAX_EVIDENCE: counted, and said */
	struct dc_evidence evidence[DC_MAX_EVIDENCE];

	struct dc_wear wear;
	struct dc_smart smart;

	unsigned nerrors, errors_dropped;      /* past DC_MAX_ERRORS: counted, and said */
	char errors[DC_MAX_ERRORS][DC_TEXT_LEN]; /* what could not be read, and why */
};

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
