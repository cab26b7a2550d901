// SPDX-License-Identifier: GPL-2.0-or-later
/* test_import_smartctl_json.c - real smartctl -j files through import, parse and decide,
 * held against the files' own numbers (read here with cJSON); hostile files refused. */
#include <errno.h>
#include <glob.h>
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "device/ata/ata_attrs.h"
#include "dc_test.h"
#include "import_results.h"
#include "sample_file.h"
#include "core/drive.h"
#include "import/import.h"
#include "core/model.h"
#include "core/raw.h"

#define SAMPLES "data/import/smartctl-json"

/* ---------------------------------------------------------------- reading the JSON here */

static const cJSON *at(const cJSON *o, const char *k)
{
	return cJSON_GetObjectItemCaseSensitive(o, k);
}

static const char *str_at(const cJSON *o, const char *k)
{
	const cJSON *it = at(o, k);

	return cJSON_IsString(it) ? it->valuestring : "";
}

/* A number of the file (all the samples' numbers are below 2^53). */
static bool num_at(const cJSON *o, const char *k, uint64_t *v)
{
	const cJSON *it = at(o, k);

	if (!cJSON_IsNumber(it))
		return false;
	/* a negative one (a temperature below zero) as its 64-bit two's complement, the
	 * importer's reading of it; a double below zero cast to unsigned is undefined */
	*v = it->valuedouble < 0 ? (uint64_t)(int64_t)it->valuedouble : (uint64_t)it->valuedouble;
	return true;
}

static bool has_error(const struct dc_drive *d, const char *a, const char *b)
{
	for (unsigned i = 0; i < d->nerrors; i++)
		if (strstr(d->errors[i], a) && (!b || strstr(d->errors[i], b)))
			return true;
	return false;
}

static const struct dc_ata_attr *find_attr(const struct dc_drive *d, unsigned id)
{
	for (unsigned i = 0; i < d->smart.nattrs; i++)
		if (d->smart.attrs[i].id == id)
			return &d->smart.attrs[i];
	return NULL;
}

/* The report import makes of one file, as `drivecheck import FILE` makes it. */
static struct dc_check *import_path(const char *path, unsigned *n)
{
	struct dc_import_opts o = { .db = NULL };
	char *paths[1] = { (char *)path };
	struct dc_check *r = NULL;

	*n = 0;
	if (import_results(&o, paths, 1, &r, n) != 0)
		return NULL;
	return r;
}

/* ---------------------------------------------------------------- each sample */

static void check_ata(const cJSON *j, const struct dc_check *r, const char *path)
{
	const struct dc_drive *d = &r->drive;
	const cJSON *table = at(at(j, "ata_smart_attributes"), "table"), *e;
	const cJSON *wc = at(at(j, "write_cache"), "enabled");
	char norm[DC_TEXT_LEN];
	bool want_written = false, want_used = false, want_temp = false;
	uint64_t written = 0, used = 0, v;

	CHECK(r->dev.protocol == DC_PROTO_ATA);
	CHECK(r->dev.transport == DC_TRAN_SATA);
	dc_model_normalize(str_at(j, "model_name"), norm, sizeof(norm));
	CHECK(d->smart.nattrs == (unsigned)cJSON_GetArraySize(table));
	cJSON_ArrayForEach(e, table) {
		uint64_t id = 0, value = 0, worst = 0, flags = 0, raw = 0, thresh = 0;
		bool have_thresh = num_at(e, "thresh", &thresh);
		const struct dc_ata_attr *a;
		const struct dc_ata_attr_rule *rule;

		num_at(e, "id", &id);
		num_at(e, "value", &value);
		num_at(e, "worst", &worst);
		num_at(at(e, "flags"), "value", &flags);
		num_at(at(e, "raw"), "value", &raw);
		a = find_attr(d, (unsigned)id);
		CHECK(a != NULL);
		if (!a) {
			fprintf(stderr, "  %s: attribute %llu missing\n", path, (unsigned long long)id);
			continue;
		}
		CHECK(a->value == value);
		CHECK(a->worst == worst);
		CHECK(a->flags == flags);
		/* the parser reads 48 bits; a 56-bit raw value's 7th byte stays in the page
		 * (test_wide_raw) */
		CHECK(a->raw == (raw & 0xFFFFFFFFFFFFull));
		CHECK(a->threshold_known == have_thresh);
		if (have_thresh)
			CHECK(a->threshold == thresh);
		if (id == 194 || id == 190)
			want_temp = true;
		/* What the project's attribute table makes of the file's own raw value. */
		rule = dc_ata_attr_rule_find(norm, (uint8_t)id);
		if (rule && rule->meaning == DC_ATTR_HOST_WRITES) {
			want_written = true;
			written = raw * rule->unit_bytes;
		} else if (rule && rule->meaning == DC_ATTR_LIFE_LEFT && value <= 100) {
			want_used = true;
			used = 100 - value;
		}
	}
	/* Where the parser takes a figure from the standard place, the Device Statistics of
	 * -x (docs/health.md: the figure's wear.from says so), the file's entries are the
	 * figures: page 1 offset 24 logical sectors written, page 7 offset 8 percentage
	 * used. */
	{
		bool log_written = d->wear.from[DC_WEAR_WRITTEN].from == DC_WEAR_FROM_ATA_DEVSTAT;
		bool log_used = d->wear.from[DC_WEAR_PERCENT_USED].from == DC_WEAR_FROM_ATA_DEVSTAT;
		const cJSON *pg, *en;
		uint64_t lbs = 512, num = 0, off = 0;

		num_at(j, "logical_block_size", &lbs);
		cJSON_ArrayForEach(pg, at(at(j, "ata_device_statistics"), "pages")) {
			num_at(pg, "number", &num);
			cJSON_ArrayForEach(en, at(pg, "table")) {
				if (!num_at(en, "offset", &off) || !num_at(en, "value", &v))
					continue;
				if (num == 1 && off == 24 && log_written) {
					want_written = true;
					written = v * lbs;
				} else if (num == 7 && off == 8 && log_used) {
					want_used = true;
					used = v;
				}
			}
		}
	}
	CHECK(d->wear.have_written == want_written);
	if (want_written)
		CHECK(d->wear.host_written_bytes == written);
	CHECK(d->wear.have_percent_used == want_used);
	if (want_used)
		CHECK(d->wear.percent_used == used);
	if (num_at(at(j, "power_on_time"), "hours", &v)) {
		CHECK(d->wear.have_power_on);
		CHECK(d->wear.power_on_hours == v);
	}
	if (want_temp && num_at(at(j, "temperature"), "current", &v)) {
		CHECK(d->smart.have_temperature);
		CHECK(d->smart.temperature_c == (int)v);
	}
	if (cJSON_IsBool(wc)) {
		CHECK(d->cache_present == DC_TRI_YES);
		CHECK(d->cache_enabled == (cJSON_IsTrue(wc) ? DC_TRI_YES : DC_TRI_NO));
		CHECK(!has_error(d, "write cache", "not in the input"));
	} else {
		CHECK(d->cache_present == DC_TRI_UNKNOWN);
		CHECK(d->cache_enabled == DC_TRI_UNKNOWN);
		CHECK_STR(d->cache_source, "not in the input");
		CHECK(has_error(d, "write cache", "not in the input"));
	}
}

