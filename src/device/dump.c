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

#include "device/dump.h"
#include "files.h"
#include "names.h"
#include "raw.h"
#include "device/transport.h"

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
	cJSON_AddStringToObject(o, "transport", dc_transport_name(dev->transport));
	cJSON_AddStringToObject(o, "protocol", dc_protocol_name(dev->protocol));
	cJSON_AddStringToObject(o, "vendor", dev->vendor);
	cJSON_AddStringToObject(o, "model", dev->model);
	cJSON_AddStringToObject(o, "serial", dev->serial);
	cJSON_AddStringToObject(o, "firmware", dev->firmware);
	cJSON_AddNumberToObject(o, "capacity_bytes", (double)dev->capacity_bytes);
	cJSON_AddNumberToObject(o, "logical_block_bytes", dev->logical_block_bytes);
	cJSON_AddNumberToObject(o, "physical_block_bytes", dev->physical_block_bytes);
	cJSON_AddNumberToObject(o, "rotational", dev->rotational);
	cJSON_AddBoolToObject(o, "readonly", dev->readonly);
	cJSON_AddBoolToObject(o, "removable", dev->removable);
	cJSON_AddStringToObject(o, "kernel_write_cache", dc_kcache_name(dev->kernel_cache));
	cJSON_AddNumberToObject(o, "kernel_fua", dev->kernel_fua);
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

	cJSON_AddNumberToObject(o, "mode", p->mode);
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
	cJSON_AddNumberToObject(o, "off_honoured", t->off_honoured);
	cJSON_AddNumberToObject(o, "restored", t->restored);
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

int dc_dump_write(const char *dir, const struct dc_report *r, const struct dc_raw *raw)
{
	const struct dc_dev *dev = &r->dev;
	char path[PATH_MAX], stamp[32], host[64];
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
	if (gethostname(host, sizeof(host)) == 0 && host[0]) {
		host[sizeof(host) - 1] = '\0';
		host[strcspn(host, ".")] = '\0';
		cJSON_AddStringToObject(root, "host", host);
	}
	cJSON_AddItemToObject(root, "device", dev_to_json(dev));
	pages = cJSON_AddArrayToObject(root, "pages");
	for (unsigned i = 0; i < raw->npages; i++) {
		const struct dc_page *pg = &raw->pages[i];
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "name", pg->name);
		cJSON_AddNumberToObject(o, "bytes", (double)pg->len);
		cJSON_AddNumberToObject(o, "error", pg->err);
		cJSON_AddItemToArray(pages, o);
		if (pg->err || !pg->data)
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
	text = cJSON_Print(root);
	if (!text) {
		rc = -ENOMEM;
		goto out;
	}
	snprintf(path, sizeof(path), "%s/device.json", dir);
	rc = dc_write_file(path, text, strlen(text));
out:
	free(text);
	cJSON_Delete(root);
	return rc;
}

/* Copies a JSON string member; absent or not a string leaves dst empty. */
static void get_str(const cJSON *o, const char *key, char *dst, size_t len)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	snprintf(dst, len, "%s", cJSON_IsString(v) && v->valuestring ? v->valuestring : "");
}

static double get_num(const cJSON *o, const char *key, double dflt)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(v) ? v->valuedouble : dflt;
}

/* A JSON number as an integer in [lo, hi]; out of range, NaN or absent gives dflt. */
static long long get_int(const cJSON *o, const char *key, long long lo, long long hi,
			 long long dflt)
{
	double v = get_num(o, key, (double)dflt);

	if (!(v >= (double)lo && v <= (double)hi))
		return dflt;
	return (long long)v;
}

static bool get_bool(const cJSON *o, const char *key)
{
	return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, key));
}

static enum dc_tri get_tri(const cJSON *o, const char *key)
{
	double v = get_num(o, key, -1);

	return v > 0 ? DC_TRI_YES : v == 0 ? DC_TRI_NO : DC_TRI_UNKNOWN;
}

