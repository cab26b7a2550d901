// SPDX-License-Identifier: GPL-2.0-or-later
/* ceph_plan.c - the drives a cephadm OSD spec places, per host or by model, and why not. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet/ceph_plan.h"
#include "core/status.h"

/*
 * cephadm applies an OSD spec again whenever a host's inventory changes: a drive it
 * selects is used as soon as ceph-volume calls it available, today or after a zap.
 * So a spec names only what passes, and a model: filter (a substring of the model
 * ceph-volume reads from sysfs, drive_selection/matchers.py) is used only where it
 * selects nothing else: on every host it is placed on, every drive whose model contains
 * it passes its role and is in no other; a drive whose model is not known could match,
 * and keeps its host on paths.
 */

static bool passes(const struct dc_ceph_in *d, enum dc_role role)
{
	return !d->error && (role == DC_ROLE_CEPH_OSD ? d->osd : d->db) == DC_PASS;
}

/* NVMe (PCIe or a fabric) above SATA, SAS and SCSI: where a DB/WAL device is worth it. */
static int tier_of(const struct dc_ceph_in *d)
{
	switch (d->transport) {
	case DC_TRAN_NVME:
	case DC_TRAN_NVME_TCP:
	case DC_TRAN_NVME_RDMA:
	case DC_TRAN_NVME_LOOP:
		return 2;
	default:
		return d->protocol == DC_PROTO_NVME ? 2 : 1;
	}
}

void dc_ceph_in_of(const struct dc_check *r, const char *host, struct dc_ceph_in *in)
{
	const struct dc_availability *a = &r->avail;

	*in = (struct dc_ceph_in){
		.host = host ? host : "",
		.path = r->dev.path,
		.by_id = r->dev.by_id,
		.model = r->drive.model[0] ? r->drive.model : r->dev.model,
		.sysfs_model = r->dev.model,
		.error_msg = r->error_msg,
		.avail_unknown = a->not_looked[0] ? a->not_looked : !a->sysfs_known &&
				 !r->replayed_from[0] ? "not in the input" : "not said",
		.error = r->error != 0,
		.transport = r->dev.transport,
		.protocol = r->dev.protocol,
		.osd = r->result.verdicts[DC_ROLE_CEPH_OSD].status,
		.db = r->result.verdicts[DC_ROLE_CEPH_DB].status,
		.available = a->available,
		.reasons = a->reasons,
	};
}

/*
 * /dev/sdX is the order the kernel found the disks in, which can change at the next boot;
 * cephadm applies a spec again whenever a host's inventory changes, so a spec that names
 * /dev/sdb may take another drive after a reboot. A drive is named by its /dev/disk/by-id
 * link where it has one (ceph-volume follows the link to the device).
 */
const char *dc_ceph_name(const struct dc_ceph_in *d)
{
	return d->by_id && d->by_id[0] ? d->by_id : d->path;
}

/* Paths and models as a YAML scalar carries them whole: printable ASCII. A host as
 * cephadm's placement reads it: a host name, no ":" or "=" (its network and name). */
static bool printable(const char *s)
{
	for (; *s; s++)
		if (*s < 0x20 || *s > 0x7e)
			return false;
	return true;
}

static bool host_name_ok(const char *s)
{
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '.' || *s == '-' || *s == '_'))
			return false;
	return true;
}

static const char *host_of(const struct dc_ceph_in *d)
{
	return d->host && d->host[0] && host_name_ok(d->host) ? d->host : "";
}

/*
 * The drives by host: a fleet has thousands of drives on hundreds of hosts, so each step
 * below looks at one host's drives (members[first[h] .. first[h] + count[h])), never at
 * every pair of drives. Hosts are numbered in the order their first drive is given.
 */
struct by_host {
	const struct dc_ceph_in *d;
	int *host;                /* per drive: its host, or -1 */
	unsigned *members;        /* drive indices, host by host, a host's by path */
	unsigned *first, *count;  /* per host */
	const char **names;       /* per host */
	unsigned nnames;
};

static int host_path_order(const void *a, const void *b, void *arg)
{
	const struct dc_ceph_in *d = arg;
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
	int c;

	if ((c = strcmp(host_of(&d[x]), host_of(&d[y]))))
		return c;
	if ((c = strcmp(d[x].path, d[y].path)))
		return c;
	return x < y ? -1 : x > y;
}

/* A host's drives in the sorted order: where they start, how many, its first drive given. */
struct run {
	unsigned start, count, lowest;
};

static int first_drive_order(const void *a, const void *b)
{
	const struct run *x = a, *y = b;

	return x->lowest < y->lowest ? -1 : x->lowest > y->lowest;
}

