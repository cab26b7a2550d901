// SPDX-License-Identifier: GPL-2.0-or-later
/* import.c - files of other tools to drives: read, tell the format, join, evaluate. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "drive.h"
#include "files.h"
#include "import/import.h"
#include "device/inspect.h"
#include "names.h"
#include "raw.h"
#include "decide/evaluate.h"
#include "text_fit.h"

#define MAX_DEPTH 16 /* folders below a named folder that are walked */

/* An array with room for element n: doubled when full. NULL when out of memory, and then
 * the old array is still the caller's. */
static void *grow(void *v, unsigned *cap, unsigned n, size_t size)
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

	p = grow(parts->v, &parts->cap, parts->n, sizeof(*p));
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

/* The whole file, NUL-terminated; NULL with a reason in err. "-" is standard input. A
 * file is read as dumps and records are (files.c): regular, not through a link. */
static char *read_file(const char *path, size_t *len, char *err, size_t errlen)
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

/* Files that could not be imported, each to become an error report. */
struct bad_files {
	unsigned n, cap;
	struct { char path[DC_PATH_LEN]; char why[256]; } *v;
};

static void add_bad(struct bad_files *b, const char *path, const char *why)
{
	void *v = grow(b->v, &b->cap, b->n, sizeof(*b->v));

	if (!v)
		return;
	b->v = v;
	snprintf(b->v[b->n].path, sizeof(b->v[0].path), "%s", path);
	snprintf(b->v[b->n].why, sizeof(b->v[0].why), "%s", why);
	b->n++;
}

void dc_import_skips_free(struct dc_import_skips *s)
{
	if (!s)
		return;
	free(s->v);
	memset(s, 0, sizeof(*s));
}

static void add_skip(struct dc_import_skips *s, const char *path, const char *why)
{
	void *v = grow(s->v, &s->cap, s->n, sizeof(*s->v));

	if (!v)
		return;
	s->v = v;
	snprintf(s->v[s->n].path, sizeof(s->v[0].path), "%s", path);
	snprintf(s->v[s->n].why, sizeof(s->v[0].why), "%s", why);
	s->n++;
}

struct walk {
	struct dc_import_parts *parts;
	struct bad_files *bad;
	struct dc_import_skips *skips; /* NULL: nothing is skipped */
	bool progress;
	unsigned files;
};

static const char not_a_report[] = "not a smartctl (-a, -x, -j), nvme-cli (id-ctrl, id-ns, "
				   "smart-log, get-feature, list -o json) or fio (json) output";
static const char own_json[] = "drivecheck's own JSON: nothing to import (a drivecheck "
			       "--dump folder replays with --replay)";

/* "FILE", or "FILE#N" for the Nth of several reports (the number kept if the path is cut). */
static void label_of(char *dst, size_t len, const char *path, unsigned doc, unsigned ndocs)
{
	char num[16];
	size_t room;

	if (ndocs <= 1) {
		snprintf(dst, len, "%s", path);
		return;
	}
	snprintf(num, sizeof(num), "#%u", doc);
	room = len > strlen(num) + 1 ? len - strlen(num) - 1 : 0;
	snprintf(dst, len, "%.*s%s", (int)room, path, num);
}

