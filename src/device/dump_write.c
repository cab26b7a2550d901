// SPDX-License-Identifier: GPL-2.0-or-later
/* dump_write.c - a device's dump written: its device.json and its pages (dump.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "core/host.h"
#include "core/json_alloc.h"
#include "device/dump.h"
#include "core/files.h"
#include "core/names.h"
#include "device/protocol.h"

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

int dc_dump_write(const char *dir, const struct dc_dump_parts *p, const struct dc_raw *raw)
{
	const struct dc_dev *dev = p->dev;
	char path[PATH_MAX], stamp[32], host[DC_HOST_LEN];
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
	cJSON_AddItemToObject(root, "availability", dc_availability_dump_json(p->avail));
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
	cJSON_AddItemToObject(root, "probe", probe_to_json(p->probe));
	if (p->trial->state != DC_TRIAL_NOT_ASKED)
		cJSON_AddItemToObject(root, "cache_experiment", trial_to_json(p->trial));
	if (p->left->found)
		cJSON_AddItemToObject(root, "cache_left_off", left_to_json(p->left));
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
