/* SPDX-License-Identifier: GPL-2.0-or-later */
/* decide_cases.h - the decision's test cases and the world each is built into, shared by
 * test_decide.c (the verdicts) and test_advice.c (the advice). */
#ifndef DC_DECIDE_CASES_H
#define DC_DECIDE_CASES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lookup/db.h"
#include "decide/decide.h"
#include "core/drive.h"
#include "core/names.h"
#include "render/words.h"

#define P DC_PASS
#define W DC_WARN
#define F DC_FAIL

struct dcase {
	const char *name;
	/* inputs */
	const char *transport;
	const char *kernel;            /* "write back" / "write through" */
	enum dc_tri rotational;
	enum dc_tri cache_present, cache_enabled;
	enum dc_ev_kind device_ev;     /* one piece of device evidence, DC_EV_INFO for none */
	int db_plp;                    /* a dc_plp_class, or NOROW */
	enum dc_source_kind db_kind;   /* the kind of the row's strongest source */
	double dwpd;
	double sync_p50;               /* RWF_DSYNC p50; 0: not timed */
	double flush_p50, flush_p99;   /* write + fdatasync; 0: not timed (RWF_DSYNC stands in) */
	int percent_used;              /* 0: not given */
	/* expected */
	enum dc_plp_class plp;
	enum dc_tri S, U;
	enum dc_flush_speed speed;
	enum dc_status osd, ceph_db, drbd, slog, etcd;
	enum dc_finding_code finding;  /* a finding decide adds to the evidence, or DC_FND_NONE */
	enum dc_finding_code reason;   /* a reason of the ceph_osd verdict, or DC_FND_NONE */
	enum dc_finding_code etcd_reason; /* a reason of the etcd verdict, or DC_FND_NONE */
};

#define YES DC_TRI_YES
#define NO DC_TRI_NO
#define UNK DC_TRI_UNKNOWN
#define WB "write back"
#define WT "write through"
#define NOROW (-1)
#define INFO DC_EV_INFO
#define FULL DC_PLP_FULL
#define DAR DC_PLP_DATA_AT_REST
#define ALDAR DC_PLP_AT_LEAST_DATA_AT_REST
#define NONE DC_PLP_NONE
#define UNKNOWN DC_PLP_UNKNOWN
#define VENDOR DC_SRC_VENDOR
#define COMPIL DC_SRC_COMPILATION
#define NM DC_FLUSH_NOT_MEASURED
#define FAST DC_FLUSH_FAST
#define MID DC_FLUSH_MIDDLING
#define SLOW DC_FLUSH_SLOW

/*
 * Each role on each combination of S, U and F that matters (docs/design.md): Ceph OSD, DB/WAL
 * and DRBD pass on S and F; an SLOG fails without S; F not measured passes only with U;
 * etcd on S and its fdatasync's p99. Fields left out are 0: no, none, not timed.
 */
