// SPDX-License-Identifier: GPL-2.0-or-later
/* render_json.c - the stable JSON output (docs/json.md), built with cJSON. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_alloc.h"
#include "decide/health.h"
#include "decide/evaluate.h"
#include "lookup/db_row.h"
#include "core/names.h"
#include "render/render_avail.h"
#include "render/render_json_ceph.h"
#include "render/render.h"
#include "render/render_json.h"
#include "render/words.h"
#include "fleet/summary.h"
#include "device/protocol.h"

static cJSON *tri_json(enum dc_tri t)
{
	return t == DC_TRI_UNKNOWN ? cJSON_CreateNull() : cJSON_CreateBool(t == DC_TRI_YES);
}

cJSON *dc_render_json_str_or_null(const char *s)
{
	return s && s[0] ? cJSON_CreateString(s) : cJSON_CreateNull();
}

static cJSON *one_evidence_json(enum dc_ev_kind kind, const char *source, const char *what,
				const char *value)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "source", source);
	cJSON_AddStringToObject(o, "what", what);
	cJSON_AddStringToObject(o, "value", value);
	cJSON_AddStringToObject(o, "kind", dc_ev_kind_name(kind));
	return o;
}

static cJSON *evidence_json(const struct dc_evidence *ev, unsigned n)
{
	cJSON *arr = cJSON_CreateArray();

	for (unsigned i = 0; i < n; i++)
		cJSON_AddItemToArray(arr, one_evidence_json(ev[i].kind, ev[i].source, ev[i].what,
							    ev[i].value));
	return arr;
}

/* The PLP conclusion's evidence: the drive's own, then what decide adds (words.h). */
static cJSON *conclusion_evidence_json(const struct dc_facts *f, const struct dc_result *r)
{
	cJSON *arr = cJSON_CreateArray();
	struct dc_words_evidence ev;

	for (unsigned i = 0; i < dc_words_evidence_count(f, r); i++) {
		dc_words_evidence(f, r, i, &ev);
		cJSON_AddItemToArray(arr, one_evidence_json(ev.kind, ev.source, ev.what, ev.value));
	}
	return arr;
}

static void add_u64_or_null(cJSON *o, const char *key, bool have, uint64_t v)
{
	if (have)
		cJSON_AddNumberToObject(o, key, (double)v);
	else
		cJSON_AddNullToObject(o, key);
}

/* 1.7: two counters of one figure that do not agree, and which one is the figure */
static cJSON *wear_counters_json(const struct dc_wear_counters *c)
{
	cJSON *o = cJSON_CreateObject(), *readings;
	char name[64];

	cJSON_AddStringToObject(o, "figure", dc_words_wear_key(c->figure));
	cJSON_AddStringToObject(o, "check", dc_words_counters_check(c->check));
	if (c->check == DC_COUNTERS_WRAPPED)
		cJSON_AddNumberToObject(o, "wraps", c->wraps);
	else
		cJSON_AddNullToObject(o, "wraps");
	dc_words_wear_from(&c->src[c->used ? 1 : 0], name, sizeof(name));
	cJSON_AddStringToObject(o, "used", name);
	readings = cJSON_AddArrayToObject(o, "readings");
	for (unsigned i = 0; i < 2; i++) {
		cJSON *one = cJSON_CreateObject();

		dc_words_wear_from(&c->src[i], name, sizeof(name));
		cJSON_AddStringToObject(one, "source", name);
		cJSON_AddNumberToObject(one, "value", (double)c->value[i]);
		cJSON_AddItemToArray(readings, one);
	}
	return o;
}

static cJSON *wear_json(const struct dc_wear *w)
{
	cJSON *o = cJSON_CreateObject(), *from, *counters;
	char text[DC_WORDS_LEN];

	add_u64_or_null(o, "percent_used", w->have_percent_used, w->percent_used);
	add_u64_or_null(o, "host_written_bytes", w->have_written, w->host_written_bytes);
	add_u64_or_null(o, "power_on_hours", w->have_power_on, w->power_on_hours);
	add_u64_or_null(o, "unsafe_shutdowns", w->have_unsafe_shutdowns, w->unsafe_shutdowns);
	add_u64_or_null(o, "media_errors", w->have_media_errors, w->media_errors);
	dc_words_wear_sources(w, text, sizeof(text));
	cJSON_AddItemToObject(o, "source", dc_render_json_str_or_null(text));
	from = cJSON_AddObjectToObject(o, "sources"); /* 1.7 */
	for (unsigned i = 0; i < DC_WEAR_NFIGURES; i++) {
		dc_words_wear_from(&w->from[i], text, sizeof(text));
		cJSON_AddItemToObject(from, dc_words_wear_key(i), dc_render_json_str_or_null(text));
	}
	counters = cJSON_AddArrayToObject(o, "counters"); /* 1.7 */
	for (unsigned i = 0; i < w->ncounters; i++)
		cJSON_AddItemToArray(counters, wear_counters_json(&w->counters[i]));
	return o;
}

