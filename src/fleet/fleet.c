// SPDX-License-Identifier: GPL-2.0-or-later
/* fleet.c - many hosts' drivecheck --json files gathered into one list of drives. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/drive.h"
#include "core/files.h"
#include "fleet/ceph_plan.h"
#include "fleet/fleet.h"
#include "fleet/host_json.h"
#include "fleet/summary.h"

/*
 * A fleet of thousands of drives is sorted before anything is printed, so every drive is
 * kept until then; but only what the fleet shows of it (fleet.h): the table's columns,
 * the JSON's DRIVE keys, what the summary counts and what the order looks at. Its strings
 * are packed one after another into one buffer, its health problems and advisories (most
 * drives have none) kept as many as it has.
 */
struct dc_fleet_row {
	unsigned file;                /* into the files */
	unsigned seq;                 /* the order read: the last tie-break */
	struct dc_summary_rank rank;  /* worst first, by f->role */
	char *text;                   /* the strings below, each NUL-terminated, in this order */
	unsigned nerrors;             /* ... followed by this many errors */
	int error;
	enum dc_transport transport;
	uint64_t capacity_bytes;
	enum dc_kernel_cache kernel_cache;
	enum dc_tri cache_present, cache_enabled;
	bool plp_failed, plp_degraded; /* kinds of the drive's PLP evidence (the table, the order) */
	struct dc_wear wear;
	bool db_matched;
	enum dc_plp_class db_plp;
	enum dc_probe_mode probe_mode;
	double probe_p50_us;          /* the probe's RWF_DSYNC median */
	enum dc_plp_class plp;
	enum dc_flush_speed flush_speed;
	double flush_p50_us;
	enum dc_status verdicts[DC_ROLE_COUNT];
	enum dc_status measured[DC_ROLE_COUNT];       /* 1.6: what was measured gives alone */
	unsigned char unmeasured[DC_ROLE_COUNT];      /* 1.6: enum dc_unmeasured bits */
	double endurance_years_left;
	enum dc_years_basis years_basis;
	enum dc_health_status health;
	enum dc_self_assessment self_assessment;
	enum dc_tri available;        /* 1.5: would ceph-volume take it, and why not */
	unsigned avail_reasons;
	unsigned nproblems, problems_total;
	struct dc_health_problem *problems;   /* nproblems of them */
	unsigned nadvisories, advisories_total;
	struct dc_advisory_hit *advisories;   /* nadvisories of them */
};

/* The order of the row's strings in its text. */
enum { S_PATH, S_VENDOR, S_MODEL, S_SERIAL, S_FIRMWARE, S_DB_VENDOR, S_DB_FAMILY, S_HEALTH_SOURCE,
       S_ERROR, S_SYSFS_MODEL, S_AVAIL_UNKNOWN, S_BY_ID, S_HOST, S_CEPH_DEVID, S_CEPH_DAEMONS,
       S_COUNT };

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

