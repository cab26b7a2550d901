// SPDX-License-Identifier: GPL-2.0-or-later
/* dump_read.c - a dump read back for --replay, every value held to its type and range. */
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_read.h"
#include "device/dump.h"
#include "core/files.h"
#include "core/names.h"
#include "core/sense.h"
#include "device/protocol.h"

/* Past these a figure is no drive's answer: the dump is refused (dump_read.c). */
#define DUMP_MAX_DURATION_S 86400.0   /* a probe of a day: --probe-time is at most an hour */
#define DUMP_MAX_IOPS       1e9       /* a billion writes a second, one at a time */

static int errno_from_name(const char *name)
{
	for (int e = 1; e < 4096; e++) {
		const char *n = strerrorname_np(e);

		if (n && strcmp(n, name) == 0)
			return e;
	}
	return 0;
}

/*
 * The reader holds every value to its type and range (core/json_read.h) and refuses the
 * whole dump at the first that is not, naming it: a latency of -5 us read as it stands
 * would replay as a fast drive, and one of 1e300 as nothing at all. A key older minors
 * lack keeps its default (the struct zeroed, or as said below). minor is the dump's
 * dump_format_version minor.
 */

/*
 * An enum: from 1.3 one of its names (names.h), before 1.3 its number, within the same
 * table; dflt when absent. A name in an old dump, or a number in a new one, is refused.
 */
static int read_enum(struct dc_json_reader *r, unsigned minor, const cJSON *o, const char *key,
		     const struct dc_enum_names *t, int dflt)
{
	long long n = dflt;
	int v = dflt;

	if (minor < 3) {
		dc_jr_int(r, o, key, t->first, t->first + (long long)t->count - 1, 0, &n);
		return (int)n;
	}
	dc_jr_enum(r, o, key, t, 0, &v);
	return v;
}

/* An answer: "unknown", "no", "yes" (before 1.3: -1, 0, 1); unknown when absent. */
static enum dc_tri read_tri(struct dc_json_reader *r, unsigned minor, const cJSON *o,
			    const char *key)
{
	return (enum dc_tri)read_enum(r, minor, o, key, &dc_tri_names, DC_TRI_UNKNOWN);
}

/* A count in [0, max]; dflt when absent. */
static uint64_t read_count(struct dc_json_reader *r, const cJSON *o, const char *key,
			   uint64_t max, uint64_t dflt)
{
	uint64_t v = dflt;

	dc_jr_u64(r, o, key, max, 0, &v);
	return v;
}

/* A figure in [lo, hi]; 0 when absent. */
static double read_num(struct dc_json_reader *r, const cJSON *o, const char *key, double lo,
		       double hi)
{
	double v = 0;

	dc_jr_double(r, o, key, lo, hi, 0, &v);
	return v;
}

/* An array of strings, each into a row of rows (max of them). Returns how many. */
static unsigned read_names(struct dc_json_reader *r, const cJSON *o, const char *key,
			   char rows[][DC_NAME_LEN], unsigned max)
{
	const cJSON *arr, *e;
	unsigned n = 0;

	if (dc_jr_arr(r, o, key, 0, &arr) != DC_JSON_OK)
		return 0;
	cJSON_ArrayForEach(e, arr) {
		if (n == max) {
			dc_jr_fail(r, key, "more than the %u this drivecheck keeps", max);
			return n;
		}
		dc_jr_enter(r, key);
		dc_jr_enter_index(r, n);
		dc_jr_copy(r, e, NULL, 0, rows[n], DC_NAME_LEN);
		dc_jr_leave(r);
		dc_jr_leave(r);
		if (r->rc)
			return n;
		n++;
	}
	return n;
}

