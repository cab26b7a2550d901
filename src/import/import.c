// SPDX-License-Identifier: GPL-2.0-or-later
/* import.c - files of other tools to parts: read, tell the format, import one report. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "files.h"
#include "import/import.h"
#include "import/import_index.h"
#include "raw.h"

void *dc_import_grow(void *v, unsigned *cap, unsigned n, size_t size)
{
	unsigned ncap = *cap ? 2 * *cap : 16;
	void *nv;

	if (n < *cap)
		return v;
	nv = realloc(v, (size_t)ncap * size);
	if (nv)
		*cap = ncap;
	return nv;
}

struct dc_import_part *dc_import_part_add(struct dc_import_parts *parts,
					  enum dc_import_format format)
{
	struct dc_import_part *p;

	p = dc_import_grow(parts->v, &parts->cap, parts->n, sizeof(*p));
	if (!p)
		return NULL;
	parts->v = p;
	p = &parts->v[parts->n++];
	memset(p, 0, sizeof(*p));
	p->format = format;
	p->dev.rotational = DC_TRI_UNKNOWN;
	p->dev.kernel_fua = DC_TRI_UNKNOWN;
	return p;
}

int dc_import_lacks(struct dc_import_part *p, const char *field, const char *why)
{
	if (p->nlacks >= DC_IMPORT_MAX_NOTES)
		return -ENOSPC;
	snprintf(p->lacks[p->nlacks++], sizeof(p->lacks[0]), "%s\t%s", field, why);
	return 0;
}

int dc_import_lacks_page(struct dc_import_part *p, const char *page)
{
	return dc_raw_add(&p->raw, page, NULL, 0, DC_RAW_NOT_IN_INPUT);
}

void dc_import_note(struct dc_import_part *p, const char *fmt, ...)
{
	va_list ap;

	if (p->nnotes >= DC_IMPORT_MAX_NOTES)
		return;
	va_start(ap, fmt);
	vsnprintf(p->notes[p->nnotes++], sizeof(p->notes[0]), fmt, ap);
	va_end(ap);
}

void dc_import_parts_free(struct dc_import_parts *parts)
{
	for (unsigned i = 0; i < parts->n; i++)
		dc_raw_free(&parts->v[i].raw);
	free(parts->v);
	memset(parts, 0, sizeof(*parts));
}

/* ---------------------------------------------------------------- telling formats apart */

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

