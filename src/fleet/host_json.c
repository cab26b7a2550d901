// SPDX-License-Identifier: GPL-2.0-or-later
/* host_json.c - drivecheck's own --json (docs/json.md) back into checks, with cJSON. */
#include <errno.h>
#include <float.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_read.h"
#include "core/names.h"
#include "json_format.h"
#include "core/json_skim.h"
#include "fleet/host_json.h"

/*
 * Every key read is checked for its type: a key of the wrong type, or a status or class
 * that this build does not know, rejects the whole file with a message that names the key
 * ("devices[2].verdicts.ceph_osd.status: want a string, not a number"), so that a merged
 * count never silently leaves a drive out. Keys that older MINOR versions lack (etcd before
 * 1.2, endurance_years_left before 1.3) are read as unknown; keys this reader does not use
 * are not looked at, so a later MINOR (which only adds keys) still reads.
 */

/* A string longer than this is not drivecheck's (its longest, an error, is 255). */
#define HOST_JSON_MAX_STRING 1024

/* The "how" of a string key: required (absent and null are errors), or null and absent
 * read as "". */
#define REQ DC_JSON_REQUIRED
#define OPT DC_JSON_NULL_OK

/* A string as the renderers print it: printable ASCII, the rest '?' (a file can be edited). */
static void copy_clean(char *dst, size_t len, const char *src)
{
	size_t i = 0;

	for (; src && src[i] && i + 1 < len; i++)
		dst[i] = src[i] >= 0x20 && src[i] < 0x7f ? src[i] : '?';
	dst[i] = '\0';
}

/* A string key into dst ("" for null or absent), cut to dst as the table shows it. */
static void read_str(struct dc_json_reader *j, const cJSON *o, const char *key, unsigned how,
		     char *dst, size_t len)
{
	const char *s = "";

	dc_jr_str(j, o, key, HOST_JSON_MAX_STRING, how, &s);
	copy_clean(dst, len, s);
}

/* A number of at least 0, or null; false when null or absent. */
static bool read_num(struct dc_json_reader *j, const cJSON *o, const char *key, double *out)
{
	return dc_jr_double(j, o, key, 0, DBL_MAX, DC_JSON_NULL_OK, out) == DC_JSON_OK;
}

/* A count, or null. A JSON number past 2^53 is not exact, and drivecheck writes counters
 * that large as numbers (bytes written): it is taken as printed. UINT64_MAX printed reads
 * back as the double 2^64, which is taken as UINT64_MAX; past it is out of range. */
static bool read_u64(struct dc_json_reader *j, const cJSON *o, const char *key, uint64_t *out)
{
	enum dc_json_status st;
	double d = 0;

	if (dc_jr_double(j, o, key, 0, DBL_MAX, DC_JSON_SOFT, &d) == DC_JSON_OK &&
	    d == 18446744073709551616.0) {
		*out = UINT64_MAX;
		return true;
	}
	st = dc_jr_u64(j, o, key, UINT64_MAX, DC_JSON_NULL_OK | DC_JSON_INEXACT_OK, out);
	return st == DC_JSON_OK || st == DC_JSON_INEXACT;
}

/* A whole number key in [0, max]; false when null or absent. */
static bool read_small(struct dc_json_reader *j, const cJSON *o, const char *key, unsigned max,
		       unsigned *out)
{
	uint64_t v;

	if (dc_jr_u64(j, o, key, max, DC_JSON_NULL_OK, &v) != DC_JSON_OK)
		return false;
	*out = (unsigned)v;
	return true;
}

static void read_write_cache(struct dc_json_reader *j, const cJSON *dev, struct dc_check *r)
{
	const cJSON *wc;
	char kernel[32];

	dc_jr_obj(j, dev, "write_cache", 0, &wc);
	dc_jr_enter(j, "write_cache");
	dc_jr_tri(j, wc, "present", DC_JSON_NULL_OK, &r->drive.cache_present);
	dc_jr_tri(j, wc, "enabled", DC_JSON_NULL_OK, &r->drive.cache_enabled);
	read_str(j, wc, "source", OPT, r->drive.cache_source, sizeof(r->drive.cache_source));
	read_str(j, wc, "kernel", OPT, kernel, sizeof(kernel));
	r->dev.kernel_cache = dc_kcache_from_text(kernel);
	dc_jr_tri(j, wc, "fua", DC_JSON_NULL_OK, &r->dev.kernel_fua);
	dc_jr_leave(j);
}

