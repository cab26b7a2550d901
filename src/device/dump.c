// SPDX-License-Identifier: GPL-2.0-or-later
/* dump.c - the dump format: what a device said, saved so that --replay sees the same. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "core/host.h"
#include "core/json_alloc.h"
#include "core/json_get.h"
#include "device/availability.h"
#include "device/dump.h"
#include "files.h"
#include "names.h"
#include "raw.h"
#include "sense.h"
#include "device/transport.h"

/* Past these a figure is no drive's answer: the dump is refused (see the reader). */
#define DUMP_MAX_DURATION_S 86400.0   /* a probe of a day: --probe-time is at most an hour */
#define DUMP_MAX_IOPS       1e9       /* a billion writes a second, one at a time */

/*
 * The dump mirrors struct dc_dev and struct dc_probe field for field, under its own
 * dump_format_version. render_json.c prints some of the same fields for users under
 * json_format_version. The two are kept apart on purpose: a change to what users see must
 * never change what old dumps mean, nor the reverse.
 */
static cJSON *dev_to_json(const struct dc_dev *dev)
{
	cJSON *o = cJSON_CreateObject(), *parts, *mounts;

	cJSON_AddStringToObject(o, "name", dev->name);
	cJSON_AddStringToObject(o, "path", dev->path);
	cJSON_AddStringToObject(o, "by_id", dev->by_id); /* 1.5 */
	cJSON_AddStringToObject(o, "transport", dc_transport_name(dev->transport));
	cJSON_AddStringToObject(o, "protocol", dc_protocol_name(dev->protocol));
	cJSON_AddStringToObject(o, "vendor", dev->vendor);
	cJSON_AddStringToObject(o, "model", dev->model);
	cJSON_AddStringToObject(o, "serial", dev->serial);
	cJSON_AddStringToObject(o, "firmware", dev->firmware);
	cJSON_AddNumberToObject(o, "capacity_bytes", (double)dev->capacity_bytes);
	cJSON_AddNumberToObject(o, "logical_block_bytes", dev->logical_block_bytes);
	cJSON_AddNumberToObject(o, "physical_block_bytes", dev->physical_block_bytes);
	/* 1.3: enums by name, as the reader's tables have them (names.h) */
	cJSON_AddStringToObject(o, "rotational", dc_enum_name(&dc_tri_names, dev->rotational, "unknown"));
	cJSON_AddBoolToObject(o, "readonly", dev->readonly);
	cJSON_AddBoolToObject(o, "removable", dev->removable);
	cJSON_AddStringToObject(o, "kernel_write_cache", dc_kcache_name(dev->kernel_cache));
	cJSON_AddStringToObject(o, "kernel_fua", dc_enum_name(&dc_tri_names, dev->kernel_fua, "unknown"));
	cJSON_AddStringToObject(o, "backing_file", dev->backing_file);
	/* 1.2: where a loop's file lives, and a volume's members */
	cJSON_AddStringToObject(o, "backing_fstype", dev->backing_fstype);
	cJSON_AddStringToObject(o, "backing_source", dev->backing_source);
	cJSON_AddStringToObject(o, "backing_mount", dev->backing_mount);
	cJSON_AddNumberToObject(o, "members_total", dev->nmembers);
	parts = cJSON_AddArrayToObject(o, "members");
	for (unsigned i = 0; i < dev->nmembers && i < DC_MAX_MEMBERS; i++)
		cJSON_AddItemToArray(parts, cJSON_CreateString(dev->members[i]));
	cJSON_AddNumberToObject(o, "holders", dev->nholders);
	parts = cJSON_AddArrayToObject(o, "partitions");
	for (unsigned i = 0; i < dev->nparts; i++)
		cJSON_AddItemToArray(parts, cJSON_CreateString(dev->parts[i]));
	mounts = cJSON_AddArrayToObject(o, "mounts");
	for (unsigned i = 0; i < dev->nmounts; i++) {
		cJSON *m = cJSON_CreateObject();
		cJSON_AddStringToObject(m, "source", dev->mounts[i].source);
		cJSON_AddStringToObject(m, "target", dev->mounts[i].target);
		cJSON_AddStringToObject(m, "fstype", dev->mounts[i].fstype);
		cJSON_AddBoolToObject(m, "readonly", dev->mounts[i].readonly);
		cJSON_AddItemToArray(mounts, m);
	}
	return o;
}