static void check_nvme(const cJSON *j, const struct dc_check *r)
{
	const struct dc_drive *d = &r->drive;
	const cJSON *log = at(j, "nvme_smart_health_information_log");
	uint64_t v;

	CHECK(r->dev.protocol == DC_PROTO_NVME);
	CHECK(r->dev.transport == DC_TRAN_NVME);
	/* VWC is not in smartctl's JSON: unknown, never "no cache" (the unsafe answer). */
	CHECK(d->cache_present == DC_TRI_UNKNOWN);
	CHECK(d->cache_enabled == DC_TRI_UNKNOWN);
	CHECK(has_error(d, "volatile write cache", "not in the input"));
	CHECK(has_error(d, "get-feature 0x06", "not in the input"));
	CHECK(r->result.unflushed_survive.value != DC_TRI_YES);
	CHECK(r->result.plp != DC_PLP_FULL);
	if (!log) {
		CHECK(!d->smart.have_nvme_health);
		CHECK(!d->wear.have_power_on && !d->wear.have_written && !d->wear.have_percent_used);
		CHECK(has_error(d, "nvme smart log", "not in the input"));
		return;
	}
	CHECK(d->smart.have_nvme_health);
	CHECK(num_at(log, "power_on_hours", &v) && d->wear.have_power_on &&
	      d->wear.power_on_hours == v);
	CHECK(num_at(log, "data_units_written", &v) && d->wear.have_written &&
	      d->wear.host_written_bytes == v * 512000);
	CHECK(num_at(log, "data_units_read", &v) && d->smart.nvme.data_units_read == v);
	CHECK(num_at(log, "percentage_used", &v) && d->wear.have_percent_used &&
	      d->wear.percent_used == v);
	CHECK(num_at(log, "available_spare", &v) && d->smart.nvme.available_spare == v);
	CHECK(num_at(log, "available_spare_threshold", &v) && d->smart.nvme.spare_threshold == v);
	CHECK(num_at(log, "critical_warning", &v) && d->smart.nvme.critical_warning == v);
	CHECK(num_at(log, "host_reads", &v) && d->smart.nvme.host_reads == v);
	CHECK(num_at(log, "host_writes", &v) && d->smart.nvme.host_writes == v);
	CHECK(num_at(log, "controller_busy_time", &v) && d->smart.nvme.controller_busy_minutes == v);
	CHECK(num_at(log, "power_cycles", &v) && d->smart.nvme.power_cycles == v);
	CHECK(num_at(log, "unsafe_shutdowns", &v) && d->wear.have_unsafe_shutdowns &&
	      d->wear.unsafe_shutdowns == v);
	CHECK(num_at(log, "media_errors", &v) && d->wear.media_errors == v);
	CHECK(num_at(log, "num_err_log_entries", &v) && d->smart.nvme.error_log_entries == v);
	if (num_at(log, "warning_temp_time", &v))
		CHECK(d->smart.nvme.warning_temp_minutes == v);
	if (num_at(log, "temperature", &v)) {
		CHECK(d->smart.have_temperature);
		CHECK(d->smart.temperature_c == (int)v);
		CHECK(d->smart.nvme.temperature_k == v + 273);
	}
}

static void check_scsi(const cJSON *j, const struct dc_check *r)
{
	const struct dc_drive *d = &r->drive;
	uint64_t proto = 99;

	CHECK(r->dev.protocol == DC_PROTO_SCSI);
	num_at(at(j, "scsi_transport_protocol"), "value", &proto);
	CHECK(r->dev.transport == (proto == 6 ? DC_TRAN_SAS : DC_TRAN_SCSI));
	CHECK_STR(d->vendor, at(j, "scsi_vendor") ? str_at(j, "scsi_vendor") : str_at(j, "vendor"));
	/* smartctl prints the write cache of a SCSI drive as text only. */
	CHECK(d->cache_present == DC_TRI_UNKNOWN);
	CHECK(has_error(d, "mode page 0x08", "not in the input"));
	CHECK(has_error(d, "vpd 0x86", "not in the input"));
}

