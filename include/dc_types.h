/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dc_types.h - the plain data types that flow through drivecheck, stage to stage. */
#ifndef DC_TYPES_H
#define DC_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "findings.h"

/*
 * The pipeline:  enumerate -> acquire -> parse -> look up -> probe -> decide -> render
 *   struct dc_dev    what sysfs says of a block device (enumerate)
 *   struct dc_raw    the raw pages read from it (acquire, or replay from a dump)
 *   struct dc_drive  the facts decoded from those pages (parse)
 *   struct dc_db_row what the drive database says (look up)
 *   struct dc_probe  what the sync-write probe measured (probe)
 *   struct dc_result the PLP conclusion and per-role verdicts (decide)
 */

/* A yes/no answer that may also be "could not tell". */
enum dc_tri {
	DC_TRI_UNKNOWN = -1,
	DC_TRI_NO = 0,
	DC_TRI_YES = 1,
};

/* How the device is attached, as lsblk decides it. Set once, at enumeration. */
enum dc_transport {
	DC_TRAN_UNKNOWN = 0, /* "-": the device could not be found */
	DC_TRAN_NVME,        /* NVMe over PCIe */
	DC_TRAN_NVME_TCP,    /* NVMe over fabrics: "tcp", "rdma", "nvme-loop" */
	DC_TRAN_NVME_RDMA,
	DC_TRAN_NVME_LOOP,
	DC_TRAN_FC,          /* NVMe/FC or SCSI over Fibre Channel */
	DC_TRAN_SATA,
	DC_TRAN_SAS,
	DC_TRAN_SCSI,        /* parallel SCSI or an HBA that does not say */
	DC_TRAN_ISCSI,
	DC_TRAN_USB,
	DC_TRAN_VIRTIO,
	DC_TRAN_VIRTIO_SCSI,
	DC_TRAN_XEN,
	DC_TRAN_LOOP,
	DC_TRAN_NBD,
	DC_TRAN_MMC,
	DC_TRAN_OTHER,
	DC_TRAN_MEMORY,      /* zram, brd (ram*): memory, not a drive */
	DC_TRAN_MD,          /* an md RAID volume, built of members */
	DC_TRAN_DM,          /* a device-mapper volume (LVM, crypt, multipath), likewise */
	DC_TRAN_COUNT,
};

/* The kernel's own write-cache mode, queue/write_cache. Set once, at enumeration. */
enum dc_kernel_cache {
	DC_KCACHE_UNKNOWN = 0,
	DC_KCACHE_WRITE_BACK,     /* "write back": the kernel sends flushes and FUA */
	DC_KCACHE_WRITE_THROUGH,  /* "write through": the kernel drops them */
};

/* Which command set the tool speaks to a device. */
enum dc_protocol {
	DC_PROTO_NONE = 0, /* nothing to ask: loop, virtio, ram, ... */
	DC_PROTO_NVME,
	DC_PROTO_ATA,      /* ATA behind libata's SCSI translation (sd*) */
	DC_PROTO_SCSI,
};

#define DC_NAME_LEN   32
#define DC_PATH_LEN   128
#define DC_TEXT_LEN   128
#define DC_MAX_MOUNTS 16
#define DC_MAX_PARTS  64
#define DC_MAX_MEMBERS 16

struct dc_mount {
	char source[DC_PATH_LEN];  /* the block device, e.g. /dev/sda1 */
	char target[DC_PATH_LEN];  /* where it is mounted */
	char fstype[DC_NAME_LEN];
	bool readonly;
};