static const struct dcase cases[] = {
	{ .name = "nothing known", .transport = "nvme", .kernel = WB, .rotational = NO,
	  .cache_present = UNK, .cache_enabled = UNK, .device_ev = INFO, .db_plp = NOROW,
	  .plp = UNKNOWN, .S = UNK, .U = UNK, .speed = NM, .osd = W, .ceph_db = W, .drbd = W,
	  .slog = F, .etcd = W, .reason = DC_FND_S_UNKNOWN },
	{ .name = "fast probe alone is never full", .transport = "nvme", .kernel = WB,
	  .rotational = NO, .cache_present = YES, .cache_enabled = YES, .device_ev = INFO,
	  .db_plp = NOROW, .sync_p50 = 40, .plp = UNKNOWN, .S = UNK, .U = UNK, .speed = FAST,
	  .osd = W, .ceph_db = W, .drbd = W, .slog = F, .etcd = W, .finding = DC_FND_EV_PROBE_FAST,
	  .reason = DC_FND_S_UNKNOWN },
	{ .name = "database full, fast NVMe", .transport = "nvme", .kernel = WB,
	  .rotational = NO, .cache_present = YES, .cache_enabled = YES, .device_ev = INFO,
	  .db_plp = FULL, .db_kind = VENDOR, .dwpd = 3, .sync_p50 = 40, .percent_used = 2,
	  .plp = FULL, .S = YES, .U = YES, .speed = FAST, .osd = P, .ceph_db = P, .drbd = P,
	  .slog = P, .etcd = P, .reason = DC_FND_S_YES },
	{ .name = "database full, slow flushes: contradiction", .transport = "nvme",
	  .kernel = WB, .rotational = NO, .cache_present = YES, .cache_enabled = YES,
	  .device_ev = INFO, .db_plp = FULL, .db_kind = VENDOR, .dwpd = 3, .sync_p50 = 3000,
	  .plp = FULL, .S = YES, .U = YES, .speed = SLOW, .osd = F, .ceph_db = F, .drbd = F,
	  .slog = F, .etcd = P, .finding = DC_FND_EV_SLOW_WITH_PLP,
	  .reason = DC_FND_SPEED_SLOW },
	{ .name = "consumer SATA, slow", .transport = "sata", .kernel = WB, .rotational = NO,
	  .cache_present = YES, .cache_enabled = YES, .device_ev = INFO, .db_plp = NONE,
	  .db_kind = VENDOR, .dwpd = 0.3, .sync_p50 = 1730, .plp = NONE, .S = NO, .U = NO,
	  .speed = SLOW, .osd = F, .ceph_db = F, .drbd = F, .slog = F, .etcd = W,
	  .reason = DC_FND_S_NO },
	{ .name = "consumer, fast flushes: contradiction, still none", .transport = "sata",
	  .kernel = WB, .rotational = NO, .cache_present = YES, .cache_enabled = YES,
	  .device_ev = INFO, .db_plp = NONE, .db_kind = VENDOR, .dwpd = 0.3, .sync_p50 = 100,
	  .plp = NONE, .S = NO, .U = NO, .speed = FAST, .osd = W, .ceph_db = W, .drbd = W, .slog = F,
	  .etcd = W, .finding = DC_FND_EV_FAST_WITHOUT_PLP, .reason = DC_FND_S_NO },
	{ .name = "consumer, probe not run", .transport = "sata", .kernel = WB, .rotational = NO,
	  .cache_present = YES, .cache_enabled = YES, .device_ev = INFO, .db_plp = NONE,
	  .db_kind = VENDOR, .dwpd = 1, .plp = NONE, .S = NO, .U = NO, .speed = NM, .osd = W,
	  .ceph_db = W, .drbd = W, .slog = F, .etcd = W, .reason = DC_FND_SPEED_NOT_MEASURED },
	{ .name = "data at rest, probe not run", .transport = "sata", .kernel = WB,
	  .rotational = NO, .cache_present = YES, .cache_enabled = YES, .device_ev = INFO,
	  .db_plp = DAR, .db_kind = VENDOR, .dwpd = 0.3, .plp = DAR, .S = YES, .U = NO,
	  .speed = NM, .osd = W, .ceph_db = W, .drbd = W, .slog = W, .etcd = W,
	  .reason = DC_FND_SPEED_NOT_MEASURED },
	{ .name = "data at rest, fast: S and F are enough, SLOG too", .transport = "sata",
	  .kernel = WB, .rotational = NO, .cache_present = YES, .cache_enabled = YES,
	  .device_ev = INFO, .db_plp = DAR, .db_kind = VENDOR, .dwpd = 3, .sync_p50 = 400,
	  .plp = DAR, .S = YES, .U = NO, .speed = FAST, .osd = P, .ceph_db = P, .drbd = P, .slog = P,
	  .etcd = P, .reason = DC_FND_S_YES },
	{ .name = "data at rest, middling SATA", .transport = "sata", .kernel = WB,
	  .rotational = NO, .cache_present = YES, .cache_enabled = YES, .device_ev = INFO,
	  .db_plp = DAR, .db_kind = VENDOR, .dwpd = 3, .sync_p50 = 1000, .plp = DAR, .S = YES,
	  .U = NO, .speed = MID, .osd = W, .ceph_db = W, .drbd = W, .slog = W, .etcd = P,
	  .reason = DC_FND_SPEED_MIDDLING },
	{ .name = "at least data at rest (OpenZFS list), fast", .transport = "nvme",
	  .kernel = WB, .rotational = NO, .cache_present = YES, .cache_enabled = YES,
	  .device_ev = INFO, .db_plp = ALDAR, .db_kind = COMPIL, .dwpd = 3, .sync_p50 = 40,
	  .plp = ALDAR, .S = YES, .U = UNK, .speed = FAST, .osd = P, .ceph_db = P, .drbd = P,
	  .slog = P, .etcd = P, .reason = DC_FND_S_YES },
	{ .name = "at least data at rest, probe not run", .transport = "nvme", .kernel = WB,
	  .rotational = NO, .cache_present = YES, .cache_enabled = YES, .device_ev = INFO,
	  .db_plp = ALDAR, .db_kind = COMPIL, .dwpd = 3, .plp = ALDAR, .S = YES, .U = UNK,
	  .speed = NM, .osd = W, .ceph_db = W, .drbd = W, .slog = W, .etcd = W,
	  .reason = DC_FND_SPEED_NOT_MEASURED },
	{ .name = "at least data at rest, slow", .transport = "nvme", .kernel = WB,
	  .rotational = NO, .cache_present = YES, .cache_enabled = YES, .device_ev = INFO,
	  .db_plp = ALDAR, .db_kind = COMPIL, .dwpd = 3, .sync_p50 = 3000, .plp = ALDAR,
	  .S = YES, .U = UNK, .speed = SLOW, .osd = F, .ceph_db = F, .drbd = F, .slog = F, .etcd = P,
	  .reason = DC_FND_SPEED_SLOW },
	{ .name = "S unknown, middling", .transport = "nvme", .kernel = WB, .rotational = NO,
	  .cache_present = YES, .cache_enabled = YES, .device_ev = INFO, .db_plp = NOROW,
	  .sync_p50 = 500, .plp = UNKNOWN, .S = UNK, .U = UNK, .speed = MID, .osd = W, .ceph_db = W,
	  .drbd = W, .slog = F, .etcd = W, .reason = DC_FND_S_UNKNOWN },
	{ .name = "OCP log, no database row", .transport = "nvme", .kernel = WB,
	  .rotational = NO, .cache_present = YES, .cache_enabled = YES, .device_ev = DC_EV_PLP,
	  .db_plp = NOROW, .sync_p50 = 30, .plp = FULL, .S = YES, .U = YES, .speed = FAST,
	  .osd = P, .ceph_db = P, .drbd = P, .slog = P, .etcd = P, .reason = DC_FND_S_YES },
	{ .name = "NV_SUP beats a database data-at-rest", .transport = "scsi", .kernel = WB,
	  .rotational = NO, .cache_present = YES, .cache_enabled = YES, .device_ev = DC_EV_PLP,
	  .db_plp = DAR, .db_kind = VENDOR, .dwpd = 3, .sync_p50 = 300, .plp = FULL, .S = YES,
	  .U = YES, .speed = FAST, .osd = P, .ceph_db = P, .drbd = P, .slog = P, .etcd = P,
	  .finding = DC_FND_EV_DEVICE_PLP_VS_DB },
	{ .name = "capacitor failed beats the database", .transport = "nvme", .kernel = WB,
	  .rotational = NO, .cache_present = YES, .cache_enabled = YES,
	  .device_ev = DC_EV_PLP_FAILED, .db_plp = FULL, .db_kind = VENDOR, .dwpd = 3,
	  .sync_p50 = 30, .plp = NONE, .S = NO, .U = NO, .speed = FAST, .osd = F, .ceph_db = F,
	  .drbd = F, .slog = F, .etcd = F, .finding = DC_FND_EV_PLP_FAILED,
	  .reason = DC_FND_PLP_FAILED },
	{ .name = "capacitor degraded: a warning, U stays from the database",
	  .transport = "nvme", .kernel = WB, .rotational = NO, .cache_present = YES,
	  .cache_enabled = YES, .device_ev = DC_EV_PLP_DEGRADED, .db_plp = FULL,
	  .db_kind = VENDOR, .dwpd = 3, .sync_p50 = 30, .plp = FULL, .S = YES, .U = YES,
	  .speed = FAST, .osd = W, .ceph_db = W, .drbd = W, .slog = W, .etcd = W,
	  .finding = DC_FND_EV_PLP_DEGRADED, .reason = DC_FND_PLP_DEGRADED },
	{ .name = "hazard: write through, cache on, no PLP", .transport = "sata", .kernel = WT,
	  .rotational = NO, .cache_present = YES, .cache_enabled = YES, .device_ev = INFO,
	  .db_plp = NOROW, .plp = UNKNOWN, .S = UNK, .U = UNK, .speed = NM, .osd = F, .ceph_db = F,
	  .drbd = F, .slog = F, .etcd = F, .reason = DC_FND_WT_HAZARD },
	{ .name = "hazard: write through, cache state unknown", .transport = "scsi",
	  .kernel = WT, .rotational = NO, .cache_present = UNK, .cache_enabled = UNK,
	  .device_ev = INFO, .db_plp = NONE, .db_kind = VENDOR, .dwpd = 1, .plp = NONE, .S = NO,
	  .U = NO, .speed = NM, .osd = F, .ceph_db = F, .drbd = F, .slog = F, .etcd = F,
	  .reason = DC_FND_WT_HAZARD },
	{ .name = "write through is fine with full PLP", .transport = "sata", .kernel = WT,
	  .rotational = NO, .cache_present = YES, .cache_enabled = YES, .device_ev = INFO,
	  .db_plp = FULL, .db_kind = VENDOR, .dwpd = 3, .plp = FULL, .S = YES, .U = YES,
	  .speed = NM, .osd = W, .ceph_db = W, .drbd = W, .slog = W, .etcd = W,
	  .reason = DC_FND_WT_WITH_U },
	{ .name = "write through on a drive declaring no cache: correct, and measured",
	  .transport = "nvme", .kernel = WT, .rotational = NO, .cache_present = NO,
	  .cache_enabled = NO, .device_ev = DC_EV_NO_VWC, .db_plp = NOROW, .sync_p50 = 25,
	  .plp = FULL, .S = YES, .U = YES, .speed = FAST, .osd = P, .ceph_db = P, .drbd = P,
	  .slog = P, .etcd = P, .reason = DC_FND_WT_NO_VWC },
	{ .name = "write through, full PLP in the database, cache on: measured",
	  .transport = "nvme", .kernel = WT, .rotational = NO, .cache_present = YES,
	  .cache_enabled = YES, .device_ev = INFO, .db_plp = FULL, .db_kind = VENDOR, .dwpd = 3,
	  .sync_p50 = 30, .plp = FULL, .S = YES, .U = YES, .speed = FAST, .osd = P, .ceph_db = P,
	  .drbd = P, .slog = P, .etcd = P, .reason = DC_FND_WT_WITH_U },
	{ .name = "write-through probe on the hazard is not a measurement", .transport = "nvme",
	  .kernel = WT, .rotational = NO, .cache_present = YES, .cache_enabled = YES,
	  .device_ev = INFO, .db_plp = NOROW, .sync_p50 = 20, .plp = UNKNOWN, .S = UNK, .U = UNK,
	  .speed = NM, .osd = F, .ceph_db = F, .drbd = F, .slog = F, .etcd = F,
	  .finding = DC_FND_EV_PROBE_UNTIMED, .reason = DC_FND_WT_HAZARD },
	{ .name = "spinning disk", .transport = "sata", .kernel = WB, .rotational = YES,
	  .cache_present = YES, .cache_enabled = YES, .device_ev = INFO, .db_plp = NOROW,
	  .sync_p50 = 8000, .plp = UNKNOWN, .S = UNK, .U = UNK, .speed = SLOW, .osd = W, .ceph_db = F,
	  .drbd = F, .slog = F, .etcd = W, .finding = DC_FND_EV_PROBE_SLOW,
	  .reason = DC_FND_OSD_SPINNING },
	{ .name = "endurance spent", .transport = "nvme", .kernel = WB, .rotational = NO,
	  .cache_present = YES, .cache_enabled = YES, .device_ev = INFO, .db_plp = FULL,
	  .db_kind = VENDOR, .dwpd = 3, .sync_p50 = 40, .percent_used = 100, .plp = FULL,
	  .S = YES, .U = YES, .speed = FAST, .osd = F, .ceph_db = F, .drbd = F, .slog = F, .etcd = F,
	  .reason = DC_FND_WEAR_SPENT },
	{ .name = "endurance mostly used", .transport = "nvme", .kernel = WB, .rotational = NO,
	  .cache_present = YES, .cache_enabled = YES, .device_ev = INFO, .db_plp = FULL,
	  .db_kind = VENDOR, .dwpd = 3, .sync_p50 = 40, .percent_used = 85, .plp = FULL,
	  .S = YES, .U = YES, .speed = FAST, .osd = W, .ceph_db = W, .drbd = W, .slog = W, .etcd = W,
	  .reason = DC_FND_WEAR_HIGH },
	{ .name = "read-intensive drive as DB/WAL and SLOG", .transport = "nvme", .kernel = WB,
	  .rotational = NO, .cache_present = YES, .cache_enabled = YES, .device_ev = INFO,
	  .db_plp = FULL, .db_kind = VENDOR, .dwpd = 0.8, .sync_p50 = 40, .plp = FULL, .S = YES,
	  .U = YES, .speed = FAST, .osd = P, .ceph_db = W, .drbd = P, .slog = P, .etcd = P },
	{ .name = "PLP SATA at 460 us passes", .transport = "sata", .kernel = WB,
	  .rotational = NO, .cache_present = YES, .cache_enabled = YES, .device_ev = INFO,
	  .db_plp = FULL, .db_kind = VENDOR, .dwpd = 3, .sync_p50 = 460, .plp = FULL, .S = YES,
	  .U = YES, .speed = FAST, .osd = P, .ceph_db = P, .drbd = P, .slog = P, .etcd = P },
	{ .name = "the same 460 us on NVMe is only middling", .transport = "nvme", .kernel = WB,
	  .rotational = NO, .cache_present = YES, .cache_enabled = YES, .device_ev = INFO,
	  .db_plp = FULL, .db_kind = VENDOR, .dwpd = 3, .sync_p50 = 460, .plp = FULL, .S = YES,
	  .U = YES, .speed = MID, .osd = W, .ceph_db = W, .drbd = W, .slog = W, .etcd = P,
	  .reason = DC_FND_SPEED_MIDDLING },
	{ .name = "no volatile cache and slow: safe, slow", .transport = "nvme", .kernel = WB,
	  .rotational = NO, .cache_present = NO, .cache_enabled = NO, .device_ev = DC_EV_NO_VWC,
	  .db_plp = NOROW, .sync_p50 = 5000, .plp = FULL, .S = YES, .U = YES, .speed = SLOW,
	  .osd = F, .ceph_db = F, .drbd = F, .slog = F, .etcd = P, .finding = DC_FND_EV_NO_VWC_SLOW,
	  .reason = DC_FND_SPEED_SLOW },
	{ .name = "declared no cache against a database none", .transport = "nvme", .kernel = WB,
	  .rotational = NO, .cache_present = NO, .cache_enabled = NO, .device_ev = DC_EV_NO_VWC,
	  .db_plp = NONE, .db_kind = VENDOR, .dwpd = 1, .sync_p50 = 30, .plp = FULL, .S = YES,
	  .U = YES, .speed = FAST, .osd = P, .ceph_db = P, .drbd = P, .slog = P, .etcd = P,
	  .finding = DC_FND_EV_NO_VWC_VS_DB },
	/* nothing unmeasured passes: full PLP does not make flushes fast (a Micron 5100) */
	{ .name = "full PLP, probe not run: warns, says so", .transport = "sata", .kernel = WB,
	  .rotational = NO, .cache_present = YES, .cache_enabled = YES, .device_ev = INFO,
	  .db_plp = FULL, .db_kind = VENDOR, .dwpd = 3, .plp = FULL, .S = YES, .U = YES,
	  .speed = NM, .osd = W, .ceph_db = W, .drbd = W, .slog = W, .etcd = W,
	  .reason = DC_FND_SPEED_NOT_MEASURED, .etcd_reason = DC_FND_ETCD_NOT_MEASURED },
	/* the flush probe: a write and fdatasync timed beside RWF_DSYNC (DRBD waits on both,
	 * Ceph, ZFS and etcd on the flush) */
	{ .name = "fast FUA, slow flush: Ceph and DRBD fail on the flush", .transport = "nvme",
	  .kernel = WB, .rotational = NO, .cache_present = YES, .cache_enabled = YES,
	  .device_ev = INFO, .db_plp = FULL, .db_kind = VENDOR, .dwpd = 3, .sync_p50 = 40,
	  .flush_p50 = 3000, .flush_p99 = 5000,
	  .plp = FULL, .S = YES, .U = YES, .speed = SLOW,
	  .osd = F, .ceph_db = F, .drbd = F, .slog = F, .etcd = W,
	  .finding = DC_FND_EV_MODES_DISAGREE, .reason = DC_FND_SPEED_SLOW },
	{ .name = "slow FUA, fast flush: Ceph warns of it, DRBD fails", .transport = "nvme",
	  .kernel = WB, .rotational = NO, .cache_present = YES, .cache_enabled = YES,
	  .device_ev = INFO, .db_plp = FULL, .db_kind = VENDOR, .dwpd = 3, .sync_p50 = 3000,
	  .flush_p50 = 40, .flush_p99 = 80,
	  .plp = FULL, .S = YES, .U = YES, .speed = SLOW,
	  .osd = W, .ceph_db = W, .drbd = F, .slog = W, .etcd = W,
	  .finding = DC_FND_EV_MODES_DISAGREE, .reason = DC_FND_MODES_DISAGREE },
	{ .name = "flush alone timed (fio's fdatasync job), fast", .transport = "sata",
	  .kernel = WB, .rotational = NO, .cache_present = YES, .cache_enabled = YES,
	  .device_ev = INFO, .db_plp = FULL, .db_kind = VENDOR, .dwpd = 3, .flush_p50 = 300,
	  .flush_p99 = 900,
	  .plp = FULL, .S = YES, .U = YES, .speed = FAST,
	  .osd = P, .ceph_db = P, .drbd = P, .slog = P, .etcd = P,
	  .finding = DC_FND_EV_PROBE_FAST, .reason = DC_FND_SPEED_FAST },
	/* etcd: the flush's 99th percentile against its 10 ms */
	{ .name = "etcd: a fast median with a p99 over 10 ms fails etcd alone", .transport = "sata",
	  .kernel = WB, .rotational = NO, .cache_present = YES, .cache_enabled = YES,
	  .device_ev = INFO, .db_plp = FULL, .db_kind = VENDOR, .dwpd = 3, .sync_p50 = 300,
	  .flush_p50 = 400, .flush_p99 = 12000,
	  .plp = FULL, .S = YES, .U = YES, .speed = FAST,
	  .osd = P, .ceph_db = P, .drbd = P, .slog = P, .etcd = F,
	  .etcd_reason = DC_FND_ETCD_SLOW },
	{ .name = "etcd: no S warns etcd too, whatever the speed", .transport = "nvme",
	  .kernel = WB, .rotational = NO, .cache_present = YES, .cache_enabled = YES,
	  .device_ev = INFO, .db_plp = NOROW, .sync_p50 = 40, .flush_p50 = 50, .flush_p99 = 90,
	  .plp = UNKNOWN, .S = UNK, .U = UNK, .speed = FAST,
	  .osd = W, .ceph_db = W, .drbd = W, .slog = F, .etcd = W,
	  .etcd_reason = DC_FND_ETCD_OK },
};