static void check_sample(const char *path)
{
	size_t len = 0;
	char *text = slurp(path, &len);
	cJSON *j = text ? cJSON_Parse(text) : NULL;
	const char *proto = str_at(at(j, "device"), "protocol");
	bool scsi = strcmp(proto, "SCSI") == 0;
	unsigned n = 0, before = dc_test_failed;
	struct dc_check *r = import_path(path, &n);
	const struct dc_drive *d;
	uint64_t v;

	CHECK(j != NULL);
	CHECK(r != NULL && n == 1);
	if (!j || !r || n != 1)
		goto out;
	d = &r->drive;
	CHECK(r->error == 0);
	CHECK_STR(d->model, scsi ? (at(j, "scsi_product") ? str_at(j, "scsi_product")
						       : str_at(j, "product"))
				 : str_at(j, "model_name"));
	CHECK_STR(d->serial, str_at(j, "serial_number"));
	CHECK_STR(d->firmware, scsi ? (at(j, "scsi_revision") ? str_at(j, "scsi_revision")
							 : str_at(j, "revision"))
				    : str_at(j, "firmware_version"));
	if (num_at(at(j, "user_capacity"), "bytes", &v))
		CHECK(r->dev.capacity_bytes == v);
	else if (num_at(j, "nvme_total_capacity", &v)) /* a controller: no namespace shown */
		CHECK(v > 0 && r->dev.capacity_bytes == v);
	else
		CHECK(r->dev.capacity_bytes == 0);
	if (num_at(j, "rotation_rate", &v))
		CHECK(d->rotational == (v ? DC_TRI_YES : DC_TRI_NO));
	if (strcmp(proto, "ATA") == 0)
		check_ata(j, r, path);
	else if (strcmp(proto, "NVMe") == 0)
		check_nvme(j, r);
	else
		check_scsi(j, r);
out:
	if (dc_test_failed != before && r && n)
		for (unsigned i = 0; i < r->drive.nerrors; i++)
			fprintf(stderr, "  %s: %s\n", path, r->drive.errors[i]);
	if (dc_test_failed != before)
		fprintf(stderr, "  ^ in %s\n", path);
	free(r);
	cJSON_Delete(j);
	free(text);
}

/*
 * Samples whose wear this file's attribute-based expectation cannot say yet, read by
 * test_import_health.c instead: the FAILED! Crucial MX200 has attribute 202
 * (Percent_Lifetime_Remain) at 000, which libatasmart calls "not valid", so a parser
 * that reads attributes only gives no percentage used, while Device Statistics page 7
 * says 246%, which a parser that reads the standard places first takes (and the check
 * above follows its wear.from). Until both parsers are one, the file is read there.
 */
static const char *const wear_undecided[] = { "constructed-ata-x-Crucial_CT250MX200SSD1.json" };

static bool undecided(const char *path)
{
	const char *base = strrchr(path, '/');

	for (size_t i = 0; i < sizeof(wear_undecided) / sizeof(wear_undecided[0]); i++)
		if (strcmp(base ? base + 1 : path, wear_undecided[i]) == 0)
			return true;
	return false;
}

static unsigned check_samples(const char *pattern)
{
	glob_t g;
	unsigned n = 0;

	if (glob(pattern, 0, NULL, &g) != 0)
		return 0;
	for (size_t i = 0; i < g.gl_pathc; i++, n++)
		if (!undecided(g.gl_pathv[i]))
			check_sample(g.gl_pathv[i]);
	globfree(&g);
	return n;
}

/* ---------------------------------------------------------------- edited and hostile files */

/* The importer on TEXT: its return, its reason, and no parts left on failure. */
static int run(const char *text, char *err, size_t errlen)
{
	struct dc_import_parts parts = { 0 };
	int rc = dc_import_smartctl_json(text, strlen(text), &parts, err, errlen);

	if (rc < 0)
		CHECK(parts.n == 0);
	dc_import_parts_free(&parts);
	return rc;
}

/* Refused, with a reason that names what is wrong. */
static void refused(const char *text, const char *why, const char *label)
{
	char err[256] = "";
	int rc = run(text, err, sizeof(err));

	CHECK(rc == -EINVAL);
	CHECK(err[0] != '\0');
	if (why && !strstr(err, why)) {
		CHECK(strstr(err, why) != NULL);
		fprintf(stderr, "  %s: reason '%s' lacks '%s'\n", label, err, why);
	}
	if (rc != -EINVAL)
		fprintf(stderr, "  %s: rc %d\n", label, rc);
}

static cJSON *load(const char *path)
{
	size_t len;
	char *text = slurp(path, &len);
	cJSON *j = text ? cJSON_Parse(text) : NULL;

	free(text);
	CHECK(j != NULL);
	return j;
}

/* TEXT with the first NEEDLE replaced: numbers cJSON would print rounded (it prints
 * 15 significant digits) go into the file as written here. */
static char *subst(const char *text, const char *needle, const char *with)
{
	const char *at = strstr(text, needle);
	size_t n = strlen(text) - strlen(needle) + strlen(with) + 1;
	char *out = at ? malloc(n) : NULL;

	CHECK(at != NULL);
	if (!out)
		return NULL;
	snprintf(out, n, "%.*s%s%s", (int)(at - text), text, with, at + strlen(needle));
	return out;
}