static cJSON *source_json(const struct dc_db_source *s)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "kind", dc_source_kind_name(s->kind));
	cJSON_AddStringToObject(o, "claim", dc_claim_name(s->claim));
	cJSON_AddBoolToObject(o, "backs_class", s->backs_class);
	cJSON_AddStringToObject(o, "title", s->title);
	cJSON_AddStringToObject(o, "url", s->url);
	cJSON_AddItemToObject(o, "revision", dc_render_json_str_or_null(s->revision));
	cJSON_AddItemToObject(o, "where", dc_render_json_str_or_null(s->where));
	return o;
}

static cJSON *ata_attrs_json(const struct dc_smart *sm)
{
	cJSON *arr = cJSON_CreateArray();

	for (unsigned i = 0; i < sm->nattrs; i++) {
		const struct dc_ata_attr *a = &sm->attrs[i];
		cJSON *o = cJSON_CreateObject();

		cJSON_AddNumberToObject(o, "id", a->id);
		cJSON_AddStringToObject(o, "name", a->name);
		cJSON_AddNumberToObject(o, "value", a->value);
		cJSON_AddNumberToObject(o, "worst", a->worst);
		if (a->threshold_known)
			cJSON_AddNumberToObject(o, "threshold", a->threshold);
		else
			cJSON_AddNullToObject(o, "threshold");
		cJSON_AddNumberToObject(o, "raw", (double)a->raw);
		cJSON_AddNumberToObject(o, "flags", a->flags);
		cJSON_AddItemToArray(arr, o);
	}
	return arr;
}

static cJSON *nvme_health_json(const struct dc_nvme_health *h)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddNumberToObject(o, "critical_warning", h->critical_warning);
	cJSON_AddNumberToObject(o, "temperature_k", h->temperature_k);
	cJSON_AddNumberToObject(o, "available_spare", h->available_spare);
	cJSON_AddNumberToObject(o, "spare_threshold", h->spare_threshold);
	cJSON_AddNumberToObject(o, "percent_used", h->percent_used);
	add_u64_or_null(o, "data_units_read", h->data_units_read != UINT64_MAX, h->data_units_read);
	add_u64_or_null(o, "data_units_written", h->data_units_written != UINT64_MAX,
			h->data_units_written);
	add_u64_or_null(o, "host_reads", h->host_reads != UINT64_MAX, h->host_reads);
	add_u64_or_null(o, "host_writes", h->host_writes != UINT64_MAX, h->host_writes);
	add_u64_or_null(o, "controller_busy_minutes", h->controller_busy_minutes != UINT64_MAX,
			h->controller_busy_minutes);
	add_u64_or_null(o, "power_cycles", h->power_cycles != UINT64_MAX, h->power_cycles);
	add_u64_or_null(o, "power_on_hours", h->power_on_hours != UINT64_MAX, h->power_on_hours);
	add_u64_or_null(o, "unsafe_shutdowns", h->unsafe_shutdowns != UINT64_MAX, h->unsafe_shutdowns);
	add_u64_or_null(o, "media_errors", h->media_errors != UINT64_MAX, h->media_errors);
	add_u64_or_null(o, "error_log_entries", h->error_log_entries != UINT64_MAX,
			h->error_log_entries);
	cJSON_AddNumberToObject(o, "warning_temp_minutes", h->warning_temp_minutes);
	cJSON_AddNumberToObject(o, "critical_temp_minutes", h->critical_temp_minutes);
	return o;
}

/* SMART as the drive gave it (format 1.1). */
static cJSON *smart_json(const struct dc_smart *sm)
{
	cJSON *o = cJSON_CreateObject();

	if (sm->have_temperature)
		cJSON_AddNumberToObject(o, "temperature_c", sm->temperature_c);
	else
		cJSON_AddNullToObject(o, "temperature_c");
	cJSON_AddItemToObject(o, "ata_attributes", ata_attrs_json(sm));
	cJSON_AddItemToObject(o, "nvme_health", sm->have_nvme_health ? nvme_health_json(&sm->nvme)
								    : cJSON_CreateNull());
	return o;
}

/* What a family's drives took (1.7): said as observed, never as a rating; null when none. */
cJSON *dc_render_json_observed(const struct dc_observed_endurance *ob)
{
	cJSON *o, *src;

	if (!ob->drives)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	cJSON_AddNumberToObject(o, "drives", ob->drives);
	cJSON_AddNumberToObject(o, "drive_writes", ob->dw_median);
	cJSON_AddNumberToObject(o, "p25", ob->dw_p25);
	cJSON_AddNumberToObject(o, "p75", ob->dw_p75);
	cJSON_AddNumberToObject(o, "wear_median", ob->wear_median);
	cJSON_AddNumberToObject(o, "wrapped", ob->wrapped);
	if (ob->capacity_bytes)
		cJSON_AddNumberToObject(o, "capacity_bytes", (double)ob->capacity_bytes);
	else
		cJSON_AddNullToObject(o, "capacity_bytes");
	cJSON_AddStringToObject(o, "model", ob->model);
	src = cJSON_AddObjectToObject(o, "source");
	cJSON_AddStringToObject(src, "kind", DC_OBSERVED_KIND);
	cJSON_AddStringToObject(src, "title", ob->title);
	cJSON_AddStringToObject(src, "url", ob->url);
	cJSON_AddStringToObject(src, "revision", ob->revision);
	cJSON_AddStringToObject(src, "licence", ob->licence);
	return o;
}