/* Groups d[0..n) by host. Returns 0 or -ENOMEM. */
static int group_hosts(const struct dc_ceph_in *d, unsigned n, struct by_host *g)
{
	unsigned *sorted = calloc(n ? n : 1, sizeof(*sorted));
	struct run *runs = calloc(n ? n : 1, sizeof(*runs));
	unsigned nruns = 0, k = 0, at = 0;
	int rc = -ENOMEM;

	memset(g, 0, sizeof(*g));
	g->d = d;
	g->host = calloc(n ? n : 1, sizeof(*g->host));
	g->members = calloc(n ? n : 1, sizeof(*g->members));
	g->first = calloc(n ? n : 1, sizeof(*g->first));
	g->count = calloc(n ? n : 1, sizeof(*g->count));
	g->names = calloc(n ? n : 1, sizeof(*g->names));
	if (!sorted || !runs || !g->host || !g->members || !g->first || !g->count || !g->names)
		goto out;
	for (unsigned i = 0; i < n; i++) {
		g->host[i] = -1;
		if (host_of(&d[i])[0])
			sorted[k++] = i;
	}
	if (k > 1)
		qsort_r(sorted, k, sizeof(*sorted), host_path_order, (void *)d);
	for (unsigned i = 0; i < k; i++) {
		if (i && strcmp(host_of(&d[sorted[i]]), host_of(&d[sorted[i - 1]])) == 0) {
			struct run *r = &runs[nruns - 1];

			r->count++;
			if (sorted[i] < r->lowest)
				r->lowest = sorted[i];
			continue;
		}
		runs[nruns++] = (struct run){ .start = i, .count = 1, .lowest = sorted[i] };
	}
	if (nruns > 1)
		qsort(runs, nruns, sizeof(*runs), first_drive_order);
	for (unsigned h = 0; h < nruns; h++) {
		g->first[h] = at;
		g->count[h] = runs[h].count;
		g->names[h] = host_of(&d[sorted[runs[h].start]]);
		for (unsigned m = 0; m < runs[h].count; m++) {
			g->members[at + m] = sorted[runs[h].start + m];
			g->host[sorted[runs[h].start + m]] = (int)h;
		}
		at += runs[h].count;
	}
	g->nnames = nruns;
	rc = 0;
out:
	free(sorted);
	free(runs);
	return rc;
}

static void by_host_free(struct by_host *g)
{
	free(g->host);
	free(g->members);
	free(g->first);
	free(g->count);
	free((void *)g->names);
}

#define EACH_OF_HOST(g, h, i) \
	for (unsigned _m = (g)->first[h], i; \
	     _m < (g)->first[h] + (g)->count[h] && ((i) = (g)->members[_m], 1); _m++)

/* Where each drive stands before any spec: the order of the reasons is the order of why. */
static void first_look(const struct by_host *g, unsigned n, const struct dc_ceph_plan_opts *o,
		       struct dc_ceph_drive *p)
{
	const struct dc_ceph_in *d = g->d;

	for (unsigned i = 0; i < n; i++) {
		bool osd = passes(&d[i], DC_ROLE_CEPH_OSD), db = passes(&d[i], DC_ROLE_CEPH_DB);

		p[i] = (struct dc_ceph_drive){ .place = DC_CEPH_OUT, .spec = -1 };
		if (d[i].error)
			p[i].why = DC_CEPH_WHY_NOT_READ;
		else if (!osd && !(o->db_devices && db))
			p[i].why = DC_CEPH_WHY_VERDICT;
		else if (d[i].available == DC_TRI_NO)
			p[i].why = DC_CEPH_WHY_NOT_AVAILABLE;
		else if (d[i].available != DC_TRI_YES)
			p[i].why = DC_CEPH_WHY_AVAIL_UNKNOWN;
		else if (g->host[i] < 0)
			p[i].why = DC_CEPH_WHY_NO_HOST;
		else if (!printable(dc_ceph_name(&d[i])) || dc_ceph_name(&d[i])[0] != '/')
			p[i].why = DC_CEPH_WHY_BAD_NAME;
		else
			p[i].place = DC_CEPH_DATA; /* a candidate, for now */
	}
	/* two drives of one host at one path (dumps of many machines' /dev/sda): a path
	 * names neither. A host's drives are in the order of their paths. */
	for (unsigned h = 0; h < g->nnames; h++) {
		const unsigned *m = &g->members[g->first[h]];

		for (unsigned a = 0, b; a < g->count[h]; a = b) {
			for (b = a + 1; b < g->count[h] && strcmp(d[m[a]].path, d[m[b]].path) == 0; b++)
				;
			for (unsigned k = a; b - a > 1 && k < b; k++)
				if (p[m[k]].place != DC_CEPH_OUT)
					p[m[k]] = (struct dc_ceph_drive){ DC_CEPH_OUT,
									  DC_CEPH_WHY_SAME_PATH, -1 };
		}
	}
}