/* What sysfs (and /proc/self/mountinfo) says about one whole block device. */
struct dc_dev {
	char name[DC_NAME_LEN];        /* kernel name: "nvme0n1", "sda", "loop3" */
	char path[DC_PATH_LEN];        /* device node: "/dev/nvme0n1" */
	char by_id[DC_PATH_LEN];       /* its most stable /dev/disk/by-id link (by_id.c), or "" */
	enum dc_transport transport;   /* as lsblk decides it: nvme, sata, sas, usb, virtio, loop, ... */
	enum dc_protocol protocol;
	char vendor[DC_TEXT_LEN];      /* sysfs device/vendor (SCSI INQUIRY vendor), may be empty */
	char model[DC_TEXT_LEN];       /* sysfs device/model */
	char serial[DC_TEXT_LEN];
	char firmware[DC_NAME_LEN];
	uint64_t capacity_bytes;
	uint32_t logical_block_bytes;
	uint32_t physical_block_bytes;
	enum dc_tri rotational;
	bool readonly;
	bool removable;
	enum dc_kernel_cache kernel_cache;    /* queue/write_cache */
	enum dc_tri kernel_fua;               /* queue/fua */
	char backing_file[DC_PATH_LEN];       /* loop devices: loop/backing_file */
	char backing_fstype[DC_NAME_LEN];     /* ... the filesystem it lives on, "" unknown */
	char backing_source[DC_PATH_LEN];     /* ... that filesystem's device ("/dev/sda2") */
	char backing_mount[DC_PATH_LEN];      /* ... and where it is mounted */
	unsigned nmembers;                    /* md and dm volumes: their members (slaves/) */
	char members[DC_MAX_MEMBERS][DC_NAME_LEN]; /* the first DC_MAX_MEMBERS of nmembers */
	char phys_key[DC_PATH_LEN];           /* the same for two block devices of one physical
						 device (namespaces of one controller, paths to
						 one LUN, loops over one file): never probed at
						 once */
	unsigned nparts;
	char parts[DC_MAX_PARTS][DC_NAME_LEN]; /* partition names, e.g. "sda1" */
	unsigned nholders;                      /* holders of the disk or of any partition */
	unsigned nmounts;
	struct dc_mount mounts[DC_MAX_MOUNTS];  /* mounts of the disk and its partitions */
};

/*
 * Raw pages, exactly as the device returned them. Acquire fills them, a dump writes
 * them to files of the same name, replay reads them back. Nothing here is decoded.
 */
#define DC_PAGE_NAME_LEN 32
#define DC_MAX_PAGES     24

/*
 * Sense data (SPC-4 4.5), decoded from either format: fixed (response code 70h current,
 * 71h deferred) or descriptor (72h, 73h). The device's own codes, kept as it gave them.
 */
struct dc_sense {
	bool valid;                  /* a known format, long enough to hold the sense key */
	bool asc_valid;              /* ... and the additional sense code and qualifier */
	bool descriptor;             /* 72h/73h */
	bool deferred;               /* 71h/73h: about an earlier command */
	uint8_t key;                 /* 0..15: 5 ILLEGAL REQUEST, 2 NOT READY, ... */
	uint8_t asc, ascq;           /* 24h/00h invalid field in CDB, ... */
};

/* How a page's read ended: one type for every back-end (and for imports). */
enum dc_io_kind {
	DC_IO_OK = 0,                /* read: the page holds the reply (which may be short) */
	DC_IO_ERRNO,                 /* a system call or library failed: errnum */
	DC_IO_NVME,                  /* the NVMe controller answered a status: nvme_status */
	DC_IO_SCSI,                  /* SG_IO: the device, the HBA or the SCSI layer refused
					the command: the fields below */
	DC_IO_NOT_IN_INPUT,          /* import: the format does not carry the page at all */
};

struct dc_io_status {
	enum dc_io_kind kind;
	int errnum;                  /* DC_IO_ERRNO: the errno, positive */
	unsigned nvme_status;        /* DC_IO_NVME: the Status Field as libnvme returns it */
	/* DC_IO_SCSI: what the sg_io_hdr said */
	uint8_t scsi_status;         /* SAM status, reserved bits masked: 02h CHECK CONDITION */
	uint16_t host_status;        /* the HBA driver's DID_* code (0: DID_OK) */
	uint16_t driver_status;      /* the SCSI layer's DRIVER_* code, 08h DRIVER_SENSE */
	struct dc_sense sense;
};

struct dc_page {
	char name[DC_PAGE_NAME_LEN]; /* see the DC_PG_* names in raw.h */
	uint8_t *data;               /* owned by the dc_raw; NULL unless st.kind is DC_IO_OK */
	size_t len;                  /* bytes */
	struct dc_io_status st;      /* how the read ended */
};