/* device.mounts[]: each an object. */
static void mounts_from_json(struct dc_json_reader *r, const cJSON *o, struct dc_dev *dev)
{
	const cJSON *mounts, *m, *mo;

	if (dc_jr_arr(r, o, "mounts", 0, &mounts) != DC_JSON_OK)
		return;
	dc_jr_enter(r, "mounts");
	cJSON_ArrayForEach(m, mounts) {
		struct dc_mount *mt = &dev->mounts[dev->nmounts];

		if (dev->nmounts == DC_MAX_MOUNTS) {
			dc_jr_leave(r);
			dc_jr_fail(r, "mounts", "more than the %u this drivecheck keeps",
				   DC_MAX_MOUNTS);
			return;
		}
		dc_jr_enter_index(r, dev->nmounts);
		if (dc_jr_obj(r, m, NULL, 0, &mo) == DC_JSON_OK) {
			dc_jr_copy(r, mo, "source", 0, mt->source, sizeof(mt->source));
			dc_jr_copy(r, mo, "target", 0, mt->target, sizeof(mt->target));
			dc_jr_copy(r, mo, "fstype", 0, mt->fstype, sizeof(mt->fstype));
			dc_jr_bool(r, mo, "readonly", 0, &mt->readonly);
		}
		dc_jr_leave(r);
		if (r->rc)
			break;
		dev->nmounts++;
	}
	dc_jr_leave(r);
}

/* "device", its path entered. */
static void dev_from_json(struct dc_json_reader *r, unsigned minor, const cJSON *o,
			  struct dc_dev *dev)
{
	char proto[16], text[DC_NAME_LEN];
	int kcache = DC_KCACHE_UNKNOWN;
	unsigned total;

	memset(dev, 0, sizeof(*dev));
	dc_jr_copy(r, o, "name", 0, dev->name, sizeof(dev->name));
	dc_jr_copy(r, o, "path", 0, dev->path, sizeof(dev->path));
	dc_jr_copy(r, o, "by_id", 0, dev->by_id, sizeof(dev->by_id)); /* 1.5; "" before */
	/* a spec names the drive by it: a link of that folder, or none */
	if (dev->by_id[0] && strncmp(dev->by_id, "/dev/disk/by-id/", 16) != 0)
		dc_jr_fail(r, "by_id", "not a /dev/disk/by-id/ path");
	dc_jr_copy(r, o, "transport", 0, text, sizeof(text));
	/* A transport this version does not know is still a device: "other". */
	if (dc_transport_from_name(text, &dev->transport))
		dev->transport = DC_TRAN_OTHER;
	dc_jr_copy(r, o, "protocol", 0, proto, sizeof(proto));
	if (!r->rc && (!dev->name[0] || dc_protocol_from_name(proto, &dev->protocol)))
		dc_jr_fail_top(r, -EINVAL, "missing device name or unknown protocol '%s'", proto);
	dc_jr_copy(r, o, "vendor", 0, dev->vendor, sizeof(dev->vendor));
	dc_jr_copy(r, o, "model", 0, dev->model, sizeof(dev->model));
	dc_jr_copy(r, o, "serial", 0, dev->serial, sizeof(dev->serial));
	dc_jr_copy(r, o, "firmware", 0, dev->firmware, sizeof(dev->firmware));
	dev->capacity_bytes = read_count(r, o, "capacity_bytes", UINT64_MAX, 0);
	/* 0, sysfs's "not known", has always replayed as 512 */
	dev->logical_block_bytes = (uint32_t)read_count(r, o, "logical_block_bytes", 1 << 20, 512);
	dev->physical_block_bytes = (uint32_t)read_count(r, o, "physical_block_bytes", 1 << 20, 512);
	if (!dev->logical_block_bytes)
		dev->logical_block_bytes = 512;
	if (!dev->physical_block_bytes)
		dev->physical_block_bytes = 512;
	dev->rotational = read_tri(r, minor, o, "rotational");
	dc_jr_bool(r, o, "readonly", 0, &dev->readonly);
	dc_jr_bool(r, o, "removable", 0, &dev->removable);
	if (dc_jr_enum(r, o, "kernel_write_cache", &dc_kcache_names, 0, &kcache) == DC_JSON_OK)
		dev->kernel_cache = (enum dc_kernel_cache)kcache;
	dev->kernel_fua = read_tri(r, minor, o, "kernel_fua");
	dc_jr_copy(r, o, "backing_file", 0, dev->backing_file, sizeof(dev->backing_file));
	dc_jr_copy(r, o, "backing_fstype", 0, dev->backing_fstype, sizeof(dev->backing_fstype));
	dc_jr_copy(r, o, "backing_source", 0, dev->backing_source, sizeof(dev->backing_source));
	dc_jr_copy(r, o, "backing_mount", 0, dev->backing_mount, sizeof(dev->backing_mount));
	dev->nmembers = read_names(r, o, "members", dev->members, DC_MAX_MEMBERS);
	/* the members a volume has, of which the first DC_MAX_MEMBERS are named */
	total = (unsigned)read_count(r, o, "members_total", 1 << 20, 0);
	if (total > dev->nmembers)
		dev->nmembers = total;
	dev->nholders = (unsigned)read_count(r, o, "holders", 1 << 20, 0);
	dev->nparts = read_names(r, o, "partitions", dev->parts, DC_MAX_PARTS);
	mounts_from_json(r, o, dev);
}

