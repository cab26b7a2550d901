/* SPDX-License-Identifier: GPL-2.0-or-later */
/* import_nvme_cli.h - what the four files of the nvme-cli importer share (not for others):
 * import_nvme_cli.c (telling the outputs apart; id-ctrl, id-ns, smart-log),
 * import_nvme_feature.c (get-feature 6), import_nvme_list.c (nvme list), and nc_fields.c
 * (one field read, checked, and the first failure's reason). */
#ifndef DC_IMPORT_NVME_CLI_H
#define DC_IMPORT_NVME_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "import/import.h"

typedef unsigned __int128 u128;

struct ctx {
	char *err;
	size_t errlen;
	bool failed;
	const char *what;          /* "id-ctrl", ... for the messages */
	bool approx;               /* a counter past 2^53 printed as a number: approximate */
};

/* nc_fields.c */
/* The first failure's reason, as "nvme-cli WHAT: ...". */
void nc_fail(struct ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A non-negative integer of at most bits bits from a JSON number or a decimal (or 0x)
 * string. 0, or -EINVAL with the reason set. */
int nc_uint(struct ctx *c, const cJSON *it, const char *key, unsigned bits, u128 *out);
/* A string of at most max bytes at key: *out NULL when absent; -EINVAL when of the wrong
 * type or too long. */
int nc_string(struct ctx *c, const cJSON *o, const char *key, size_t max, const char **out);
/* s without its leading and trailing spaces, into dst. */
void nc_trimmed(char *dst, size_t len, const char *s);
/* Records every NVMe page p does not carry as not in the input. 0 or -ENOMEM. */
int nc_lacks_nvme_pages(struct dc_import_part *p);

/* import_nvme_feature.c: "get-feature:0x06 ..." text, and the JSON of nvme-cli 2.7+ */
int nc_import_feature_text(struct ctx *c, const char *text, struct dc_import_parts *out);
int nc_import_feature_json(struct ctx *c, const cJSON *root, struct dc_import_parts *out);
/* import_nvme_list.c: nvme list -o json, in its four layouts */
int nc_import_list(struct ctx *c, const cJSON *root, struct dc_import_parts *out);

#endif /* DC_IMPORT_NVME_CLI_H */