/* The NVMe sample with its data units written and power-on hours as given. */
static char *nvme_with(const char *written, const char *hours)
{
	size_t len;
	char *text = slurp(SAMPLES "/exporter-nvme-Samsung_SSD_970_EVO_Plus_250GB.json", &len);
	char *a = text ? subst(text, "\"data_units_written\": 1969459,", written) : NULL;
	char *b = a ? subst(a, "\"power_on_hours\": 3149,", hours) : NULL;

	free(text);
	free(a);
	return b;
}

static cJSON *node(cJSON *root, const char *a, const char *b)
{
	cJSON *o = cJSON_GetObjectItemCaseSensitive(root, a);

	return b ? cJSON_GetObjectItemCaseSensitive(o, b) : o;
}

/* Replaces KEY of OBJ by V, and checks the edited file is refused naming WHY. */
static void refused_with(const char *path, const char *a, const char *b, const char *key,
			 cJSON *v, const char *why)
{
	cJSON *root = load(path), *obj = b || key ? node(root, a, b) : root;
	char *text;

	if (!root || !obj) {
		CHECK(obj != NULL);
		cJSON_Delete(v);
		cJSON_Delete(root);
		return;
	}
	if (v)
		cJSON_ReplaceItemInObjectCaseSensitive(obj, key ? key : a, v);
	else
		cJSON_DeleteItemFromObjectCaseSensitive(obj, key ? key : a);
	text = cJSON_PrintUnformatted(root);
	refused(text, why, key ? key : a);
	free(text);
	cJSON_Delete(root);
}

static const char *const ata_x = SAMPLES "/scrutiny-ata-x-Samsung_SSD_860_EVO_500GB.json";
static const char *const ata = SAMPLES "/exporter-ata-INTEL_SSDSC2KB960G8.json";
static const char *const nvme = SAMPLES "/exporter-nvme-Samsung_SSD_970_EVO_Plus_250GB.json";
static const char *const scsi = SAMPLES "/exporter-scsi-sas-HITACHI_H109060SESUN600G.json";

