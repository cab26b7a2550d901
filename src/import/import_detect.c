// SPDX-License-Identifier: GPL-2.0-or-later
/* import_detect.c - which importer a file's content is for, by its content alone (no file
 * name is trusted), and the keys that tell nvme-cli's JSON outputs apart. */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "import/import.h"

static const char *skip_space(const char *s, const char *end)
{
	while (s < end && (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n'))
		s++;
	return s;
}

/* A key of a JSON object as it appears in the text: "key" followed by a colon. Cheap,
 * and only a hint: the importer parses the file with cJSON and decides for itself. */
static bool has_key(const char *text, const char *key)
{
	char quoted[64];
	const char *p;

	snprintf(quoted, sizeof(quoted), "\"%s\"", key);
	for (p = strstr(text, quoted); p; p = strstr(p + 1, quoted)) {
		const char *q = p + strlen(quoted);

		while (*q == ' ' || *q == '\t' || *q == '\r' || *q == '\n')
			q++;
		if (*q == ':')
			return true;
	}
	return false;
}

/*
 * nvme-cli's JSON outputs told apart by their keys: the first row whose keys are all there
 * names the output. One table for both readers of it: dc_import_detect() on the text (a
 * key anywhere), and nvme-cli's dispatcher on the parsed object (a key at its top).
 */
static const struct {
	enum dc_import_format format;
	const char *keys[2];
} nvme_signatures[] = {
	{ DC_IMPORT_NVME_LIST, { "Devices" } },
	{ DC_IMPORT_NVME_ID_CTRL, { "mn", "vid" } },
	{ DC_IMPORT_NVME_ID_CTRL, { "mn", "sn" } },
	{ DC_IMPORT_NVME_ID_CTRL, { "vid", "sn" } }, /* no "mn": refused, saying so */
	{ DC_IMPORT_NVME_ID_NS, { "nsze", "lbafs" } },
	{ DC_IMPORT_NVME_SMART_LOG, { "critical_warning", "data_units_written" } },
	{ DC_IMPORT_NVME_FEATURE, { "feature_id" } },
	{ DC_IMPORT_NVME_FEATURE, { "Feature" } },
};

enum dc_import_format dc_import_nvme_kind(bool (*has)(const void *ctx, const char *key),
					  const void *ctx)
{
	for (size_t i = 0; i < sizeof(nvme_signatures) / sizeof(nvme_signatures[0]); i++) {
		bool all = true;

		for (size_t k = 0; k < 2 && nvme_signatures[i].keys[k]; k++)
			all = all && has(ctx, nvme_signatures[i].keys[k]);
		if (all)
			return nvme_signatures[i].format;
	}
	return DC_IMPORT_UNKNOWN;
}

static bool text_has_key(const void *text, const char *key)
{
	return has_key(text, key);
}

enum dc_import_format dc_import_detect(const char *text, size_t len)
{
	const char *s = skip_space(text, text + len);
	enum dc_import_format f;

	/* fio prints its error and note lines on stdout before the JSON */
	while ((strncmp(s, "fio: ", 5) == 0 || strncmp(s, "note: ", 6) == 0) && strchr(s, '\n'))
		s = skip_space(strchr(s, '\n'), text + len);

	if (s < text + len && (*s == '{' || *s == '[')) {
		if (has_key(text, "smartctl") && has_key(text, "json_format_version"))
			return DC_IMPORT_SMARTCTL_JSON;
		if (has_key(text, "fio version"))
			return DC_IMPORT_FIO;
		if (has_key(text, "Devices"))
			return DC_IMPORT_NVME_LIST;
		if (has_key(text, "drivecheck_version"))
			return DC_IMPORT_UNKNOWN; /* drivecheck's own output */
		f = dc_import_nvme_kind(text_has_key, text);
		if (f == DC_IMPORT_UNKNOWN && strstr(text, "\"feature: 0x"))
			f = DC_IMPORT_NVME_FEATURE; /* 2.7's object named "feature: 0x06" */
		return f;
	}
	if (strstr(text, "=== START OF INFORMATION SECTION ===") ||
	    (strncmp(s, "smartctl ", 9) == 0 && strstr(text, "smartmontools")))
		return DC_IMPORT_SMARTCTL_TEXT;
	if (strstr(text, "get-feature:0x6 ") || strstr(text, "get-feature:0x06 ") ||
	    strstr(text, "get-feature:0x6,") || strstr(text, "get-feature:0x06,") ||
	    strstr(text, "(Volatile Write Cache)"))
		return DC_IMPORT_NVME_FEATURE;
	return DC_IMPORT_UNKNOWN;
}
