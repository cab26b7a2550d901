// SPDX-License-Identifier: GPL-2.0-or-later
/* scan.c - runs the one-way pipeline over devices, live or replayed from dumps. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "db.h"
#include "decide.h"
#include "drive.h"
#include "dump.h"
#include "inspect.h"
#include "raw.h"
#include "scan.h"
#include "sysfs.h"

#define DC_MAX_DEVICES 256

/* look up -> decide: the stages after the device's own answers. */
static void evaluate(const struct dc_scan_opts *o, struct dc_report *r)
{
	const char *model = r->drive.model[0] ? r->drive.model : r->dev.model;
	struct dc_facts f = { .dev = &r->dev, .drive = &r->drive, .db = &r->db, .probe = &r->probe };

	if (o->db && model[0] && dc_db_lookup(o->db, model, &r->db) < 0)
		dc_drive_add_error(&r->drive, "database lookup failed");
	dc_decide(&f, &r->result);
}

static void set_error(struct dc_report *r, int err, const char *fmt, const char *arg)
{
	r->error = err;
	snprintf(r->error_msg, sizeof(r->error_msg), fmt, arg, strerror(-err));
}

static void inspect_one(const struct dc_scan_opts *o, const char *name, struct dc_report *r)
{
	struct dc_raw raw = { 0 };
	int rc;

	rc = dc_sysfs_read_dev(o->sysroot, name, &r->dev);
	if (rc) {
		snprintf(r->dev.path, sizeof(r->dev.path), "/dev/%s", name);
		set_error(r, rc, rc == -ENOENT ? "%s: device vanished (%s)" : "%s: %s", r->dev.path);
		return;
	}
	/* Under --sysroot the tree is someone else's: never send a command or write to a
	 * device of this host that happens to have the same name. */
	if (o->sysroot[0]) {
		dc_inspect_parse(&r->dev, &raw, 0, &r->drive);
		snprintf(r->probe.skipped, sizeof(r->probe.skipped),
			 "--sysroot: no device I/O");
		evaluate(o, r);
		goto out;
	}
	rc = dc_inspect_acquire(&r->dev, &raw);
	if (rc == -ENOENT || rc == -ENXIO || rc == -ENODEV) {
		set_error(r, rc, "%s: device vanished while being read (%s)", r->dev.path);
		goto out;
	}
	dc_inspect_parse(&r->dev, &raw, rc, &r->drive);
	if (o->probe)
		dc_probe_run(&r->dev, &o->probe_opts, &r->probe);
	else
		snprintf(r->probe.skipped, sizeof(r->probe.skipped), "disabled (--no-probe)");
	if (o->dump_dir) {
		char dir[PATH_MAX];

		snprintf(dir, sizeof(dir), "%s/%s", o->dump_dir, r->dev.name);
		rc = dc_dump_write(dir, &r->dev, &raw, &r->probe);
		if (rc)
			set_error(r, rc, "cannot write the dump under %s: %s", o->dump_dir);
	}
	evaluate(o, r);
out:
	dc_raw_free(&raw);
}

static const char *resolve_error(int rc)
{
	switch (rc) {
	case -ENOENT:  return "%s: no such device (%s)";
	case -ENOTBLK: return "%s: not a block device (%s)";
	case -EISDIR:  return "%s: a partition; name the whole disk (%s)";
	case -EACCES:  return "%s: permission denied (%s)";
	default:       return "%s: %s";
	}
}

int dc_scan_devices(const struct dc_scan_opts *o, char *const *args, unsigned nargs,
		    struct dc_report **reports, unsigned *n)
{
	char (*names)[DC_NAME_LEN] = calloc(DC_MAX_DEVICES, DC_NAME_LEN);
	struct dc_report *out = NULL;
	unsigned count;
	int rc = 0;