static void test_hostile(void)
{
	size_t len = 0;
	char *text = slurp(nvme, &len), *cut, *deep;
	const char *last;
	cJSON *root, *table, *e;
	char *s;

	CHECK(text != NULL);
	if (!text)
		return;
	/* Cut short anywhere before the closing brace. */
	last = strrchr(text, '}');
	CHECK(last != NULL);
	cut = strdup(text);
	for (size_t at = 1; cut && last && at <= (size_t)(last - text); at += (size_t)(last - text) / 7 + 1) {
		memcpy(cut, text, at);
		cut[at] = '\0';
		refused(cut, "not valid JSON", "cut");
	}
	free(cut);
	/* Two reports in one file, or text after the object. */
	s = malloc(2 * len + 1);
	if (s) {
		memcpy(s, text, len);
		memcpy(s + len, text, len + 1);
		refused(s, "not valid JSON", "twice");
		free(s);
	}
	refused("", "not valid JSON", "empty");
	refused("[1, 2]", "top", "array");
	refused("{\"json_format_version\": [1, 0], \"smartctl\": {}, \"x\": NaN}", "not valid JSON",
		"NaN");
	/* Deep nesting, at the top and inside a valid object. */
	deep = malloc(2 * 20000 + 64);
	if (deep) {
		memset(deep, '[', 20000);
		memset(deep + 20000, ']', 20000);
		deep[40000] = '\0';
		refused(deep, NULL, "deep array");
		strcpy(deep, "{\"json_format_version\": [1, 0], \"smartctl\": {}, \"x\": ");
		len = strlen(deep);
		memset(deep + len, '[', 2000);
		memset(deep + len + 2000, ']', 2000);
		strcpy(deep + len + 4000, "}");
		refused(deep, "not valid JSON", "deep inside");
		free(deep);
	}
	free(text);

	/* The version and the envelope. */
	refused_with(nvme, "json_format_version", NULL, NULL, cJSON_Parse("[2, 0]"), "2.0");
	refused_with(nvme, "json_format_version", NULL, NULL, cJSON_CreateString("1.0"),
		     "json_format_version");
	refused_with(nvme, "json_format_version", NULL, NULL, NULL, "json_format_version");
	refused_with(nvme, "smartctl", NULL, NULL, NULL, "smartctl");
	refused_with(nvme, "smartctl", NULL, NULL, cJSON_CreateArray(), "smartctl");
	refused_with(nvme, "device", NULL, NULL, cJSON_CreateArray(), "device");
	refused_with(nvme, "device", NULL, "protocol", cJSON_CreateString("USB"), "USB");
	refused_with(nvme, "device", NULL, "protocol", cJSON_CreateNumber(1), "protocol");
	refused_with(SAMPLES "/bad/scrutiny-scsi-format0.1-SEAGATE_ST1200MM0088.json",
		     "json_format_version", NULL, NULL, cJSON_Parse("[0, 1]"), "0.1");

	/* Identity. */
	refused_with(nvme, "model_name", NULL, NULL, NULL, "model_name: missing");
	refused_with(nvme, "model_name", NULL, NULL, cJSON_CreateNumber(970), "model_name");
	refused_with(ata, "model_name", NULL, NULL,
		     cJSON_CreateString("A MODEL NAME OF FORTY-ONE CHARACTERS .. X"), "41 characters");
	refused_with(ata, "serial_number", NULL, NULL, cJSON_CreateString("S\x01" "ERIAL"),
		     "printable ASCII");
	refused_with(ata, "user_capacity", NULL, "bytes", cJSON_CreateString("lots"), "bytes");
	refused_with(ata, "user_capacity", NULL, NULL, cJSON_CreateNumber(1), "user_capacity");
	refused_with(ata, "rotation_rate", NULL, NULL, cJSON_CreateNumber(-1), "rotation_rate");
	refused_with(scsi, "scsi_product", NULL, NULL, NULL, "product: missing");

	/* ATA attributes and flags. */
	refused_with(ata, "ata_smart_attributes", NULL, "table", cJSON_CreateObject(), "table");
	refused_with(ata, "smart_support", NULL, NULL, cJSON_CreateString("yes"), "smart_support");
	refused_with(ata_x, "write_cache", NULL, "enabled", cJSON_CreateString("yes"),
		     "write_cache.enabled");
	refused_with(ata_x, "write_cache", NULL, NULL, cJSON_CreateTrue(), "write_cache");

	root = load(ata);
	table = root ? node(root, "ata_smart_attributes", "table") : NULL;
	CHECK(table != NULL);
	if (table) {
		static const struct { const char *field, *sub, *json, *why; } bad[] = {
			{ "raw", "value", "\"abc\"", "raw.value" },
			{ "raw", "value", "18446744073709551616", "out of range (0 to 18446744073709551615)" },
			{ "raw", "value", "-1", "negative" },
			{ "raw", "value", "1.5", "whole number" },
			{ "raw", NULL, "[1]", "raw" },
			{ "flags", "value", "65536", "flags.value" },
			{ "id", NULL, "256", "id" },
			{ "id", NULL, "0", "id" },
			{ "id", NULL, "null", "id" },
			{ "value", NULL, "true", "value" },
			{ "worst", NULL, "300", "worst" },
			{ "thresh", NULL, "\"10\"", NULL },  /* a string of digits is a number */
		};

		for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			cJSON *copy = cJSON_Duplicate(root, true);
			cJSON *t = node(copy, "ata_smart_attributes", "table");
			cJSON *e0 = cJSON_GetArrayItem(t, 2), *obj = e0;
			char *out;

			if (bad[i].sub)
				obj = cJSON_GetObjectItemCaseSensitive(e0, bad[i].field);
			cJSON_ReplaceItemInObjectCaseSensitive(obj, bad[i].sub ? bad[i].sub : bad[i].field,
							       cJSON_Parse(bad[i].json));
			out = cJSON_PrintUnformatted(copy);
			if (bad[i].why) {
				refused(out, bad[i].why, bad[i].json);
			} else {
				char err[256];

				CHECK(run(out, err, sizeof(err)) == 1);
			}
			free(out);
			cJSON_Delete(copy);
		}
		/* 10,000 attributes: a SMART data page holds 30. */
		e = cJSON_GetArrayItem(table, 0);
		while (cJSON_GetArraySize(table) < 10000)
			cJSON_AddItemToArray(table, cJSON_Duplicate(e, true));
		s = cJSON_PrintUnformatted(root);
		refused(s, "10000 entries", "10000 attributes");
		free(s);
		/* 31: one too many. */
		while (cJSON_GetArraySize(table) > 31)
			cJSON_DeleteItemFromArray(table, 0);
		s = cJSON_PrintUnformatted(root);
		refused(s, "31 entries", "31 attributes");
		free(s);
		cJSON_AddItemToArray(table, cJSON_CreateString("not an attribute"));
	}
	cJSON_Delete(root);

	/* NVMe numbers: negative, fractional, of another type, past 2^53 without the exact
	 * string smartctl adds, out of their field's range, missing. */
	refused_with(nvme, "nvme_smart_health_information_log", NULL, "data_units_written",
		     cJSON_CreateNumber(-5), "negative");
	refused_with(nvme, "nvme_smart_health_information_log", NULL, "data_units_written",
		     cJSON_CreateString("-5"), "data_units_written");
	refused_with(nvme, "nvme_smart_health_information_log", NULL, "data_units_written",
		     cJSON_CreateNumber(1.5), "whole number");
	refused_with(nvme, "nvme_smart_health_information_log", NULL, "data_units_written",
		     cJSON_CreateTrue(), "data_units_written");
	refused_with(nvme, "nvme_smart_health_information_log", NULL, "data_units_written",
		     cJSON_CreateObject(), "data_units_written");
	refused_with(nvme, "nvme_smart_health_information_log", NULL, "data_units_written",
		     cJSON_CreateNumber(1e300), "2^53");
	refused_with(nvme, "nvme_smart_health_information_log", NULL, "power_on_hours",
		     cJSON_Parse("18446744073709551616"), "power_on_hours_s");
	s = nvme_with("\"data_units_written\": 1e400,", "\"power_on_hours\": 3149,");
	if (s)
		refused(s, "finite", "1e400");
	free(s);
	s = nvme_with("\"data_units_written\": 1969459,", "\"power_on_hours\": -1e400,");
	if (s)
		refused(s, "finite", "-1e400");
	free(s);
	s = nvme_with("\"data_units_written\": 9007199254740993,", "\"power_on_hours\": 3149,");
	if (s)
		refused(s, "data_units_written_s", "2^53 + 1");
	free(s);
	refused_with(nvme, "nvme_smart_health_information_log", NULL, "power_on_hours", NULL,
		     "power_on_hours: missing");
	refused_with(nvme, "nvme_smart_health_information_log", NULL, "percentage_used",
		     cJSON_CreateNumber(256), "percentage_used");
	refused_with(nvme, "nvme_smart_health_information_log", NULL, "temperature",
		     cJSON_CreateNumber(70000), "temperature");
	refused_with(nvme, "nvme_smart_health_information_log", NULL, "warning_temp_time",
		     cJSON_CreateNumber(4294967296.0), "warning_temp_time");
	refused_with(nvme, "nvme_smart_health_information_log", NULL, NULL, cJSON_CreateArray(),
		     "nvme_smart_health_information_log");
	refused_with(nvme, "nvme_namespaces", NULL, NULL, cJSON_CreateObject(), "nvme_namespaces");
	refused_with(nvme, "nvme_namespaces", NULL, NULL, cJSON_Parse("[{\"size\": {\"blocks\": 1}, "
		     "\"formatted_lba_size\": 520}]"), "power of two");
	refused_with(nvme, "nvme_namespaces", NULL, NULL, cJSON_Parse("[7]"), "nvme_namespaces[0]");
}