/* Everything dc_decide reads and writes, for one case. */
struct world {
	struct dc_dev dev;
	struct dc_drive d;
	struct dc_db_row row;
	struct dc_probe p;
	struct dc_result r;
	struct dc_facts f;
};

static inline void build(const struct dcase *c, struct dc_dev *dev, struct dc_drive *d,
		  struct dc_db_row *row, struct dc_probe *p)
{
	memset(dev, 0, sizeof(*dev));
	memset(d, 0, sizeof(*d));
	memset(row, 0, sizeof(*row));
	memset(p, 0, sizeof(*p));
	if (dc_transport_from_name(c->transport, &dev->transport))
		dev->transport = DC_TRAN_OTHER;
	dev->protocol = dev->transport == DC_TRAN_NVME ? DC_PROTO_NVME
			: dev->transport == DC_TRAN_SATA ? DC_PROTO_ATA : DC_PROTO_SCSI;
	dev->kernel_cache = dc_kcache_from_text(c->kernel);
	snprintf(dev->path, sizeof(dev->path), "/dev/test");
	snprintf(dev->name, sizeof(dev->name), "test");
	snprintf(dev->model, sizeof(dev->model), "TEST MODEL");
	dev->rotational = c->rotational;
	d->rotational = c->rotational;
	snprintf(d->model, sizeof(d->model), "TEST MODEL");
	d->cache_present = c->cache_present;
	d->cache_enabled = c->cache_enabled;
	/* the drive's own verdict was read and says "passed": health is not what these
	 * cases are about (test_decide.c's health cases are) */
	d->smart.self_assessment = DC_SELF_PASSED;
	snprintf(d->smart.self_source, sizeof(d->smart.self_source), "test");
	if (c->device_ev != DC_EV_INFO)
		dc_drive_add_evidence(d, c->device_ev, "test", "signal", "value");
	if (c->percent_used > 0) {
		d->wear.have_percent_used = true;
		d->wear.percent_used = (unsigned)c->percent_used;
	}
	row->best_source = -1;
	if (c->db_plp != NOROW) {
		row->matched = true;
		row->plp = (enum dc_plp_class)c->db_plp;
		row->dwpd = c->dwpd;
		snprintf(row->vendor, sizeof(row->vendor), "Test");
		snprintf(row->family, sizeof(row->family), "Family");
		row->nsources = 1;
		row->sources[0].kind = c->db_kind;
		snprintf(row->sources[0].title, sizeof(row->sources[0].title), "a test source");
		if (row->plp != DC_PLP_UNKNOWN) {
			row->sources[0].backs_class = true;
			row->best_source = 0;
		}
	}
	if (c->sync_p50 > 0) {
		p->mode = DC_PROBE_RAW;
		p->sync.count = 1000;
		p->sync.p50_us = c->sync_p50;
		p->nosync.p50_us = c->sync_p50 / 4;
	}
	if (c->flush_p50 > 0) {
		p->mode = DC_PROBE_RAW;
		p->flush.count = 1000;
		p->flush.p50_us = c->flush_p50;
		p->flush.p99_us = c->flush_p99;
	}
	if (p->mode == DC_PROBE_NOT_RUN) {
		snprintf(p->skipped, sizeof(p->skipped), "test: not run");
	}
}