static int dev_from_json(const cJSON *o, struct dc_dev *dev, char *err, size_t errlen)
{
	const cJSON *item;
	char proto[16], text[DC_NAME_LEN];
	double cap;

	memset(dev, 0, sizeof(*dev));
	get_str(o, "name", dev->name, sizeof(dev->name));
	get_str(o, "path", dev->path, sizeof(dev->path));
	get_str(o, "transport", text, sizeof(text));
	/* A transport this version does not know is still a device: "other". */
	if (dc_transport_from_name(text, &dev->transport))
		dev->transport = DC_TRAN_OTHER;
	get_str(o, "protocol", proto, sizeof(proto));
	if (!dev->name[0] || dc_protocol_from_name(proto, &dev->protocol)) {
		snprintf(err, errlen, "device.json: missing device name or unknown protocol '%s'", proto);
		return -EINVAL;
	}
	get_str(o, "vendor", dev->vendor, sizeof(dev->vendor));
	get_str(o, "model", dev->model, sizeof(dev->model));
	get_str(o, "serial", dev->serial, sizeof(dev->serial));
	get_str(o, "firmware", dev->firmware, sizeof(dev->firmware));
	cap = get_num(o, "capacity_bytes", 0);
	dev->capacity_bytes = cap > 0 && cap < 1e19 ? (uint64_t)cap : 0;
	dev->logical_block_bytes = (uint32_t)get_int(o, "logical_block_bytes", 1, 1 << 20, 512);
	dev->physical_block_bytes = (uint32_t)get_int(o, "physical_block_bytes", 1, 1 << 20, 512);
	dev->rotational = get_tri(o, "rotational");
	dev->readonly = get_bool(o, "readonly");
	dev->removable = get_bool(o, "removable");
	get_str(o, "kernel_write_cache", text, sizeof(text));
	dev->kernel_cache = dc_kcache_from_text(text);
	dev->kernel_fua = get_tri(o, "kernel_fua");
	get_str(o, "backing_file", dev->backing_file, sizeof(dev->backing_file));
	get_str(o, "backing_fstype", dev->backing_fstype, sizeof(dev->backing_fstype));
	get_str(o, "backing_source", dev->backing_source, sizeof(dev->backing_source));
	get_str(o, "backing_mount", dev->backing_mount, sizeof(dev->backing_mount));
	cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(o, "members")) {
		if (dev->nmembers < DC_MAX_MEMBERS && cJSON_IsString(item))
			snprintf(dev->members[dev->nmembers++], DC_NAME_LEN, "%s", item->valuestring);
	}
	{
		unsigned total = (unsigned)get_int(o, "members_total", 0, 1 << 20, 0);

		if (total > dev->nmembers)
			dev->nmembers = total;
	}
	dev->nholders = (unsigned)get_int(o, "holders", 0, 1 << 20, 0);
	cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(o, "partitions")) {
		if (dev->nparts < DC_MAX_PARTS && cJSON_IsString(item))
			snprintf(dev->parts[dev->nparts++], DC_NAME_LEN, "%s", item->valuestring);
	}
	cJSON_ArrayForEach(item, cJSON_GetObjectItemCaseSensitive(o, "mounts")) {
		struct dc_mount *m;

		if (dev->nmounts >= DC_MAX_MOUNTS)
			break;
		m = &dev->mounts[dev->nmounts++];
		get_str(item, "source", m->source, sizeof(m->source));
		get_str(item, "target", m->target, sizeof(m->target));
		get_str(item, "fstype", m->fstype, sizeof(m->fstype));
		m->readonly = get_bool(item, "readonly");
	}
	return 0;
}

static void latency_from_json(const cJSON *o, struct dc_latency *l)
{
	l->count = (unsigned)get_int(o, "count", 0, UINT32_MAX, 0);
	l->mean_us = get_num(o, "mean_us", 0);
	l->stdev_us = get_num(o, "stdev_us", 0);
	l->min_us = get_num(o, "min_us", 0);
	l->p50_us = get_num(o, "p50_us", 0);
	l->p90_us = get_num(o, "p90_us", 0);
	l->p99_us = get_num(o, "p99_us", 0);
	l->p999_us = get_num(o, "p999_us", 0);
	l->max_us = get_num(o, "max_us", 0);
	l->iops = get_num(o, "iops", 0);
}

static void probe_from_json(const cJSON *o, struct dc_probe *p)
{
	long long mode = get_int(o, "mode", 0, 2, 0);

	memset(p, 0, sizeof(*p));
	p->mode = mode == DC_PROBE_FILE ? DC_PROBE_FILE
		: mode == DC_PROBE_RAW ? DC_PROBE_RAW : DC_PROBE_NOT_RUN;
	get_str(o, "where", p->where, sizeof(p->where));
	get_str(o, "skipped", p->skipped, sizeof(p->skipped));
	get_str(o, "warning", p->warning, sizeof(p->warning));
	p->duration_s = get_num(o, "duration_s", 0);
	p->stable = get_bool(o, "stable");
	latency_from_json(cJSON_GetObjectItemCaseSensitive(o, "sync"), &p->sync);
	latency_from_json(cJSON_GetObjectItemCaseSensitive(o, "flush"), &p->flush); /* 1.1 */
	latency_from_json(cJSON_GetObjectItemCaseSensitive(o, "nosync"), &p->nosync);
	p->flush_cost_us = get_num(o, "flush_cost_us", 0);
}