cJSON *dc_render_json_db_row(const struct dc_db_row *row)
{
	const struct dc_db_source *best = dc_db_row_shown_source(row);
	cJSON *o, *src, *all;
	unsigned kept = dc_db_row_sources_kept(row);

	if (!row->matched)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "vendor", row->vendor);
	cJSON_AddStringToObject(o, "family", row->family);
	cJSON_AddStringToObject(o, "plp", dc_plp_name(row->plp));
	cJSON_AddItemToObject(o, "plp_note", dc_render_json_str_or_null(row->plp_note));
	if (row->dwpd > 0)
		cJSON_AddNumberToObject(o, "dwpd", row->dwpd);
	else
		cJSON_AddNullToObject(o, "dwpd");
	if (row->tbw_tb > 0)
		cJSON_AddNumberToObject(o, "tbw_tb", row->tbw_tb);
	else
		cJSON_AddNullToObject(o, "tbw_tb");
	if (row->warranty_years > 0)
		cJSON_AddNumberToObject(o, "warranty_years", row->warranty_years);
	else
		cJSON_AddNullToObject(o, "warranty_years");
	cJSON_AddItemToObject(o, "observed_endurance", dc_render_json_observed(&row->observed));
	cJSON_AddItemToObject(o, "endurance_note", dc_render_json_str_or_null(row->endurance_note));
	cJSON_AddStringToObject(o, "interface", row->interface);
	cJSON_AddItemToObject(o, "form_factor", dc_render_json_str_or_null(row->form_factor));
	cJSON_AddStringToObject(o, "class", row->drive_class);
	cJSON_AddStringToObject(o, "pattern", row->pattern);
	cJSON_AddBoolToObject(o, "plp_inferred", row->plp_inferred);
	cJSON_AddItemToObject(o, "dispute", dc_render_json_str_or_null(row->dispute));
	/* "source" (format 1.0) is the strongest source; "sources" lists them all. */
	src = cJSON_AddObjectToObject(o, "source");
	cJSON_AddStringToObject(src, "title", best ? best->title : "");
	cJSON_AddStringToObject(src, "url", best ? best->url : "");
	cJSON_AddStringToObject(src, "kind", dc_source_kind_name(best ? best->kind : DC_SRC_NONE));
	cJSON_AddNumberToObject(o, "source_count", row->nsources);
	all = cJSON_AddArrayToObject(o, "sources");
	for (unsigned i = 0; i < kept; i++)
		cJSON_AddItemToArray(all, source_json(&row->sources[i]));
	return o;
}

static cJSON *latency_json(const struct dc_latency *l)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddNumberToObject(o, "count", l->count);
	cJSON_AddNumberToObject(o, "mean_us", l->mean_us);
	cJSON_AddNumberToObject(o, "stdev_us", l->stdev_us);
	cJSON_AddNumberToObject(o, "p50_us", l->p50_us);
	cJSON_AddNumberToObject(o, "p90_us", l->p90_us);
	cJSON_AddNumberToObject(o, "p99_us", l->p99_us);
	cJSON_AddNumberToObject(o, "p999_us", l->p999_us);
	cJSON_AddNumberToObject(o, "max_us", l->max_us);
	cJSON_AddNumberToObject(o, "iops", l->iops);
	return o;
}

static cJSON *probe_json(const struct dc_probe *p)
{
	cJSON *o = cJSON_CreateObject();

	if (p->mode == DC_PROBE_NOT_RUN) {
		cJSON_AddNullToObject(o, "mode");
		cJSON_AddStringToObject(o, "skipped", p->skipped[0] ? p->skipped : "not run");
		return o;
	}
	cJSON_AddStringToObject(o, "mode", p->mode == DC_PROBE_RAW ? "raw" : "file");
	cJSON_AddStringToObject(o, "where", p->where);
	cJSON_AddNumberToObject(o, "duration_s", p->duration_s);
	cJSON_AddBoolToObject(o, "stable", p->stable);
	cJSON_AddItemToObject(o, "sync", latency_json(&p->sync));
	/* 1.2: the write + fdatasync phase; null for a dump of a probe that had none */
	cJSON_AddItemToObject(o, "flush", p->flush.count ? latency_json(&p->flush) : cJSON_CreateNull());
	cJSON_AddItemToObject(o, "nosync", latency_json(&p->nosync));
	cJSON_AddNumberToObject(o, "start_s", p->start_s);
	cJSON_AddNumberToObject(o, "flush_cost_us", p->flush_cost_us);
	cJSON_AddNullToObject(o, "skipped");
	/* 1.4: what happened meanwhile (another process opened the disk), or null */
	if (p->warning[0])
		cJSON_AddStringToObject(o, "warning", p->warning);
	else
		cJSON_AddNullToObject(o, "warning");
	return o;
}