/* One report of a file through its importer. text[len] is NUL. */
static void import_span(struct walk *w, const char *label, const char *text, size_t len,
			unsigned doc, unsigned ndocs, unsigned line, unsigned file_no)
{
	enum dc_import_format f = dc_import_detect(text, len);
	importer_fn fn = importer_for(f);
	struct dc_import_parts *parts = w->parts;
	unsigned first = parts->n;
	char err[256] = "", why[320];
	int rc;

	if (!fn) {
		snprintf(err, sizeof(err), "%s", strstr(text, "\"drivecheck_version\"") ? own_json
			 : not_a_report);
		rc = -EINVAL;
	} else {
		rc = fn(text, len, parts, err, sizeof(err));
	}
	if (rc <= 0) {
		/* An importer that failed part way leaves no half-made parts behind. */
		while (parts->n > first)
			dc_raw_free(&parts->v[--parts->n].raw);
		if (ndocs > 1)
			snprintf(why, sizeof(why), "report %u of %u (from line %u): %s", doc, ndocs,
				 line, err[0] ? err : "nothing to import");
		else
			snprintf(why, sizeof(why), "%s", err[0] ? err : "nothing to import");
		add_bad(w->bad, label, why);
		return;
	}
	/* A key given twice in one JSON report: said on every part it made. */
	if (f != DC_IMPORT_SMARTCTL_TEXT) {
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
}

/*
 * One file: each report it holds is its own part (import_split.c). A file met in a folder
 * that is of no known format at all (a README, a checksum list, an archive, drivecheck's
 * own JSON) is skipped, with its reason, when w->skips is set; a file named, or a file of
 * a known format that is cut short or wrong, is an error.
 */
static void import_file(struct walk *w, const char *path, bool in_folder)
{
	char err[256] = "", label[DC_PATH_LEN];
	size_t len = 0;
	char *text = read_file(path, &len, err, sizeof(err));
	struct dc_import_span *spans = NULL;
	bool skippable = in_folder && w->skips;
	int n;

	w->files++;
	if (!text) {
		/* binary data: an archive, an image; never a report of a known format */
		if (skippable && len && strncmp(err, "binary data", 11) == 0)
			add_skip(w->skips, path, err);
		else
			add_bad(w->bad, path, err);
		return;
	}
	if (!len) {
		add_bad(w->bad, path, "empty file");
		free(text);
		return;
	}
	n = dc_import_split(text, len, &spans);
	if (n < 0) {
		add_bad(w->bad, path, "out of memory");
		free(text);
		return;
	}
	if (n == 1 && skippable && !importer_for(dc_import_detect(text, len))) {
		/* JSON that does not parse may be a report cut short before the keys that tell
		 * its format: that is an error, not a file to skip. */
		const char *s = text;
		cJSON *doc;

		while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
			s++;
		doc = *s == '{' || *s == '[' ? cJSON_ParseWithLength(s, len - (size_t)(s - text)) : NULL;
		if ((*s == '{' || *s == '[') && !doc)
			add_bad(w->bad, path, "JSON cut short or broken, of no format it can be told "
				"apart as (smartctl -j, nvme-cli, fio)");
		else
			add_skip(w->skips, path, strstr(text, "\"drivecheck_version\"") ? own_json
				 : "not a report of any known format (smartctl, nvme-cli, fio)");
		cJSON_Delete(doc);
		free(spans);
		free(text);
		return;
	}
	for (int i = 0; i < n; i++) {
		char *at = text + spans[i].off, save = at[spans[i].len];

		at[spans[i].len] = '\0';
		label_of(label, sizeof(label), path, (unsigned)i + 1, (unsigned)n);
		import_span(w, label, at, spans[i].len, (unsigned)i + 1, (unsigned)n, spans[i].line,
			    w->files);
		at[spans[i].len] = save;
	}
	free(spans);
	free(text);
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void tick(struct walk *w)
{
	if (w->progress && w->files % 100 == 0)
		fprintf(stderr, "\rdrivecheck import: %u files read", w->files);
}

/* A folder's entries in name order, so that the output does not depend on the disk. */
static void walk_dir(struct walk *w, const char *dir, unsigned depth)
{
	char **names = NULL, path[PATH_MAX];
	unsigned n = 0, cap = 0;
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d) {
		add_bad(w->bad, dir, strerror(errno));
		return;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue; /* ".", "..", and hidden files an editor or git left */
		char **nn = grow(names, &cap, n, sizeof(*nn));

		if (!nn)
			break;
		names = nn;
		names[n] = strdup(de->d_name);
		if (names[n])
			n++;
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), name_cmp);
	for (unsigned i = 0; i < n; i++) {
		struct stat st;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		free(names[i]);
		if (lstat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			if (depth < MAX_DEPTH)
				walk_dir(w, path, depth + 1);
		} else {
			/* a link or a device node too: refused with its reason, never skipped
			 * unsaid (an inventory would lose a drive without a word) */
			import_file(w, path, true);
			tick(w);
		}
	}
	free(names);
}

/* ---------------------------------------------------------------- joining parts */

static bool carries_identity(enum dc_import_format f)
{
	return f == DC_IMPORT_SMARTCTL_TEXT || f == DC_IMPORT_SMARTCTL_JSON ||
	       f == DC_IMPORT_NVME_ID_CTRL || f == DC_IMPORT_NVME_LIST;
}

/* Reports often mask serials ("--", "XXXXXXXX", "[No Information Found]"): those say
 * nothing of which drive it is. */