/* One host's candidates into data and DB (--db-devices: its faster tier, where it has
 * two, holds the DB/WAL of the slower one). */
static void split_host(const struct by_host *g, unsigned h, const struct dc_ceph_plan_opts *o,
		       struct dc_ceph_drive *p)
{
	const struct dc_ceph_in *d = g->d;
	int top = 0;
	bool slower_data = false;

	EACH_OF_HOST(g, h, i)
		if (p[i].place != DC_CEPH_OUT && tier_of(&d[i]) > top)
			top = tier_of(&d[i]);
	EACH_OF_HOST(g, h, i)
		if (p[i].place != DC_CEPH_OUT && tier_of(&d[i]) < top &&
		    passes(&d[i], DC_ROLE_CEPH_OSD))
			slower_data = true;
	EACH_OF_HOST(g, h, i) {
		if (p[i].place == DC_CEPH_OUT)
			continue;
		if (o->db_devices && slower_data && tier_of(&d[i]) == top &&
		    passes(&d[i], DC_ROLE_CEPH_DB))
			p[i] = (struct dc_ceph_drive){ DC_CEPH_DB, DC_CEPH_WHY_DB, -1 };
		else if (passes(&d[i], DC_ROLE_CEPH_OSD))
			p[i] = (struct dc_ceph_drive){ DC_CEPH_DATA, DC_CEPH_WHY_DATA, -1 };
		else
			p[i] = (struct dc_ceph_drive){ DC_CEPH_OUT, DC_CEPH_WHY_DB_NOT_FASTER, -1 };
	}
}

/* A host's drives by model: its data drives all of one model, its DB drives of another
 * (or none). Returns false when they are not. */
static bool host_models(const struct by_host *g, unsigned h, const struct dc_ceph_drive *p,
			const char **data, const char **db)
{
	const struct dc_ceph_in *d = g->d;

	*data = *db = NULL;
	EACH_OF_HOST(g, h, i) {
		const char **m = p[i].place == DC_CEPH_DATA ? data : p[i].place == DC_CEPH_DB ? db
								 : NULL;

		if (!m)
			continue;
		if (!d[i].sysfs_model[0] || !printable(d[i].sysfs_model) ||
		    (*m && strcmp(*m, d[i].sysfs_model) != 0))
			return false;
		*m = d[i].sysfs_model;
	}
	return *data != NULL;
}

/* Would the filter select nothing it should not on host h? Each host's conditions are its
 * own: a group of hosts is exact when each of them is. */
static bool filter_exact(const struct by_host *g, unsigned h, const struct dc_ceph_drive *p,
			 const char *data, const char *db)
{
	const struct dc_ceph_in *d = g->d;

	EACH_OF_HOST(g, h, i) {
		const char *m = d[i].sysfs_model;
		bool dm, bm, taken_if_free;

		dm = !m[0] || strstr(m, data);
		bm = db && (!m[0] || strstr(m, db));
		/* a drive the paths leave out that cephadm would take as free as it is */
		taken_if_free = p[i].place == DC_CEPH_OUT && d[i].available == DC_TRI_YES;
		if (dm && (!passes(&d[i], DC_ROLE_CEPH_OSD) || p[i].place == DC_CEPH_DB ||
			   taken_if_free))
			return false;
		/* data is selected first: a drive both match would be data, not DB */
		if (bm && (dm || !passes(&d[i], DC_ROLE_CEPH_DB) || p[i].place == DC_CEPH_DATA ||
			   taken_if_free))
			return false;
	}
	return true;
}

/* A service id cephadm takes ([a-zA-Z0-9_.-]), unique among those made so far: "-2",
 * "-3", ... after a name met before (two models that differ only in a space and a dash). */
static void service_id(struct dc_ceph_plan *p, const char *base, const char *what)
{
	char stem[DC_CEPH_ID_LEN - 8], *id = p->specs[p->nspecs].service_id;
	bool taken = true;

	snprintf(stem, sizeof(stem), "%s%s%s", base, what ? "-" : "", what ? what : "");
	for (char *c = stem; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		      (*c >= '0' && *c <= '9') || *c == '_' || *c == '.' || *c == '-'))
			*c = '-';
	for (unsigned k = 1; taken; k++) {
		if (k == 1)
			snprintf(id, DC_CEPH_ID_LEN, "%s", stem);
		else
			snprintf(id, DC_CEPH_ID_LEN, "%s-%u", stem, k);
		taken = false;
		for (unsigned s = 0; s < p->nspecs; s++)
			taken |= strcmp(p->specs[s].service_id, id) == 0;
	}
}