static void latency_to_json(cJSON *parent, const char *key, const struct dc_latency *l)
{
	cJSON *o = cJSON_AddObjectToObject(parent, key);

	cJSON_AddNumberToObject(o, "count", l->count);
	cJSON_AddNumberToObject(o, "mean_us", l->mean_us);
	cJSON_AddNumberToObject(o, "stdev_us", l->stdev_us);
	cJSON_AddNumberToObject(o, "min_us", l->min_us);
	cJSON_AddNumberToObject(o, "p50_us", l->p50_us);
	cJSON_AddNumberToObject(o, "p90_us", l->p90_us);
	cJSON_AddNumberToObject(o, "p99_us", l->p99_us);
	cJSON_AddNumberToObject(o, "p999_us", l->p999_us);
	cJSON_AddNumberToObject(o, "max_us", l->max_us);
	cJSON_AddNumberToObject(o, "iops", l->iops);
}

static cJSON *probe_to_json(const struct dc_probe *p)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "mode", dc_enum_name(&dc_probe_mode_names, p->mode, "not-run"));
	cJSON_AddStringToObject(o, "where", p->where);
	cJSON_AddStringToObject(o, "skipped", p->skipped);
	if (p->warning[0])
		cJSON_AddStringToObject(o, "warning", p->warning);
	cJSON_AddNumberToObject(o, "duration_s", p->duration_s);
	cJSON_AddBoolToObject(o, "stable", p->stable);
	latency_to_json(o, "sync", &p->sync);
	latency_to_json(o, "flush", &p->flush);
	latency_to_json(o, "nosync", &p->nosync);
	cJSON_AddNumberToObject(o, "flush_cost_us", p->flush_cost_us);
	return o;
}

static cJSON *trial_to_json(const struct dc_cache_trial *t)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "state", dc_trial_state_name(t->state));
	cJSON_AddStringToObject(o, "why", t->why);
	cJSON_AddStringToObject(o, "off_honoured", dc_enum_name(&dc_tri_names, t->off_honoured,
								"unknown"));
	cJSON_AddStringToObject(o, "restored", dc_enum_name(&dc_tri_names, t->restored, "unknown"));
	cJSON_AddItemToObject(o, "probe", probe_to_json(&t->probe));
	return o;
}

static cJSON *left_to_json(const struct dc_cache_left *l)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "since", l->since);
	cJSON_AddNumberToObject(o, "pid", (double)l->pid);
	cJSON_AddBoolToObject(o, "running", l->running);
	cJSON_AddStringToObject(o, "record", l->record);
	return o;
}

/* errno's symbolic name ("ENOTTY"): the same on every Linux architecture, unlike its number. */
static const char *errno_name(int errnum)
{
	return errnum > 0 ? strerrorname_np(errnum) : NULL;
}

static int errno_from_name(const char *name)
{
	for (int e = 1; e < 4096; e++) {
		const char *n = strerrorname_np(e);

		if (n && strcmp(n, name) == 0)
			return e;
	}
	return 0;
}

/* 1.3: how the page's read ended, each kind with what it said (docs/dump-format.md). */
static void status_to_json(cJSON *o, const struct dc_io_status *st)
{
	const struct dc_sense *s = &st->sense;
	cJSON *j;

	cJSON_AddStringToObject(o, "result", dc_enum_name(&dc_io_kind_names, (int)st->kind, "?"));
	switch (st->kind) {
	case DC_IO_ERRNO:
		if (errno_name(st->errnum))
			cJSON_AddStringToObject(o, "errno", errno_name(st->errnum));
		else
			cJSON_AddNumberToObject(o, "errno", st->errnum);
		break;
	case DC_IO_NVME:
		cJSON_AddNumberToObject(o, "nvme_status", st->nvme_status);
		break;
	case DC_IO_SCSI:
		cJSON_AddNumberToObject(o, "scsi_status", st->scsi_status);
		cJSON_AddNumberToObject(o, "host_status", st->host_status);
		cJSON_AddNumberToObject(o, "driver_status", st->driver_status);
		if (!s->valid)
			break;
		j = cJSON_AddObjectToObject(o, "sense");
		cJSON_AddStringToObject(j, "format", s->descriptor ? "descriptor" : "fixed");
		cJSON_AddBoolToObject(j, "deferred", s->deferred);
		cJSON_AddNumberToObject(j, "key", s->key);
		if (s->asc_valid) {
			cJSON_AddNumberToObject(j, "asc", s->asc);
			cJSON_AddNumberToObject(j, "ascq", s->ascq);
		}
		break;
	default:
		break;
	}
}