/* One piece of the drive's own PLP evidence, its path entered. */
static void read_one_evidence(struct dc_json_reader *j, const cJSON *e, struct dc_evidence *ev)
{
	char kind[32];

	read_str(j, e, "source", REQ, ev->source, sizeof(ev->source));
	read_str(j, e, "what", REQ, ev->what, sizeof(ev->what));
	read_str(j, e, "value", REQ, ev->value, sizeof(ev->value));
	read_str(j, e, "kind", REQ, kind, sizeof(kind));
	if (!j->rc && dc_ev_kind_from_name(kind, &ev->kind))
		ev->kind = DC_EV_INFO; /* a kind of a later version: context only */
}

/* The drive's own PLP evidence: kept for the summary (failed or degraded backup power). */
static void read_evidence(struct dc_json_reader *j, const cJSON *dev, struct dc_drive *d)
{
	const cJSON *arr, *e, *eo;
	unsigned k = 0;

	dc_jr_arr(j, dev, "plp_evidence", 0, &arr);
	dc_jr_enter(j, "plp_evidence");
	cJSON_ArrayForEach(e, arr) {
		dc_jr_enter_index(j, k++);
		if (dc_jr_obj(j, e, NULL, 0, &eo) != DC_JSON_OK) {
			;
		} else if (d->nevidence == DC_MAX_EVIDENCE) {
			d->evidence_dropped++; /* the first kept, the rest counted (not_kept.h) */
		} else {
			read_one_evidence(j, eo, &d->evidence[d->nevidence]);
			d->nevidence += !j->rc;
		}
		dc_jr_leave(j);
		if (j->rc)
			break;
	}
	dc_jr_leave(j);
}

static void read_wear(struct dc_json_reader *j, const cJSON *dev, struct dc_wear *w)
{
	const cJSON *o;
	uint64_t pct = 0;

	dc_jr_obj(j, dev, "wear", 0, &o);
	dc_jr_enter(j, "wear");
	w->have_percent_used = read_u64(j, o, "percent_used", &pct);
	w->percent_used = pct > UINT32_MAX ? UINT32_MAX : (unsigned)pct;
	w->have_written = read_u64(j, o, "host_written_bytes", &w->host_written_bytes);
	w->have_power_on = read_u64(j, o, "power_on_hours", &w->power_on_hours);
	w->have_unsafe_shutdowns = read_u64(j, o, "unsafe_shutdowns", &w->unsafe_shutdowns);
	w->have_media_errors = read_u64(j, o, "media_errors", &w->media_errors);
	dc_jr_leave(j);
}

static void read_database(struct dc_json_reader *j, const cJSON *dev, struct dc_db_row *row)
{
	const cJSON *o;
	char plp[32];

	row->best_source = -1;
	if (dc_jr_obj(j, dev, "database", DC_JSON_NULL_OK, &o) != DC_JSON_OK)
		return;
	dc_jr_enter(j, "database");
	row->matched = true;
	read_str(j, o, "vendor", REQ, row->vendor, sizeof(row->vendor));
	read_str(j, o, "family", REQ, row->family, sizeof(row->family));
	read_str(j, o, "plp", REQ, plp, sizeof(plp));
	read_str(j, o, "interface", OPT, row->interface, sizeof(row->interface));
	read_str(j, o, "class", OPT, row->drive_class, sizeof(row->drive_class));
	read_str(j, o, "pattern", OPT, row->pattern, sizeof(row->pattern));
	read_num(j, o, "dwpd", &row->dwpd);
	read_num(j, o, "tbw_tb", &row->tbw_tb);
	if (!j->rc && dc_plp_from_name(plp, &row->plp))
		dc_jr_fail(j, "plp", "unknown class '%s'", plp);
	dc_jr_leave(j);
}

/* What the table shows of the probe: whether it ran, and its RWF_DSYNC median. */
static void read_probe(struct dc_json_reader *j, const cJSON *dev, struct dc_probe *p)
{
	const cJSON *o, *sync;
	char mode[16];

	dc_jr_obj(j, dev, "probe", 0, &o);
	dc_jr_enter(j, "probe");
	read_str(j, o, "mode", OPT, mode, sizeof(mode));
	read_str(j, o, "skipped", OPT, p->skipped, sizeof(p->skipped));
	if (!mode[0]) {
		;
	} else if (strcmp(mode, "file") && strcmp(mode, "raw")) {
		dc_jr_fail(j, "mode", "unknown mode '%s'", mode);
	} else {
		p->mode = mode[0] == 'r' ? DC_PROBE_RAW : DC_PROBE_FILE;
		read_str(j, o, "where", OPT, p->where, sizeof(p->where));
		dc_jr_obj(j, o, "sync", 0, &sync);
		dc_jr_enter(j, "sync");
		read_num(j, sync, "p50_us", &p->sync.p50_us);
		dc_jr_leave(j);
		p->sync.count = 1; /* it ran; the count is not needed */
	}
	dc_jr_leave(j);
}

