/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dc_types.h - the vocabulary every stage shares: the enums whose names core/names.c keeps
 * (the JSON, the table, dumps and the CLI say them), the lengths of names, paths and texts.
 * No struct: each stage's own types live in its header beside its code (docs/architecture.md,
 * "Types by stage"):
 *
 *   enumerate  struct dc_dev            device/dev.h
 *   acquire    struct dc_raw            core/raw.h (the pages), core/sense.h (SG_IO's sense)
 *   parse      struct dc_drive          core/drive.h (evidence, wear, SMART)
 *   available  struct dc_availability   device/availability.h
 *   probe      struct dc_probe, ...     device/probe/probe_result.h (the trial, a cache left off)
 *   look up    struct dc_db_row         lookup/db_row.h; struct dc_advisory_hit: lookup/advisory.h
 *   decide     struct dc_health         decide/health.h; struct dc_result: decide/result.h
 *   the whole  struct dc_check          decide/check.h: one drive checked, every part above
 */
#ifndef DC_TYPES_H
#define DC_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
#define DC_HOST_LEN   64  /* a host's name as drivecheck writes it (core/host.h) */

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

/* The drive's health, as decide judges it (struct dc_health, decide/health.h; docs/health.md). */
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

/* Firmware advisories (issue 22): known firmware defects, db/advisories/NAME.txt. */
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

/* How the probe wrote (struct dc_probe, device/probe/probe_result.h). */
enum dc_probe_mode {
	DC_PROBE_NOT_RUN = 0,
	DC_PROBE_FILE,       /* an O_TMPFILE on a filesystem of the drive */
	DC_PROBE_RAW,        /* an unused whole device, rewritten with its own bytes */
};

/* What a verdict could not weigh because it was never measured or read (docs/design.md:
 * nothing unmeasured passes). */
enum dc_unmeasured {
	DC_UNMEASURED_FLUSH = 1u << 0,  /* F: no durable write was timed */
	DC_UNMEASURED_HEALTH = 1u << 1, /* a drive with a health verdict gave none here */
};
#define DC_UNMEASURED_KINDS 2

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

/* What a figure of years left rests on: it is never more exact than that. */
enum dc_years_basis {
	DC_YEARS_NONE = 0,            /* no figure */
	DC_YEARS_WEAR_BOUND,          /* the wear indicator, a whole percentage: a lower bound */
	DC_YEARS_RATED_TBW,           /* bytes written against the rated TBW: an estimate */
	DC_YEARS_WEAR_HISTORY,        /* the wear rate over readings months apart: a bound */
	DC_YEARS_OBSERVED,            /* bytes written against what drives of the family took
					 (db/observed/): an estimate, never a rating */
};

/* The formats of other tools that `drivecheck import` reads (import/import.h). */
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
	DC_IMPORT_CEPH_DEVICE_LS, /* ceph device ls --format json */
	DC_IMPORT_CEPH_HEALTH_METRICS, /* ceph device get-health-metrics DEVID */
	DC_IMPORT_CEPH_DAEMON_QUERY,   /* ceph device query-daemon-health-metrics WHO */
	DC_IMPORT_FORMAT_COUNT,
};

#endif /* DC_TYPES_H */