int dc_dump_write(const char *dir, const struct dc_report *r, const struct dc_raw *raw)
{
	const struct dc_dev *dev = &r->dev;
	char path[PATH_MAX], stamp[32], host[64];
	unsigned long mark = dc_json_alloc_mark();
	cJSON *root = cJSON_CreateObject(), *ver, *pages;
	time_t now = time(NULL);
	char *text = NULL;
	int rc;

	rc = dc_mkdir_p(dir);
	if (rc)
		goto out;
	snprintf(path, sizeof(path), "%s/pages", dir);
	rc = dc_mkdir_p(path);
	if (rc)
		goto out;

	ver = cJSON_AddArrayToObject(root, "dump_format_version");
	cJSON_AddItemToArray(ver, cJSON_CreateNumber(DC_DUMP_FORMAT_MAJOR));
	cJSON_AddItemToArray(ver, cJSON_CreateNumber(DC_DUMP_FORMAT_MINOR));
	cJSON_AddStringToObject(root, "drivecheck_version", DC_VERSION);
	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	cJSON_AddStringToObject(root, "created", stamp);
	/* 1.2: the machine the drive is in, so that its replay reports it there */
	if (dc_hostname_short(host, sizeof(host)))
		cJSON_AddStringToObject(root, "host", host);
	cJSON_AddItemToObject(root, "device", dev_to_json(dev));
	/* 1.4: what libblkid found and whether the disk was locked ("available") */
	cJSON_AddItemToObject(root, "availability", dc_availability_dump_json(&r->avail));
	pages = cJSON_AddArrayToObject(root, "pages");
	for (unsigned i = 0; i < raw->npages; i++) {
		const struct dc_page *pg = &raw->pages[i];
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "name", pg->name);
		cJSON_AddNumberToObject(o, "bytes", (double)pg->len);
		status_to_json(o, &pg->st);
		cJSON_AddItemToArray(pages, o);
		if (pg->st.kind != DC_IO_OK || !pg->data)
			continue;
		snprintf(path, sizeof(path), "%s/pages/%s.bin", dir, pg->name);
		rc = dc_write_file(path, pg->data, pg->len);
		if (rc)
			goto out;
	}
	cJSON_AddItemToObject(root, "probe", probe_to_json(&r->probe));
	if (r->cache_trial.state != DC_TRIAL_NOT_ASKED)
		cJSON_AddItemToObject(root, "cache_experiment", trial_to_json(&r->cache_trial));
	if (r->cache_left.found)
		cJSON_AddItemToObject(root, "cache_left_off", left_to_json(&r->cache_left));
	/* a key that could not be added is a dump that replays wrong: none is written */
	root = dc_json_whole(mark, root);
	text = root ? cJSON_Print(root) : NULL;
	if (!text) {
		rc = -ENOMEM;
		goto out;
	}
	snprintf(path, sizeof(path), "%s/device.json", dir);
	rc = dc_write_file(path, text, strlen(text));
out:
	cJSON_free(text); /* cJSON's memory goes back through its hooks */
	cJSON_Delete(root);
	return rc;
}

/*
 * The reader holds every value to its type and range (core/json_get.h) and refuses the
 * whole dump at the first that is not, naming it: a latency of -5 us read as it stands
 * would replay as a fast drive, and one of 1e300 as nothing at all. A key older minors
 * lack keeps its default (the struct zeroed, or as said below).
 */
struct rd {
	const char *dir;
	unsigned minor;               /* the dump's dump_format_version minor */
	char *err;
	size_t errlen;
	bool bad;
};

static void refuse(struct rd *c, const char *at, const char *key, const char *why)
{
	if (c->bad)
		return;
	c->bad = true;
	snprintf(c->err, c->errlen, "%s/device.json: %s%s%s: %s", c->dir, at, at[0] ? "." : "",
		 key, why);
}

/* Whether st is a value to take; a bad one refuses the dump. */
static bool take(struct rd *c, const char *at, const char *key, enum dc_json_status st,
		 const char *why)
{
	if (st == DC_JSON_BAD)
		refuse(c, at, key, why);
	return st == DC_JSON_OK && !c->bad;
}

static const cJSON *item(const cJSON *o, const char *key)
{
	return cJSON_GetObjectItemCaseSensitive(o, key);
}

/* A string into dst; "" when absent. */
static void get_str(struct rd *c, const cJSON *o, const char *at, const char *key, char *dst,
		    size_t len)
{
	char why[160];

	take(c, at, key, dc_json_copy_string(item(o, key), 0, dst, len, why, sizeof(why)), why);
}