/* One health problem, its path entered. */
static void read_problem(struct dc_json_reader *j, const cJSON *e, struct dc_health_problem *p)
{
	char word[32];
	unsigned v;

	read_str(j, e, "kind", REQ, word, sizeof(word));
	if (!strcmp(word, "attribute"))
		p->kind = DC_HP_ATTRIBUTE;
	else if (!strcmp(word, "nvme-critical-warning"))
		p->kind = DC_HP_NVME_WARNING;
	else if (!strcmp(word, "endurance-exceeded"))
		p->kind = DC_HP_ENDURANCE_EXCEEDED;
	else if (!strcmp(word, "scsi-exception"))
		p->kind = DC_HP_SCSI_EXCEPTION;
	else
		p->kind = DC_HP_SELF_ASSESSMENT; /* and a kind of a later version */
	read_str(j, e, "severity", REQ, word, sizeof(word));
	p->failing = !strcmp(word, "failing");
	if (read_small(j, e, "id", 255, &v))
		p->id = (uint8_t)v;
	if (read_small(j, e, "value", 255, &v))
		p->value = (uint8_t)v;
	if (read_small(j, e, "worst", 255, &v))
		p->worst = (uint8_t)v;
	if (read_small(j, e, "threshold", 255, &v))
		p->threshold = (uint8_t)v;
	if (read_small(j, e, "asc", 255, &v))
		p->asc = (uint8_t)v;
	if (read_small(j, e, "ascq", 255, &v))
		p->ascq = (uint8_t)v;
	read_small(j, e, "bit", 7, &p->bit);
	read_small(j, e, "percent_used", 255, &p->percent_used);
	{
		enum dc_tri prefail;

		dc_jr_tri(j, e, "prefail", DC_JSON_NULL_OK, &prefail);
		p->prefail = prefail == DC_TRI_YES;
	}
	read_str(j, e, "when", OPT, word, sizeof(word));
	p->now = strcmp(word, "past") != 0;
	if (p->kind == DC_HP_ATTRIBUTE)
		read_str(j, e, "name", OPT, p->name, sizeof(p->name));
}

/* 1.4: the drive's own health, typed as decide made it, for the fleet's order and text;
 * its path entered. */
static void read_health_of(struct dc_json_reader *j, const cJSON *o, struct dc_health *h)
{
	const cJSON *list, *e, *eo;
	char word[32];
	unsigned k = 0, v;

	read_str(j, o, "status", REQ, word, sizeof(word));
	if (!j->rc && dc_health_status_from_name(word, &h->status))
		dc_jr_fail(j, "status", "unknown status '%s'", word);
	read_str(j, o, "self_assessment", OPT, word, sizeof(word));
	h->self_assessment = !strcmp(word, "passed") ? DC_SELF_PASSED
			     : !strcmp(word, "failed") ? DC_SELF_FAILED : DC_SELF_NOT_GIVEN;
	read_str(j, o, "source", OPT, h->source, sizeof(h->source));
	dc_jr_arr(j, o, "problems", REQ, &list);
	dc_jr_enter(j, "problems");
	cJSON_ArrayForEach(e, list) {
		dc_jr_enter_index(j, k++);
		if (dc_jr_obj(j, e, NULL, 0, &eo) == DC_JSON_OK &&
		    h->nproblems < DC_MAX_HEALTH_PROBLEMS) {
			read_problem(j, eo, &h->problems[h->nproblems]);
			h->nproblems += !j->rc;
		}
		dc_jr_leave(j);
		if (j->rc)
			break;
	}
	dc_jr_leave(j);
	h->ntotal = h->nproblems;
	if (read_small(j, o, "problems_total", UINT32_MAX, &v) && v > h->ntotal)
		h->ntotal = v;
}

static void read_health(struct dc_json_reader *j, const cJSON *dev, struct dc_health *h)
{
	const cJSON *o;

	memset(h, 0, sizeof(*h));
	if (dc_jr_obj(j, dev, "health", 0, &o) != DC_JSON_OK)
		return;
	dc_jr_enter(j, "health");
	read_health_of(j, o, h);
	dc_jr_leave(j);
}