/* One phase's latencies, key of o: every figure in microseconds, from 0 to
 * DC_LATENCY_MAX_US. Absent in older dumps (1.0: flush). */
static void latency_from_json(struct dc_json_reader *r, const cJSON *o, const char *key,
			      struct dc_latency *l)
{
	const cJSON *lo;

	if (dc_jr_obj(r, o, key, 0, &lo) != DC_JSON_OK)
		return;
	dc_jr_enter(r, key);
	l->count = (unsigned)read_count(r, lo, "count", UINT32_MAX, 0);
	l->mean_us = read_num(r, lo, "mean_us", 0, DC_LATENCY_MAX_US);
	l->stdev_us = read_num(r, lo, "stdev_us", 0, DC_LATENCY_MAX_US);
	l->min_us = read_num(r, lo, "min_us", 0, DC_LATENCY_MAX_US);
	l->p50_us = read_num(r, lo, "p50_us", 0, DC_LATENCY_MAX_US);
	l->p90_us = read_num(r, lo, "p90_us", 0, DC_LATENCY_MAX_US);
	l->p99_us = read_num(r, lo, "p99_us", 0, DC_LATENCY_MAX_US);
	l->p999_us = read_num(r, lo, "p999_us", 0, DC_LATENCY_MAX_US);
	l->max_us = read_num(r, lo, "max_us", 0, DC_LATENCY_MAX_US);
	l->iops = read_num(r, lo, "iops", 0, DUMP_MAX_IOPS);
	dc_jr_leave(r);
}

/* A probe's result, its path entered. */
static void probe_from_json(struct dc_json_reader *r, unsigned minor, const cJSON *o,
			    struct dc_probe *p)
{
	memset(p, 0, sizeof(*p));
	p->mode = (enum dc_probe_mode)read_enum(r, minor, o, "mode", &dc_probe_mode_names,
						DC_PROBE_NOT_RUN);
	dc_jr_copy(r, o, "where", 0, p->where, sizeof(p->where));
	dc_jr_copy(r, o, "skipped", 0, p->skipped, sizeof(p->skipped));
	dc_jr_copy(r, o, "warning", 0, p->warning, sizeof(p->warning));
	p->duration_s = read_num(r, o, "duration_s", 0, DUMP_MAX_DURATION_S);
	dc_jr_bool(r, o, "stable", 0, &p->stable);
	latency_from_json(r, o, "sync", &p->sync);
	latency_from_json(r, o, "flush", &p->flush); /* 1.1 */
	latency_from_json(r, o, "nosync", &p->nosync);
	/* sync.p50 - nosync.p50: of either sign */
	p->flush_cost_us = read_num(r, o, "flush_cost_us", -DC_LATENCY_MAX_US, DC_LATENCY_MAX_US);
}

/* 1.1: the cache experiment, when it was asked for; its path entered. */
static void trial_from_json(struct dc_json_reader *r, unsigned minor, const cJSON *o,
			    struct dc_cache_trial *t)
{
	const cJSON *probe;
	char state[16];

	memset(t, 0, sizeof(*t));
	dc_jr_copy(r, o, "state", 0, state, sizeof(state));
	/* a state of a later version: the experiment is not replayed */
	if (r->rc || dc_trial_state_from_name(state, &t->state) ||
	    t->state == DC_TRIAL_NOT_ASKED) {
		t->state = DC_TRIAL_NOT_ASKED;
		return;
	}
	dc_jr_copy(r, o, "why", 0, t->why, sizeof(t->why));
	t->off_honoured = read_tri(r, minor, o, "off_honoured");
	t->restored = read_tri(r, minor, o, "restored");
	if (dc_jr_obj(r, o, "probe", 0, &probe) != DC_JSON_OK)
		return;
	dc_jr_enter(r, "probe");
	probe_from_json(r, minor, probe, &t->probe);
	dc_jr_leave(r);
}