static double get_num(struct rd *c, const cJSON *o, const char *at, const char *key,
		      double lo, double hi, double dflt)
{
	char why[160];
	double v = dflt;

	take(c, at, key, dc_json_get_double(item(o, key), lo, hi, 0, &v, why, sizeof(why)), why);
	return v;
}

static uint64_t get_count(struct rd *c, const cJSON *o, const char *at, const char *key,
			  uint64_t max, uint64_t dflt)
{
	char why[160];
	uint64_t v = dflt;

	take(c, at, key, dc_json_get_u64(item(o, key), max, 0, &v, why, sizeof(why)), why);
	return v;
}

static bool get_bool(struct rd *c, const cJSON *o, const char *at, const char *key)
{
	char why[160];
	bool v = false;

	take(c, at, key, dc_json_get_bool(item(o, key), 0, &v, why, sizeof(why)), why);
	return v;
}

/*
 * An enum: from 1.3 one of its names (names.h), before 1.3 its number, within the same
 * table; dflt when absent. A name in an old dump, or a number in a new one, is refused.
 */
static int get_enum(struct rd *c, const cJSON *o, const char *at, const char *key,
		    const struct dc_enum_names *t, int dflt)
{
	char why[160];
	long long n = dflt;
	int v = dflt;

	if (c->minor < 3) {
		take(c, at, key, dc_json_get_int(item(o, key), t->first,
						 t->first + (long long)t->count - 1, 0, &n, why,
						 sizeof(why)), why);
		return (int)n;
	}
	take(c, at, key, dc_json_get_enum(item(o, key), t, 0, &v, why, sizeof(why)), why);
	return v;
}

/* An answer: "unknown", "no", "yes" (before 1.3: -1, 0, 1); unknown when absent. */
static enum dc_tri get_tri(struct rd *c, const cJSON *o, const char *at, const char *key)
{
	return (enum dc_tri)get_enum(c, o, at, key, &dc_tri_names, DC_TRI_UNKNOWN);
}

/* An array of strings, each into a row of rows (max of them). Returns how many. */
static unsigned get_names(struct rd *c, const cJSON *o, const char *at, const char *key,
			  char rows[][DC_NAME_LEN], unsigned max)
{
	const cJSON *arr = NULL, *e;
	char why[160], sub[64];
	unsigned n = 0;

	if (!take(c, at, key, dc_json_get_array(item(o, key), 0, &arr, why, sizeof(why)), why))
		return 0;
	cJSON_ArrayForEach(e, arr) {
		snprintf(sub, sizeof(sub), "%s[%u]", key, n);
		if (n == max) {
			snprintf(why, sizeof(why), "more than the %u this drivecheck keeps", max);
			refuse(c, at, key, why);
			return n;
		}
		if (!take(c, at, sub, dc_json_copy_string(e, 0, rows[n], DC_NAME_LEN, why,
							  sizeof(why)), why))
			return n;
		n++;
	}
	return n;
}