/* One advisory that hit the drive, its path entered. */
static void read_advisory(struct dc_json_reader *j, const cJSON *e, struct dc_advisory_hit *h)
{
	char word[32];
	long long left;
	double v;

	memset(h, 0, sizeof(*h));
	read_str(j, e, "id", REQ, h->id, sizeof(h->id));
	read_str(j, e, "title", OPT, h->title, sizeof(h->title));
	read_str(j, e, "fixed", OPT, h->fixed, sizeof(h->fixed));
	read_str(j, e, "effect", REQ, word, sizeof(word));
	if (!j->rc && dc_adv_effect_from_name(word, &h->effect))
		h->effect = DC_ADV_OTHER; /* an effect of a later version */
	if (read_num(j, e, "hours", &v))
		h->hours = v > 1e15 ? (long long)1e15 : (long long)v;
	/* hours left may be negative (past the failure point): read it as a number */
	if (dc_jr_int(j, e, "hours_left", -1000000000000000LL, 1000000000000000LL,
		      DC_JSON_NULL_OK, &left) == DC_JSON_OK) {
		h->hours_left_known = true;
		h->hours_left = left;
	}
}

/* 1.4: the firmware advisories that hit the drive, for the fleet's order and counts. */
static void read_advisories(struct dc_json_reader *j, const cJSON *dev, struct dc_check *r)
{
	const cJSON *list, *e, *eo;
	unsigned k = 0;

	r->nadvisories = r->advisories_total = 0;
	dc_jr_arr(j, dev, "advisories", 0, &list);
	dc_jr_enter(j, "advisories");
	cJSON_ArrayForEach(e, list) {
		dc_jr_enter_index(j, k++);
		if (dc_jr_obj(j, e, NULL, 0, &eo) == DC_JSON_OK) {
			r->advisories_total++;
			if (r->nadvisories < DC_MAX_ADVISORY_HITS) {
				read_advisory(j, eo, &r->advisories[r->nadvisories]);
				r->nadvisories += !j->rc;
			}
		}
		dc_jr_leave(j);
		if (j->rc)
			break;
	}
	dc_jr_leave(j);
}

/* 1.6: what a verdict could not weigh, and the status what was measured gives; a file of
 * an older format says neither, and its status stands for both. The verdict's path
 * entered. */
static void read_unmeasured(struct dc_json_reader *j, const cJSON *v, unsigned minor,
			    struct dc_verdict *out)
{
	const cJSON *a, *e;
	char word[32];
	unsigned k = 0;
	int bit;

	dc_jr_arr(j, v, "unmeasured", minor >= 6 ? REQ : 0, &a);
	out->measured_status = out->status;
	out->unmeasured = 0;
	if (j->rc || minor < 6)
		return;
	dc_jr_enter(j, "unmeasured");
	cJSON_ArrayForEach(e, a) {
		dc_jr_enter_index(j, k++);
		if (dc_jr_enum(j, e, NULL, &dc_unmeasured_names, DC_JSON_SOFT, &bit) == DC_JSON_OK)
			out->unmeasured |= 1u << bit;
		else
			dc_jr_fail(j, NULL, "want one of \"flush-cost\", \"health\"");
		dc_jr_leave(j);
		if (j->rc)
			break;
	}
	dc_jr_leave(j);
	read_str(j, v, "measured_status", REQ, word, sizeof(word));
	if (!j->rc && dc_status_from_name(word, &out->measured_status))
		dc_jr_fail(j, "measured_status", "unknown status '%s'", word);
}

/* properties.durable_writes_fast: F's speed and figure. */
static void read_flush(struct dc_json_reader *j, const cJSON *props, struct dc_result *r)
{
	const cJSON *fast;
	char word[32];

	dc_jr_enter(j, "properties");
	dc_jr_obj(j, props, "durable_writes_fast", 0, &fast);
	dc_jr_enter(j, "durable_writes_fast");
	read_str(j, fast, "speed", OPT, word, sizeof(word));
	if (word[0] && !j->rc && dc_flush_speed_from_name(word, &r->flush_speed))
		dc_jr_fail(j, "speed", "unknown speed '%s'", word);
	if (!read_num(j, fast, "p50_us", &r->flush_p50_us))
		r->flush_speed = DC_FLUSH_NOT_MEASURED;
	dc_jr_leave(j);
	dc_jr_leave(j);
}