/* 1.2: --try-cache-off; null when it was not asked for. */
static cJSON *cache_trial_json(const struct dc_check *r)
{
	const struct dc_cache_trial *t = &r->cache_trial;
	cJSON *o;

	if (t->state == DC_TRIAL_NOT_ASKED)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "state", dc_trial_state_name(t->state));
	cJSON_AddItemToObject(o, "reason", dc_render_json_str_or_null(t->why));
	cJSON_AddItemToObject(o, "cache_off_confirmed", tri_json(t->off_honoured));
	cJSON_AddItemToObject(o, "cache_on_again", tri_json(t->restored));
	cJSON_AddItemToObject(o, "probe", probe_json(&t->probe));
	cJSON_AddStringToObject(o, "speed", dc_flush_speed_name(r->result.cache_off_speed));
	if (r->result.cache_off_speed != DC_FLUSH_NOT_MEASURED) {
		cJSON_AddNumberToObject(o, "p50_us", r->result.cache_off_p50_us);
		cJSON_AddNumberToObject(o, "cache_on_p50_us", r->result.flush_p50_us);
	} else {
		cJSON_AddNullToObject(o, "p50_us");
		cJSON_AddNullToObject(o, "cache_on_p50_us");
	}
	cJSON_AddBoolToObject(o, "faster_off", r->result.cache_off_faster);
	return o;
}

/* 1.2: the record of a cache an earlier --try-cache-off left off; null when none. */
static cJSON *cache_left_json(const struct dc_check *r)
{
	const struct dc_cache_left *l = &r->cache_left;
	char restore[DC_PATH_LEN + 32];
	cJSON *o;

	if (!l->found)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	cJSON_AddItemToObject(o, "since", dc_render_json_str_or_null(l->since));
	if (l->pid > 0)
		cJSON_AddNumberToObject(o, "pid", (double)l->pid);
	else
		cJSON_AddNullToObject(o, "pid");
	cJSON_AddBoolToObject(o, "running", l->running);
	cJSON_AddStringToObject(o, "record", l->record);
	snprintf(restore, sizeof(restore), "drivecheck --restore-cache %s", r->dev.path);
	cJSON_AddStringToObject(o, "restore_command", restore);
	return o;
}

static cJSON *property_json(const struct dc_facts *facts, const struct dc_property *p)
{
	cJSON *o = cJSON_CreateObject();
	char text[DC_WORDS_LEN];

	cJSON_AddItemToObject(o, "value", tri_json(p->value));
	cJSON_AddStringToObject(o, "source_kind", dc_source_kind_name(p->kind));
	dc_words_source(facts, p, text, sizeof(text));
	cJSON_AddItemToObject(o, "source", dc_render_json_str_or_null(text));
	dc_words_basis(facts, p, text, sizeof(text));
	cJSON_AddStringToObject(o, "basis", text);
	return o;
}

/* S, U and F (format 1.1): the three questions every verdict answers. */
static void properties_json(const struct dc_facts *facts, const struct dc_result *r, cJSON *dev)
{
	cJSON *o = cJSON_AddObjectToObject(dev, "properties"), *f;

	cJSON_AddItemToObject(o, "flushed_writes_survive",
			      property_json(facts, &r->flushed_survive));
	cJSON_AddItemToObject(o, "unflushed_writes_survive",
			      property_json(facts, &r->unflushed_survive));
	f = property_json(facts, &r->fast);
	cJSON_AddStringToObject(f, "speed", dc_flush_speed_name(r->flush_speed));
	if (r->flush_speed != DC_FLUSH_NOT_MEASURED) {
		cJSON_AddNumberToObject(f, "p50_us", r->flush_p50_us);
		cJSON_AddNumberToObject(f, "dsync_p50_us", r->dsync_p50_us);
		cJSON_AddNumberToObject(f, "fdatasync_p50_us", r->fdatasync_p50_us);
		cJSON_AddNumberToObject(f, "fdatasync_p99_us", r->fdatasync_p99_us);
	} else {
		cJSON_AddNullToObject(f, "p50_us");
		cJSON_AddNullToObject(f, "dsync_p50_us");
		cJSON_AddNullToObject(f, "fdatasync_p50_us");
		cJSON_AddNullToObject(f, "fdatasync_p99_us");
	}
	cJSON_AddStringToObject(f, "dsync_speed", dc_flush_speed_name(r->speed_dsync));
	cJSON_AddStringToObject(f, "fdatasync_speed", dc_flush_speed_name(r->speed_fdatasync));
	cJSON_AddItemToObject(o, "durable_writes_fast", f);
}