static void why_unreadable(char *err, size_t len, int rc, const char *path)
{
	const char *kind = rc == -EINVAL ? dc_file_kind(path) : "";

	if (rc == -EFBIG)
		snprintf(err, len, "larger than any drivecheck output (64 MiB at most)");
	else if (rc == -EINVAL && (!*kind || strcmp(kind, "a folder") == 0))
		snprintf(err, len, "not a regular file (name the files of a folder: DIR/*.json)");
	else if (rc == -EINVAL)
		snprintf(err, len, "not a regular file: %s", kind);
	else if (rc == -ELOOP)
		snprintf(err, len, "a symbolic link (name the file it points to)");
	else
		snprintf(err, len, "%s", strerror(-rc));
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

static void row_free(struct dc_fleet_row *row)
{
	free(row->text);
	free(row->problems);
	free(row->advisories);
}

/* strings[0..n) one after another, each with its NUL, in one buffer; NULL out of memory. */
static char *pack(const char *const *strings, unsigned n)
{
	size_t len = 0;
	char *text, *p;

	for (unsigned i = 0; i < n; i++)
		len += strlen(strings[i]) + 1;
	text = p = malloc(len ? len : 1);
	for (unsigned i = 0; text && i < n; i++) {
		size_t l = strlen(strings[i]) + 1;

		memcpy(p, strings[i], l);
		p += l;
	}
	return text;
}

/* Copies of n elements of size bytes, or NULL when there are none (or no memory: *err). */
static void *copy_of(const void *v, unsigned n, size_t size, int *err)
{
	void *c;

	if (!n)
		return NULL;
	c = malloc(n * size);
	if (!c)
		*err = -ENOMEM;
	else
		memcpy(c, v, n * size);
	return c;
}

/* What is kept of r, the drive of file. */
struct keep {
	struct dc_fleet *f;
	unsigned file;
};

static int keep_drive(void *ctx, const struct dc_check *r)
{
	const struct keep *k = ctx;
	struct dc_fleet *f = k->f;
	const char *strings[S_COUNT + DC_MAX_ERRORS] = {
		[S_PATH] = r->dev.path, [S_VENDOR] = r->drive.vendor, [S_MODEL] = r->drive.model,
		[S_SERIAL] = r->drive.serial, [S_FIRMWARE] = r->drive.firmware,
		[S_DB_VENDOR] = r->row.vendor, [S_DB_FAMILY] = r->row.family,
		[S_HEALTH_SOURCE] = r->result.health.source, [S_ERROR] = r->error_msg,
		[S_SYSFS_MODEL] = r->dev.model, [S_AVAIL_UNKNOWN] = r->avail.not_looked,
		[S_BY_ID] = r->dev.by_id,
	};
	unsigned nerrors = r->drive.nerrors < DC_MAX_ERRORS ? r->drive.nerrors : DC_MAX_ERRORS;
	char daemons[DC_CEPH_MAX_DAEMONS * DC_CEPH_DAEMON_LEN] = "";
	struct dc_fleet_row *row;
	int err = 0;

	/* a drive of Ceph's store: its daemons, one string ("osd.0 osd.1") */
	for (unsigned i = 0, at = 0; i < r->ceph.ndaemons; i++)
		at += (unsigned)snprintf(daemons + at, sizeof(daemons) - at, "%s%s", i ? " " : "",
					 r->ceph.daemons[i]);
	strings[S_HOST] = r->host;
	strings[S_CEPH_DEVID] = r->ceph.present ? r->ceph.devid : "";
	strings[S_CEPH_DAEMONS] = daemons;

	if (f->n == f->cap) {
		size_t cap = f->cap ? (size_t)f->cap * 2 : 64;
		struct dc_fleet_row *v = cap > UINT32_MAX ? NULL : realloc(f->rows, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		f->rows = v;
		f->cap = (unsigned)cap;
	}
	for (unsigned i = 0; i < nerrors; i++)
		strings[S_COUNT + i] = r->drive.errors[i];
	row = &f->rows[f->n];
	memset(row, 0, sizeof(*row));
	row->file = k->file;
	row->seq = f->n;
	dc_summary_rank_of(r, f->role, &row->rank);
	row->text = pack(strings, S_COUNT + nerrors);
	row->nerrors = nerrors;
	row->error = r->error;
	row->transport = r->dev.transport;
	row->capacity_bytes = r->dev.capacity_bytes;
	row->kernel_cache = r->dev.kernel_cache;
	row->cache_present = r->drive.cache_present;
	row->cache_enabled = r->drive.cache_enabled;
	row->plp_failed = dc_drive_has_evidence(&r->drive, DC_EV_PLP_FAILED);
	row->plp_degraded = dc_drive_has_evidence(&r->drive, DC_EV_PLP_DEGRADED);
	row->wear = r->drive.wear;
	row->db_matched = r->row.matched;
	row->db_plp = r->row.plp;
	row->probe_mode = r->probe.mode;
	row->probe_p50_us = r->probe.sync.p50_us;
	row->plp = r->result.plp;
	row->flush_speed = r->result.flush_speed;
	row->flush_p50_us = r->result.flush_p50_us;
	for (unsigned i = 0; i < DC_ROLE_COUNT; i++) {
		row->verdicts[i] = r->result.verdicts[i].status;
		row->measured[i] = r->result.verdicts[i].measured_status;
		row->unmeasured[i] = (unsigned char)r->result.verdicts[i].unmeasured;
	}
	row->endurance_years_left = r->result.endurance_years_left;
	row->years_basis = r->result.years_basis;
	row->health = r->result.health.status;
	row->self_assessment = r->result.health.self_assessment;
	row->available = r->avail.available;
	row->avail_reasons = r->avail.reasons;
	row->nproblems = r->result.health.nproblems;
	row->problems_total = r->result.health.ntotal;
	row->problems = copy_of(r->result.health.problems, row->nproblems,
				sizeof(*row->problems), &err);
	row->nadvisories = r->nadvisories;
	row->advisories_total = r->advisories_total;
	row->advisories = copy_of(r->advisories, row->nadvisories, sizeof(*row->advisories), &err);
	if (!row->text || err) {
		row_free(row);
		return -ENOMEM;
	}
	f->n++;
	return 0;
}

/* A file not read: a drive with error set, as import does, so that it is counted. */
static int add_error_drive(struct dc_fleet *f, unsigned file)
{
	const struct dc_fleet_file *m = &f->files[file];
	struct keep k = { .f = f, .file = file };
	struct dc_check *r = calloc(1, sizeof(*r));
	int rc;

	if (!r)
		return -ENOMEM;
	snprintf(r->dev.path, sizeof(r->dev.path), "%s", m->path);
	r->error = m->error;
	snprintf(r->error_msg, sizeof(r->error_msg), "%s", m->error_msg);
	dc_drive_init(&r->drive);
	r->dev.kernel_fua = DC_TRI_UNKNOWN;
	r->row.best_source = -1;
	r->result.endurance_years_left = -1;
	for (unsigned role = 0; role < DC_ROLE_COUNT; role++)
		r->result.verdicts[role].status = r->result.verdicts[role].measured_status =
			DC_NOT_CHECKED;
	r->avail.available = DC_TRI_UNKNOWN;
	rc = keep_drive(&k, r);
	free(r);
	return rc;
}

/* A file refused whole (rc, err why): listed with its reason, and a drive with error set
 * in place of what was kept of it, as import counts a file it cannot read. */
static int file_refused(struct dc_fleet *f, unsigned file, int rc, const char *err)
{
	struct dc_fleet_file *m = &f->files[file];

	m->error = rc;
	m->drives = 0;
	/* a path too long for the message leaves the reason cut, and says so */
	if (snprintf(m->error_msg, sizeof(m->error_msg), "%s: %s", m->path, err) >=
	    (int)sizeof(m->error_msg))
		memcpy(m->error_msg + sizeof(m->error_msg) - 4, "...", 4);
	return add_error_drive(f, file);
}

/* A file without "host": its name stands for it. */
static void host_from_name(struct dc_fleet_file *m)
{
	if (m->host[0])
		return;
	host_from_path(m->path, m->host, sizeof(m->host));
	m->host_from_name = true;
}

int dc_fleet_add_text(struct dc_fleet *f, const char *path, const char *text, size_t len)
{
	struct dc_fleet_file *m = add_file(f, path);
	struct keep k = { .f = f, .file = f->nfiles - 1 };
	unsigned before = f->n;
	char err[200] = "";
	int rc;

	if (!m)
		return -ENOMEM;
	rc = dc_host_json_read(text, len, m, keep_drive, &k, err, sizeof(err));
	if (rc < 0) {
		/* the file is refused whole: what was kept of its first drives goes */
		while (f->n > before)
			row_free(&f->rows[--f->n]);
	}
	if (rc == -ENOMEM)
		return rc;
	host_from_name(m);
	return rc < 0 ? file_refused(f, k.file, rc, err) : 0;
}

/* A file that could not be read (read_rc): listed, with why, as a refused one is. */
static int add_unread_file(struct dc_fleet *f, const char *path, int read_rc)
{
	struct dc_fleet_file *m = add_file(f, path);
	char err[200];

	if (!m)
		return -ENOMEM;
	why_unreadable(err, sizeof(err), read_rc, path);
	host_from_name(m);
	return file_refused(f, f->nfiles - 1, read_rc, err);
}

int dc_fleet_read(char *const *paths, unsigned npaths, int role, struct dc_fleet *f)
{
	f->role = role;
	for (unsigned i = 0; i < npaths; i++) {
		uint8_t *text = NULL;
		size_t len = 0;
		int rc = dc_read_file(paths[i], DC_HOST_JSON_MAX_FILE, &text, &len);

		if (rc == -ENOMEM)
			return rc;
		rc = rc ? add_unread_file(f, paths[i], rc)
			: dc_fleet_add_text(f, paths[i], (const char *)text, len);
		free(text);
		if (rc)
			return rc;
	}
	return 0;
}

/* The string s of a row (S_*, or S_COUNT + i for its error i). */
static const char *row_string(const struct dc_fleet_row *row, unsigned s)
{
	const char *p = row->text;

	for (unsigned i = 0; i < s; i++)
		p += strlen(p) + 1;
	return p;
}

/* A drive's host: its own (a drive of Ceph's store), else its file's. */
static const char *row_host(const struct dc_fleet *f, const struct dc_fleet_row *row)
{
	const char *own = row_string(row, S_HOST);

	return own[0] ? own : row->file < f->nfiles ? f->files[row->file].host : "?";
}

static int worse_first(const void *a, const void *b, void *arg)
{
	const struct dc_fleet *f = arg;
	const struct dc_fleet_row *x = a, *y = b;
	int d;

	if ((d = dc_summary_rank_cmp(&x->rank, &y->rank)))
		return d;
	if ((d = strcmp(row_host(f, x), row_host(f, y))))
		return d;
	if ((d = strcmp(x->text, y->text))) /* S_PATH comes first */
		return d;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void dc_fleet_sort(struct dc_fleet *f)
{
	if (f->n > 1)
		qsort_r(f->rows, f->n, sizeof(*f->rows), worse_first, f);
}

const char *dc_fleet_host(const struct dc_fleet *f, unsigned i)
{
	return i < f->n ? row_host(f, &f->rows[i]) : "?";
}

bool dc_fleet_row_error(const struct dc_fleet *f, unsigned i)
{
	return i < f->n && (f->rows[i].error || f->files[f->rows[i].file].error);
}

const char *dc_fleet_path(const struct dc_fleet *f, unsigned i)
{
	return i < f->n ? f->rows[i].text : "";
}

void dc_fleet_check(const struct dc_fleet *f, unsigned i, struct dc_check *r)
{
	const struct dc_fleet_row *row = &f->rows[i];
	struct dc_health *h = &r->result.health;
	const char *s[S_COUNT];

	memset(r, 0, sizeof(*r));
	s[0] = row->text;
	for (unsigned k = 1; k < S_COUNT; k++)
		s[k] = s[k - 1] + strlen(s[k - 1]) + 1;
	snprintf(r->dev.path, sizeof(r->dev.path), "%s", s[S_PATH]);
	r->dev.transport = row->transport;
	r->dev.capacity_bytes = row->capacity_bytes;
	r->dev.kernel_cache = row->kernel_cache;
	r->dev.kernel_fua = DC_TRI_UNKNOWN;
	snprintf(r->dev.model, sizeof(r->dev.model), "%s", s[S_SYSFS_MODEL]);
	snprintf(r->dev.by_id, sizeof(r->dev.by_id), "%s", s[S_BY_ID]);
	snprintf(r->drive.vendor, sizeof(r->drive.vendor), "%s", s[S_VENDOR]);
	snprintf(r->drive.model, sizeof(r->drive.model), "%s", s[S_MODEL]);
	snprintf(r->drive.serial, sizeof(r->drive.serial), "%s", s[S_SERIAL]);
	snprintf(r->drive.firmware, sizeof(r->drive.firmware), "%s", s[S_FIRMWARE]);
	r->drive.rotational = DC_TRI_UNKNOWN;
	r->drive.cache_present = row->cache_present;
	r->drive.cache_enabled = row->cache_enabled;
	if (row->plp_failed)
		r->drive.evidence[r->drive.nevidence++].kind = DC_EV_PLP_FAILED;
	if (row->plp_degraded)
		r->drive.evidence[r->drive.nevidence++].kind = DC_EV_PLP_DEGRADED;
	r->drive.wear = row->wear;
	r->drive.nerrors = row->nerrors;
	for (unsigned k = 0; k < row->nerrors; k++)
		snprintf(r->drive.errors[k], sizeof(r->drive.errors[k]), "%s",
			 row_string(row, S_COUNT + k));
	r->row.matched = row->db_matched;
	r->row.plp = row->db_plp;
	r->row.best_source = -1;
	snprintf(r->row.vendor, sizeof(r->row.vendor), "%s", s[S_DB_VENDOR]);
	snprintf(r->row.family, sizeof(r->row.family), "%s", s[S_DB_FAMILY]);
	r->probe.mode = row->probe_mode;
	r->probe.sync.p50_us = row->probe_p50_us;
	r->result.plp = row->plp;
	r->result.flush_speed = row->flush_speed;
	r->result.flush_p50_us = row->flush_p50_us;
	for (unsigned k = 0; k < DC_ROLE_COUNT; k++) {
		r->result.verdicts[k].status = row->verdicts[k];
		r->result.verdicts[k].measured_status = row->measured[k];
		r->result.verdicts[k].unmeasured = row->unmeasured[k];
	}
	r->result.endurance_years_left = row->endurance_years_left;
	r->result.years_basis = row->years_basis;
	h->status = row->health;
	h->self_assessment = row->self_assessment;
	snprintf(h->source, sizeof(h->source), "%s", s[S_HEALTH_SOURCE]);
	h->nproblems = row->nproblems;
	h->ntotal = row->problems_total;
	if (row->nproblems)
		memcpy(h->problems, row->problems, row->nproblems * sizeof(*row->problems));
	r->nadvisories = row->nadvisories;
	r->advisories_total = row->advisories_total;
	if (row->nadvisories)
		memcpy(r->advisories, row->advisories, row->nadvisories * sizeof(*row->advisories));
	r->avail.available = row->available;
	r->avail.reasons = row->avail_reasons;
	snprintf(r->avail.not_looked, sizeof(r->avail.not_looked), "%s", s[S_AVAIL_UNKNOWN]);
	r->error = row->error;
	snprintf(r->error_msg, sizeof(r->error_msg), "%s", s[S_ERROR]);
	snprintf(r->host, sizeof(r->host), "%s", s[S_HOST]);
	if (s[S_CEPH_DEVID][0]) {
		char daemons[DC_CEPH_MAX_DAEMONS * DC_CEPH_DAEMON_LEN], *save = NULL;

		r->ceph.present = true;
		snprintf(r->ceph.devid, sizeof(r->ceph.devid), "%s", s[S_CEPH_DEVID]);
		snprintf(daemons, sizeof(daemons), "%s", s[S_CEPH_DAEMONS]);
		for (char *t = strtok_r(daemons, " ", &save); t && r->ceph.ndaemons < DC_CEPH_MAX_DAEMONS;
		     t = strtok_r(NULL, " ", &save))
			snprintf(r->ceph.daemons[r->ceph.ndaemons++], DC_CEPH_DAEMON_LEN, "%s", t);
		r->ceph.daemons_total = r->ceph.ndaemons;
	}
}

void dc_fleet_ceph_in(const struct dc_fleet *f, unsigned i, struct dc_ceph_in *in)
{
	const struct dc_fleet_row *row = &f->rows[i];
	const char *model = row_string(row, S_MODEL), *sysfs = row_string(row, S_SYSFS_MODEL);
	const char *unknown = row_string(row, S_AVAIL_UNKNOWN);

	*in = (struct dc_ceph_in){
		.host = dc_fleet_host(f, i),
		.path = row->text, /* S_PATH */
		.by_id = row_string(row, S_BY_ID),
		.model = model[0] ? model : sysfs,
		.sysfs_model = sysfs,
		.error_msg = row_string(row, S_ERROR),
		/* the host's availability_unknown; a file older than 1.5 says nothing */
		.avail_unknown = unknown[0] ? unknown : "not in the input",
		.error = row->error != 0,
		.transport = row->transport,
		.protocol = DC_PROTO_NONE, /* not in the JSON: the transport says the tier */
		.osd = row->verdicts[DC_ROLE_CEPH_OSD],
		.db = row->verdicts[DC_ROLE_CEPH_DB],
		.available = row->available,
		.reasons = row->avail_reasons,
	};
}

void dc_fleet_free(struct dc_fleet *f)
{
	for (unsigned i = 0; i < f->n; i++)
		row_free(&f->rows[i]);
	free(f->files);
	free(f->rows);
	memset(f, 0, sizeof(*f));
}
