/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ceph_plan.h - which drives of which hosts a cephadm OSD service specification places,
 * and why each other drive is left out (drivecheck ceph-spec, report --ceph-spec).
 * Decides nothing of a drive: it reads the verdicts and "available" already made.
 */
#ifndef DC_CEPH_PLAN_H
#define DC_CEPH_PLAN_H

#include <stdbool.h>

#include "dc_types.h"
#include "decide/check.h"

#define DC_CEPH_ID_LEN 64

enum dc_ceph_place {
	DC_CEPH_OUT = 0,          /* left out: why says why */
	DC_CEPH_DATA,             /* data_devices */
	DC_CEPH_DB,               /* db_devices (--db-devices) */
};

/* Why a drive is where it is. */
enum dc_ceph_why {
	DC_CEPH_WHY_DATA = 0,     /* passes ceph_osd and is available */
	DC_CEPH_WHY_DB,           /* passes ceph_db, is available, on the host's faster tier */
	DC_CEPH_WHY_NOT_READ,     /* the device could not be read */
	DC_CEPH_WHY_VERDICT,      /* its role warns or fails (or, under --db-devices, both) */
	DC_CEPH_WHY_NOT_AVAILABLE,/* ceph-volume would not take it (its reasons) */
	DC_CEPH_WHY_AVAIL_UNKNOWN,/* whether it would could not be told */
	DC_CEPH_WHY_NO_HOST,      /* the host it is on is not known: no placement */
	DC_CEPH_WHY_SAME_PATH,    /* another drive of its host has the same path */
	DC_CEPH_WHY_DB_NOT_FASTER,/* passes ceph_db only, and is on no faster tier than data */
	DC_CEPH_WHY_BAD_NAME,     /* its path or host has bytes a spec cannot carry as they are */
};

/*
 * What a plan reads of one drive: a few statuses and the strings it prints, not the drive's
 * check (tens of KB), so that a fleet's plan costs a small record per drive. Made from a
 * scan's check (dc_ceph_in_of) or a fleet's row (dc_fleet_ceph_in, fleet/fleet.h); the
 * strings are the maker's and must outlive the plan.
 */
struct dc_ceph_in {
	const char *host;           /* the host it is on; "" : not known */
	const char *path;           /* the device path */
	const char *by_id;          /* its /dev/disk/by-id link, the spec's name for it; "" none */
	const char *model;          /* as the comments name it: the drive's, else sysfs's, or "" */
	const char *sysfs_model;    /* what cephadm's model: filter matches; "" : not known */
	const char *error_msg;      /* why it could not be read (when error) */
	const char *avail_unknown;  /* why "available" could not be told (when unknown) */
	bool error;                 /* it could not be read: no verdict */
	enum dc_transport transport;
	enum dc_protocol protocol;  /* the tier: NVMe above SATA, SAS and SCSI */
	enum dc_status osd, db;     /* the ceph_osd and ceph_db verdicts' statuses */
	enum dc_tri available;      /* would ceph-volume take it */
	unsigned reasons;           /* why not: 1u << enum dc_avail_reason */
};

struct dc_ceph_drive {
	enum dc_ceph_place place;
	enum dc_ceph_why why;
	int spec;                 /* the spec that places it, or -1 */
};

/* One specification: its hosts, and its drives by path or, for a fleet, by model. */
struct dc_ceph_spec {
	char service_id[DC_CEPH_ID_LEN];
	unsigned first_host, nhosts;   /* plan->hosts[first_host ..] */
	char data_model[DC_TEXT_LEN];  /* "" : data_devices by paths */
	char db_model[DC_TEXT_LEN];    /* "" : db_devices by paths (or none) */
};

struct dc_ceph_plan_opts {
	bool db_devices;          /* --db-devices */
	bool fleet;               /* report --ceph-spec: each spec's id names its host or model */
	bool by_model;            /* report --ceph-spec --by-model: a model filter where exact */
	const char *service_id;   /* --service-id, or NULL: "drivecheck" */
};

struct dc_ceph_plan {
	unsigned n;                    /* drives, as given */
	struct dc_ceph_drive *drives;
	unsigned nspecs;
	struct dc_ceph_spec *specs;
	const char **hosts;            /* the specs' placement hosts (the drives' strings) */
};

/* ceph_plan.c */
/* The name a spec gives the drive: its /dev/disk/by-id link, else its kernel path. */
const char *dc_ceph_name(const struct dc_ceph_in *d);
/* What the plan reads of a scan's check r, on host ("" : not known), pointing into r. */
void dc_ceph_in_of(const struct dc_check *r, const char *host, struct dc_ceph_in *in);
/*
 * Places drives[0..n) (each on its host; "" : not known): data_devices are the drives that
 * pass ceph_osd and are available; with o->db_devices, a host whose passing drives span two
 * tiers (NVMe above SATA, SAS and SCSI) gets its faster drives that pass ceph_db as
 * db_devices. Nothing that warns or fails is placed. One spec per host; with o->by_model,
 * hosts whose placed drives are of one model (and one DB model), where that model's filter
 * would select exactly them on every such host and nothing that does not pass, share one
 * spec with a model: filter. Time and memory grow with n (and the hosts' count squared),
 * not with n squared. Returns 0 or -ENOMEM.
 */
int dc_ceph_plan_make(const struct dc_ceph_in *drives, unsigned n,
		      const struct dc_ceph_plan_opts *o, struct dc_ceph_plan *p);
/* Frees what p holds; p may be zeroed. */
void dc_ceph_plan_free(struct dc_ceph_plan *p);

#endif /* DC_CEPH_PLAN_H */