/* 1.4: what the drive itself says of its health (docs/health.md). */
static cJSON *health_json(const struct dc_health *h)
{
	cJSON *o = cJSON_CreateObject(), *list;
	char text[256];

	cJSON_AddStringToObject(o, "status", dc_health_status_name(h->status));
	if (h->self_assessment == DC_SELF_NOT_GIVEN)
		cJSON_AddNullToObject(o, "self_assessment");
	else
		cJSON_AddStringToObject(o, "self_assessment",
					h->self_assessment == DC_SELF_PASSED ? "passed" : "failed");
	cJSON_AddItemToObject(o, "source", dc_render_json_str_or_null(h->source));
	list = cJSON_AddArrayToObject(o, "problems");
	for (unsigned i = 0; i < h->nproblems; i++) {
		const struct dc_health_problem *p = &h->problems[i];
		cJSON *x = cJSON_CreateObject();

		cJSON_AddStringToObject(x, "kind", dc_health_kind_name(p->kind));
		cJSON_AddStringToObject(x, "severity", p->failing ? "failing" : "warning");
		switch (p->kind) {
		case DC_HP_ATTRIBUTE:
			cJSON_AddNumberToObject(x, "id", p->id);
			cJSON_AddItemToObject(x, "name", dc_render_json_str_or_null(p->name));
			cJSON_AddBoolToObject(x, "prefail", p->prefail);
			cJSON_AddNumberToObject(x, "value", p->value);
			cJSON_AddNumberToObject(x, "worst", p->worst);
			cJSON_AddNumberToObject(x, "threshold", p->threshold);
			cJSON_AddStringToObject(x, "when", p->now ? "now" : "past");
			break;
		case DC_HP_NVME_WARNING:
			cJSON_AddNumberToObject(x, "bit", p->bit);
			cJSON_AddStringToObject(x, "name", dc_health_nvme_bit_name(p->bit));
			break;
		case DC_HP_ENDURANCE_EXCEEDED:
			cJSON_AddNumberToObject(x, "percent_used", p->percent_used);
			break;
		case DC_HP_SCSI_EXCEPTION:
			cJSON_AddNumberToObject(x, "asc", p->asc);
			cJSON_AddNumberToObject(x, "ascq", p->ascq);
			break;
		case DC_HP_SELF_ASSESSMENT:
			break;
		}
		dc_health_problem_text(p, h->source, text, sizeof(text));
		cJSON_AddStringToObject(x, "text", text);
		cJSON_AddItemToArray(list, x);
	}
	/* more problems than the list holds: how many were left out, never silently */
	cJSON_AddNumberToObject(o, "problems_total", h->ntotal);
	return o;
}

/* 1.4: the firmware advisories that hit this drive (db/advisories, issue 22). */
static cJSON *advisory_hits_json(const struct dc_check *r)
{
	cJSON *a = cJSON_CreateArray();

	for (unsigned i = 0; i < r->nadvisories; i++) {
		const struct dc_advisory_hit *h = &r->advisories[i];
		cJSON *o = cJSON_CreateObject(), *src;

		cJSON_AddStringToObject(o, "id", h->id);
		cJSON_AddStringToObject(o, "title", h->title);
		cJSON_AddStringToObject(o, "effect", dc_adv_effect_name(h->effect));
		cJSON_AddStringToObject(o, "bulletin", h->bulletin);
		cJSON_AddItemToObject(o, "fixed", dc_render_json_str_or_null(h->fixed));
		if (h->hours > 0)
			cJSON_AddNumberToObject(o, "hours", (double)h->hours);
		else
			cJSON_AddNullToObject(o, "hours");
		if (h->hours > 0 && h->hours_left_known)
			cJSON_AddNumberToObject(o, "hours_left", (double)h->hours_left);
		else
			cJSON_AddNullToObject(o, "hours_left");
		src = cJSON_AddObjectToObject(o, "source");
		cJSON_AddStringToObject(src, "kind", dc_source_kind_name(h->source_kind));
		cJSON_AddStringToObject(src, "title", h->source_title);
		cJSON_AddStringToObject(src, "url", h->source_url);
		cJSON_AddItemToArray(a, o);
	}
	return a;
}

/* 1.6: what a verdict could not weigh (never measured or read), and the status what was
 * measured gives on its own: a warn whose measured_status is pass only lacks a measurement
 * (docs/design.md: nothing unmeasured passes). */
static void verdict_unmeasured_json(cJSON *o, const struct dc_verdict *v)
{
	cJSON *a = cJSON_AddArrayToObject(o, "unmeasured");

	for (unsigned b = 0; b < DC_UNMEASURED_KINDS; b++)
		if (v->unmeasured & (1u << b))
			cJSON_AddItemToArray(a, cJSON_CreateString(dc_enum_name(&dc_unmeasured_names,
										 (int)b, "?")));
	cJSON_AddStringToObject(o, "measured_status", dc_status_name(v->measured_status));
}