/* 1.1: the cache experiment, when it was asked for. */
static void trial_from_json(const cJSON *o, struct dc_cache_trial *t)
{
	char state[16];

	memset(t, 0, sizeof(*t));
	get_str(o, "state", state, sizeof(state));
	if (dc_trial_state_from_name(state, &t->state) || t->state == DC_TRIAL_NOT_ASKED) {
		t->state = DC_TRIAL_NOT_ASKED;
		return;
	}
	get_str(o, "why", t->why, sizeof(t->why));
	t->off_honoured = get_tri(o, "off_honoured");
	t->restored = get_tri(o, "restored");
	probe_from_json(cJSON_GetObjectItemCaseSensitive(o, "probe"), &t->probe);
}

/* 1.1: the record of a cache an earlier run left off, when one was found. */
static void left_from_json(const cJSON *o, struct dc_cache_left *l)
{
	memset(l, 0, sizeof(*l));
	if (!cJSON_IsObject(o))
		return;
	l->found = true;
	get_str(o, "since", l->since, sizeof(l->since));
	l->pid = (long)get_int(o, "pid", 0, INT_MAX, 0);
	l->running = get_bool(o, "running");
	get_str(o, "record", l->record, sizeof(l->record));
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

int dc_dump_read(const char *dir, struct dc_report *r, struct dc_raw *raw, char *err,
		 size_t errlen)
{
	struct dc_dev *dev = &r->dev;
	struct dc_probe *probe = &r->probe;
	char path[PATH_MAX], name[DC_PAGE_NAME_LEN];
	const cJSON *ver, *pg, *dev_json, *probe_json;
	cJSON *root = NULL;
	uint8_t *text = NULL, *data = NULL;
	size_t len;
	int rc;

	memset(probe, 0, sizeof(*probe));
	memset(&r->cache_trial, 0, sizeof(r->cache_trial));
	memset(&r->cache_left, 0, sizeof(r->cache_left));
	snprintf(path, sizeof(path), "%s/device.json", dir);
	rc = dc_read_file(path, 4 * 1024 * 1024, &text, &len);
	if (rc) {
		snprintf(err, errlen, "%s: %s", path, strerror(-rc));
		goto out;
	}
	root = cJSON_ParseWithLength((const char *)text, len);
	ver = cJSON_GetObjectItemCaseSensitive(root, "dump_format_version");
	if (!root || !cJSON_IsArray(ver) || !cJSON_IsNumber(cJSON_GetArrayItem(ver, 0))) {
		snprintf(err, errlen, "%s: not a drivecheck dump (no dump_format_version)", path);
		rc = -EINVAL;
		goto out;
	}
	if (cJSON_GetArrayItem(ver, 0)->valueint != DC_DUMP_FORMAT_MAJOR) {
		snprintf(err, errlen, "%s: dump format %d, this drivecheck reads %d", path,
			 cJSON_GetArrayItem(ver, 0)->valueint, DC_DUMP_FORMAT_MAJOR);
		rc = -EINVAL;
		goto out;
	}
	get_str(root, "host", r->host, sizeof(r->host)); /* 1.2; "" in older dumps */
	dev_json = cJSON_GetObjectItemCaseSensitive(root, "device");
	rc = dev_from_json(dev_json, dev, err, errlen);
	if (rc)
		goto out;
	cJSON_ArrayForEach(pg, cJSON_GetObjectItemCaseSensitive(root, "pages")) {
		int perr = (int)get_int(pg, "error", INT_MIN + 1, INT_MAX, -EIO);

		const cJSON *jn = cJSON_GetObjectItemCaseSensitive(pg, "name");

		if (!cJSON_IsString(jn) || strlen(jn->valuestring) >= sizeof(name) ||
		    !page_name_ok(jn->valuestring)) {
			snprintf(err, errlen, "%s/device.json: bad page name '%.40s'", dir,
				 cJSON_IsString(jn) ? jn->valuestring : "(not a string)");
			rc = -EINVAL;
			goto out;
		}
		snprintf(name, sizeof(name), "%s", jn->valuestring);
		if (perr) {
			rc = dc_raw_add(raw, name, NULL, 0, perr);
		} else {
			snprintf(path, sizeof(path), "%s/pages/%s.bin", dir, name);
			rc = dc_read_file(path, DC_DUMP_MAX_PAGE, &data, &len);
			if (rc) {
				snprintf(err, errlen, "%s: %s", path, strerror(-rc));
				goto out;
			}
			rc = dc_raw_add(raw, name, data, len, 0);
			free(data);
			data = NULL;
		}
		if (rc) {
			snprintf(err, errlen, "%s: too many pages", dir);
			goto out;
		}
	}
	probe_json = cJSON_GetObjectItemCaseSensitive(root, "probe");
	if (cJSON_IsObject(probe_json))
		probe_from_json(probe_json, probe);
	if (cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(root, "cache_experiment")))
		trial_from_json(cJSON_GetObjectItemCaseSensitive(root, "cache_experiment"),
				&r->cache_trial);
	left_from_json(cJSON_GetObjectItemCaseSensitive(root, "cache_left_off"), &r->cache_left);
out:
	cJSON_Delete(root);
	free(text);
	return rc;
}