static void dev_from_json(struct rd *c, const cJSON *o, struct dc_dev *dev)
{
	static const char at[] = "device";
	const cJSON *mounts = NULL, *m;
	char proto[16], text[DC_NAME_LEN], why[160];
	int kcache = DC_KCACHE_UNKNOWN;

	memset(dev, 0, sizeof(*dev));
	get_str(c, o, at, "name", dev->name, sizeof(dev->name));
	get_str(c, o, at, "path", dev->path, sizeof(dev->path));
	get_str(c, o, at, "by_id", dev->by_id, sizeof(dev->by_id)); /* 1.5; "" before */
	/* a spec names the drive by it: a link of that folder, or none */
	if (dev->by_id[0] && strncmp(dev->by_id, "/dev/disk/by-id/", 16) != 0)
		refuse(c, at, "by_id", "not a /dev/disk/by-id/ path");
	get_str(c, o, at, "transport", text, sizeof(text));
	/* A transport this version does not know is still a device: "other". */
	if (dc_transport_from_name(text, &dev->transport))
		dev->transport = DC_TRAN_OTHER;
	get_str(c, o, at, "protocol", proto, sizeof(proto));
	if (!c->bad && (!dev->name[0] || dc_protocol_from_name(proto, &dev->protocol))) {
		snprintf(c->err, c->errlen, "%s/device.json: missing device name or unknown "
			 "protocol '%s'", c->dir, proto);
		c->bad = true;
	}
	get_str(c, o, at, "vendor", dev->vendor, sizeof(dev->vendor));
	get_str(c, o, at, "model", dev->model, sizeof(dev->model));
	get_str(c, o, at, "serial", dev->serial, sizeof(dev->serial));
	get_str(c, o, at, "firmware", dev->firmware, sizeof(dev->firmware));
	dev->capacity_bytes = get_count(c, o, at, "capacity_bytes", UINT64_MAX, 0);
	/* 0, sysfs's "not known", has always replayed as 512 */
	dev->logical_block_bytes = (uint32_t)get_count(c, o, at, "logical_block_bytes", 1 << 20, 512);
	dev->physical_block_bytes = (uint32_t)get_count(c, o, at, "physical_block_bytes", 1 << 20, 512);
	if (!dev->logical_block_bytes)
		dev->logical_block_bytes = 512;
	if (!dev->physical_block_bytes)
		dev->physical_block_bytes = 512;
	dev->rotational = get_tri(c, o, at, "rotational");
	dev->readonly = get_bool(c, o, at, "readonly");
	dev->removable = get_bool(c, o, at, "removable");
	if (take(c, at, "kernel_write_cache", dc_json_get_enum(item(o, "kernel_write_cache"),
			&dc_kcache_names, 0, &kcache, why, sizeof(why)), why))
		dev->kernel_cache = (enum dc_kernel_cache)kcache;
	dev->kernel_fua = get_tri(c, o, at, "kernel_fua");
	get_str(c, o, at, "backing_file", dev->backing_file, sizeof(dev->backing_file));
	get_str(c, o, at, "backing_fstype", dev->backing_fstype, sizeof(dev->backing_fstype));
	get_str(c, o, at, "backing_source", dev->backing_source, sizeof(dev->backing_source));
	get_str(c, o, at, "backing_mount", dev->backing_mount, sizeof(dev->backing_mount));
	dev->nmembers = get_names(c, o, at, "members", dev->members, DC_MAX_MEMBERS);
	{
		/* the members a volume has, of which the first DC_MAX_MEMBERS are named */
		unsigned total = (unsigned)get_count(c, o, at, "members_total", 1 << 20, 0);

		if (total > dev->nmembers)
			dev->nmembers = total;
	}
	dev->nholders = (unsigned)get_count(c, o, at, "holders", 1 << 20, 0);
	dev->nparts = get_names(c, o, at, "partitions", dev->parts, DC_MAX_PARTS);
	if (!take(c, at, "mounts", dc_json_get_array(item(o, "mounts"), 0, &mounts, why,
						     sizeof(why)), why))
		return;
	cJSON_ArrayForEach(m, mounts) {
		struct dc_mount *mt = &dev->mounts[dev->nmounts];
		char sub[48];

		snprintf(sub, sizeof(sub), "device.mounts[%u]", dev->nmounts);
		if (dev->nmounts == DC_MAX_MOUNTS) {
			snprintf(why, sizeof(why), "more than the %u this drivecheck keeps",
				 DC_MAX_MOUNTS);
			refuse(c, at, "mounts", why);
			return;
		}
		if (!cJSON_IsObject(m)) {
			snprintf(why, sizeof(why), "want an object, not %s", dc_json_type_name(m));
			refuse(c, "", sub, why);
			return;
		}
		get_str(c, m, sub, "source", mt->source, sizeof(mt->source));
		get_str(c, m, sub, "target", mt->target, sizeof(mt->target));
		get_str(c, m, sub, "fstype", mt->fstype, sizeof(mt->fstype));
		mt->readonly = get_bool(c, m, sub, "readonly");
		dev->nmounts++;
	}
}

/* Every figure in microseconds, from 0 to DC_LATENCY_MAX_US. */
static void latency_from_json(struct rd *c, const cJSON *o, const char *at, struct dc_latency *l)
{
	char why[160];

	if (!o)
		return; /* a phase older dumps lack (1.0: flush) */
	if (!cJSON_IsObject(o)) {
		snprintf(why, sizeof(why), "want an object, not %s", dc_json_type_name(o));
		refuse(c, "", at, why);
		return;
	}
	l->count = (unsigned)get_count(c, o, at, "count", UINT32_MAX, 0);
	l->mean_us = get_num(c, o, at, "mean_us", 0, DC_LATENCY_MAX_US, 0);
	l->stdev_us = get_num(c, o, at, "stdev_us", 0, DC_LATENCY_MAX_US, 0);
	l->min_us = get_num(c, o, at, "min_us", 0, DC_LATENCY_MAX_US, 0);
	l->p50_us = get_num(c, o, at, "p50_us", 0, DC_LATENCY_MAX_US, 0);
	l->p90_us = get_num(c, o, at, "p90_us", 0, DC_LATENCY_MAX_US, 0);
	l->p99_us = get_num(c, o, at, "p99_us", 0, DC_LATENCY_MAX_US, 0);
	l->p999_us = get_num(c, o, at, "p999_us", 0, DC_LATENCY_MAX_US, 0);
	l->max_us = get_num(c, o, at, "max_us", 0, DC_LATENCY_MAX_US, 0);
	l->iops = get_num(c, o, at, "iops", 0, DUMP_MAX_IOPS, 0);
}