/* The verdict of each role, verdicts' path entered. */
static void read_verdicts(struct dc_json_reader *j, const cJSON *verdicts, unsigned minor,
			  struct dc_result *r)
{
	for (unsigned role = 0; role < DC_ROLE_COUNT; role++) {
		const char *name = dc_role_name((enum dc_role)role);
		bool since_1_2 = role == DC_ROLE_ETCD;
		struct dc_verdict *out = &r->verdicts[role];
		const cJSON *v;
		char word[32];

		dc_jr_obj(j, verdicts, name, !since_1_2 || minor >= 2 ? REQ : 0, &v);
		out->status = DC_NOT_CHECKED;
		if (!v)
			continue;
		dc_jr_enter(j, name);
		read_str(j, v, "status", REQ, word, sizeof(word));
		/* not-checked: a device with no drive role (1.4: memory, zram and brd) */
		if (!j->rc && (dc_status_from_name(word, &out->status) ||
			       (out->status == DC_NOT_CHECKED && minor < 4)))
			dc_jr_fail(j, "status", "unknown status '%s'", word);
		read_unmeasured(j, v, minor, out);
		dc_jr_leave(j);
	}
}

/* The decided part: PLP class, F's figure, the verdicts, the endurance left. */
static void read_result(struct dc_json_reader *j, const cJSON *dev, unsigned minor,
			struct dc_result *r)
{
	const cJSON *plp, *verdicts, *props;
	char word[32];
	int b;

	dc_jr_obj(j, dev, "plp", REQ, &plp);
	dc_jr_obj(j, dev, "verdicts", REQ, &verdicts);
	dc_jr_obj(j, dev, "properties", 0, &props);

	dc_jr_enter(j, "plp");
	read_str(j, plp, "class", REQ, word, sizeof(word));
	if (!j->rc && dc_plp_from_name(word, &r->plp))
		dc_jr_fail(j, "class", "unknown class '%s'", word);
	read_str(j, plp, "confidence", OPT, word, sizeof(word));
	if (word[0] && !j->rc && dc_confidence_from_name(word, &r->confidence))
		dc_jr_fail(j, "confidence", "unknown confidence '%s'", word);
	dc_jr_leave(j);

	read_flush(j, props, r);
	dc_jr_enter(j, "verdicts");
	read_verdicts(j, verdicts, minor, r);
	dc_jr_leave(j);

	r->endurance_years_left = -1;
	read_num(j, dev, "endurance_years_left", &r->endurance_years_left);
	read_str(j, dev, "endurance_years_basis", OPT, word, sizeof(word));
	if (word[0] && !j->rc) {
		if (dc_enum_from_name(&dc_years_basis_names, word, &b))
			dc_jr_fail(j, "endurance_years_basis", "unknown basis '%s'", word);
		else
			r->years_basis = (enum dc_years_basis)b;
	}
	read_health(j, dev, &r->health);
}

/*
 * 1.6: the drive's stable name, which report --ceph-spec puts in a spec: whole, and a link
 * of /dev/disk/by-id, or the file is refused (a cut or edited one would name another
 * device, or none). Older files have none: the spec names the kernel's path.
 */
static void read_by_id(struct dc_json_reader *j, const cJSON *dev, char *dst, size_t len)
{
	char buf[HOST_JSON_MAX_STRING + 1];

	read_str(j, dev, "by_id", OPT, buf, sizeof(buf));
	dst[0] = '\0';
	if (j->rc || !buf[0])
		return;
	if (strncmp(buf, "/dev/disk/by-id/", 16) != 0 || strchr(buf, '?') ||
	    strlen(buf) >= len) {
		dc_jr_fail(j, "by_id", "want a /dev/disk/by-id/ path of printable ASCII, at most "
			   "%zu characters", len - 1);
		return;
	}
	memcpy(dst, buf, strlen(buf) + 1);
}

/* The device's errors: each a string, the first DC_MAX_ERRORS kept. */
static void read_errors(struct dc_json_reader *j, const cJSON *errors, struct dc_drive *d)
{
	const cJSON *e;
	unsigned k = 0;

	dc_jr_enter(j, "errors");
	cJSON_ArrayForEach(e, errors) {
		const char *s;

		dc_jr_enter_index(j, k);
		dc_jr_str(j, e, NULL, SIZE_MAX, 0, &s);
		dc_jr_leave(j);
		if (j->rc)
			break;
		if (k++ < DC_MAX_ERRORS)
			copy_clean(d->errors[d->nerrors++], DC_TEXT_LEN, s);
		else
			d->errors_dropped++;
	}
	dc_jr_leave(j);
}