static cJSON *result_json(const struct dc_check *r, cJSON *dev)
{
	cJSON *plp, *verdicts, *advice;
	struct dc_facts facts;
	char text[DC_WORDS_LEN];

	dc_facts_of(r, &facts);
	cJSON_AddItemToObject(dev, "health", health_json(&r->result.health));
	cJSON_AddItemToObject(dev, "advisories", advisory_hits_json(r));
	cJSON_AddNumberToObject(dev, "advisories_total", r->advisories_total);
	plp = cJSON_AddObjectToObject(dev, "plp");

	cJSON_AddStringToObject(plp, "class", dc_plp_name(r->result.plp));
	cJSON_AddStringToObject(plp, "confidence", dc_confidence_name(r->result.confidence));
	cJSON_AddItemToObject(plp, "evidence", conclusion_evidence_json(&facts, &r->result));
	properties_json(&facts, &r->result, dev);
	verdicts = cJSON_AddObjectToObject(dev, "verdicts");
	for (unsigned i = 0; i < DC_ROLE_COUNT; i++) {
		const struct dc_verdict *v = &r->result.verdicts[i];
		cJSON *o = cJSON_AddObjectToObject(verdicts, dc_role_name((enum dc_role)i));
		cJSON *reasons = cJSON_AddArrayToObject(o, "reasons");

		cJSON_AddStringToObject(o, "status", dc_status_name(v->status));
		verdict_unmeasured_json(o, v); /* 1.6 */
		for (unsigned k = 0; k < v->nreasons; k++) {
			dc_words_reason(&facts, &r->result, &v->reasons[k], text, sizeof(text));
			cJSON_AddItemToArray(reasons, cJSON_CreateString(text));
		}
	}
	/* 1.5: would ceph-volume take it (not the verdict: docs/json.md) */
	dc_render_avail_json(dev, r);
	advice = cJSON_AddArrayToObject(dev, "advice");
	for (unsigned i = 0; i < r->result.nadvice; i++) {
		dc_words_advice(&facts, &r->result, &r->result.advice[i], text, sizeof(text));
		cJSON_AddItemToArray(advice, cJSON_CreateString(text));
	}
	/* 1.3: what the advice says in words, for a fleet's summary (drivecheck report) */
	if (r->result.endurance_years_left >= 0)
		cJSON_AddNumberToObject(dev, "endurance_years_left",
					round(r->result.endurance_years_left * 100) / 100);
	else
		cJSON_AddNullToObject(dev, "endurance_years_left");
	/* 1.6: a lower bound from the wear indicator, or an estimate from the rated TBW */
	cJSON_AddItemToObject(dev, "endurance_years_basis",
			      dc_render_json_str_or_null(dc_enum_name(&dc_years_basis_names,
						       r->result.years_basis, NULL)));
	return dev;
}

/* What else uses the disk: partitions, holders, mounts (why the probe may refuse it). */
static void add_usage(cJSON *o, const struct dc_dev *d)
{
	cJSON *parts = cJSON_AddArrayToObject(o, "partitions");
	cJSON *mounts;

	for (unsigned i = 0; i < d->nparts; i++)
		cJSON_AddItemToArray(parts, cJSON_CreateString(d->parts[i]));
	cJSON_AddNumberToObject(o, "holders", d->nholders);
	/* 1.4: what a loop device's file lives on; an md or dm volume's members */
	if (d->backing_file[0]) {
		cJSON *b = cJSON_AddObjectToObject(o, "backing");

		cJSON_AddStringToObject(b, "file", d->backing_file);
		cJSON_AddItemToObject(b, "fstype", dc_render_json_str_or_null(d->backing_fstype));
		cJSON_AddItemToObject(b, "source", dc_render_json_str_or_null(d->backing_source));
		cJSON_AddItemToObject(b, "mount", dc_render_json_str_or_null(d->backing_mount));
	} else {
		cJSON_AddNullToObject(o, "backing");
	}
	{
		cJSON *m = cJSON_AddArrayToObject(o, "members");
		unsigned kept = d->nmembers < DC_MAX_MEMBERS ? d->nmembers : DC_MAX_MEMBERS;

		for (unsigned i = 0; i < kept; i++)
			cJSON_AddItemToArray(m, cJSON_CreateString(d->members[i]));
		cJSON_AddNumberToObject(o, "members_total", d->nmembers);
	}
	mounts = cJSON_AddArrayToObject(o, "mounts");
	for (unsigned i = 0; i < d->nmounts; i++) {
		cJSON *m = cJSON_CreateObject();

		cJSON_AddStringToObject(m, "source", d->mounts[i].source);
		cJSON_AddStringToObject(m, "target", d->mounts[i].target);
		cJSON_AddStringToObject(m, "fstype", d->mounts[i].fstype);
		cJSON_AddBoolToObject(m, "readonly", d->mounts[i].readonly);
		cJSON_AddItemToArray(mounts, m);
	}
}

/* 1.5: what the check's tables could not hold, only when something was left out (so a
 * whole check's JSON is as before); each count is of entries past the table's size. */
static void not_kept_json(const struct dc_check *r, cJSON *o)
{
	struct dc_not_kept nk;
	cJSON *n;

	if (!dc_not_kept(r, &nk))
		return;
	n = cJSON_AddObjectToObject(o, "not_kept");
	cJSON_AddNumberToObject(n, "plp_evidence", nk.evidence);
	cJSON_AddNumberToObject(n, "errors", nk.errors);
	cJSON_AddNumberToObject(n, "findings", nk.findings);
	cJSON_AddNumberToObject(n, "reasons", nk.reasons);
	cJSON_AddNumberToObject(n, "advice", nk.advice);
}