/* ---------------------------------------------------------------- edited files accepted */

/* Writes TEXT to a file of the test's own and imports it. */
static struct dc_check *import_text(const char *text, unsigned *n)
{
	char path[] = "/tmp/dc-test-smartctl-json-XXXXXX";
	int fd = mkstemp(path);
	struct dc_check *r = NULL;
	size_t len = strlen(text);

	*n = 0;
	CHECK(fd >= 0);
	if (fd < 0)
		return NULL;
	if (write(fd, text, len) == (ssize_t)len)
		r = import_path(path, n);
	close(fd);
	unlink(path);
	CHECK(r != NULL && *n == 1);
	return r;
}

static struct dc_check *import_edited(const char *path, const char *a, const char *b,
				       const char *key, cJSON *v, unsigned *n)
{
	cJSON *root = load(path), *obj = root ? (key ? node(root, a, b) : root) : NULL;
	struct dc_check *r;
	char *text;

	*n = 0;
	if (!obj) {
		CHECK(obj != NULL);
		cJSON_Delete(v);
		cJSON_Delete(root);
		return NULL;
	}
	if (v && cJSON_GetObjectItemCaseSensitive(obj, key ? key : a))
		cJSON_ReplaceItemInObjectCaseSensitive(obj, key ? key : a, v);
	else if (v)
		cJSON_AddItemToObject(obj, key ? key : a, v);
	else
		cJSON_DeleteItemFromObjectCaseSensitive(obj, key ? key : a);
	text = cJSON_PrintUnformatted(root);
	r = import_text(text, n);
	free(text);
	cJSON_Delete(root);
	return r;
}

static void test_edited(void)
{
	struct dc_import_parts parts = { 0 };
	struct dc_check *r;
	const struct dc_page *pg;
	unsigned n;
	char err[256], *text;
	cJSON *root;

	/* The -x file without its write_cache: not in the input, never "no cache". */
	r = import_edited(ata_x, "write_cache", NULL, NULL, NULL, &n);
	if (r && n == 1) {
		CHECK(r->drive.cache_present == DC_TRI_UNKNOWN);
		CHECK_STR(r->drive.cache_source, "not in the input");
		CHECK(has_error(&r->drive, "write cache", "-x"));
	}
	free(r);
	/* ... with it off. */
	r = import_edited(ata_x, "write_cache", NULL, "enabled", cJSON_CreateFalse(), &n);
	if (r && n == 1) {
		CHECK(r->drive.cache_present == DC_TRI_YES);
		CHECK(r->drive.cache_enabled == DC_TRI_NO);
	}
	free(r);
	/* No attributes (smartctl -i): the SMART pages are not in the input. */
	r = import_edited(ata, "ata_smart_attributes", NULL, NULL, NULL, &n);
	if (r && n == 1) {
		CHECK(r->drive.smart.nattrs == 0);
		CHECK(!r->drive.wear.have_power_on);
		CHECK(has_error(&r->drive, "ata smart", "not in the input"));
		CHECK(!has_error(&r->drive, "switched off", NULL));
		CHECK_STR(r->drive.model, "INTEL SSDSC2KB960G8");
	}
	free(r);
	/* Without thresholds: each attribute's threshold unknown, the page not in the input. */
	root = load(ata);
	if (root) {
		cJSON *e;

		cJSON_ArrayForEach(e, node(root, "ata_smart_attributes", "table"))
			cJSON_DeleteItemFromObjectCaseSensitive(e, "thresh");
		text = cJSON_PrintUnformatted(root);
		r = import_text(text, &n);
		if (r && n == 1) {
			CHECK(r->drive.smart.nattrs > 0);
			for (unsigned i = 0; i < r->drive.smart.nattrs; i++)
				CHECK(!r->drive.smart.attrs[i].threshold_known);
			CHECK(has_error(&r->drive, "thresholds", "not in the input"));
		}
		free(r);
		free(text);
		cJSON_Delete(root);
	}
	/* One attribute without a threshold: that one unknown, the others as given. */
	root = load(ata);
	if (root) {
		cJSON *e = cJSON_GetArrayItem(node(root, "ata_smart_attributes", "table"), 3);
		const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "id");
		unsigned gone = cJSON_IsNumber(id) ? (unsigned)id->valuedouble : 0;

		cJSON_DeleteItemFromObjectCaseSensitive(e, "thresh");
		text = cJSON_PrintUnformatted(root);
		r = import_text(text, &n);
		if (r && n == 1) {
			CHECK(gone != 0 && find_attr(&r->drive, gone) != NULL);
			for (unsigned i = 0; i < r->drive.smart.nattrs; i++)
				CHECK(r->drive.smart.attrs[i].threshold_known ==
				      (r->drive.smart.attrs[i].id != gone));
			CHECK(!has_error(&r->drive, "thresholds", NULL));
		}
		free(r);
		free(text);
		cJSON_Delete(root);
	}
	/* A SCSI file that states the write cache gets its caching mode page. */
	r = import_edited(scsi, "write_cache", NULL, NULL,
			  cJSON_Parse("{\"enabled\": true}"), &n);
	if (r && n == 1) {
		CHECK(r->drive.cache_enabled == DC_TRI_YES);
		CHECK(r->drive.cache_present == DC_TRI_YES);
		CHECK(!has_error(&r->drive, "mode page 0x08", NULL));
	}
	free(r);

	/* Past 2^53: the exact string smartctl writes beside the number is what counts;
	 * past 64 bits a counter saturates, and the parser says it does not fit. */
	text = nvme_with("\"data_units_written\": 9007199254740993, \"data_units_written_s\": "
			 "\"9007199254740993\",",
			 "\"power_on_hours\": 340282366920938463463374607431768211455, "
			 "\"power_on_hours_s\": \"340282366920938463463374607431768211455\",");
	CHECK(text != NULL);
	if (text) {
		char *t2 = subst(text, "\"host_reads\": 13927240,", "\"host_reads\": \"123456789012345678\",");

		CHECK(t2 && dc_import_smartctl_json(t2, strlen(t2), &parts, err, sizeof(err)) == 1);
		pg = parts.n == 1 ? dc_raw_find(&parts.v[0].raw, DC_PG_NVME_LOG_SMART) : NULL;
		CHECK(pg && pg->len == 512);
		if (pg && pg->len == 512) {
			/* data units written at byte 48, host reads at 64, power-on hours at 128 */
			CHECK(dc_le_uint(pg->data + 48, 16) == 9007199254740993ull);
			CHECK(dc_le_uint(pg->data + 64, 16) == 123456789012345678ull);
			CHECK(dc_le_uint(pg->data + 128, 16) == UINT64_MAX); /* saturated: > 64 bits */
		}
		dc_import_parts_free(&parts);
		r = t2 ? import_text(t2, &n) : NULL;
		if (r && n == 1) {
			/* 2^53 units of 512,000 bytes do not fit 64 bits in bytes. */
			CHECK(!r->drive.wear.have_written);
			CHECK(has_error(&r->drive, "data units written", "too large"));
			CHECK(r->drive.smart.nvme.data_units_written == 9007199254740993ull);
			CHECK(!r->drive.wear.have_power_on);
			CHECK(has_error(&r->drive, "exceeds 64 bits", NULL));
		}
		free(r);
		free(t2);
		free(text);
	}
	/* A number past 2^53 whose exact string is not digits. */
	text = nvme_with("\"data_units_written\": 9007199254740993, \"data_units_written_s\": \"9e15\",",
			 "\"power_on_hours\": 3149,");
	if (text)
		refused(text, "not a whole number", "bad _s");
	free(text);

	/* A USB bridge smartctl knows; a SAS drive as such; a run that found no drive. */
	r = import_edited(ata, "device", NULL, "type", cJSON_CreateString("usbjmicron"), &n);
	if (r && n == 1)
		CHECK(r->dev.transport == DC_TRAN_USB);
	free(r);
	refused("{\"json_format_version\": [1, 0], \"smartctl\": {\"messages\": [{\"string\": "
		"\"Smartctl open device: /dev/sdx failed: No such device\", \"severity\": "
		"\"error\"}], \"exit_status\": 2}}", "No such device", "no drive");
}