/* Places host h's placed drives in the spec being made, and h in its hosts. */
static void add_host(struct dc_ceph_plan *p, const struct by_host *g, unsigned h,
		     unsigned *nhosts)
{
	struct dc_ceph_spec *s = &p->specs[p->nspecs];

	p->hosts[s->first_host + s->nhosts++] = g->names[h];
	(*nhosts)++;
	EACH_OF_HOST(g, h, i)
		if (p->drives[i].place != DC_CEPH_OUT)
			p->drives[i].spec = (int)p->nspecs;
}

int dc_ceph_plan_make(const struct dc_ceph_in *d, unsigned n, const struct dc_ceph_plan_opts *o,
		      struct dc_ceph_plan *p)
{
	const char *base = o->service_id && o->service_id[0] ? o->service_id : "drivecheck";
	const char **data = NULL, **db = NULL;
	bool *exact = NULL, *done = NULL, *placed = NULL;
	unsigned placed_hosts = 0, nhosts = 0;
	struct by_host g;
	int rc;

	memset(p, 0, sizeof(*p));
	rc = group_hosts(d, n, &g);
	if (rc)
		goto out;
	rc = -ENOMEM;
	p->n = n;
	p->drives = calloc(n ? n : 1, sizeof(*p->drives));
	p->specs = calloc(g.nnames ? g.nnames : 1, sizeof(*p->specs));
	p->hosts = calloc(g.nnames ? g.nnames : 1, sizeof(*p->hosts));
	data = calloc(g.nnames ? g.nnames : 1, sizeof(*data));
	db = calloc(g.nnames ? g.nnames : 1, sizeof(*db));
	exact = calloc(g.nnames ? g.nnames : 1, sizeof(*exact));
	done = calloc(g.nnames ? g.nnames : 1, sizeof(*done));
	placed = calloc(g.nnames ? g.nnames : 1, sizeof(*placed));
	if (!p->drives || !p->specs || !p->hosts || !data || !db || !exact || !done || !placed)
		goto out;
	first_look(&g, n, o, p->drives);
	for (unsigned h = 0; h < g.nnames; h++) {
		split_host(&g, h, o, p->drives);
		EACH_OF_HOST(&g, h, i)
			placed[h] |= p->drives[i].place != DC_CEPH_OUT;
		placed_hosts += placed[h];
		/* the host's own filter: its models, where its placed drives have one each,
		 * and whether that filter selects exactly them on it */
		exact[h] = o->by_model && host_models(&g, h, p->drives, &data[h], &db[h]) &&
			   filter_exact(&g, h, p->drives, data[h], db[h]);
	}

	/* a fleet: hosts of one layout by model share a spec, where the filter is exact on
	 * each; a host where it is not stays on paths, and the others still share it */
	for (unsigned h = 0; h < g.nnames; h++) {
		struct dc_ceph_spec *s = &p->specs[p->nspecs];

		if (done[h] || !exact[h])
			continue;
		s->first_host = nhosts;
		for (unsigned k = h; k < g.nnames; k++)
			if (!done[k] && exact[k] && strcmp(data[k], data[h]) == 0 &&
			    (db[h] ? db[k] && strcmp(db[k], db[h]) == 0 : !db[k])) {
				add_host(p, &g, k, &nhosts);
				done[k] = true;
			}
		snprintf(s->data_model, sizeof(s->data_model), "%s", data[h]);
		snprintf(s->db_model, sizeof(s->db_model), "%s", db[h] ? db[h] : "");
		service_id(p, base, data[h]);
		p->nspecs++;
	}
	/* every other host with a placed drive: its own spec, by paths */
	for (unsigned h = 0; h < g.nnames; h++) {
		if (done[h] || !placed[h])
			continue;
		p->specs[p->nspecs].first_host = nhosts;
		add_host(p, &g, h, &nhosts);
		/* one host alone, as a scan has it: the id as given */
		service_id(p, base, placed_hosts == 1 && !o->fleet ? NULL : g.names[h]);
		p->nspecs++;
	}
	rc = 0;
out:
	by_host_free(&g);
	free((void *)data);
	free((void *)db);
	free(exact);
	free(done);
	free(placed);
	if (rc)
		dc_ceph_plan_free(p);
	return rc;
}

void dc_ceph_plan_free(struct dc_ceph_plan *p)
{
	free(p->drives);
	free(p->specs);
	free((void *)p->hosts);
	memset(p, 0, sizeof(*p));
}
