/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ceph.h - what Ceph's device health store says of one drive (struct dc_ceph: its devid,
 * daemons, where it is, Ceph's own wear and life expectancy, the samples read), and the
 * small rules of Ceph's names and times that the importer and the renderers share. */
#ifndef DC_CEPH_H
#define DC_CEPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dc_types.h"

#define DC_CEPH_DEVID_LEN     256 /* bytes with the NUL: Ceph's devid is a file name, and one
				     argument of `ceph` (at most 255 bytes) */
#define DC_CEPH_DAEMON_LEN    32  /* "osd.1234", "mon.ceph-a" */
#define DC_CEPH_MAX_DAEMONS   16  /* kept of a drive; the rest counted (a DB device under
				     many OSDs) */
#define DC_CEPH_MAX_LOCATIONS 4   /* kept of a drive (multipath); the rest counted */
#define DC_CEPH_MAX_SAMPLES   10000 /* a health-metrics file of more is refused: a year of
				       hourly scrapes; Ceph keeps 180 daily ones */

/* Where the drive's state came from. */
enum dc_ceph_source {
	DC_CEPH_SOURCE_NONE = 0,      /* no sample */
	DC_CEPH_SOURCE_HEALTH_METRICS, /* the newest stored sample (get-health-metrics) */
	DC_CEPH_SOURCE_DAEMON_QUERY,  /* a daemon's reading now (query-daemon-health-metrics) */
};

/* One (host, kernel name, by-path link) that claims the device, as `device ls` says. */
struct dc_ceph_location {
	char host[DC_HOST_LEN];
	char dev[DC_NAME_LEN];        /* "sda", "nvme0n1" */
	char path[DC_PATH_LEN];       /* "/dev/disk/by-path/...", "" when the OSD found none */
};

/* A scrape whose smartctl failed: Ceph's record instead of a sample. */
struct dc_ceph_failed_scrape {
	int64_t time;                 /* Unix seconds (the sample key, UTC) */
	char error[DC_TEXT_LEN];      /* "smartctl failed" */
	char message[256];            /* its smartctl_output (or output), first line */
};

struct dc_ceph {
	bool present;                 /* the drive came from Ceph's store: the rest is set */
	char devid[DC_CEPH_DEVID_LEN];
	enum dc_tri listed;           /* in `device ls`; unknown: no device ls was read */
	unsigned ndaemons, daemons_total;
	char daemons[DC_CEPH_MAX_DAEMONS][DC_CEPH_DAEMON_LEN]; /* "osd.3", sorted as Ceph does */
	unsigned nlocations, locations_total;
	struct dc_ceph_location locations[DC_CEPH_MAX_LOCATIONS];
	bool have_wear_level;
	double wear_level;            /* Ceph's own: a fraction, 0.84 is 84% (past 1 worn out) */
	bool have_life_expectancy;    /* diskprediction or set-life-expectancy */
	int64_t life_min, life_max, life_stamp; /* Unix seconds, UTC; 0: not given */
	unsigned samples;             /* samples read of the drive, failed scrapes too */
	unsigned samples_failed;      /* ... of which failed scrapes */
	int64_t first_sample;         /* Unix seconds of the oldest sample; 0 none */
	int64_t state_sample;         /* ... of the one that is the drive's state; 0 none */
	enum dc_ceph_source state_source;
	bool have_failed_scrape;      /* the newest failed scrape */
	struct dc_ceph_failed_scrape failed;
};

/* ceph.c */
/* A devicehealth sample key, "YYYYMMDD-HHMMSS" in UTC, as Unix seconds. Returns 0, -EINVAL
 * when s is not of that form, -ERANGE when it is but names no such date or time. */
int dc_ceph_sample_time(const char *s, int64_t *t);
/* Unix seconds as a sample key, "20260614-031500" (buf: 16 bytes at least). */
void dc_ceph_sample_key(int64_t t, char *buf, size_t len);
/* Whether s is a devid Ceph could have made: 1 to 255 bytes of printable ASCII, no space
 * and no '/'. */
bool dc_ceph_devid_ok(const char *s);
/* Whether s names a daemon: "type.id" ("osd.3", "mon.ceph-a"), no white space. */
bool dc_ceph_daemon_ok(const char *s);
/* A utime_t as Ceph prints it ("2026-06-15T03:20:11.000000+0000", its zone's offset
 * applied) into Unix seconds; "0.000000" (a zero time) is 0. Returns 0 or -EINVAL. */
int dc_ceph_utime(const char *s, int64_t *t);
/* Unix seconds as "2026-06-15T03:20:11Z" (UTC). */
void dc_ceph_time_text(int64_t t, char *buf, size_t len);

#endif /* DC_CEPH_H */
