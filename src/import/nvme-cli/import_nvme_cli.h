/* SPDX-License-Identifier: GPL-2.0-or-later */
/* import_nvme_cli.h - what the four files of the nvme-cli importer share (not for others):
 * import_nvme_cli.c (telling the outputs apart; id-ctrl, id-ns, smart-log),
 * import_nvme_feature.c (get-feature 6), import_nvme_list.c (nvme list), and nc_fields.c
 * (how nvme-cli prints a number, and what a part lacks). */
#ifndef DC_IMPORT_NVME_CLI_H
#define DC_IMPORT_NVME_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "core/json_read.h"
#include "import/import.h"

typedef unsigned __int128 u128;

/*
 * Each output is read through one struct dc_json_reader (core/json_read.h), whose what
 * names the output ("nvme-cli id-ctrl") in front of the first error; its inexact counts
 * the counters printed past 2^53 as JSON numbers (approximate).
 */

/* nc_fields.c */
/* A field of bits bits at key of o, printed as a JSON number or as a decimal (or 0x)
 * string; the status of the read (DC_JSON_INEXACT: a 128-bit counter of 0.x or 1.x past
 * 2^53, approximate). */
enum dc_json_status nc_count(struct dc_json_reader *r, const cJSON *o, const char *key,
			     unsigned bits, u128 *out);
/* s without its leading and trailing spaces, into dst. */
void nc_trimmed(char *dst, size_t len, const char *s);
/* Records every NVMe page p does not carry as not in the input. 0 or -ENOMEM. */
int nc_lacks_nvme_pages(struct dc_import_part *p);

/* import_nvme_feature.c: "get-feature:0x06 ..." text, and the JSON of nvme-cli 2.7+ */
int nc_import_feature_text(struct dc_json_reader *r, const char *text,
			   struct dc_import_parts *out);
int nc_import_feature_json(struct dc_json_reader *r, const cJSON *root,
			   struct dc_import_parts *out);
/* import_nvme_list.c: nvme list -o json, in its four layouts */
int nc_import_list(struct dc_json_reader *r, const cJSON *root, struct dc_import_parts *out);

#endif /* DC_IMPORT_NVME_CLI_H */