static void probe_from_json(struct rd *c, const cJSON *o, const char *at, struct dc_probe *p)
{
	char sub[64];

	memset(p, 0, sizeof(*p));
	p->mode = (enum dc_probe_mode)get_enum(c, o, at, "mode", &dc_probe_mode_names,
					       DC_PROBE_NOT_RUN);
	get_str(c, o, at, "where", p->where, sizeof(p->where));
	get_str(c, o, at, "skipped", p->skipped, sizeof(p->skipped));
	get_str(c, o, at, "warning", p->warning, sizeof(p->warning));
	p->duration_s = get_num(c, o, at, "duration_s", 0, DUMP_MAX_DURATION_S, 0);
	p->stable = get_bool(c, o, at, "stable");
	snprintf(sub, sizeof(sub), "%s.sync", at);
	latency_from_json(c, item(o, "sync"), sub, &p->sync);
	snprintf(sub, sizeof(sub), "%s.flush", at);
	latency_from_json(c, item(o, "flush"), sub, &p->flush); /* 1.1 */
	snprintf(sub, sizeof(sub), "%s.nosync", at);
	latency_from_json(c, item(o, "nosync"), sub, &p->nosync);
	/* sync.p50 - nosync.p50: of either sign */
	p->flush_cost_us = get_num(c, o, at, "flush_cost_us", -DC_LATENCY_MAX_US,
				   DC_LATENCY_MAX_US, 0);
}

/* 1.1: the cache experiment, when it was asked for. */
static void trial_from_json(struct rd *c, const cJSON *o, struct dc_cache_trial *t)
{
	static const char at[] = "cache_experiment";
	const cJSON *probe = NULL;
	char state[16], why[160];

	memset(t, 0, sizeof(*t));
	get_str(c, o, at, "state", state, sizeof(state));
	/* a state of a later version: the experiment is not replayed */
	if (c->bad || dc_trial_state_from_name(state, &t->state) ||
	    t->state == DC_TRIAL_NOT_ASKED) {
		t->state = DC_TRIAL_NOT_ASKED;
		return;
	}
	get_str(c, o, at, "why", t->why, sizeof(t->why));
	t->off_honoured = get_tri(c, o, at, "off_honoured");
	t->restored = get_tri(c, o, at, "restored");
	if (take(c, at, "probe", dc_json_get_object(item(o, "probe"), 0, &probe, why,
						    sizeof(why)), why))
		probe_from_json(c, probe, "cache_experiment.probe", &t->probe);
}

