// SPDX-License-Identifier: GPL-2.0-or-later
/* test_not_kept.c - no cap is silent: evidence and errors past their tables are counted
 * where they are dropped and said in the table, in JSON ("not_kept") and by dc_not_kept;
 * a whole check's JSON has no "not_kept" at all. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli/scan.h"
#include "dc_test.h"
#include "core/drive.h"
#include "lookup/db.h"
#include "render/print.h"

static char *rendered(const struct dc_check *r, bool json)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		return NULL;
	dc_print_checks(json ? &dc_print_json : &dc_print_table, mem,
			 &(struct dc_print_head){ .doc = DC_PRINT_SCAN, .verbose = true, .host = "h" },
			 r, 1);
	fclose(mem);
	return text;
}

static double not_kept_of(const char *json, const char *key)
{
	cJSON *root = cJSON_Parse(json), *d, *nk;
	double v = -1;

	d = cJSON_GetArrayItem(cJSON_GetObjectItem(root, "devices"), 0);
	nk = cJSON_GetObjectItem(d, "not_kept");
	if (!key)
		v = nk ? 1 : 0;
	else if (cJSON_IsNumber(cJSON_GetObjectItem(nk, key)))
		v = cJSON_GetObjectItem(nk, key)->valuedouble;
	cJSON_Delete(root);
	return v;
}

int main(void)
{
	struct dc_db *db = NULL;
	struct dc_scan_opts o = { .sysroot = "", .jobs = 1 };
	struct dc_check *reports = NULL, *r;
	struct dc_not_kept nk;
	char err[256] = "", *json, *table;
	unsigned n = 0, before;

	CHECK(dc_db_open(NULL, &db, err, sizeof(err)) == 0);
	o.db = db;
	CHECK(dc_scan_replay(&o, "data/dumps/INTEL_SSDSC2KB960G8", &reports, &n, err,
			     sizeof(err)) == 0);
	CHECK(n == 1);
	if (n != 1) {
		fprintf(stderr, "%s\n", err);
		return dc_test_summary("test_not_kept");
	}
	r = &reports[0];

	/* whole: nothing said */
	CHECK(dc_not_kept(r, &nk) == 0);
	json = rendered(r, true);
	CHECK(json && not_kept_of(json, NULL) == 0);
	free(json);

	/* 30 more pieces of evidence and 20 more errors than there is room for */
	before = r->drive.nevidence;
	for (unsigned i = 0; i < DC_MAX_EVIDENCE - before + 30; i++)
		dc_drive_add_evidence(&r->drive, DC_EV_INFO, "test", "extra", "%u", i);
	before = r->drive.nerrors;
	for (unsigned i = 0; i < DC_MAX_ERRORS - before + 20; i++)
		dc_drive_add_error(&r->drive, "extra error %u", i);
	CHECK(r->drive.nevidence == DC_MAX_EVIDENCE && r->drive.evidence_dropped == 30);
	CHECK(r->drive.nerrors == DC_MAX_ERRORS && r->drive.errors_dropped == 20);
	r->result.verdicts[0].reasons_dropped = 2;
	r->result.verdicts[3].reasons_dropped = 1;
	r->result.advice_dropped = 4;
	CHECK(dc_not_kept(r, &nk) == 57);
	CHECK(nk.evidence == 30 && nk.errors == 20 && nk.reasons == 3 && nk.advice == 4 &&
	      nk.findings == 0);

	json = rendered(r, true);
	CHECK(json && not_kept_of(json, "plp_evidence") == 30);
	CHECK(json && not_kept_of(json, "errors") == 20);
	CHECK(json && not_kept_of(json, "reasons") == 3);
	CHECK(json && not_kept_of(json, "advice") == 4);
	CHECK(json && not_kept_of(json, "findings") == 0);
	free(json);

	table = rendered(r, false);
	CHECK(table && strstr(table, "(and 30 more pieces of the drive's evidence, not kept)"));
	CHECK(table && strstr(table, "(and 20 more things not read, not kept)"));
	CHECK(table && strstr(table, "(and 4 more pieces of advice, not kept)"));
	free(table);

	free(reports);
	dc_db_close(db);
	return dc_test_summary("test_not_kept");
}
