// SPDX-License-Identifier: GPL-2.0-or-later
/* import_read.c - files of other tools to parts: read, tell the format, import one report. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "core/files.h"
#include "import/ceph/import_ceph.h"
#include "import/import.h"
#include "import/import_index.h"
#include "core/raw.h"

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
		if (n > DC_IMPORT_MAX_CEPH_FILE) {
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
		 : dc_read_file(path, DC_IMPORT_MAX_CEPH_FILE, &buf, len);

	/* a Ceph health-metrics file holds months of smartctl -x: larger than any report */
	if (!rc && *len > DC_IMPORT_MAX_FILE && (memchr(buf, '\0', *len) ||
	    dc_ceph_detect((const char *)buf, *len) != DC_IMPORT_CEPH_HEALTH_METRICS))
		rc = -EFBIG;
	if (rc == -EFBIG)
		snprintf(err, errlen, "larger than any report (%u MiB at most; a Ceph "
			 "health-metrics file %u MiB)", DC_IMPORT_MAX_FILE >> 20,
			 DC_IMPORT_MAX_CEPH_FILE >> 20);
	else if (rc == -ELOOP)
		snprintf(err, errlen, "a symbolic link: name the file it points to");
	else if (rc == -EINVAL && *dc_file_kind(path))
		snprintf(err, errlen, "not a regular file: %s", dc_file_kind(path));
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

char *dc_import_read_span(const char *path, size_t off, size_t len, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	char *buf = NULL;
	size_t got = 0;
	struct stat st;

	if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode) || (uint64_t)st.st_size < off + len) {
		snprintf(err, errlen, "changed while drivecheck read it (run the import again)");
		goto out;
	}
	buf = malloc(len + 1);
	if (!buf) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	while (got < len) {
		ssize_t n = pread(fd, buf + got, len - got, (off_t)(off + got));

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			snprintf(err, errlen, "cannot read: %s", n < 0 ? strerror(errno) : "cut short");
			free(buf);
			buf = NULL;
			goto out;
		}
		got += (size_t)n;
	}
	buf[len] = '\0';
out:
	if (fd >= 0)
		close(fd);
	return buf;
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