	*reports = NULL;
	*n = 0;
	if (!names)
		return -ENOMEM;
	if (!args) {
		rc = dc_sysfs_list_disks(o->sysroot, names, DC_MAX_DEVICES);
		if (rc < 0)
			goto out;
		count = (unsigned)rc;
		rc = 0;
	} else {
		count = nargs < DC_MAX_DEVICES ? nargs : DC_MAX_DEVICES;
	}
	out = calloc(count ? count : 1, sizeof(*out));
	if (!out) {
		rc = -ENOMEM;
		goto out;
	}
	for (unsigned i = 0; i < count; i++) {
		if (args) {
			int err = dc_sysfs_resolve(o->sysroot, args[i], names[i]);
			if (err) {
				snprintf(out[i].dev.path, sizeof(out[i].dev.path), "%s", args[i]);
				out[i].dev.transport = DC_TRAN_UNKNOWN;
				set_error(&out[i], err, resolve_error(err), args[i]);
				continue;
			}
		}
		inspect_one(o, names[i], &out[i]);
	}
	*reports = out;
	*n = count;
	out = NULL;
out:
	free(out);
	free(names);
	return rc;
}

static int replay_one(const struct dc_scan_opts *o, const char *dir, struct dc_report *r,
		      char *err, size_t errlen)
{
	struct dc_raw raw = { 0 };
	int rc = dc_dump_read(dir, &r->dev, &raw, &r->probe, err, errlen);

	if (rc == 0) {
		dc_inspect_parse(&r->dev, &raw, 0, &r->drive);
		if (r->probe.mode == DC_PROBE_NOT_RUN && !r->probe.skipped[0]) /* older dumps */
			snprintf(r->probe.skipped, sizeof(r->probe.skipped), "replay of a dump without a probe");
		evaluate(o, r);
	}
	dc_raw_free(&raw);
	return rc;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int dc_scan_replay(const struct dc_scan_opts *o, const char *dir, struct dc_report **reports,
		   unsigned *n, char *err, size_t errlen)
{
	char path[PATH_MAX];
	char *subdirs[DC_MAX_DEVICES];
	unsigned nsub = 0, count = 0;
	struct dc_report *out;
	struct dirent *de;
	struct stat st;
	DIR *d;
	int rc = 0;

	*reports = NULL;
	*n = 0;
	snprintf(path, sizeof(path), "%s/device.json", dir);
	if (stat(path, &st) == 0) {
		out = calloc(1, sizeof(*out));
		if (!out)
			return -ENOMEM;
		rc = replay_one(o, dir, out, err, errlen);
		if (rc) {
			free(out);
			return rc;
		}
		*reports = out;
		*n = 1;
		return 0;
	}
	d = opendir(dir);
	if (!d) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -errno;
	}
	while ((de = readdir(d)) && nsub < DC_MAX_DEVICES) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s/device.json", dir, de->d_name);
		if (stat(path, &st) == 0)
			subdirs[nsub++] = strdup(de->d_name);
	}
	closedir(d);
	if (!nsub) {
		snprintf(err, errlen, "%s: no drivecheck dump here (no device.json)", dir);
		return -ENOENT;
	}
	qsort(subdirs, nsub, sizeof(subdirs[0]), name_cmp);
	/* One bad dump among many is that device's error; the others are still replayed. */
	out = calloc(nsub, sizeof(*out));
	for (unsigned i = 0; out && i < nsub; i++, count++) {
		char why[512] = "";

		snprintf(path, sizeof(path), "%s/%s", dir, subdirs[i] ? subdirs[i] : "");
		rc = replay_one(o, path, &out[count], why, sizeof(why));
		if (rc) {
			memset(&out[count], 0, sizeof(out[count]));
			snprintf(out[count].dev.path, sizeof(out[count].dev.path), "%s", path);
			out[count].dev.transport = DC_TRAN_UNKNOWN;
			out[count].error = rc;
			snprintf(out[count].error_msg, sizeof(out[count].error_msg), "%s",
				 why[0] ? why : strerror(-rc));
		}
	}
	for (unsigned i = 0; i < nsub; i++)
		free(subdirs[i]);
	if (!out)
		return -ENOMEM;
	*reports = out;
	*n = count;
	return 0;
}