struct dc_raw {
	unsigned npages;
	struct dc_page pages[DC_MAX_PAGES];
};

/*
 * One piece of evidence about power-loss protection or the write cache, found in
 * the drive's own answers (parse), in the database (look up) or in the probe.
 */
enum dc_ev_kind {
	DC_EV_INFO = 0,       /* context only: proves nothing either way */
	DC_EV_PLP,            /* evidence of PLP itself (OCP log, NV_SUP, capacitor health) */
	DC_EV_PLP_FAILED,     /* the drive says its backup power has failed */
	DC_EV_PLP_DEGRADED,   /* ... is wearing out, or its health cannot be judged */
	DC_EV_NO_VWC,         /* the drive says it has no volatile write cache */
	DC_EV_HINT,           /* points towards PLP but does not prove it (AWUPF, speed) */
	DC_EV_AGAINST,        /* points away from PLP (slow flushes, database "none") */
};

struct dc_evidence {
	enum dc_ev_kind kind;
	char source[48];     /* where it came from: "nvme identify-ctrl", "database", "probe" */
	char what[96];       /* what it is: "VWC bit 0", "OCP log 0xC0 PLP start count" */
	char value[128];     /* what it said, in words and numbers */
};

#define DC_MAX_EVIDENCE 24
#define DC_MAX_ERRORS   16

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
	char source[80];              /* "nvme smart log", "ata smart attr 177", ... */
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

/*
 * The drive's health, as decide judges it from the facts above (src/decide/health.c,
 * docs/health.md): what the drive itself says is wrong, each problem typed.
 */
enum dc_health_status {
	DC_HEALTH_UNKNOWN = 0,        /* the drive gave no verdict (no SMART, not read) */
	DC_HEALTH_OK,
	DC_HEALTH_WARNING,
	DC_HEALTH_FAILING,            /* the drive says it is failing: every role fails */
};

enum dc_health_kind {
	DC_HP_SELF_ASSESSMENT = 0,    /* the overall self-assessment failed */
	DC_HP_ATTRIBUTE,              /* an ATA attribute at or below its threshold */
	DC_HP_NVME_WARNING,           /* an NVMe critical warning bit */
	DC_HP_ENDURANCE_EXCEEDED,     /* NVMe percentage used over 100 */
	DC_HP_SCSI_EXCEPTION,         /* a SCSI informational exception */
};

struct dc_health_problem {
	enum dc_health_kind kind;
	bool failing;                 /* else a warning */
	/* DC_HP_ATTRIBUTE */
	uint8_t id, value, worst, threshold;
	bool prefail;                 /* flag bit 0: a pre-failure attribute */
	bool now;                     /* at or below the threshold now; else in the past */
	char name[32];
	/* DC_HP_NVME_WARNING: the bit (0-7); DC_HP_ENDURANCE_EXCEEDED: percent used */
	unsigned bit, percent_used;
	/* DC_HP_SCSI_EXCEPTION, DC_HP_SELF_ASSESSMENT of a SCSI drive */
	uint8_t asc, ascq;
};

#define DC_MAX_HEALTH_PROBLEMS 16