/* ---------------------------------------------------------------- raw values past 48 bits */

/* The SMART data page entry of attribute ID in the part's rebuilt page, or NULL. */
static const uint8_t *smart_entry(const struct dc_import_part *p, unsigned id)
{
	const uint8_t *page = dc_raw_get(&p->raw, DC_PG_ATA_SMART_DATA, 512);

	for (unsigned i = 0; page && i < 30; i++)
		if (page[2 + 12 * i] == id)
			return page + 2 + 12 * i;
	return NULL;
}

/* Bytes 5 to 11 of an entry (the six raw bytes and the reserved byte) as one number. */
static uint64_t entry_raw56(const uint8_t *e)
{
	uint64_t v = 0;

	for (unsigned b = 0; b < 7; b++)
		v |= (uint64_t)e[5 + b] << (8 * b);
	return v;
}

/* The ata sample with attribute 12 (table[2], value 100, worst 100) given raw RAW (a
 * JSON object's text), imported by the importer alone: rc, and the parts. */
static int ata_with_raw(const char *raw, struct dc_import_parts *parts)
{
	cJSON *root = load(ata), *e = root ? cJSON_GetArrayItem(node(root, "ata_smart_attributes",
								     "table"), 2) : NULL;
	char err[256] = "", *text;
	int rc;

	CHECK(e != NULL);
	if (!e) {
		cJSON_Delete(root);
		return -1;
	}
	cJSON_ReplaceItemInObjectCaseSensitive(e, "raw", cJSON_Parse(raw));
	text = cJSON_PrintUnformatted(root);
	rc = dc_import_smartctl_json(text, strlen(text), parts, err, sizeof(err));
	if (rc != 1)
		fprintf(stderr, "  %s: %s\n", raw, err);
	free(text);
	cJSON_Delete(root);
	return rc;
}

static bool part_note(const struct dc_import_part *p, const char *a, const char *b)
{
	for (unsigned i = 0; i < p->nnotes; i++)
		if (strstr(p->notes[i], a) && (!b || strstr(p->notes[i], b)))
			return true;
	return false;
}

/*
 * smartctl -x -j of a Seagate Nytro XA1920LE10063 (data/import/smartctl-json/constructed-...,
 * the numbers of a real report of data/import/linuxhw): attribute 243 prints hex56
 * "0x071cad00184b9f", raw.value 2001854193486751, past 48 bits. The drive imports whole,
 * and the rebuilt entry holds all seven bytes; raw64's layout, an exact form past 2^53
 * from raw.value_s or raw.string, and what fits none (the attribute left out, said, the
 * drive kept).
 */
