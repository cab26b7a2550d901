// SPDX-License-Identifier: GPL-2.0-or-later
/* import_nvme_feature.c - nvme get-feature -f 6 (text, and JSON since nvme-cli 2.7) to the feature pages. */
#include <endian.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>
#include <nvme/types.h>

#include "import/import.h"
#include "import/nvme-cli/import_nvme_cli.h"
#include "import/text_scan.h"
#include "core/raw.h"

enum feat_sel { SEL_NONE, SEL_CURRENT, SEL_DEFAULT, SEL_SAVED, SEL_SUPPORTED };

static enum feat_sel sel_of(const char *s, size_t n)
{
	static const struct { const char *name; enum feat_sel sel; } sels[] = {
		{ "Current", SEL_CURRENT }, { "Default", SEL_DEFAULT }, { "Saved", SEL_SAVED },
		{ "Supported capabilities", SEL_SUPPORTED },
	};

	for (size_t i = 0; i < sizeof(sels) / sizeof(sels[0]); i++)
		if (strlen(sels[i].name) == n && strncmp(s, sels[i].name, n) == 0)
			return sels[i].sel;
	return SEL_NONE;
}

/* A hex value as nvme-cli prints it: "0x00000001", "0x000001", or "00000000" for zero
 * ("%#08x" prints no prefix for 0). */
static bool parse_hex32(const char *s, uint32_t *out)
{
	uint64_t v;

	while (*s == ' ')
		s++;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	if (dc_text_u64(&s, 16, 0, 0xFFFFFFFFu, &v) ||
	    (*s && *s != ' ' && *s != '\r' && *s != '\n'))
		return false;
	*out = (uint32_t)v;
	return true;
}

static int add_feature(struct dc_json_reader *r, struct dc_import_parts *out, bool have_cur,
		       uint32_t cur, bool have_cap, uint32_t cap)
{
	struct dc_import_part *p;
	uint32_t le;

	if (!have_cur && !have_cap)
		return dc_jr_fail_top(r, -EINVAL, "no current value (nor supported capabilities) of "
				      "feature 0x06");
	p = dc_import_part_add(out, DC_IMPORT_NVME_FEATURE);
	if (!p)
		return -ENOMEM;
	if (have_cur) {
		le = htole32(cur);
		if (dc_raw_add(&p->raw, DC_PG_NVME_FEAT_VWC, &le, sizeof(le), NULL))
			return -ENOMEM;
	}
	if (have_cap) {
		le = htole32(cap);
		if (dc_raw_add(&p->raw, DC_PG_NVME_FEAT_VWC_CAP, &le, sizeof(le), NULL))
			return -ENOMEM;
	}
	return 1;
}

/* "get-feature:0x06 (Volatile Write Cache), Current value:0x00000001", one line per -s. */
int nc_import_feature_text(struct dc_json_reader *r, const char *text,
			   struct dc_import_parts *out)
{
	bool have[SEL_SUPPORTED + 1] = { false };
	uint32_t val[SEL_SUPPORTED + 1] = { 0 };
	const char *line = text, *status = NULL;

	r->what = "nvme-cli get-feature";
	for (; *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : line + strlen(line)) {
		const char *s = line, *comma, *value;
		uint64_t fid;
		enum feat_sel sel;

		while (*s == ' ' || *s == '\t')
			s++;
		if (strncmp(s, "NVMe status:", 12) == 0 && !status)
			status = s;
		if (strncmp(s, "get-feature:", 12) != 0)
			continue;
		s += 12;
		while (*s == ' ')
			s++;
		if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
			s += 2;
		if (dc_text_u64(&s, 16, 0, UINT32_MAX, &fid) || *s != ' ')
			return dc_jr_fail_top(r, -EINVAL, "\"get-feature:\" without a feature number");
		if (fid != 0x06)
			return dc_jr_fail_top(r, -EINVAL, "feature 0x%02llx, not 0x06 (volatile write "
					      "cache)", (unsigned long long)fid);
		comma = strstr(s, "), ");
		value = comma ? strstr(comma, " value:") : NULL;
		if (!comma || !value || !strchr(value, ':') ||
		    (sel = sel_of(comma + 3, (size_t)(value - comma - 3))) == SEL_NONE)
			return dc_jr_fail_top(r, -EINVAL, "\"get-feature:0x06\" line without a "
					      "\"Current value:\"");
		if (!parse_hex32(strchr(value, ':') + 1, &val[sel]))
			return dc_jr_fail_top(r, -EINVAL, "feature 0x06: the value is not a 32-bit hex "
					      "number");
		have[sel] = true;
	}
	if (!have[SEL_CURRENT] && !have[SEL_SUPPORTED]) {
		if (status) {
			int n = (int)strcspn(status, "\r\n");

			dc_jr_fail_top(r, -EINVAL, "the command failed: %.*s", n > 120 ? 120 : n,
				       status);
		} else if (have[SEL_DEFAULT] || have[SEL_SAVED]) {
			dc_jr_fail_top(r, -EINVAL, "only the %s value of feature 0x06: not what the "
				       "drive does now", have[SEL_DEFAULT] ? "default" : "saved");
		}
	}
	if (r->rc)
		return r->rc;
	return add_feature(r, out, have[SEL_CURRENT], val[SEL_CURRENT], have[SEL_SUPPORTED],
			   val[SEL_SUPPORTED]);
}