/* Builds a world from a case; decide() then runs the decision on it (after any tweaks). */
static inline void setup(struct world *w, const struct dcase *c)
{
	build(c, &w->dev, &w->d, &w->row, &w->p);
	w->f = (struct dc_facts){ .dev = &w->dev, .drive = &w->d, .row = &w->row, .probe = &w->p };
}

static inline void decide(struct world *w)
{
	dc_decide(&w->f, &w->r);
}

/* Whether decide added this finding to the evidence. */
static inline bool finding_has(const struct dc_result *r, enum dc_finding_code code)
{
	for (unsigned i = 0; i < r->nfindings; i++)
		if (r->findings[i].code == code)
			return true;
	return false;
}

/* The verdict's reason of this code, or NULL. */
static inline const struct dc_reason *reason_of(const struct dc_verdict *v,
						enum dc_finding_code code)
{
	for (unsigned i = 0; i < v->nreasons; i++)
		if (v->reasons[i].f.code == code)
			return &v->reasons[i];
	return NULL;
}

static inline bool reason_has(const struct dc_verdict *v, enum dc_finding_code code)
{
	return reason_of(v, code) != NULL;
}

/* The piece of advice of this code, or NULL. */
static inline const struct dc_finding *advice_of(const struct dc_result *r,
						 enum dc_finding_code code)
{
	for (unsigned i = 0; i < r->nadvice; i++)
		if (r->advice[i].code == code)
			return &r->advice[i];
	return NULL;
}

static inline bool advice_has(const struct dc_result *r, enum dc_finding_code code)
{
	return advice_of(r, code) != NULL;
}

/* Whether some piece of advice, in words, holds this text (the commands it names). */
static inline bool advice_says(const struct world *w, const char *text)
{
	char buf[DC_WORDS_LEN];

	for (unsigned i = 0; i < w->r.nadvice; i++) {
		dc_words_advice(&w->f, &w->r, &w->r.advice[i], buf, sizeof(buf));
		if (strstr(buf, text))
			return true;
	}
	return false;
}

static inline const struct dcase *case_named(const char *name)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (strcmp(cases[i].name, name) == 0)
			return &cases[i];
	fprintf(stderr, "no case '%s'\n", name);
	abort();
}

#endif /* DC_DECIDE_CASES_H */