static void test_wide_raw(void)
{
	static const char *const sea = SAMPLES "/constructed-ata-x-Seagate_XA1920LE10063.json";
	struct dc_import_parts parts = { 0 };
	char err[256] = "", *text = slurp(sea, NULL);
	const uint8_t *e;
	struct dc_check *r;
	unsigned n;
	int rc;

	CHECK(text != NULL);
	rc = text ? dc_import_smartctl_json(text, strlen(text), &parts, err, sizeof(err)) : -1;
	CHECK(rc == 1);
	if (rc == 1) {
		CHECK(parts.v[0].nnotes == 0);
		e = smart_entry(&parts.v[0], 243);
		CHECK(e && entry_raw56(e) == 0x071cad00184b9full);
		CHECK(e && e[11] == 0x07);
		e = smart_entry(&parts.v[0], 231);
		CHECK(e && entry_raw56(e) == 0x001b4a00000000ull);
	}
	dc_import_parts_free(&parts);
	free(text);
	r = import_path(sea, &n);
	CHECK(r && n == 1 && r->error == 0 && r->drive.smart.nattrs == 26);
	if (r && n == 1)
		CHECK(find_attr(&r->drive, 243) && find_attr(&r->drive, 243)->raw == 0x1cad00184b9full);
	free(r);

	/* 2^48 exactly: the 7th byte 1. */
	CHECK(ata_with_raw("{\"value\": 281474976710656, \"string\": \"281474976710656\"}", &parts) == 1);
	e = parts.n ? smart_entry(&parts.v[0], 12) : NULL;
	CHECK(e && entry_raw56(e) == 1ull << 48 && e[11] == 1);
	dc_import_parts_free(&parts);
	/* raw64: six raw bytes above the value (100 = 0x64) and worst bytes, past 2^53: the
	 * exact digits from value_s. */
	CHECK(ata_with_raw("{\"value\": 1311768467463758948, \"value_s\": \"1311768467463758948\", "
			   "\"string\": \"1311768467463758948\"}", &parts) == 1); /* 0x123456789ABC6464 */
	e = parts.n ? smart_entry(&parts.v[0], 12) : NULL;
	CHECK(e && entry_raw56(e) == 0x123456789ABCull && e[3] == 100 && e[4] == 100);
	CHECK(parts.n && parts.v[0].nnotes == 0);
	dc_import_parts_free(&parts);
	/* hex56 past 2^53 without value_s: raw.string's digits are exact. */
	CHECK(ata_with_raw("{\"value\": 76880272227133149, \"string\": \"0x01112233445566dd\"}",
			   &parts) == 1);
	CHECK(parts.n && parts.v[0].nnotes == 1 && part_note(&parts.v[0], "attribute 12", "56 bits"));
	dc_import_parts_free(&parts);
	CHECK(ata_with_raw("{\"value\": 19214180998512605, \"string\": \"0x4443322110ffdd\"}",
			   &parts) == 1);
	e = parts.n ? smart_entry(&parts.v[0], 12) : NULL;
	CHECK(e && entry_raw56(e) == 0x4443322110ffddull);
	dc_import_parts_free(&parts);
	/* msec24hour32 past 2^53, no value_s: read back from the printed form. */
	CHECK(ata_with_raw("{\"value\": 19421773393035264, \"string\": \"0h+00m+00.000s\"}",
			   &parts) == 1);
	CHECK(parts.n && part_note(&parts.v[0], "attribute 12", "differ"));
	dc_import_parts_free(&parts);
	/* Past 2^56, not raw64's layout; past 2^53 with no exact form: the attribute is left
	 * out and said, the drive kept. */
	CHECK(ata_with_raw("{\"value\": 72057594037927936, \"value_s\": \"72057594037927936\", "
			   "\"string\": \"72057594037927936\"}", &parts) == 1);
	CHECK(parts.n && !smart_entry(&parts.v[0], 12) && smart_entry(&parts.v[0], 9));
	CHECK(parts.n && part_note(&parts.v[0], "SMART attribute 12 not taken", "raw64"));
	dc_import_parts_free(&parts);
	CHECK(ata_with_raw("{\"value\": 9007199254740994, \"string\": \"9007199254740994 (1 2)\"}",
			   &parts) == 1);
	CHECK(parts.n && !smart_entry(&parts.v[0], 12));
	CHECK(parts.n && part_note(&parts.v[0], "SMART attribute 12 not taken", "2^53"));
	dc_import_parts_free(&parts);
	r = NULL;
	{
		cJSON *root = load(ata), *t = root ? node(root, "ata_smart_attributes", "table") : NULL;
		char *out;

		if (t) {
			cJSON_ReplaceItemInObjectCaseSensitive(cJSON_GetArrayItem(t, 2), "raw",
				cJSON_Parse("{\"value\": 72057594037927936, \"value_s\": \"72057594037927936\"}"));
			out = cJSON_PrintUnformatted(root);
			r = import_text(out, &n);
			free(out);
		}
		cJSON_Delete(root);
	}
	CHECK(r && n == 1 && r->error == 0 && r->drive.smart.nattrs == 26 && !find_attr(&r->drive, 12));
	if (r && n == 1)
		CHECK(has_error(&r->drive, "SMART attribute 12 not taken", NULL));
	free(r);
}

int main(void)
{
	unsigned n = check_samples(SAMPLES "/*.json");

	/* Every sample there is read: at least the eight of SOURCE.md. */
	CHECK(n >= 7);
	n = check_samples("data/e2e/ref/*/smartctl.json");
	CHECK(n >= 8);
	test_hostile();
	test_edited();
	test_wide_raw();
	return dc_test_summary("test_import_smartctl_json");
}