/* 2.7 and later: {"feature: 0x06": [{"name": ..., "Current": "0x00000001"}], "Feature: 0x06":
 * [{"Volatile Write Cache Enable (WCE)": "Enabled"}]}, or the inner object alone. Read
 * leniently: a value of another shape is passed over. */
static void feature_json_obj(struct dc_json_reader *r, const cJSON *o, bool *have, uint32_t *val,
			     int *wce)
{
	const cJSON *arr, *it;

	if (dc_jr_arr(r, o, NULL, DC_JSON_SOFT, &arr) == DC_JSON_OK)
		o = cJSON_GetArrayItem(arr, 0);
	if (dc_jr_obj(r, o, NULL, DC_JSON_SOFT, &o) != DC_JSON_OK)
		return;
	cJSON_ArrayForEach(it, o) {
		enum feat_sel sel = it->string ? sel_of(it->string, strlen(it->string)) : SEL_NONE;
		const char *v;

		if (dc_jr_str(r, it, NULL, SIZE_MAX, DC_JSON_SOFT, &v) != DC_JSON_OK)
			continue;
		if (sel != SEL_NONE && parse_hex32(v, &val[sel]))
			have[sel] = true;
		if (strcmp(it->string, "Volatile Write Cache Enable (WCE)") == 0)
			*wce = strcmp(v, "Enabled") == 0 ? 1 : strcmp(v, "Disabled") == 0 ? 0 : -1;
	}
}

static bool is_feature_key(const char *k, uint64_t *fid)
{
	if (!k || strncasecmp(k, "feature: ", 9) != 0)
		return false;
	k += 9;
	while (*k == ' ')
		k++;
	if (k[0] == '0' && (k[1] == 'x' || k[1] == 'X'))
		k += 2;
	return dc_text_u64(&k, 16, 0, UINT32_MAX, fid) == 0 && *k == '\0';
}

static bool feature_json_named(struct dc_json_reader *r, const cJSON *o)
{
	const char *name;

	if (dc_jr_str(r, o, dc_jr_has(o, "name") ? "name" : "Name", SIZE_MAX, DC_JSON_SOFT,
		      &name) != DC_JSON_OK)
		return false;
	return strcmp(name, "Volatile Write Cache") == 0;
}

int nc_import_feature_json(struct dc_json_reader *r, const cJSON *root,
			   struct dc_import_parts *out)
{
	bool have[SEL_SUPPORTED + 1] = { false }, found = false;
	uint32_t val[SEL_SUPPORTED + 1] = { 0 };
	const cJSON *it;
	int wce = -1;

	r->what = "nvme-cli get-feature";
	cJSON_ArrayForEach(it, root) {
		uint64_t fid;

		if (!is_feature_key(it->string, &fid))
			continue;
		if (fid != 0x06)
			return dc_jr_fail_top(r, -EINVAL, "feature 0x%02llx, not 0x06 (volatile write "
					      "cache)", (unsigned long long)fid);
		found = true;
		feature_json_obj(r, it, have, val, &wce);
	}
	if (!found && feature_json_named(r, root)) {
		found = true;
		feature_json_obj(r, root, have, val, &wce);
	}
	if (!found)
		return dc_jr_fail_top(r, -EINVAL, "no feature 0x06 (volatile write cache) in the JSON");
	/* The field alone (an output cut short) still says what bit 0 is. */
	if (!have[SEL_CURRENT] && wce >= 0) {
		have[SEL_CURRENT] = true;
		val[SEL_CURRENT] = (uint32_t)wce;
	}
	if (!have[SEL_CURRENT] && !have[SEL_SUPPORTED] && (have[SEL_DEFAULT] || have[SEL_SAVED]))
		return dc_jr_fail_top(r, -EINVAL, "only the %s value of feature 0x06: not what the "
				      "drive does now", have[SEL_DEFAULT] ? "default" : "saved");
	return add_feature(r, out, have[SEL_CURRENT], val[SEL_CURRENT], have[SEL_SUPPORTED],
			   val[SEL_SUPPORTED]);
}
