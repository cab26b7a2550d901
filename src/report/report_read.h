/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report_read.h - drivecheck's own --json output read back (the fleet report), and the
 * files of many hosts gathered into one fleet. */
#ifndef DC_REPORT_READ_H
#define DC_REPORT_READ_H

#include "dc_types.h"

#define DC_HOST_LEN        64
#define DC_REPORT_MAX_FILE (64u << 20) /* bytes; a drive takes ~20 KB of JSON */

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

/* A growing list of reports, each with the file it came from. */
struct dc_fleet {
	unsigned nfiles;
	struct dc_fleet_file *files;
	unsigned n, cap;
	struct dc_report *reports;
	unsigned *file_of;            /* reports[i] came from files[file_of[i]] */
};

/* report_read.c */
/*
 * Reads one drivecheck --json document (a scan's, a replay's or an import's; text of len
 * bytes, NUL-terminated) into f: its devices are appended to f->reports with file_of set to
 * the index of file, and file gets the version and the host (host stays "" when the file
 * names none). Only what the fleet's table, summary and order need is read: the device's
 * path, name, transport and capacity; the drive's identity, write cache, wear and PLP
 * evidence; the database row's vendor, family and class; the PLP class, F's figure, each
 * verdict's status, the endurance left; and why a device could not be read. A device
 * without verdicts is a report with error set (errors[0] as its message).
 * Returns the number of devices read, -ENOMEM, or -EINVAL with the reason in err: not JSON
 * (or truncated), not drivecheck's, a json_format_version MAJOR other than this build's, a
 * key of the wrong type, an unknown status or PLP class. Nothing is appended then.
 */
int dc_report_read(const char *text, size_t len, unsigned file, struct dc_fleet_file *meta,
		   struct dc_fleet *f, char *err, size_t errlen);

/* fleet.c */
/* Reads each file named into f; a file that cannot be read (or parsed) becomes a file with
 * error set and a report with error set (dev.path the file, the reason), and the others are
 * still read. Returns 0 or -ENOMEM. */
int dc_fleet_read(char *const *paths, unsigned npaths, struct dc_fleet *f);
/* Room for more reports after f->n. Returns 0 or -ENOMEM. */
int dc_fleet_grow(struct dc_fleet *f, unsigned more);
/* Puts f's reports in this order (order[k] = the index of the report to stand k-th).
 * Returns 0 or -ENOMEM. */
int dc_fleet_reorder(struct dc_fleet *f, const unsigned *order);
/* The host of report i. */
const char *dc_fleet_host(const struct dc_fleet *f, unsigned i);
/* Frees what f holds; f may be zeroed or already freed. */
void dc_fleet_free(struct dc_fleet *f);

#endif /* DC_REPORT_READ_H */