/* One device, its path ("devices[2]") entered. */
static void read_device(struct dc_json_reader *j, const cJSON *dev, unsigned minor,
			struct dc_check *r)
{
	const cJSON *errors, *verdicts;
	char word[32];

	dc_jr_arr(j, dev, "errors", REQ, &errors);
	read_str(j, dev, "path", REQ, r->dev.path, sizeof(r->dev.path));
	read_str(j, dev, "name", OPT, r->dev.name, sizeof(r->dev.name));
	read_by_id(j, dev, r->dev.by_id, sizeof(r->dev.by_id));
	read_str(j, dev, "transport", OPT, word, sizeof(word));
	if (dc_transport_from_name(word, &r->dev.transport))
		r->dev.transport = word[0] ? DC_TRAN_OTHER : DC_TRAN_UNKNOWN;
	read_u64(j, dev, "capacity_bytes", &r->dev.capacity_bytes);
	read_str(j, dev, "vendor", OPT, r->drive.vendor, sizeof(r->drive.vendor));
	read_str(j, dev, "model", OPT, r->drive.model, sizeof(r->drive.model));
	read_str(j, dev, "serial", OPT, r->drive.serial, sizeof(r->drive.serial));
	read_str(j, dev, "firmware", OPT, r->drive.firmware, sizeof(r->drive.firmware));
	read_str(j, dev, "identity_source", OPT, r->drive.identity_source,
		 sizeof(r->drive.identity_source));
	dc_jr_tri(j, dev, "rotational", DC_JSON_NULL_OK, &r->drive.rotational);
	read_write_cache(j, dev, r);
	read_evidence(j, dev, &r->drive);
	read_wear(j, dev, &r->drive.wear);
	read_database(j, dev, &r->row);
	read_probe(j, dev, &r->probe);
	dc_host_json_read_avail(j, dev, r); /* 1.5: what drivecheck report --ceph-spec needs */
	dc_host_json_read_ceph(j, dev, r); /* 1.7: a drive of Ceph's store, on its own host */
	read_errors(j, errors, &r->drive);
	if (j->rc)
		return;
	/* A device that could not be read at all has errors and no verdicts (docs/json.md). */
	if (dc_jr_obj(j, dev, "verdicts", 0, &verdicts) != DC_JSON_OK) {
		r->error = -EIO;
		snprintf(r->error_msg, sizeof(r->error_msg), "%s", r->drive.nerrors ?
			 r->drive.errors[0] : "no verdicts");
		r->result.endurance_years_left = -1;
		for (unsigned role = 0; role < DC_ROLE_COUNT; role++)
			r->result.verdicts[role].status = DC_NOT_CHECKED;
		return;
	}
	read_result(j, dev, minor, &r->result);
	read_advisories(j, dev, r);
}

/* json_format_version, drivecheck_version, host: is it drivecheck's, and one we read? */
static void read_head(struct dc_json_reader *j, const cJSON *root, struct dc_fleet_file *meta)
{
	const cJSON *ver;
	const char *dcv;
	uint64_t major, minor;

	if (dc_jr_str(j, root, "drivecheck_version", SIZE_MAX, DC_JSON_SOFT, &dcv) != DC_JSON_OK) {
		dc_jr_fail_top(j, -EINVAL, "not drivecheck's JSON (no drivecheck_version)%s",
			       dc_jr_has(root, "smartctl") ? ": smartctl's JSON is read by "
			       "drivecheck import" : "");
		return;
	}
	if (dc_jr_arr(j, root, "json_format_version", REQ, &ver) != DC_JSON_OK)
		return;
	if (cJSON_GetArraySize(ver) != 2 ||
	    dc_jr_u64(j, cJSON_GetArrayItem(ver, 0), NULL, 1000, DC_JSON_SOFT, &major) ||
	    dc_jr_u64(j, cJSON_GetArrayItem(ver, 1), NULL, 1000, DC_JSON_SOFT, &minor)) {
		dc_jr_fail_top(j, -EINVAL, "json_format_version: want [MAJOR, MINOR]");
		return;
	}
	meta->major = (unsigned)major;
	meta->minor = (unsigned)minor;
	if (meta->major != DC_JSON_FORMAT_MAJOR) {
		dc_jr_fail_top(j, -EINVAL, "json_format_version [%u, %u]: this drivecheck reads "
			       "format %u (it writes %u.%u)", meta->major, meta->minor,
			       DC_JSON_FORMAT_MAJOR, DC_JSON_FORMAT_MAJOR, DC_JSON_FORMAT_MINOR);
		return;
	}
	copy_clean(meta->version, sizeof(meta->version), dcv);
	read_str(j, root, "host", OPT, meta->host, sizeof(meta->host));
}