static cJSON *check_json(const struct dc_check *r)
{
	const struct dc_dev *d = &r->dev;
	const struct dc_drive *dr = &r->drive;
	cJSON *o = cJSON_CreateObject(), *wc, *errors;

	cJSON_AddStringToObject(o, "path", d->path);
	cJSON_AddStringToObject(o, "name", d->name);
	dc_render_host_json(o, r); /* 1.7: a drive of Ceph's store */
	cJSON_AddItemToObject(o, "by_id", dc_render_json_str_or_null(d->by_id)); /* 1.6 */
	cJSON_AddStringToObject(o, "transport", dc_transport_name(d->transport));
	cJSON_AddStringToObject(o, "protocol", dc_protocol_name(d->protocol));
	cJSON_AddItemToObject(o, "vendor", dc_render_json_str_or_null(dr->vendor));
	cJSON_AddItemToObject(o, "model", dc_render_json_str_or_null(dr->model));
	cJSON_AddItemToObject(o, "serial", dc_render_json_str_or_null(dr->serial));
	cJSON_AddItemToObject(o, "firmware", dc_render_json_str_or_null(dr->firmware));
	cJSON_AddItemToObject(o, "identity_source", dc_render_json_str_or_null(dr->identity_source));
	cJSON_AddNumberToObject(o, "capacity_bytes", (double)d->capacity_bytes);
	/* 0: not known (a file of another tool that does not say; no block device has 0) */
	add_u64_or_null(o, "logical_block_bytes", d->logical_block_bytes != 0, d->logical_block_bytes);
	add_u64_or_null(o, "physical_block_bytes", d->physical_block_bytes != 0,
			d->physical_block_bytes);
	cJSON_AddItemToObject(o, "rotational", tri_json(dr->rotational));
	cJSON_AddBoolToObject(o, "removable", d->removable);
	cJSON_AddBoolToObject(o, "readonly", d->readonly);
	add_usage(o, d);

	wc = cJSON_AddObjectToObject(o, "write_cache");
	cJSON_AddItemToObject(wc, "present", tri_json(dr->cache_present));
	cJSON_AddItemToObject(wc, "enabled", tri_json(dr->cache_enabled));
	cJSON_AddItemToObject(wc, "source", dc_render_json_str_or_null(dr->cache_source));
	cJSON_AddItemToObject(wc, "kernel", dc_render_json_str_or_null(dc_kcache_name(d->kernel_cache)));
	cJSON_AddItemToObject(wc, "fua", tri_json(d->kernel_fua));

	cJSON_AddItemToObject(o, "plp_evidence", evidence_json(dr->evidence, dr->nevidence));
	cJSON_AddItemToObject(o, "wear", wear_json(&dr->wear));
	cJSON_AddItemToObject(o, "smart", smart_json(&dr->smart));
	cJSON_AddItemToObject(o, "database", dc_render_json_db_row(&r->row));
	cJSON_AddItemToObject(o, "probe", probe_json(&r->probe));
	cJSON_AddItemToObject(o, "cache_experiment", cache_trial_json(r));
	cJSON_AddItemToObject(o, "cache_left_off", cache_left_json(r));
	if (!r->error)
		result_json(r, o);
	dc_render_ceph_json(o, r); /* 1.7 */

	errors = cJSON_AddArrayToObject(o, "errors");
	if (r->error)
		cJSON_AddItemToArray(errors, cJSON_CreateString(r->error_msg));
	for (unsigned i = 0; i < dr->nerrors; i++)
		cJSON_AddItemToArray(errors, cJSON_CreateString(dr->errors[i]));
	if (r->lookup_error[0])
		cJSON_AddItemToArray(errors, cJSON_CreateString(r->lookup_error));
	not_kept_json(r, o);
	return o;
}

