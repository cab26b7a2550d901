// SPDX-License-Identifier: GPL-2.0-or-later
/* fleet.c - many hosts' drivecheck --json files gathered into one list of drives. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drive.h"
#include "files.h"
#include "report/report_read.h"

/* "out/ceph-07.json" -> "ceph-07": the host of a file that names none. */
static void host_from_path(const char *path, char *host, size_t len)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base && base[1] ? base + 1 : path;
	n = strlen(base);
	if (n > 5 && strcmp(base + n - 5, ".json") == 0)
		n -= 5;
	snprintf(host, len, "%.*s", (int)n, base);
}

static const char *why_unreadable(int rc)
{
	switch (rc) {
	case -EFBIG: return "larger than any drivecheck output (64 MiB at most)";
	case -EINVAL: return "not a regular file (name the files of a folder: DIR/*.json)";
	case -ELOOP: return "a symbolic link (name the file it points to)";
	}
	return strerror(-rc);
}

static struct dc_fleet_file *add_file(struct dc_fleet *f, const char *path)
{
	struct dc_fleet_file *v = realloc(f->files, (f->nfiles + 1) * sizeof(*v)), *file;

	if (!v)
		return NULL;
	f->files = v;
	file = &f->files[f->nfiles++];
	memset(file, 0, sizeof(*file));
	snprintf(file->path, sizeof(file->path), "%s", path);
	return file;
}

int dc_fleet_grow(struct dc_fleet *f, unsigned more)
{
	struct dc_report *r;
	unsigned *of;
	size_t cap;

	if ((size_t)f->n + more <= f->cap)
		return 0;
	cap = f->cap ? f->cap : 16;
	while (cap < (size_t)f->n + more)
		cap *= 2;
	if (cap > UINT32_MAX)
		return -ENOMEM;
	r = realloc(f->reports, cap * sizeof(*r));
	if (!r)
		return -ENOMEM;
	f->reports = r;
	of = realloc(f->file_of, cap * sizeof(*of));
	if (!of)
		return -ENOMEM;
	f->file_of = of;
	f->cap = (unsigned)cap;
	return 0;
}

/* A file not read: a report with error set, as import does, so that it is counted. */
static int add_error_report(struct dc_fleet *f, unsigned file)
{
	struct dc_fleet_file *m = &f->files[file];
	struct dc_report *r;
	int rc = dc_fleet_grow(f, 1);

	if (rc)
		return rc;
	r = &f->reports[f->n];
	memset(r, 0, sizeof(*r));
	snprintf(r->dev.path, sizeof(r->dev.path), "%s", m->path);
	r->error = m->error;
	snprintf(r->error_msg, sizeof(r->error_msg), "%s", m->error_msg);
	dc_drive_init(&r->drive);
	r->dev.kernel_fua = DC_TRI_UNKNOWN;
	r->db.best_source = -1;
	r->result.endurance_years_left = -1;
	for (unsigned role = 0; role < DC_ROLE_COUNT; role++)
		r->result.verdicts[role].status = DC_NOT_CHECKED;
	f->file_of[f->n++] = file;
	return 0;
}

int dc_fleet_read(char *const *paths, unsigned npaths, struct dc_fleet *f)
{
	for (unsigned i = 0; i < npaths; i++) {
		struct dc_fleet_file *m = add_file(f, paths[i]);
		unsigned file = f->nfiles - 1;
		char err[200] = "";
		uint8_t *text = NULL;
		size_t len = 0;
		int rc;

		if (!m)
			return -ENOMEM;
		rc = dc_read_file(paths[i], DC_REPORT_MAX_FILE, &text, &len);
		if (rc == -ENOMEM)
			return rc;
		if (rc)
			snprintf(err, sizeof(err), "%s", why_unreadable(rc));
		else
			rc = dc_report_read((const char *)text, len, file, m, f, err, sizeof(err));
		free(text);
		if (rc == -ENOMEM)
			return rc;
		if (!m->host[0]) {
			host_from_path(m->path, m->host, sizeof(m->host));
			m->host_from_name = true;
		}
		if (rc >= 0)
			continue;
		m->error = rc;
		m->drives = 0;
		snprintf(m->error_msg, sizeof(m->error_msg), "%s: %s", m->path, err);
		rc = add_error_report(f, file);
		if (rc)
			return rc;
	}
	return 0;
}

int dc_fleet_reorder(struct dc_fleet *f, const unsigned *order)
{
	struct dc_report *r = malloc((f->n ? f->n : 1) * sizeof(*r));
	unsigned *of = malloc((f->n ? f->n : 1) * sizeof(*of));

	if (!r || !of) {
		free(r);
		free(of);
		return -ENOMEM;
	}
	for (unsigned k = 0; k < f->n; k++) {
		r[k] = f->reports[order[k]];
		of[k] = f->file_of[order[k]];
	}
	free(f->reports);
	free(f->file_of);
	f->reports = r;
	f->file_of = of;
	f->cap = f->n ? f->n : 1;
	return 0;
}

const char *dc_fleet_host(const struct dc_fleet *f, unsigned i)
{
	return i < f->n && f->file_of[i] < f->nfiles ? f->files[f->file_of[i]].host : "?";
}

void dc_fleet_free(struct dc_fleet *f)
{
	free(f->files);
	free(f->reports);
	free(f->file_of);
	memset(f, 0, sizeof(*f));
}