static bool usable_serial(const char *s)
{
	static const char *const masks[] = {
		"REDACTED", "MASKED", "HIDDEN", "NONE", "NULL", "N/A", "UNKNOWN", "DEFAULT",
		"NOT AVAILABLE", "0123456789", "123456789",
	};
	size_t n = strlen(s);

	if (n < 3 || strchr(s, ' ') || strchr(s, '*') || strchr(s, '.'))
		return false; /* "[No Information Found]", "S3Z8NB0K****", "..." */
	for (size_t i = 0; i < sizeof(masks) / sizeof(masks[0]); i++)
		if (strcasecmp(s, masks[i]) == 0)
			return false;
	for (size_t i = 1; i < n; i++)
		if (s[i] != s[0])
			return true;
	return false; /* one repeated character */
}

/* A page from a tool that reads the page itself beats one rebuilt from a report. */
static int rank(enum dc_import_format f)
{
	switch (f) {
	case DC_IMPORT_NVME_ID_CTRL: case DC_IMPORT_NVME_ID_NS: case DC_IMPORT_NVME_SMART_LOG:
	case DC_IMPORT_NVME_FEATURE: return 3;
	case DC_IMPORT_SMARTCTL_JSON: return 2;
	case DC_IMPORT_SMARTCTL_TEXT: return 1;
	default: return 0;
	}
}

static void dirname_of(const char *path, char *out, size_t len)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		snprintf(out, len, ".");
	else
		snprintf(out, len, "%.*s", (int)(slash - path), path);
}

struct group {
	unsigned *idx;       /* part indices */
	unsigned n, cap;
	char dir[DC_PATH_LEN];
	char serial[DC_TEXT_LEN];
	bool identity;
};

struct groups {
	struct group *v;
	unsigned n, cap;
};

static struct group *group_new(struct groups *g, const char *dir, const char *serial,
			       bool identity)
{
	struct group *x;

	x = grow(g->v, &g->cap, g->n, sizeof(*x));
	if (!x)
		return NULL;
	g->v = x;
	x = &g->v[g->n++];
	memset(x, 0, sizeof(*x));
	snprintf(x->dir, sizeof(x->dir), "%s", dir);
	snprintf(x->serial, sizeof(x->serial), "%s", serial);
	x->identity = identity;
	return x;
}

static int group_add(struct group *x, unsigned part)
{
	unsigned *v = grow(x->idx, &x->cap, x->n, sizeof(*v));

	if (!v)
		return -ENOMEM;
	x->idx = v;
	x->idx[x->n++] = part;
	return 0;
}

/* The group that holds part i, or NULL. */
static struct group *group_of(struct groups *g, unsigned i)
{
	for (unsigned k = 0; k < g->n; k++)
		for (unsigned j = 0; j < g->v[k].n; j++)
			if (g->v[k].idx[j] == i)
				return &g->v[k];
	return NULL;
}

/*
 * Which parts are one drive: those with the same usable serial; a report that names no
 * drive (fio, id-ns, smart-log, get-feature) belongs to the last drive named before it in
 * its own file (`nvme id-ctrl ...; nvme smart-log ...` of one drive, then of the next),
 * else joins the one drive of its folder. Two reports without a usable serial are two
 * drives, even in one file.
 */
static int join(const struct dc_import_parts *parts, struct groups *g, struct bad_files *bad)
{
	char dir[DC_PATH_LEN];

	for (unsigned i = 0; i < parts->n; i++) {
		const struct dc_import_part *p = &parts->v[i];
		struct group *x = NULL;

		if (!carries_identity(p->format))
			continue;
		dirname_of(p->file, dir, sizeof(dir));
		/* One serial and one model: the same drive. The same serial under another
		 * model is a placeholder some tool or seller wrote, not a drive. */
		if (usable_serial(p->dev.serial))
			for (unsigned k = 0; k < g->n && !x; k++)
				if (strcmp(g->v[k].serial, p->dev.serial) == 0 &&
				    strcmp(parts->v[g->v[k].idx[0]].dev.model, p->dev.model) == 0)
					x = &g->v[k];
		if (!x)
			x = group_new(g, dir, usable_serial(p->dev.serial) ? p->dev.serial : "", true);
		if (!x || group_add(x, i))
			return -ENOMEM;
	}
	for (unsigned i = 0; i < parts->n; i++) {
		const struct dc_import_part *p = &parts->v[i];
		struct group *x = NULL;
		unsigned in_dir = 0;

		if (carries_identity(p->format))
			continue;
		for (unsigned j = i; j-- > 0 && parts->v[j].file_no == p->file_no;)
			if (carries_identity(parts->v[j].format)) {
				x = group_of(g, j);
				break;
			}
		if (x) {
			if (group_add(x, i))
				return -ENOMEM;
			continue;
		}
		dirname_of(p->file, dir, sizeof(dir));
		for (unsigned k = 0; k < g->n; k++)
			if (strcmp(g->v[k].dir, dir) == 0 && (in_dir++, !x))
				x = &g->v[k];
		if (in_dir > 1) {
			char why[256];

			snprintf(why, sizeof(why), "%s names no drive, and its folder holds %u: give "
				 "each drive's files a folder of their own", dc_import_format_name(p->format),
				 in_dir);
			add_bad(bad, p->file, why);
			continue;
		}
		if (!x)
			x = group_new(g, dir, "", false);
		if (!x || group_add(x, i))
			return -ENOMEM;
	}
	return 0;
}