struct dc_health {
	enum dc_health_status status;
	enum dc_self_assessment self_assessment; /* NVMe: the critical warning byte */
	char source[48];              /* where the self-assessment came from */
	unsigned nproblems;           /* problems[] holds the first DC_MAX_HEALTH_PROBLEMS */
	unsigned ntotal;              /* ... of this many (the failing ones come first) */
	struct dc_health_problem problems[DC_MAX_HEALTH_PROBLEMS];
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

/*
 * Power-loss protection, as a class (docs/design.md). "At least data at rest" is what a list
 * such as OpenZFS's proves: flushed data survives, and nothing is said of data in flight.
 */
enum dc_plp_class {
	DC_PLP_UNKNOWN = 0,
	DC_PLP_NONE,
	DC_PLP_DATA_AT_REST,          /* data on NAND survives; the volatile cache does not */
	DC_PLP_AT_LEAST_DATA_AT_REST, /* flushed data survives; in-flight data: not said */
	DC_PLP_FULL,                  /* the volatile cache is protected too */
};

/* The kind of a source, weakest first (docs/design.md, "What each kind of source may
 * prove"). */
enum dc_source_kind {
	DC_SRC_NONE = 0,
	DC_SRC_COMMUNITY,     /* a forum answer, a README: corroboration only */
	DC_SRC_DISTRIBUTOR,   /* a shop's spec table: corroboration only */
	DC_SRC_COMPILATION,   /* a maintained list by storage people (OpenZFS, Vitastor) */
	DC_SRC_REVIEW,        /* an independent review or teardown */
	DC_SRC_DEVICE,        /* what drives say of themselves: real listings, or this drive */
	DC_SRC_VENDOR,        /* datasheet, product brief, manual, OEM documentation */
	DC_SRC_MEASURED,      /* drivecheck's own probe (F only) */
};

/* What one source says of a family. */
enum dc_claim {
	DC_CLAIM_IDENTITY = 0,          /* part numbers, the family: no PLP statement */
	DC_CLAIM_ENDURANCE,             /* DWPD, TBW or warranty only */
	DC_CLAIM_CLIENT_LINE,           /* places the family in the vendor's client line: no PLP
					   statement, one ground of an inferred "none" */
	DC_CLAIM_NOT_LISTED,            /* a list of drives with PLP, read whole, that does not
					   name the family: another ground of an inferred "none" */
	DC_CLAIM_NONE,                  /* says the drive has no power-loss protection */
	DC_CLAIM_INFERRED_NONE,         /* a client feature list that names no PLP */
	DC_CLAIM_DATA_AT_REST,
	DC_CLAIM_AT_LEAST_DATA_AT_REST,
	DC_CLAIM_FULL,
};

struct dc_db_source {
	enum dc_source_kind kind;
	enum dc_claim claim;
	bool backs_class;               /* supports the class the row states */
	char title[200];
	char url[320];
	char revision[64];              /* the document's revision or date, "" when none */
	char where[200];                /* where in it the fact stands, "" when not given */
};

#define DC_MAX_SOURCES 10

/* ---- firmware advisories (issue 22): known firmware defects, db/advisories/NAME.txt ---- */

/* What a firmware defect does, worst first. */
enum dc_adv_effect {
	DC_ADV_DATA_LOSS = 0,   /* user data is lost or corrupted */
	DC_ADV_DRIVE_LOSS,      /* the drive bricks: it and its data are gone */
	DC_ADV_HANG,            /* the drive stops answering (until a power cycle) */
	DC_ADV_PERFORMANCE,     /* it slows down */
	DC_ADV_OTHER,
};

/* What one source of an advisory is (db/README.md, "Firmware advisories"). */
enum dc_adv_claim {
	DC_ADV_CLAIM_IDENTITY = 0,      /* what the part numbers are: says nothing of the defect */
	DC_ADV_CLAIM_REPORT,            /* reports of the failure, naming no vendor bulletin */
	DC_ADV_CLAIM_CITES_BULLETIN,    /* relays the vendor's bulletin, naming it */
	DC_ADV_CLAIM_BULLETIN,          /* the vendor's own bulletin, notice or release note */
};

/* How an advisory meets one drive. */
enum dc_adv_match {
	DC_ADV_NO_MATCH = 0,            /* another model, another capacity, or firmware not affected */
	DC_ADV_AFFECTED,                /* model, capacity and firmware all match */
	DC_ADV_FIRMWARE_UNKNOWN,        /* model and capacity match; no firmware was given */
	DC_ADV_NOT_AFFECTED,            /* model matches; the firmware is the fix, or not listed */
};

struct dc_adv_source {
	enum dc_source_kind kind;
	enum dc_adv_claim claim;
	bool backs;                     /* may back the advisory under the rules of evidence */
	char title[200];
	char url[320];
	char revision[64];
	char where[128];
};

#define DC_ADV_MAX_PATTERNS 32
#define DC_MAX_ADVISORIES 8     /* per drive: more than any model has */
#define DC_ADV_MAX_CAPACITIES 8

/* One advisory, and how it meets the drive asked about (dc_db_advisories). */
struct dc_advisory {
	char id[48];                    /* "HPE-A00092491" */
	char vendor[64];
	char title[DC_TEXT_LEN];
	char bulletin[256];             /* the vendor's document the advisory rests on */
	char interface[16];             /* "sas", "sata", "nvme", "" when it spans several */
	enum dc_adv_effect effect;
	char effect_note[512];          /* what happens, in our words */
	long long hours;                /* power-on hours of the failure point; 0: not a counter */
	char hours_note[256];           /* e.g. "idle hours; Intel: read power-on hours" */
	char fixed[64];                 /* the firmware that fixes it, as the source names it; "" */
	unsigned nmodels, naffected, nnot_affected, ncapacities;
	char models[DC_ADV_MAX_PATTERNS][DC_NAME_LEN];       /* globs on the normalised model */
	char affected[DC_ADV_MAX_PATTERNS][DC_NAME_LEN];     /* globs on the normalised firmware */
	char not_affected[DC_ADV_MAX_PATTERNS][DC_NAME_LEN]; /* the fix and later releases */
	double capacities_gb[DC_ADV_MAX_CAPACITIES];         /* none: every capacity */
	/* The drive asked about (unset in a listing): */
	enum dc_adv_match match;        /* DC_ADV_AFFECTED or DC_ADV_FIRMWARE_UNKNOWN */
	bool hours_left_known;          /* a counter defect and the power-on hours given */
	long long hours_left;           /* hours - power-on hours: negative once past */
	unsigned nsources;              /* sources[] keeps the first DC_MAX_SOURCES, backing first */
	struct dc_adv_source sources[DC_MAX_SOURCES];
};

/*
 * An advisory that hits one drive, as the check keeps it (the whole advisory is the
 * database's): what decide, the renderers and the fleet need.
 */
struct dc_advisory_hit {
	char id[48];
	char title[DC_TEXT_LEN];
	enum dc_adv_effect effect;
	long long hours;                /* power-on hours of the failure point; 0: not a counter */
	bool hours_left_known;
	long long hours_left;           /* negative once past the failure point */
	char fixed[64];                 /* "" when no fix is named */
	char bulletin[256];
	enum dc_source_kind source_kind; /* the strongest backing source */
	char source_title[200];
	char source_url[320];
};

#define DC_MAX_ADVISORY_HITS 4

/* ---- end of firmware advisories ---- */

/* What the drive database says of one model string. */
struct dc_db_row {
	bool matched;
	char pattern[DC_TEXT_LEN];      /* the pattern that matched */
	char vendor[64];
	char family[DC_TEXT_LEN];
	char interface[16];
	char form_factor[16];
	char drive_class[16];           /* "datacenter", "client" */
	enum dc_plp_class plp;
	char plp_note[DC_TEXT_LEN * 2];
	double dwpd;                    /* 0 when unknown */
	double tbw_tb;                  /* for this capacity; 0 when unknown */
	double warranty_years;          /* 0 when unknown */
	bool plp_inferred;              /* "none" inferred for a client family (db/README.md):
					   no source claims PLP, no list of protected drives names it */
	char dispute[256];              /* why the row stands though a source disagrees, or "" */
	unsigned nsources;              /* how many the row cites (sources[] holds the first
					   DC_MAX_SOURCES, strongest backing source first) */
	struct dc_db_source sources[DC_MAX_SOURCES];
	int best_source;                /* index of the strongest source backing the class, or -1 */
};

/* An hour per write: no drive's answer. A reader (dump, fio import) refuses a latency past
 * it rather than decide on it. */
#define DC_LATENCY_MAX_US 3.6e9

/* Latency summary of one phase of the probe. All times in microseconds. */
struct dc_latency {
	unsigned count;
	double mean_us, stdev_us;
	double p50_us, p90_us, p99_us, p999_us, max_us, min_us;
	double iops;
};

enum dc_probe_mode {
	DC_PROBE_NOT_RUN = 0,
	DC_PROBE_FILE,       /* an O_TMPFILE on a filesystem of the drive */
	DC_PROBE_RAW,        /* an unused whole device, rewritten with its own bytes */
};

struct dc_probe {
	enum dc_probe_mode mode;
	char where[DC_PATH_LEN];      /* the directory or device written to */
	char skipped[256];            /* why it did not run; empty when it ran */
	char warning[256];            /* it ran, but something happened meanwhile that the
					 user should know (another process opened the disk) */
	double duration_s;
	bool stable;                  /* stopped because the estimate settled */
	struct dc_latency sync;       /* pwritev2(RWF_DSYNC): FUA where queue/fua = 1 */
	struct dc_latency flush;      /* a write, then fdatasync: the flush (count 0 in old dumps) */
	struct dc_latency nosync;     /* O_DIRECT writes, no flush */
	double flush_cost_us;         /* sync.p50 - nosync.p50 */
	double start_s;               /* when it began, seconds after the scan's first probe */
};

/*
 * The opt-in cache experiment (--try-cache-off): the drive's volatile write cache
 * turned off, the probe run again, the setting it found put back. Cache off is the
 * safe direction, so a run killed in between leaves the drive safe, and a record
 * (cache_state.c) lets the next run say so.
 */
enum dc_trial_state {
	DC_TRIAL_NOT_ASKED = 0,   /* --try-cache-off not given */
	DC_TRIAL_SKIPPED,         /* asked, not tried: why says why; nothing was changed */
	DC_TRIAL_DONE,            /* cache off, probed, cache on again */
	DC_TRIAL_FAILED,          /* went wrong part way: why says what, restored in what state */
};

struct dc_cache_trial {
	enum dc_trial_state state;
	char why[256];
	enum dc_tri off_honoured;     /* the drive said its cache was off after the command */
	enum dc_tri restored;         /* the drive said its cache was on again afterwards */
	struct dc_probe probe;        /* the probe with the cache off */
};

/* A cache an earlier run turned off and did not turn back on: its record was found. */
struct dc_cache_left {
	bool found;
	char since[32];               /* when it was turned off, UTC, ISO 8601 */
	long pid;                     /* the run that did it */
	bool running;                 /* ... is still going: the cache is off on purpose now */
	char record[DC_PATH_LEN];     /* the record's file */
};

/*
 * An outcome, in the one order the exit code and every "worst first" list share (status.h):
 * the greater is the worse. A drive that could not be checked ranks above a warning and
 * below a known failure: both stop a `&&` chain, and the failure says more.
 */
enum dc_status {
	DC_PASS = 0,
	DC_WARN,
	DC_NOT_CHECKED,
	DC_FAIL,
};

enum dc_role {
	DC_ROLE_CEPH_OSD = 0,
	DC_ROLE_CEPH_DB,
	DC_ROLE_DRBD,
	DC_ROLE_ZFS_SLOG,
	DC_ROLE_ETCD,
	DC_ROLE_COUNT,
};

/* One reason of a verdict: a finding, and the status it weighs (the verdict is the worst). */
struct dc_reason {
	enum dc_status weighs;
	struct dc_finding f;
};

/* Bounds that hold by construction (verdict.c adds at most one reason of each kind, and
 * one per advisory hit); a verdict counts any it could not keep, and says so. */
#define DC_MAX_REASONS (DC_MAX_ADVISORY_HITS + 16)
#define DC_MAX_ADVICE  (DC_MAX_ADVISORY_HITS + 8)
#define DC_MAX_FINDINGS 12

/* What a verdict could not weigh because it was never measured or read (docs/design.md:
 * nothing unmeasured passes). */
enum dc_unmeasured {
	DC_UNMEASURED_FLUSH = 1u << 0,  /* F: no durable write was timed */
	DC_UNMEASURED_HEALTH = 1u << 1, /* a drive with a health verdict gave none here */
};
#define DC_UNMEASURED_KINDS 2

struct dc_verdict {
	enum dc_status status;
	/* the status what was measured and read gives on its own (an unmeasured reason left
	   out): a WARN whose measured_status is PASS warns only for what is missing */
	enum dc_status measured_status;
	unsigned unmeasured;          /* enum dc_unmeasured bits */
	unsigned nreasons;
	unsigned reasons_dropped;     /* past DC_MAX_REASONS: none today, said if ever */
	struct dc_reason reasons[DC_MAX_REASONS];
};

/* Where a property's answer comes from (rendered as its "source"). */
enum dc_prop_from {
	DC_FROM_NOTHING = 0,
	DC_FROM_PROBE,
	DC_FROM_DATABASE,             /* the row, with the kind of its strongest source */
	DC_FROM_DEVICE,               /* the drive's evidence basis.ref: its source and what */
	DC_FROM_DEVICE_SOURCE,        /* the drive's evidence basis.ref: its source alone */
};

/*
 * One of the three questions every verdict answers (docs/design.md):
 *   S  flushed data survives a power cut
 *   U  completed but unflushed writes survive too
 *   F  a durable write is fast (the probe, on this drive, now)
 */
struct dc_property {
	enum dc_tri value;            /* yes / no / unknown (F: yes fast, no slow) */
	enum dc_source_kind kind;     /* the strongest kind of source behind the answer */
	enum dc_prop_from from;       /* where it came from */
	struct dc_finding basis;      /* why */
};

/* How sure the PLP class is. */
enum dc_confidence {
	DC_CONF_LOW = 0,
	DC_CONF_MEDIUM,
	DC_CONF_HIGH,
};

enum dc_flush_speed {
	DC_FLUSH_NOT_MEASURED = 0,    /* no probe, or a probe that timed no flush */
	DC_FLUSH_FAST,
	DC_FLUSH_MIDDLING,
	DC_FLUSH_SLOW,
};

/* The PLP conclusion and the verdicts: what "decide" makes of everything above. */
/* What a figure of years left rests on: it is never more exact than that. */
enum dc_years_basis {
	DC_YEARS_NONE = 0,            /* no figure */
	DC_YEARS_WEAR_BOUND,          /* the wear indicator, a whole percentage: a lower bound */
	DC_YEARS_RATED_TBW,           /* bytes written against the rated TBW: an estimate */
};

struct dc_result {
	enum dc_plp_class plp;
	enum dc_confidence confidence;
	struct dc_property flushed_survive;   /* S */
	struct dc_property unflushed_survive; /* U */
	struct dc_property fast;              /* F */
	enum dc_flush_speed flush_speed;      /* F: the worse of the two ways below */
	double flush_p50_us;          /* F's median, a durable write; 0 when not measured */
	enum dc_flush_speed speed_fdatasync;  /* a write, then fdatasync: the flush */
	enum dc_flush_speed speed_dsync;      /* RWF_DSYNC: FUA where the queue has it */
	double fdatasync_p50_us, fdatasync_p99_us, dsync_p50_us; /* 0 when not measured */
	bool modes_disagree;          /* FUA and flush give very different answers: one fast and
					 the other slow, or DC_SYNC_MODES_DISAGREE_RATIO apart */
	/* --try-cache-off: a durable write with the cache off (the worse of the two ways,
	   as flush_p50_us), and how it compares; 0 and NOT_MEASURED when not measured */
	double cache_off_p50_us;
	enum dc_flush_speed cache_off_speed;
	bool cache_off_faster;        /* DC_CACHE_OFF_GAIN_RATIO times faster than with it on */
	/* what decide adds to the drive's own evidence (drive.evidence, not copied here) */
	unsigned nfindings, findings_dropped;
	struct dc_finding findings[DC_MAX_FINDINGS];
	struct dc_verdict verdicts[DC_ROLE_COUNT];
	unsigned nadvice, advice_dropped;
	struct dc_finding advice[DC_MAX_ADVICE];
	struct dc_health health;      /* what the drive itself says of its health */
	bool write_through_hazard;    /* the kernel drops flushes ("write through") on a drive
					 whose volatile cache may be on, and U is not yes */
	double endurance_years_left;  /* rated endurance left at the write rate so far, years
					 of DC_HOURS_PER_YEAR; <0 unknown; a lower bound or an
					 estimate, as years_basis says */
	enum dc_years_basis years_basis;
};

/* The formats of other tools that `drivecheck import` reads (import.h). */
enum dc_import_format {
	DC_IMPORT_UNKNOWN = 0,
	DC_IMPORT_SMARTCTL_TEXT,  /* smartctl -a / -x, 6.x and 7.x */
	DC_IMPORT_SMARTCTL_JSON,  /* smartctl -j / -x -j */
	DC_IMPORT_NVME_ID_CTRL,   /* nvme id-ctrl -o json */
	DC_IMPORT_NVME_ID_NS,     /* nvme id-ns -o json */
	DC_IMPORT_NVME_SMART_LOG, /* nvme smart-log -o json */
	DC_IMPORT_NVME_FEATURE,   /* nvme get-feature -f 6 (-o json, or its text line) */
	DC_IMPORT_NVME_LIST,      /* nvme list -o json */
	DC_IMPORT_FIO,            /* fio --output-format=json of a sync write job */
	DC_IMPORT_FORMAT_COUNT,
};

/*
 * Whether ceph-volume would take the drive for an OSD ("available", with its reasons),
 * from what the scan sees (src/device/availability.c). The facts come first, each with
 * whether it was looked at: a dump of an older drivecheck, an import or --sysroot cannot
 * say what libblkid finds on the disk or whether it is locked, and then the answer is
 * unknown unless a reason that was seen already rules the drive out. Fit (the verdict)
 * and available are two answers: a passing drive that holds a filesystem is not available.
 */
#define DC_AVAIL_MIN_BYTES 5368709120ull /* ceph-volume's "Insufficient space (<5GB)" */

struct dc_availability {
	/* the facts */
	bool sysfs_known;             /* partitions, holders, mounts, read-only, removable, size */
	bool signature_known;         /* libblkid looked at the whole disk */
	char sig_type[32];            /* a superblock's TYPE: "ext4", "LVM2_member", "" none */
	char sig_usage[16];           /* its USAGE: "filesystem", "raid", "crypto", "other" */
	char pt_type[16];             /* a partition table's PTTYPE: "gpt", "dos", "" none */
	bool lock_known;              /* the exclusive open and the BSD lock were tried */
	bool locked;                  /* ... and one of them was refused: someone holds it */
	char not_looked[96];          /* why signatures or locks were not looked at, or "" */
	/* the answer (availability.c, or read back from a host's JSON) */
	enum dc_tri available;
	unsigned reasons;             /* 1u << enum dc_avail_reason (device/availability.h) */
};

/* Everything known about one device, as the renderers receive it. */
struct dc_check {
	struct dc_dev dev;
	struct dc_drive drive;
	struct dc_db_row row;
	struct dc_probe probe;
	struct dc_cache_trial cache_trial;
	struct dc_cache_left cache_left;
	struct dc_availability avail; /* would ceph-volume take it (not the verdict) */
	unsigned nadvisories;         /* firmware advisories that hit this drive (advisories[]
					 keeps the first DC_MAX_ADVISORY_HITS of advisories_total) */
	unsigned advisories_total;
	struct dc_advisory_hit advisories[DC_MAX_ADVISORY_HITS];
	struct dc_result result;
	int error;                    /* 0, or -errno when the device could not be read at all */
	char error_msg[256];
	int refused;                  /* a live scan: -EACCES or -EPERM when the kernel refused
					 this process the drive (its open, or a command to it;
					 the run's warning, scan.h), else 0 */
	char lookup_error[64];        /* the database could not be asked (dc_evaluate), or "" */
	bool unasked;                 /* --sysroot: a device with a command set that was never
					 sent one (no device I/O in a tree not this host's):
					 not checked, as an unreadable one (exit 3) */
	char replayed_from[DC_PATH_LEN]; /* --replay: the dump folder it came from; "" live */
	char host[64];                /* --replay: the host the dump was made on ("" unknown) */
};

#endif /* DC_TYPES_H */