/* 1.1: the record of a cache an earlier run left off, when one was found; its path
 * entered. */
static void left_from_json(struct dc_json_reader *r, const cJSON *o, struct dc_cache_left *l)
{
	memset(l, 0, sizeof(*l));
	l->found = true;
	dc_jr_copy(r, o, "since", 0, l->since, sizeof(l->since));
	l->pid = (long)read_count(r, o, "pid", INT_MAX, 0);
	dc_jr_bool(r, o, "running", 0, &l->running);
	dc_jr_copy(r, o, "record", 0, l->record, sizeof(l->record));
}

/* A page name becomes a file name: letters, digits and '-' only. */
static bool page_name_ok(const char *name)
{
	if (!name[0])
		return false;
	for (const char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-'))
			return false;
	return true;
}

/* The dump's dump_format_version: 0 with *minor set, or -EINVAL with the message set. */
static int read_version(struct dc_json_reader *r, const cJSON *root, unsigned *minor)
{
	const cJSON *ver = NULL, *major_v;
	long long major = -1, mn = -1;
	double shown = 0;

	if (root)
		dc_jr_arr(r, root, "dump_format_version", DC_JSON_SOFT, &ver);
	major_v = cJSON_GetArrayItem(ver, 0);
	if (dc_jr_double(r, major_v, NULL, -DBL_MAX, DBL_MAX, DC_JSON_SOFT, &shown) != DC_JSON_OK)
		return dc_jr_fail_top(r, -EINVAL, "not a drivecheck dump (no dump_format_version)");
	if (dc_jr_int(r, major_v, NULL, 0, INT_MAX, DC_JSON_SOFT, &major) != DC_JSON_OK ||
	    major != DC_DUMP_FORMAT_MAJOR)
		return dc_jr_fail_top(r, -EINVAL, "dump format %g, this drivecheck reads %d", shown,
				      DC_DUMP_FORMAT_MAJOR);
	if (cJSON_GetArraySize(ver) != 2 ||
	    dc_jr_int(r, cJSON_GetArrayItem(ver, 1), NULL, 0, INT_MAX, DC_JSON_SOFT, &mn) !=
	    DC_JSON_OK)
		return dc_jr_fail_top(r, -EINVAL, "dump_format_version: want [%d, MINOR]",
				      DC_DUMP_FORMAT_MAJOR);
	*minor = (unsigned)mn;
	return 0;
}

/*
 * Dumps before 1.3 kept a page's end as one int: 0 read, -errno, 0x10000 | the sense key
 * (SCSI CHECK CONDITION), DC_RAW_NOT_IN_INPUT's -40960, or another positive number: the
 * NVMe status on an NVMe drive, the SCSI status on the others.
 */
static struct dc_io_status legacy_status(long long err, enum dc_protocol proto)
{
	struct dc_io_status st = { .kind = DC_IO_OK };

	if (err == 0)
		return st;
	if (err == -40960)
		return dc_io_not_in_input();
	if (err < 0)
		return dc_io_errno((int)err);
	if (proto == DC_PROTO_NVME)
		return dc_io_nvme((unsigned)err);
	st.kind = DC_IO_SCSI;
	if (err & 0x10000) {
		st.scsi_status = DC_SCSI_CHECK_CONDITION;
		st.sense.valid = true;
		st.sense.key = (uint8_t)(err & 0x0f);
	} else {
		st.scsi_status = (uint8_t)(err & 0x7e);
	}
	return st;
}

/* A whole number of the sense object or the page, in [0, max]; absent is 0. */
static unsigned read_code(struct dc_json_reader *r, const cJSON *o, const char *key,
			  unsigned max, bool *present)
{
	if (present)
		*present = dc_jr_has(o, key);
	return (unsigned)read_count(r, o, key, max, 0);
}

/* 1.3: a SCSI page's sense data, its path entered. */
static void sense_from_json(struct dc_json_reader *r, const cJSON *sense, struct dc_sense *s)
{
	char format[16];
	bool asc, ascq;

	dc_jr_copy(r, sense, "format", 0, format, sizeof(format));
	if (!r->rc && strcmp(format, "fixed") && strcmp(format, "descriptor"))
		dc_jr_fail(r, "format", "unknown sense format '%s' (want \"fixed\", "
			   "\"descriptor\")", format);
	s->valid = true;
	s->descriptor = strcmp(format, "descriptor") == 0;
	dc_jr_bool(r, sense, "deferred", 0, &s->deferred);
	s->key = (uint8_t)read_code(r, sense, "key", 15, NULL);
	s->asc = (uint8_t)read_code(r, sense, "asc", 0xff, &asc);
	s->ascq = (uint8_t)read_code(r, sense, "ascq", 0xff, &ascq);
	if (!r->rc && asc != ascq)
		dc_jr_fail(r, asc ? "ascq" : "asc", "asc and ascq come together");
	s->asc_valid = asc && ascq;
}

/* 1.3: the page's "result" and what comes with it; older dumps: its "error". The page's
 * path entered. */
static void status_from_json(struct dc_json_reader *r, const cJSON *pg, enum dc_protocol proto,
			     struct dc_io_status *st)
{
	const cJSON *sense;
	long long perr = -EIO;
	const char *name;
	int kind = DC_IO_OK;

	memset(st, 0, sizeof(*st));
	if (!dc_jr_has(pg, "result")) {
		/* 0, -errno, or a device status; absent: the page was not read */
		dc_jr_int(r, pg, "error", INT_MIN + 1, INT_MAX, 0, &perr);
		*st = legacy_status(perr, proto);
		return;
	}
	if (dc_jr_enum(r, pg, "result", &dc_io_kind_names, 0, &kind) != DC_JSON_OK)
		return;
	st->kind = (enum dc_io_kind)kind;
	switch (st->kind) {
	case DC_IO_ERRNO:
		if (dc_jr_str(r, pg, "errno", SIZE_MAX, DC_JSON_SOFT, &name) == DC_JSON_OK) {
			st->errnum = errno_from_name(name);
			if (!st->errnum)
				dc_jr_fail(r, "errno", "unknown errno '%.40s'", name);
		} else {
			st->errnum = (int)read_count(r, pg, "errno", 4095, 0);
			if (!r->rc && !st->errnum)
				dc_jr_fail(r, "errno", "want an errno's name or a number from 1");
		}
		break;
	case DC_IO_NVME:
		st->nvme_status = read_code(r, pg, "nvme_status", 0xffff, NULL);
		break;
	case DC_IO_SCSI:
		st->scsi_status = (uint8_t)read_code(r, pg, "scsi_status", 0xff, NULL);
		st->host_status = (uint16_t)read_code(r, pg, "host_status", 0xffff, NULL);
		st->driver_status = (uint16_t)read_code(r, pg, "driver_status", 0xffff, NULL);
		if (dc_jr_obj(r, pg, "sense", 0, &sense) != DC_JSON_OK)
			break;
		dc_jr_enter(r, "sense");
		sense_from_json(r, sense, &st->sense);
		dc_jr_leave(r);
		break;
	default:
		break;
	}
}

/* One page of the index, its path entered: its error, or its file read back. */
static int page_from_json(struct dc_json_reader *r, const char *dir, const cJSON *pg,
			  enum dc_protocol proto, struct dc_raw *raw)
{
	char path[PATH_MAX], name[DC_PAGE_NAME_LEN];
	struct dc_io_status st;
	const char *jn = "(not a string)";
	uint8_t *data = NULL;
	size_t len;
	int rc;

	if (dc_jr_obj(r, pg, NULL, 0, &pg) != DC_JSON_OK)
		return r->rc;
	if (dc_jr_str(r, pg, "name", SIZE_MAX, DC_JSON_SOFT, &jn) != DC_JSON_OK ||
	    strlen(jn) >= sizeof(name) || !page_name_ok(jn))
		return dc_jr_fail_top(r, -EINVAL, "bad page name '%.40s'", jn);
	snprintf(name, sizeof(name), "%s", jn);
	status_from_json(r, pg, proto, &st);
	if (r->rc)
		return r->rc;
	if (st.kind != DC_IO_OK) {
		rc = dc_raw_add(raw, name, NULL, 0, &st);
	} else {
		snprintf(path, sizeof(path), "%s/pages/%s.bin", dir, name);
		rc = dc_read_file(path, DC_DUMP_MAX_PAGE, &data, &len);
		if (rc) {
			r->what = NULL; /* the page file's own error, named by its path */
			return dc_jr_fail_top(r, rc, "%s: %s", path, strerror(-rc));
		}
		rc = dc_raw_add(raw, name, data, len, NULL);
		free(data);
	}
	if (rc == -ENOMEM)
		return dc_jr_nomem(r);
	if (rc) {
		r->what = NULL;
		return dc_jr_fail_top(r, rc, "%s: too many pages", dir);
	}
	return 0;
}

/* The page index: each page's error, or its file read back. */
static int read_pages(struct dc_json_reader *r, const char *dir, const cJSON *root,
		      enum dc_protocol proto, struct dc_raw *raw)
{
	const cJSON *pages, *pg;
	unsigned k = 0;
	int rc = 0;

	if (dc_jr_arr(r, root, "pages", 0, &pages) != DC_JSON_OK)
		return r->rc;
	dc_jr_enter(r, "pages");
	cJSON_ArrayForEach(pg, pages) {
		dc_jr_enter_index(r, k++);
		rc = page_from_json(r, dir, pg, proto, raw);
		dc_jr_leave(r);
		if (rc)
			break;
	}
	dc_jr_leave(r);
	return rc;
}

/* An object of the dump's top level, read by fn with its path entered; absent, nothing. */
#define READ_PART(r, root, key, fn, ...) do {					\
		const cJSON *part_;						\
										\
		if (dc_jr_obj((r), (root), (key), 0, &part_) == DC_JSON_OK) {	\
			dc_jr_enter((r), (key));				\
			fn((r), __VA_ARGS__);					\
			dc_jr_leave(r);						\
		}								\
	} while (0)

