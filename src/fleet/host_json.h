/* SPDX-License-Identifier: GPL-2.0-or-later */
/* host_json.h - a host's drivecheck --json read back for the fleet (fleet.h), one device
 * at a time. */
#ifndef DC_HOST_JSON_H
#define DC_HOST_JSON_H

#include "dc_types.h"
#include "decide/check.h"

#define DC_HOST_JSON_MAX_FILE (64u << 20) /* bytes; a drive takes ~20 KB of JSON */

/* One file of a fleet: a host's drivecheck --json, or why it could not be read. */
struct dc_fleet_file {
	char path[DC_PATH_LEN];
	char host[DC_HOST_LEN];       /* its "host", else the file's name without ".json" */
	bool host_from_name;          /* the file named no host */
	unsigned major, minor;        /* its json_format_version */
	char version[DC_NAME_LEN];    /* its drivecheck_version */
	unsigned drives;              /* devices read from it */
	int error;                    /* 0, or -errno: -EINVAL when it is not drivecheck's JSON */
	char error_msg[256];          /* the path and the reason */
};

/* host_json.c */
/*
 * Reads one drivecheck --json document (a scan's, a replay's or an import's; text of len
 * bytes, NUL-terminated), and hands each of its devices to drive(ctx, r) as it is read: r
 * is the reader's, valid until drive returns, which returns 0 to go on or -errno to stop.
 * meta gets the version and the host (host stays "" when the file names none). Only what
 * the fleet's table, summary and order need is read: the device's path, name, transport
 * and capacity; the drive's identity, write cache, wear and PLP evidence; the database
 * row's vendor, family and class; the PLP class, F's figure, each verdict's status, the
 * endurance left; the sysfs model, available and rejected_reasons (1.5,
 * host_json_avail.c); and why a device could not be read. A device without verdicts is
 * a check with error set (errors[0] as its message).
 *
 * Nothing is built for the document as a whole (json_skim.h): the text is checked as
 * cJSON would parse it, and each device is made a tree of its own only once it is seen to
 * be an object, so that a file of a million values that are not devices costs nothing to
 * refuse.
 *
 * Returns the number of devices read, -ENOMEM, what drive returned, or -EINVAL with the
 * reason in err: not JSON (or truncated), not drivecheck's, a json_format_version MAJOR
 * other than this build's, a key of the wrong type, an unknown status or PLP class. The
 * file is refused whole then: the devices drive was given before are the caller's to
 * drop.
 */
int dc_host_json_read(const char *text, size_t len, struct dc_fleet_file *meta,
		   int (*drive)(void *ctx, const struct dc_check *r), void *ctx,
		   char *err, size_t errlen);

/* host_json_avail.c */
/* dev's sysfs_model, available and rejected_reasons (1.5) into r, through j, whose path
 * names dev ("devices[2]"). Returns j->rc. */
struct cJSON;
struct dc_json_reader;
int dc_host_json_read_avail(struct dc_json_reader *j, const struct cJSON *dev, struct dc_check *r);

/* host_json_ceph.c */
/* dev's "host" (a drive of Ceph's store, 1.7: it takes precedence over the file's) into
 * r->host, and its "ceph" devid and daemons into r->ceph. Returns j->rc. */
int dc_host_json_read_ceph(struct dc_json_reader *j, const struct cJSON *dev,
			   struct dc_check *r);

#endif /* DC_HOST_JSON_H */
