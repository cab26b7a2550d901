// SPDX-License-Identifier: GPL-2.0-or-later
/* nc_fields.c - the nvme-cli importer's readers of one JSON field, with the first failure's
 * reason, shared by import_nvme_cli.c, import_nvme_feature.c and import_nvme_list.c (which
 * call these and nothing of each other's but the dispatch in import_nvme_cli.c). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_get.h"
#include "import/import.h"
#include "import/nvme-cli/import_nvme_cli.h"
#include "raw.h"

void nc_fail(struct ctx *c, const char *fmt, ...)
{
	char buf[192];
	va_list ap;

	if (c->failed)
		return;
	c->failed = true;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	snprintf(c->err, c->errlen, "nvme-cli %s: %s", c->what, buf);
}

/* A non-negative integer from a JSON number or a decimal (or 0x) string
 * (core/json_get.h). 0, or -EINVAL with the reason set. bits: the field's width. */
int nc_uint(struct ctx *c, const cJSON *it, const char *key, unsigned bits, u128 *out)
{
	u128 max = bits >= 128 ? ~(u128)0 : ((u128)1 << bits) - 1;
	/* 0.x and 1.x print 128-bit counters as numbers: past 2^53 only approximately */
	unsigned how = DC_JSON_DIGITS | DC_JSON_HEX | (bits > 64 ? DC_JSON_INEXACT_OK : 0);
	enum dc_json_status st;
	char why[128];

	st = dc_json_get_count(it, max, how, out, why, sizeof(why));
	if (st == DC_JSON_INEXACT)
		c->approx = true;
	else if (st == DC_JSON_ABSENT)
		snprintf(why, sizeof(why), "missing");
	if (st != DC_JSON_OK && st != DC_JSON_INEXACT) {
		nc_fail(c, "\"%s\": %s", key, why);
		return -EINVAL;
	}
	return 0;
}

/* A string field, space-padded as the drive gives it. NULL when absent; -EINVAL when of
 * the wrong type or too long. */
int nc_string(struct ctx *c, const cJSON *o, const char *key, size_t max,
		      const char **out)
{
	char why[128];
	enum dc_json_status st = dc_json_get_string(cJSON_GetObjectItemCaseSensitive(o, key), max,
						    0, out, why, sizeof(why));

	if (st == DC_JSON_BAD) {
		nc_fail(c, "\"%s\": %s", key, why);
		return -EINVAL;
	}
	if (st != DC_JSON_OK)
		*out = NULL;
	return 0;
}

void nc_trimmed(char *dst, size_t len, const char *s)
{
	size_t n;

	while (*s == ' ')
		s++;
	n = strlen(s);
	while (n && s[n - 1] == ' ')
		n--;
	snprintf(dst, len, "%.*s", (int)n, s);
}

/* The NVMe pages a part does not carry, so that a drive without them says "not in the
 * input" rather than "not read". */
int nc_lacks_nvme_pages(struct dc_import_part *p)
{
	static const char *const pages[] = {
		DC_PG_NVME_ID_CTRL, DC_PG_NVME_ID_NS, DC_PG_NVME_FEAT_VWC, DC_PG_NVME_FEAT_VWC_CAP,
		DC_PG_NVME_LOG_SMART, DC_PG_NVME_LOG_C0,
	};

	for (size_t i = 0; i < sizeof(pages) / sizeof(pages[0]); i++) {
		int rc = dc_raw_find(&p->raw, pages[i]) ? 0 : dc_import_lacks_page(p, pages[i]);

		if (rc)
			return rc; /* -ENOMEM, or -ENOSPC: the page table full */
	}
	return 0;
}