/* One drive of a fleet: the keys of DEVICE that the fleet's files carry, same shapes. */
static cJSON *fleet_drive_json(const struct dc_check *r, const char *host)
{
	cJSON *o = cJSON_CreateObject(), *wc, *w, *verdicts, *errors, *props, *f;
	char why[DC_WORDS_LEN];
	struct dc_look_why look;

	cJSON_AddStringToObject(o, "host", host);
	cJSON_AddStringToObject(o, "path", r->dev.path);
	cJSON_AddItemToObject(o, "by_id", dc_render_json_str_or_null(r->dev.by_id)); /* 1.6 */
	cJSON_AddStringToObject(o, "transport", dc_transport_name(r->dev.transport));
	cJSON_AddItemToObject(o, "vendor", dc_render_json_str_or_null(r->drive.vendor));
	cJSON_AddItemToObject(o, "model", dc_render_json_str_or_null(r->drive.model));
	cJSON_AddItemToObject(o, "serial", dc_render_json_str_or_null(r->drive.serial));
	cJSON_AddItemToObject(o, "firmware", dc_render_json_str_or_null(r->drive.firmware));
	cJSON_AddNumberToObject(o, "capacity_bytes", (double)r->dev.capacity_bytes);
	dc_render_avail_fleet_json(o, r); /* 1.5 */
	if (r->ceph.present) { /* 1.7: what the fleet's table says per daemon */
		cJSON *ceph = cJSON_AddObjectToObject(o, "ceph"), *a;

		cJSON_AddStringToObject(ceph, "devid", r->ceph.devid);
		a = cJSON_AddArrayToObject(ceph, "daemons");
		for (unsigned i = 0; i < r->ceph.ndaemons; i++)
			cJSON_AddItemToArray(a, cJSON_CreateString(r->ceph.daemons[i]));
	}
	wc = cJSON_AddObjectToObject(o, "write_cache");
	cJSON_AddItemToObject(wc, "present", tri_json(r->drive.cache_present));
	cJSON_AddItemToObject(wc, "enabled", tri_json(r->drive.cache_enabled));
	cJSON_AddItemToObject(wc, "kernel", dc_render_json_str_or_null(dc_kcache_name(r->dev.kernel_cache)));
	w = cJSON_AddObjectToObject(o, "wear");
	add_u64_or_null(w, "percent_used", r->drive.wear.have_percent_used, r->drive.wear.percent_used);
	add_u64_or_null(w, "host_written_bytes", r->drive.wear.have_written,
			r->drive.wear.host_written_bytes);
	add_u64_or_null(w, "power_on_hours", r->drive.wear.have_power_on, r->drive.wear.power_on_hours);
	if (r->row.matched) {
		cJSON *row = cJSON_AddObjectToObject(o, "database");

		cJSON_AddStringToObject(row, "vendor", r->row.vendor);
		cJSON_AddStringToObject(row, "family", r->row.family);
		cJSON_AddStringToObject(row, "plp", dc_plp_name(r->row.plp));
	} else {
		cJSON_AddNullToObject(o, "database");
	}
	if (!r->error) {
		cJSON *hl = cJSON_AddObjectToObject(o, "health"), *probs;
		char text[256];

		cJSON_AddItemToObject(o, "advisories", advisory_hits_json(r));
		cJSON_AddStringToObject(hl, "status", dc_health_status_name(r->result.health.status));
		probs = cJSON_AddArrayToObject(hl, "problems");
		for (unsigned i = 0; i < r->result.health.nproblems; i++) {
			dc_health_problem_text(&r->result.health.problems[i], r->result.health.source,
					       text, sizeof(text));
			cJSON_AddItemToArray(probs, cJSON_CreateString(text));
		}
		cJSON_AddStringToObject(cJSON_AddObjectToObject(o, "plp"), "class",
					dc_plp_name(r->result.plp));
		props = cJSON_AddObjectToObject(o, "properties");
		f = cJSON_AddObjectToObject(props, "durable_writes_fast");
		cJSON_AddStringToObject(f, "speed", dc_flush_speed_name(r->result.flush_speed));
		if (r->result.flush_speed != DC_FLUSH_NOT_MEASURED)
			cJSON_AddNumberToObject(f, "p50_us", r->result.flush_p50_us);
		else
			cJSON_AddNullToObject(f, "p50_us");
		verdicts = cJSON_AddObjectToObject(o, "verdicts");
		for (unsigned i = 0; i < DC_ROLE_COUNT; i++) {
			cJSON *v = cJSON_AddObjectToObject(verdicts, dc_role_name((enum dc_role)i));

			cJSON_AddStringToObject(v, "status",
						dc_status_name(r->result.verdicts[i].status));
			verdict_unmeasured_json(v, &r->result.verdicts[i]); /* 1.6 */
		}
		if (r->result.endurance_years_left >= 0)
			cJSON_AddNumberToObject(o, "endurance_years_left", r->result.endurance_years_left);
		else
			cJSON_AddNullToObject(o, "endurance_years_left");
		if (dc_summary_look(r, &look)) {
			dc_words_look(&look, why, sizeof(why));
			cJSON_AddStringToObject(o, "attention", why);
		} else {
			cJSON_AddNullToObject(o, "attention");
		}
	}
	errors = cJSON_AddArrayToObject(o, "errors");
	if (r->error)
		cJSON_AddItemToArray(errors, cJSON_CreateString(r->error_msg));
	for (unsigned i = 0; i < r->drive.nerrors; i++)
		if (!r->error || strcmp(r->drive.errors[i], r->error_msg))
			cJSON_AddItemToArray(errors, cJSON_CreateString(r->drive.errors[i]));
	return o;
}

/* The trees of one drive, for the documents written drive by drive (render_json_doc.c):
 * whole, or NULL when an allocation failed on the way (json_alloc.h). */
cJSON *dc_render_json_device_tree(const struct dc_check *r)
{
	unsigned long mark = dc_json_alloc_mark();

	return dc_json_whole(mark, check_json(r));
}

cJSON *dc_render_json_fleet_drive_tree(const struct dc_check *r, const char *host)
{
	unsigned long mark = dc_json_alloc_mark();

	return dc_json_whole(mark, fleet_drive_json(r, host));
}