/* Whether a parse that failed at p ran out of text: the rest is blank, a string never
 * closed (cJSON stops at its quote, or just after it), or a number or word cut short. */
static bool cut_short(const char *text, const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
	if (p >= end)
		return true;
	if (*p == '"' || (p > text && p[-1] == '"')) {
		for (p += *p == '"'; p < end; p++) {
			if (*p == '\\' && p + 1 < end)
				p++;
			else if (*p == '"')
				return false;
		}
		return true;
	}
	for (; p < end; p++)
		if (!strchr("0123456789+-.eEtruefalsn", *p))
			return false;
	return true;
}

/* What a piece is, in dc_json_type_name's words (json_get.h), by its first byte. */
static const char *piece_type_name(const struct dc_json_piece *p)
{
	static const char *const names[] = {
		[DC_JSON_KIND_NULL] = "null", [DC_JSON_KIND_BOOL] = "a bool",
		[DC_JSON_KIND_NUMBER] = "a number", [DC_JSON_KIND_STRING] = "a string",
		[DC_JSON_KIND_ARRAY] = "an array", [DC_JSON_KIND_OBJECT] = "an object",
	};

	return names[p->kind];
}

/* A piece of the text as cJSON parses it alone; NULL when out of memory (the text was
 * checked whole already). */
static cJSON *parse_piece(const char *text, const struct dc_json_piece *p)
{
	return cJSON_ParseWithLength(text + p->start, p->end - p->start);
}

/* The top-level keys the reader looks at: the head, and the devices. */
enum head_key { K_DRIVECHECK_VERSION, K_JSON_FORMAT_VERSION, K_HOST, K_SMARTCTL, K_RESULTS,
		K_DEVICES, K_COUNT };

static const char *const head_keys[K_COUNT] = {
	[K_DRIVECHECK_VERSION] = "drivecheck_version", [K_JSON_FORMAT_VERSION] = "json_format_version",
	[K_HOST] = "host", [K_SMARTCTL] = "smartctl", [K_RESULTS] = "results", [K_DEVICES] = "devices",
};

/* Where each of those keys' values is: the first of its name, as
 * cJSON_GetObjectItemCaseSensitive finds it. */
struct head_spans {
	const char *text;
	bool seen[K_COUNT];
	struct dc_json_piece value[K_COUNT];
	int err;                      /* -ENOMEM while decoding a key */
};

/* A member of the top-level object, as the check passes it (json_skim.h). */
static void note_member(void *ctx, const struct dc_json_piece *key,
			const struct dc_json_piece *value)
{
	struct head_spans *h = ctx;
	const char *raw = h->text + key->start + 1;
	size_t n = key->end - key->start - 2;
	cJSON *decoded = NULL;
	const char *name = NULL;
	char why[96];

	/* a key with an escape ("dev\u0069ces") is what cJSON makes of it */
	if (memchr(raw, '\\', n)) {
		decoded = parse_piece(h->text, key);
		if (dc_json_get_string(decoded, SIZE_MAX, 0, &name, why, sizeof(why)) != DC_JSON_OK)
			h->err = -ENOMEM;
	}
	for (unsigned k = 0; k < K_COUNT; k++) {
		bool same = name ? strcmp(name, head_keys[k]) == 0
			    : strlen(head_keys[k]) == n && memcmp(raw, head_keys[k], n) == 0;

		if (same && !h->seen[k]) {
			h->seen[k] = true;
			h->value[k] = *value;
		}
	}
	cJSON_Delete(decoded);
}

#define HEAD_PIECE_MAX 4096 /* bytes: the head's values are a few; a larger one is wrong */

/*
 * The head's keys in an object of their own, so that read_head reads them as it read the
 * whole document: a value (a string, a number) as it is; an array or object larger than
 * any the head has (a json_format_version of a million elements) as an empty one of its
 * type, which is as wrong; "smartctl" and "results" only as being there. NULL when out of
 * memory.
 */
