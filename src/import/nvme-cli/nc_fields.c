// SPDX-License-Identifier: GPL-2.0-or-later
/* nc_fields.c - how nvme-cli prints a number, and the pages a part lacks: shared by
 * import_nvme_cli.c, import_nvme_feature.c and import_nvme_list.c (which call these and
 * nothing of each other's but the dispatch in import_nvme_cli.c). */
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_read.h"
#include "import/import.h"
#include "import/nvme-cli/import_nvme_cli.h"
#include "core/raw.h"

enum dc_json_status nc_count(struct dc_json_reader *r, const cJSON *o, const char *key,
			     unsigned bits, u128 *out)
{
	/* 0.x and 1.x print 128-bit counters as numbers: past 2^53 only approximately */
	unsigned how = DC_JSON_DIGITS | DC_JSON_HEX | (bits > 64 ? DC_JSON_INEXACT_OK : 0);

	return dc_jr_count(r, o, key, DC_JSON_MAX_BITS(bits), how, out);
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