int dc_dump_read(const char *dir, const struct dc_dump_parts *p, struct dc_raw *raw, char *err,
		 size_t errlen)
{
	struct dc_json_reader r;
	const cJSON *dev;
	char path[PATH_MAX];
	cJSON *root = NULL;
	uint8_t *text = NULL;
	unsigned minor = 0;
	size_t len;
	int rc;

	memset(p->probe, 0, sizeof(*p->probe));
	memset(p->trial, 0, sizeof(*p->trial));
	memset(p->left, 0, sizeof(*p->left));
	snprintf(path, sizeof(path), "%s/device.json", dir);
	dc_jr_init(&r, err, errlen, path);
	rc = dc_read_file(path, 4 * 1024 * 1024, &text, &len);
	if (rc) {
		snprintf(err, errlen, "%s: %s", path, strerror(-rc));
		goto out;
	}
	root = dc_json_parse((const char *)text, len, NULL, false, &rc);
	if (rc == -ENOMEM) {
		rc = dc_jr_nomem(&r);
		goto out;
	}
	rc = read_version(&r, root, &minor);
	if (rc)
		goto out;
	dc_jr_copy(&r, root, "host", 0, p->host, DC_HOST_LEN); /* 1.2; "" in older dumps */
	/* no device: its name is missing */
	dc_jr_obj(&r, root, "device", 0, &dev);
	dc_jr_enter(&r, "device");
	dev_from_json(&r, minor, dev, p->dev);
	dc_jr_leave(&r);
	dc_availability_dump_read(&r, root, "availability", p->avail); /* 1.4 */
	read_pages(&r, dir, root, p->dev->protocol, raw);
	READ_PART(&r, root, "probe", probe_from_json, minor, part_, p->probe);
	READ_PART(&r, root, "cache_experiment", trial_from_json, minor, part_, p->trial);
	READ_PART(&r, root, "cache_left_off", left_from_json, part_, p->left);
	rc = r.rc;
out:
	cJSON_Delete(root);
	free(text);
	return rc;
}
