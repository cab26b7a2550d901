// SPDX-License-Identifier: GPL-2.0-or-later
/* render_json_ceph.c - a drive's "host" and "ceph" in the JSON (1.7): what Ceph's device
 * health store says of it, and its wear and writes over the samples (docs/json.md). */
#include <math.h>

#include <cjson/cJSON.h>

#include "decide/check.h"
#include "core/names.h"
#include "render/render_json_ceph.h"
#include "render/words.h"

static cJSON *time_or_null(int64_t t)
{
	char buf[32];

	if (!t)
		return cJSON_CreateNull();
	dc_ceph_time_text(t, buf, sizeof(buf));
	return cJSON_CreateString(buf);
}

static cJSON *num_or_null(bool have, double v, double scale)
{
	return have ? cJSON_CreateNumber(round(v * scale) / scale) : cJSON_CreateNull();
}

static cJSON *history_json(const struct dc_check *r)
{
	const struct dc_wear_history *h = &r->drive.wear.history;
	bool years = r->result.years_basis == DC_YEARS_WEAR_HISTORY &&
		     r->result.endurance_years_left >= 0;
	cJSON *o = cJSON_CreateObject();
	char basis[256];

	cJSON_AddItemToObject(o, "span_days", num_or_null(h->readings > 1, h->span_days, 10));
	cJSON_AddItemToObject(o, "written_bytes_per_day",
			      num_or_null(h->have_write_rate, h->written_bytes_per_day, 1));
	cJSON_AddItemToObject(o, "wear_percent_per_year",
			      num_or_null(h->have_wear_rate, h->wear_percent_per_year, 100));
	cJSON_AddItemToObject(o, "endurance_years_left",
			      num_or_null(years, r->result.endurance_years_left, 100));
	dc_words_ceph_history(h, basis, sizeof(basis));
	cJSON_AddStringToObject(o, "basis", basis);
	return o;
}

void dc_render_ceph_json(cJSON *o, const struct dc_check *r)
{
	const struct dc_ceph *c = &r->ceph;
	cJSON *ceph, *a;

	if (!c->present)
		return; /* the key is a drive of Ceph's store's alone: other outputs as before */
	ceph = cJSON_AddObjectToObject(o, "ceph");
	cJSON_AddStringToObject(ceph, "devid", c->devid);
	cJSON_AddItemToObject(ceph, "listed", c->listed == DC_TRI_UNKNOWN ? cJSON_CreateNull()
			      : cJSON_CreateBool(c->listed == DC_TRI_YES));
	a = cJSON_AddArrayToObject(ceph, "daemons");
	for (unsigned i = 0; i < c->ndaemons; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(c->daemons[i]));
	a = cJSON_AddArrayToObject(ceph, "location");
	for (unsigned i = 0; i < c->nlocations; i++) {
		cJSON *l = cJSON_CreateObject();

		cJSON_AddStringToObject(l, "host", c->locations[i].host);
		cJSON_AddStringToObject(l, "dev", c->locations[i].dev);
		cJSON_AddStringToObject(l, "path", c->locations[i].path);
		cJSON_AddItemToArray(a, l);
	}
	if (c->daemons_total > c->ndaemons || c->locations_total > c->nlocations) {
		cJSON *nk = cJSON_AddObjectToObject(ceph, "not_kept");

		cJSON_AddNumberToObject(nk, "daemons", c->daemons_total - c->ndaemons);
		cJSON_AddNumberToObject(nk, "location", c->locations_total - c->nlocations);
	}
	cJSON_AddItemToObject(ceph, "wear_level", num_or_null(c->have_wear_level, c->wear_level,
							       1e6));
	cJSON_AddItemToObject(ceph, "life_expectancy_min",
			      time_or_null(c->have_life_expectancy ? c->life_min : 0));
	cJSON_AddItemToObject(ceph, "life_expectancy_max",
			      time_or_null(c->have_life_expectancy ? c->life_max : 0));
	cJSON_AddItemToObject(ceph, "life_expectancy_stamp",
			      time_or_null(c->have_life_expectancy ? c->life_stamp : 0));
	cJSON_AddNumberToObject(ceph, "samples", c->samples);
	cJSON_AddNumberToObject(ceph, "samples_failed", c->samples_failed);
	cJSON_AddItemToObject(ceph, "first_sample", time_or_null(c->first_sample));
	cJSON_AddItemToObject(ceph, "state_sample", time_or_null(c->state_sample));
	cJSON_AddItemToObject(ceph, "state_source", c->state_source == DC_CEPH_SOURCE_NONE
			      ? cJSON_CreateNull()
			      : cJSON_CreateString(c->state_source == DC_CEPH_SOURCE_DAEMON_QUERY
						   ? "daemon-query" : "health-metrics"));
	if (c->have_failed_scrape) {
		cJSON *f = cJSON_AddObjectToObject(ceph, "last_failed_scrape");

		cJSON_AddItemToObject(f, "time", time_or_null(c->failed.time));
		cJSON_AddStringToObject(f, "error", c->failed.error);
		cJSON_AddStringToObject(f, "message", c->failed.message);
	} else {
		cJSON_AddNullToObject(ceph, "last_failed_scrape");
	}
	cJSON_AddItemToObject(ceph, "history", r->drive.wear.history.readings > 1
			      ? history_json(r) : cJSON_CreateNull());
}

void dc_render_host_json(cJSON *o, const struct dc_check *r)
{
	if (r->ceph.present)
		cJSON_AddItemToObject(o, "host", r->host[0] ? cJSON_CreateString(r->host)
				      : cJSON_CreateNull());
}