enum dc_import_format dc_import_detect(const char *text, size_t len)
{
	const char *s = skip_space(text, text + len);

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
		if (has_key(text, "mn") && (has_key(text, "vid") || has_key(text, "sn")))
			return DC_IMPORT_NVME_ID_CTRL;
		if (has_key(text, "nsze") && has_key(text, "lbafs"))
			return DC_IMPORT_NVME_ID_NS;
		if (has_key(text, "critical_warning") && has_key(text, "data_units_written"))
			return DC_IMPORT_NVME_SMART_LOG;
		if (has_key(text, "feature_id") || has_key(text, "Feature") ||
		    strstr(text, "\"feature: 0x"))
			return DC_IMPORT_NVME_FEATURE;
		return DC_IMPORT_UNKNOWN;
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

/* ---------------------------------------------------------------- one file */

/* Standard input to its end, NUL-terminated (a pipe has no size to ask for first). */
static int read_stdin(uint8_t **out, size_t *len)
{
	size_t cap = 64 * 1024, n = 0;
	uint8_t *buf = NULL;

	for (;;) {
		ssize_t got;

		if (!buf || n + 1 >= cap) {
			uint8_t *nb = realloc(buf, buf ? (cap *= 2) : cap);

			if (!nb) {
				free(buf);
				return -ENOMEM;
			}
			buf = nb;
		}
		got = read(STDIN_FILENO, buf + n, cap - n - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			free(buf);
			return -errno;
		}
		if (got == 0)
			break;
		n += (size_t)got;
		if (n > DC_IMPORT_MAX_FILE) {
			free(buf);
			return -EFBIG;
		}
	}
	buf[n] = '\0';
	*out = buf;
	*len = n;
	return 0;
}

/* "-" is standard input. A file is read as dumps and records are (files.c): regular, not
 * through a link. */
char *dc_import_read_text(const char *path, size_t *len, char *err, size_t errlen)
{
	uint8_t *buf = NULL;
	int rc = strcmp(path, "-") == 0 ? read_stdin(&buf, len)
		 : dc_read_file(path, DC_IMPORT_MAX_FILE, &buf, len);

	if (rc == -EFBIG)
		snprintf(err, errlen, "larger than any report (%u MiB at most)",
			 DC_IMPORT_MAX_FILE >> 20);
	else if (rc == -ELOOP)
		snprintf(err, errlen, "a symbolic link: name the file it points to");
	else if (rc == -EINVAL)
		snprintf(err, errlen, "not a regular file");
	else if (rc)
		snprintf(err, errlen, "cannot open: %s", strerror(-rc));
	else if (memchr(buf, '\0', *len))
		snprintf(err, errlen, "binary data (a NUL byte): not a text report");
	else
		return (char *)buf;
	free(buf);
	return NULL;
}

typedef int (*importer_fn)(const char *text, size_t len, struct dc_import_parts *out,
			   char *err, size_t errlen);

static importer_fn importer_for(enum dc_import_format f)
{
	switch (f) {
	case DC_IMPORT_SMARTCTL_TEXT:  return dc_import_smartctl_text;
	case DC_IMPORT_SMARTCTL_JSON:  return dc_import_smartctl_json;
	case DC_IMPORT_NVME_ID_CTRL:
	case DC_IMPORT_NVME_ID_NS:
	case DC_IMPORT_NVME_SMART_LOG:
	case DC_IMPORT_NVME_FEATURE:
	case DC_IMPORT_NVME_LIST:      return dc_import_nvme_cli;
	case DC_IMPORT_FIO:            return dc_import_fio;
	default:                       return NULL;
	}
}

uint64_t dc_import_hash(const char *s, size_t len)
{
	uint64_t h = 14695981039346656037ull;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

int dc_import_add_bad(struct dc_import_index *x, const char *path, const char *why)
{
	struct dc_import_bad *v = dc_import_grow(x->bad, &x->bad_cap, x->nbad, sizeof(*v));

	if (!v)
		return -ENOMEM;
	x->bad = v;
	snprintf(v[x->nbad].path, sizeof(v[0].path), "%s", path);
	snprintf(v[x->nbad].why, sizeof(v[0].why), "%s", why);
	x->nbad++;
	return 0;
}

static const char not_a_report[] = "not a smartctl (-a, -x, -j), nvme-cli (id-ctrl, id-ns, "
				   "smart-log, get-feature, list -o json) or fio (json) output";
const char dc_import_own_json[] = "drivecheck's own JSON: nothing to import (a drivecheck "
				  "--dump folder replays with --replay)";

void dc_import_label(char *dst, size_t len, const char *path, unsigned doc, unsigned ndocs)
{
	char num[16];
	size_t room;

	if (ndocs <= 1) {
		snprintf(dst, len, "%s", path);
		return;
	}
	/* the number kept if the path is cut */
	snprintf(num, sizeof(num), "#%u", doc);
	room = len > strlen(num) + 1 ? len - strlen(num) - 1 : 0;
	snprintf(dst, len, "%.*s%s", (int)room, path, num);
}

bool dc_import_has_importer(enum dc_import_format f)
{
	return importer_for(f) != NULL;
}

int dc_import_report(const char *label, const char *text, size_t len, unsigned doc,
		     unsigned ndocs, unsigned line, unsigned file_no, bool notes,
		     struct dc_import_parts *parts, char *why, size_t whylen)
{
	enum dc_import_format f = dc_import_detect(text, len);
	importer_fn fn = importer_for(f);
	unsigned first = parts->n;
	char err[256] = "";
	int rc;

	if (!fn) {
		snprintf(err, sizeof(err), "%s", strstr(text, "\"drivecheck_version\"") ?
			 dc_import_own_json : not_a_report);
		rc = -EINVAL;
	} else {
		rc = fn(text, len, parts, err, sizeof(err));
	}
	if (rc <= 0) {
		/* An importer that failed part way leaves no half-made parts behind. */
		while (parts->n > first)
			dc_raw_free(&parts->v[--parts->n].raw);
		if (ndocs > 1)
			snprintf(why, whylen, "report %u of %u (from line %u): %s", doc, ndocs, line,
				 err[0] ? err : "nothing to import");
		else
			snprintf(why, whylen, "%s", err[0] ? err : "nothing to import");
		return rc < 0 ? rc : 0;
	}
	/* A key given twice in one JSON report: said on every part it made. */
	if (notes && f != DC_IMPORT_SMARTCTL_TEXT) {
		char twice[4][DC_TEXT_LEN];
		unsigned k = dc_import_json_twice(text, len, twice, 4);

		for (unsigned i = first; i < parts->n; i++)
			for (unsigned j = 0; j < k && j < 4; j++)
				dc_import_note(&parts->v[i], "%s", twice[j]);
	}
	for (unsigned i = first; i < parts->n; i++) {
		struct dc_import_part *p = &parts->v[i];

		snprintf(p->file, sizeof(p->file), "%s", label);
		p->file_no = file_no;
		p->doc = doc;
		p->line = line;
	}
	return (int)(parts->n - first);
}