static void fill(char *dst, size_t len, const char *src)
{
	if (!dst[0] && src[0])
		snprintf(dst, len, "%s", src);
}

/* One drive's pages and facts from its parts, best source first for each page. */
static void merge(const struct dc_import_parts *parts, const struct group *x, struct dc_dev *dev,
		  struct dc_raw *raw, struct dc_probe *probe, bool *have_probe, struct dc_drive *notes)
{
	char lacks[DC_IMPORT_MAX_NOTES * DC_MAX_PAGES * DC_TEXT_LEN / 4];
	size_t nlacks = 0;
	unsigned order[64] = { 0 }, n = x->n < 64 ? x->n : 64;

	if (x->n > n)
		dc_drive_add_error(notes, "import: %u files give this drive's serial; the first %u "
				   "were read", x->n, n);

	/* Highest rank first, then file order: a stable insertion sort of a few parts. */
	for (unsigned i = 0; i < n; i++) {
		unsigned j = i;

		order[i] = x->idx[i];
		while (j > 0 && rank(parts->v[order[j - 1]].format) < rank(parts->v[order[j]].format)) {
			unsigned t = order[j];

			order[j] = order[j - 1];
			order[j - 1] = t;
			j--;
		}
	}
	/* What two of its files say differently, before one of them is taken. */
	dc_import_conflicts(parts, order, n, notes);
	memset(dev, 0, sizeof(*dev));
	dev->rotational = DC_TRI_UNKNOWN;
	dev->kernel_fua = DC_TRI_UNKNOWN;
	*have_probe = false;
	for (unsigned i = 0; i < n; i++) {
		const struct dc_import_part *p = &parts->v[order[i]];

		if (!dev->path[0] && carries_identity(p->format))
			snprintf(dev->path, sizeof(dev->path), "%s", p->file);
		if (dev->protocol == DC_PROTO_NONE && p->dev.protocol != DC_PROTO_NONE) {
			dev->protocol = p->dev.protocol;
			dev->transport = p->dev.transport;
		}
		fill(dev->vendor, sizeof(dev->vendor), p->dev.vendor);
		fill(dev->model, sizeof(dev->model), p->dev.model);
		fill(dev->serial, sizeof(dev->serial), p->dev.serial);
		fill(dev->firmware, sizeof(dev->firmware), p->dev.firmware);
		if (!dev->capacity_bytes)
			dev->capacity_bytes = p->dev.capacity_bytes;
		if (!dev->logical_block_bytes)
			dev->logical_block_bytes = p->dev.logical_block_bytes;
		if (!dev->physical_block_bytes)
			dev->physical_block_bytes = p->dev.physical_block_bytes;
		if (dev->rotational == DC_TRI_UNKNOWN)
			dev->rotational = p->dev.rotational;
		for (unsigned k = 0; k < p->raw.npages; k++) {
			const struct dc_page *pg = &p->raw.pages[k];
			const struct dc_page *have = dc_raw_find(raw, pg->name);
			size_t plen = strlen(pg->name);

			/* A page this part does not carry yields to one a later part does. */
			if (have && !(have->err == DC_RAW_NOT_IN_INPUT && pg->err != DC_RAW_NOT_IN_INPUT))
				continue;
			if (have) {
				struct dc_page *h = (struct dc_page *)have;

				free(h->data);
				h->data = pg->data && pg->len ? malloc(pg->len) : NULL;
				h->len = h->data ? pg->len : 0;
				if (h->data)
					memcpy(h->data, pg->data, pg->len);
				h->err = pg->err;
			} else if (dc_raw_add(raw, pg->name, pg->data, pg->len, pg->err)) {
				continue;
			}
			/* The page's missing fields come with it, from the same part. */
			for (unsigned l = 0; l < p->nlacks; l++) {
				const char *f = p->lacks[l];

				if (strncmp(f, pg->name, plen) == 0 && f[plen] == '.' &&
				    nlacks + strlen(f) + 2 < sizeof(lacks))
					nlacks += (size_t)snprintf(lacks + nlacks, sizeof(lacks) - nlacks,
								   "%s\n", f);
			}
		}
		if (p->have_probe && !*have_probe) {
			*probe = p->probe;
			*have_probe = true;
		} else if (p->have_probe) {
			dc_drive_add_error(notes, "import: %s: a second fio run for this drive, not "
					   "used", p->file);
		}
		for (unsigned k = 0; k < p->nnotes; k++)
			dc_drive_add_error(notes, "import: %s", p->notes[k]);
	}
	if (!dev->path[0] && n)
		dc_fit(dev->path, sizeof(dev->path), parts->v[order[0]].file);
	{
		const char *base = strrchr(dev->path, '/');

		dc_fit(dev->name, sizeof(dev->name), base ? base + 1 : dev->path);
	}
	if (nlacks)
		dc_raw_add(raw, DC_PG_NOT_IN_INPUT, lacks, nlacks, 0);
}