static cJSON *head_of(const struct head_spans *h)
{
	cJSON *head = cJSON_CreateObject();

	for (unsigned k = 0; head && k < K_DEVICES; k++) {
		const struct dc_json_piece *v = &h->value[k];
		cJSON *j;

		if (!h->seen[k])
			continue;
		if (k == K_SMARTCTL || k == K_RESULTS)
			j = cJSON_CreateNull();
		else if ((v->kind == DC_JSON_KIND_ARRAY || v->kind == DC_JSON_KIND_OBJECT) &&
			 v->end - v->start > HEAD_PIECE_MAX)
			j = v->kind == DC_JSON_KIND_ARRAY ? cJSON_CreateArray() : cJSON_CreateObject();
		else
			j = parse_piece(h->text, v);
		if (!j || !cJSON_AddItemToObject(head, head_keys[k], j)) {
			cJSON_Delete(j);
			cJSON_Delete(head);
			return NULL;
		}
	}
	return head;
}

/* Each device of the array, checked to be an object before anything is made for it, read
 * and handed to drive. Returns the number read, -EINVAL (j says why), -ENOMEM, or what
 * drive returned when it stopped the reading. */
static int read_devices(struct dc_json_reader *j, const char *text, size_t len,
			const struct dc_json_piece *devices, unsigned minor,
			int (*drive)(void *ctx, const struct dc_check *r), void *ctx)
{
	struct dc_check *r = malloc(sizeof(*r));
	struct dc_json_piece piece;
	size_t cursor = 0;
	unsigned k = 0;
	int rc = 0;

	if (!r)
		return -ENOMEM;
	dc_jr_enter(j, "devices");
	while (!rc && dc_json_skim_element(text, len, devices, &cursor, &piece)) {
		const char *end = NULL;
		cJSON *dev;

		if (piece.kind != DC_JSON_KIND_OBJECT) {
			dc_jr_enter_index(j, k);
			rc = dc_jr_fail(j, NULL, "want an object, not %s", piece_type_name(&piece));
			break;
		}
		/* cJSON finds where the device ends as it parses it */
		dev = cJSON_ParseWithLengthOpts(text + piece.start, devices->end - piece.start, &end,
						false);
		if (!dev) {
			rc = -ENOMEM;
			break;
		}
		piece.end = (size_t)(end - text);
		dc_json_skim_past(text, len, &piece, &cursor);
		memset(r, 0, sizeof(*r));
		dc_jr_enter_index(j, k);
		read_device(j, dev, minor, r);
		dc_jr_leave(j);
		cJSON_Delete(dev);
		if (j->rc)
			rc = j->rc;
		else if ((rc = drive(ctx, r)) == 0)
			k++;
	}
	dc_jr_leave(j);
	free(r);
	return rc ? rc : (int)k;
}

int dc_host_json_read(const char *text, size_t len, struct dc_fleet_file *meta,
		   int (*drive)(void *ctx, const struct dc_check *r), void *ctx,
		   char *err, size_t errlen)
{
	struct dc_json_reader j;
	const char *nul = memchr(text, '\0', len);
	struct head_spans h = { .text = text };
	struct dc_json_piece top;
	cJSON *head = NULL;
	size_t stop = 0;
	int rc = -EINVAL;

	dc_jr_init(&j, err, errlen, NULL);
	if (nul) {
		dc_jr_fail_top(&j, rc, "not JSON (a NUL byte at byte %zu)", (size_t)(nul - text));
		goto out;
	}
	/* the whole text checked first, as cJSON would parse it, nothing built */
	if (!dc_json_skim_document(text, len, &top, &stop, note_member, &h)) {
		if (cut_short(text, text + stop, text + len))
			dc_jr_fail_top(&j, rc, "not JSON: it ends too soon (truncated?)");
		else
			dc_jr_fail_top(&j, rc, "not JSON (at byte %zu)", stop);
		goto out;
	}
	if (top.kind != DC_JSON_KIND_OBJECT) {
		dc_jr_fail_top(&j, rc, "not drivecheck's JSON (not an object)");
		goto out;
	}
	head = h.err ? NULL : head_of(&h);
	if (!head) {
		rc = -ENOMEM;
		goto out;
	}
	read_head(&j, head, meta);
	if (j.rc)
		goto out;
	if (!h.seen[K_DEVICES]) {
		dc_jr_fail_top(&j, rc, "no devices%s", h.seen[K_RESULTS]
		    ? " (the output of drivecheck lookup, not of a scan)" : "");
		goto out;
	}
	if (h.value[K_DEVICES].kind != DC_JSON_KIND_ARRAY) {
		dc_jr_fail(&j, "devices", "want an array, not %s",
			   piece_type_name(&h.value[K_DEVICES]));
		goto out;
	}
	rc = read_devices(&j, text, len, &h.value[K_DEVICES], meta->minor, drive, ctx);
	if (rc >= 0)
		meta->drives = (unsigned)rc;
out:
	cJSON_Delete(head);
	return rc;
}