/* 1.1: the record of a cache an earlier run left off, when one was found. */
static void left_from_json(struct rd *c, const cJSON *o, struct dc_cache_left *l)
{
	static const char at[] = "cache_left_off";

	memset(l, 0, sizeof(*l));
	l->found = true;
	get_str(c, o, at, "since", l->since, sizeof(l->since));
	l->pid = (long)get_count(c, o, at, "pid", INT_MAX, 0);
	l->running = get_bool(c, o, at, "running");
	get_str(c, o, at, "record", l->record, sizeof(l->record));
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

/* The dump's dump_format_version: 0, or -EINVAL with the message set. */
static int read_version(struct rd *c, const cJSON *root, const char *path)
{
	const cJSON *ver = item(root, "dump_format_version");
	long long major = -1, minor = -1;
	char why[160];

	if (!root || !cJSON_IsArray(ver) || !cJSON_IsNumber(cJSON_GetArrayItem(ver, 0))) {
		snprintf(c->err, c->errlen, "%s: not a drivecheck dump (no dump_format_version)", path);
		return -EINVAL;
	}
	if (dc_json_get_int(cJSON_GetArrayItem(ver, 0), 0, INT_MAX, 0, &major, why,
			    sizeof(why)) != DC_JSON_OK || major != DC_DUMP_FORMAT_MAJOR) {
		snprintf(c->err, c->errlen, "%s: dump format %d, this drivecheck reads %d", path,
			 cJSON_GetArrayItem(ver, 0)->valueint, DC_DUMP_FORMAT_MAJOR);
		return -EINVAL;
	}
	if (cJSON_GetArraySize(ver) != 2 ||
	    dc_json_get_int(cJSON_GetArrayItem(ver, 1), 0, INT_MAX, 0, &minor, why,
			    sizeof(why)) != DC_JSON_OK) {
		snprintf(c->err, c->errlen, "%s: dump_format_version: want [%d, MINOR]", path,
			 DC_DUMP_FORMAT_MAJOR);
		return -EINVAL;
	}
	c->minor = (unsigned)minor;
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
static unsigned get_code(struct rd *c, const cJSON *o, const char *at, const char *key,
			 unsigned max, bool *present)
{
	const cJSON *v = item(o, key);

	if (present)
		*present = v != NULL;
	return (unsigned)get_count(c, o, at, key, max, 0);
}

/* 1.3: the page's "result" and what comes with it; older dumps: its "error". */
static void status_from_json(struct rd *c, const cJSON *pg, const char *at,
			     enum dc_protocol proto, struct dc_io_status *st)
{
	const cJSON *sense = NULL, *v;
	char why[160], sub[48];
	long long perr = -EIO;
	int kind = DC_IO_OK;

	memset(st, 0, sizeof(*st));
	if (!item(pg, "result")) {
		/* 0, -errno, or a device status; absent: the page was not read */
		take(c, at, "error", dc_json_get_int(item(pg, "error"), INT_MIN + 1, INT_MAX, 0,
						     &perr, why, sizeof(why)), why);
		*st = legacy_status(perr, proto);
		return;
	}
	if (!take(c, at, "result", dc_json_get_enum(item(pg, "result"), &dc_io_kind_names, 0,
						    &kind, why, sizeof(why)), why))
		return;
	st->kind = (enum dc_io_kind)kind;
	switch (st->kind) {
	case DC_IO_ERRNO:
		v = item(pg, "errno");
		if (cJSON_IsString(v)) {
			st->errnum = errno_from_name(v->valuestring);
			if (!st->errnum) {
				snprintf(why, sizeof(why), "unknown errno '%.40s'", v->valuestring);
				refuse(c, at, "errno", why);
			}
		} else {
			st->errnum = (int)get_count(c, pg, at, "errno", 4095, 0);
			if (!c->bad && !st->errnum)
				refuse(c, at, "errno", "want an errno's name or a number from 1");
		}
		break;
	case DC_IO_NVME:
		st->nvme_status = get_code(c, pg, at, "nvme_status", 0xffff, NULL);
		break;
	case DC_IO_SCSI:
		st->scsi_status = (uint8_t)get_code(c, pg, at, "scsi_status", 0xff, NULL);
		st->host_status = (uint16_t)get_code(c, pg, at, "host_status", 0xffff, NULL);
		st->driver_status = (uint16_t)get_code(c, pg, at, "driver_status", 0xffff, NULL);
		if (!take(c, at, "sense", dc_json_get_object(item(pg, "sense"), 0, &sense, why,
							     sizeof(why)), why))
			break;
		snprintf(sub, sizeof(sub), "%s.sense", at);
		{
			char format[16];
			bool asc, ascq;

			get_str(c, sense, sub, "format", format, sizeof(format));
			if (!c->bad && strcmp(format, "fixed") && strcmp(format, "descriptor")) {
				snprintf(why, sizeof(why), "unknown sense format '%s' (want \"fixed\","
					 " \"descriptor\")", format);
				refuse(c, sub, "format", why);
			}
			st->sense.valid = true;
			st->sense.descriptor = strcmp(format, "descriptor") == 0;
			st->sense.deferred = get_bool(c, sense, sub, "deferred");
			st->sense.key = (uint8_t)get_code(c, sense, sub, "key", 15, NULL);
			st->sense.asc = (uint8_t)get_code(c, sense, sub, "asc", 0xff, &asc);
			st->sense.ascq = (uint8_t)get_code(c, sense, sub, "ascq", 0xff, &ascq);
			if (!c->bad && asc != ascq)
				refuse(c, sub, asc ? "ascq" : "asc", "asc and ascq come together");
			st->sense.asc_valid = asc && ascq;
		}
		break;
	default:
		break;
	}
}

/* The page index: each page's error, or its file read back. */
static int read_pages(struct rd *c, const cJSON *root, enum dc_protocol proto,
		      struct dc_raw *raw)
{
	const cJSON *pages = NULL, *pg;
	char path[PATH_MAX], name[DC_PAGE_NAME_LEN], why[160], at[32];
	uint8_t *data = NULL;
	unsigned k = 0;
	size_t len;
	int rc;

	if (!take(c, "", "pages", dc_json_get_array(item(root, "pages"), 0, &pages, why,
						    sizeof(why)), why))
		return c->bad ? -EINVAL : 0;
	cJSON_ArrayForEach(pg, pages) {
		const cJSON *jn = item(pg, "name");
		struct dc_io_status st;

		snprintf(at, sizeof(at), "pages[%u]", k++);
		if (!cJSON_IsObject(pg)) {
			snprintf(why, sizeof(why), "want an object, not %s", dc_json_type_name(pg));
			refuse(c, "", at, why);
			return -EINVAL;
		}
		if (!cJSON_IsString(jn) || strlen(jn->valuestring) >= sizeof(name) ||
		    !page_name_ok(jn->valuestring)) {
			snprintf(c->err, c->errlen, "%s/device.json: bad page name '%.40s'", c->dir,
				 cJSON_IsString(jn) ? jn->valuestring : "(not a string)");
			return -EINVAL;
		}
		snprintf(name, sizeof(name), "%s", jn->valuestring);
		status_from_json(c, pg, at, proto, &st);
		if (c->bad)
			return -EINVAL;
		if (st.kind != DC_IO_OK) {
			rc = dc_raw_add(raw, name, NULL, 0, &st);
		} else {
			snprintf(path, sizeof(path), "%s/pages/%s.bin", c->dir, name);
			rc = dc_read_file(path, DC_DUMP_MAX_PAGE, &data, &len);
			if (rc) {
				snprintf(c->err, c->errlen, "%s: %s", path, strerror(-rc));
				return rc;
			}
			rc = dc_raw_add(raw, name, data, len, NULL);
			free(data);
			data = NULL;
		}
		if (rc) {
			snprintf(c->err, c->errlen, "%s: too many pages", c->dir);
			return rc;
		}
	}
	return 0;
}

int dc_dump_read(const char *dir, struct dc_report *r, struct dc_raw *raw, char *err,
		 size_t errlen)
{
	struct rd c = { .dir = dir, .err = err, .errlen = errlen };
	const cJSON *part = NULL;
	char path[PATH_MAX], why[160];
	cJSON *root = NULL;
	uint8_t *text = NULL;
	size_t len;
	int rc;

	memset(&r->probe, 0, sizeof(r->probe));
	memset(&r->cache_trial, 0, sizeof(r->cache_trial));
	memset(&r->cache_left, 0, sizeof(r->cache_left));
	snprintf(path, sizeof(path), "%s/device.json", dir);
	rc = dc_read_file(path, 4 * 1024 * 1024, &text, &len);
	if (rc) {
		snprintf(err, errlen, "%s: %s", path, strerror(-rc));
		goto out;
	}
	root = cJSON_ParseWithLength((const char *)text, len);
	rc = read_version(&c, root, path);
	if (rc)
		goto out;
	get_str(&c, root, "", "host", r->host, sizeof(r->host)); /* 1.2; "" in older dumps */
	if (take(&c, "", "device", dc_json_get_object(item(root, "device"), 0, &part, why,
						      sizeof(why)), why))
		dev_from_json(&c, part, &r->dev);
	else if (!c.bad)
		dev_from_json(&c, NULL, &r->dev); /* no device: its name is missing */
	if (!c.bad) { /* 1.4; an older dump's is unknown */
		char why[256];

		if (dc_availability_dump_read(item(root, "availability"), &r->avail, why,
					      sizeof(why))) {
			/* why is "KEY: reason", or the reason alone when it is no object */
			c.bad = true;
			snprintf(c.err, c.errlen, "%s/device.json: availability%s%s", dir,
				 strchr(why, ':') ? "." : ": ", why);
		}
	}
	if (!c.bad)
		rc = read_pages(&c, root, r->dev.protocol, raw);
	if (rc)
		goto out;
	if (take(&c, "", "probe", dc_json_get_object(item(root, "probe"), 0, &part, why,
						     sizeof(why)), why))
		probe_from_json(&c, part, "probe", &r->probe);
	if (take(&c, "", "cache_experiment", dc_json_get_object(item(root, "cache_experiment"),
			0, &part, why, sizeof(why)), why))
		trial_from_json(&c, part, &r->cache_trial);
	if (take(&c, "", "cache_left_off", dc_json_get_object(item(root, "cache_left_off"), 0,
			&part, why, sizeof(why)), why))
		left_from_json(&c, part, &r->cache_left);
	rc = c.bad ? -EINVAL : 0;
out:
	cJSON_Delete(root);
	free(text);
	return rc;
}