static void evaluate_group(const struct dc_import_opts *o, const struct dc_import_parts *parts,
			   const struct group *x, struct dc_report *r)
{
	struct dc_drive notes;
	struct dc_raw raw = { 0 };
	bool have_probe;

	memset(r, 0, sizeof(*r));
	memset(&notes, 0, sizeof(notes));
	merge(parts, x, &r->dev, &raw, &r->probe, &have_probe, &notes);
	if (r->dev.protocol != DC_PROTO_NONE) {
		dc_inspect_parse(&r->dev, &raw, 0, &r->drive);
	} else {
		dc_drive_init(&r->drive);
		dc_drive_add_error(&r->drive, "identity, write cache and SMART: not in the input "
				   "(no smartctl or nvme-cli output for this drive)");
	}
	for (unsigned i = 0; i < notes.nerrors; i++)
		dc_drive_add_error(&r->drive, "%s", notes.errors[i]);
	if (!have_probe) {
		memset(&r->probe, 0, sizeof(r->probe));
		snprintf(r->probe.skipped, sizeof(r->probe.skipped),
			 "not in the input (no fio run of this drive)");
	}
	dc_raw_free(&raw);
	dc_evaluate(o->db, r);
}

int dc_import_run(const struct dc_import_opts *o, char *const *paths, unsigned npaths,
		  struct dc_report **reports, unsigned *n, struct dc_import_skips *skipped)
{
	struct dc_import_parts parts = { 0 };
	struct bad_files bad = { 0 };
	struct groups g = { 0 };
	struct walk w = { .parts = &parts, .bad = &bad, .skips = skipped, .progress = o->progress };
	struct dc_report *out;
	unsigned count = 0;
	int rc;

	*reports = NULL;
	*n = 0;
	for (unsigned i = 0; i < npaths; i++) {
		struct stat st;

		if (strcmp(paths[i], "-") != 0 && stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			walk_dir(&w, paths[i], 0);
		} else {
			import_file(&w, paths[i], false);
			tick(&w);
		}
	}
	if (w.progress && w.files >= 100)
		fprintf(stderr, "\r\033[K");
	rc = join(&parts, &g, &bad);
	out = rc ? NULL : calloc(g.n + bad.n ? g.n + bad.n : 1, sizeof(*out));
	if (!out)
		rc = -ENOMEM;
	for (unsigned i = 0; out && i < g.n; i++)
		evaluate_group(o, &parts, &g.v[i], &out[count++]);
	for (unsigned i = 0; out && i < bad.n; i++, count++) {
		struct dc_report *r = &out[count];

		dc_fit(r->dev.path, sizeof(r->dev.path), bad.v[i].path);
		r->dev.transport = DC_TRAN_UNKNOWN;
		r->error = -EINVAL;
		dc_fitf(r->error_msg, sizeof(r->error_msg), "%s: %s", bad.v[i].path, bad.v[i].why);
	}
	for (unsigned i = 0; i < g.n; i++)
		free(g.v[i].idx);
	free(g.v);
	free(bad.v);
	dc_import_parts_free(&parts);
	if (rc) {
		free(out);
		return rc;
	}
	*reports = out;
	*n = count;
	return 0;
}
