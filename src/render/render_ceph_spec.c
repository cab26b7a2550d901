// SPDX-License-Identifier: GPL-2.0-or-later
/* render_ceph_spec.c - a cephadm OSD service specification (YAML) from the plan. */
#include <stdio.h>
#include <string.h>

#include "device/availability.h"
#include "core/names.h"
#include "render/render.h"
#include "fleet/ceph_plan.h"

/*
 * The structure is fixed and small (ServiceSpec/DriveGroupSpec of
 * src/python-common/ceph/deployment/: service_type, service_id, placement.hosts, and
 * spec.data_devices / db_devices with paths or model), so it is printed, not built:
 * every value a drive or a file gave is a single-quoted scalar, where only ' needs
 * doubling; the plan keeps out anything but printable ASCII. Comments carry the why,
 * with other bytes shown as '?' so that no value can end a comment line early.
 */
static void quoted(FILE *out, const char *s)
{
	fputc('\'', out);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', out);
		fputc(*s, out);
	}
	fputc('\'', out);
}

static void comment_text(FILE *out, const char *s)
{
	for (; *s; s++)
		fputc(*s >= 0x20 && *s <= 0x7e ? *s : '?', out);
}

static const char *model_of(const struct dc_ceph_in *d)
{
	return d->model && d->model[0] ? d->model : "model unknown";
}

/* Why a drive left out is, in one line after "# left out: HOST PATH (MODEL): ". */
static void why_out(FILE *out, const struct dc_ceph_in *d, enum dc_ceph_why why)
{
	const char *sep = "";

	switch (why) {
	case DC_CEPH_WHY_NOT_READ:
		fputs("could not be read: ", out);
		comment_text(out, d->error_msg);
		break;
	case DC_CEPH_WHY_VERDICT:
	case DC_CEPH_WHY_DB_NOT_FASTER:
		fprintf(out, "ceph_osd %s, ceph_db %s",
			dc_status_name(d->osd), dc_status_name(d->db));
		if (why == DC_CEPH_WHY_DB_NOT_FASTER)
			fputs(", and no slower drive of this host to hold the DB of", out);
		break;
	case DC_CEPH_WHY_NOT_AVAILABLE:
		fputs("passes, not available:", out);
		for (unsigned i = 0; i < DC_AVAIL_REASON_COUNT; i++)
			if (d->reasons & (1u << i)) {
				fprintf(out, "%s %s", sep, dc_avail_reason_name((enum dc_avail_reason)i));
				sep = ",";
			}
		if (!d->reasons)
			fputs(" (the host's JSON gives no reason)", out);
		break;
	case DC_CEPH_WHY_AVAIL_UNKNOWN:
		fputs("passes, availability unknown: ", out);
		comment_text(out, d->avail_unknown);
		break;
	case DC_CEPH_WHY_NO_HOST:
		fputs("passes, on no host a placement can name (the JSON names none, or one "
		      "cephadm cannot take: give --host)", out);
		break;
	case DC_CEPH_WHY_SAME_PATH:
		fputs("another drive of this host has the same path: a path names neither", out);
		break;
	case DC_CEPH_WHY_BAD_NAME:
		fputs("its path is not printable ASCII: a spec cannot name it", out);
		break;
	case DC_CEPH_WHY_DATA:
	case DC_CEPH_WHY_DB:
		break;
	}
}

static void left_out(FILE *out, const struct dc_ceph_in *d, const struct dc_ceph_plan *p)
{
	for (unsigned i = 0; i < p->n; i++) {
		if (p->drives[i].place != DC_CEPH_OUT)
			continue;
		fputs("# left out: ", out);
		if (d[i].host && d[i].host[0]) {
			comment_text(out, d[i].host);
			fputc(' ', out);
		}
		comment_text(out, d[i].path);
		fputs(" (", out);
		comment_text(out, model_of(&d[i]));
		fputs("): ", out);
		why_out(out, &d[i], p->drives[i].why);
		fputc('\n', out);
	}
}

void dc_render_ceph_left_out(FILE *out, const struct dc_ceph_in *d, const struct dc_ceph_plan *p)
{
	left_out(out, d, p);
}

/* One selection: the model filter, or the paths of the spec's drives of that place. */
static void selection(FILE *out, const char *key, const char *model, const struct dc_ceph_in *d,
		      const struct dc_ceph_plan *p, int spec, enum dc_ceph_place place)
{
	bool any = false;

	for (unsigned i = 0; i < p->n; i++)
		any |= p->drives[i].spec == spec && p->drives[i].place == place;
	if (!any)
		return;
	fprintf(out, "  %s:\n", key);
	if (model[0]) {
		fputs("    model: ", out);
		quoted(out, model);
		fputc('\n', out);
		return;
	}
	fputs("    paths:\n", out);
	for (unsigned i = 0; i < p->n; i++) {
		if (p->drives[i].spec != spec || p->drives[i].place != place)
			continue;
		fputs("      - ", out);
		quoted(out, dc_ceph_name(&d[i]));
		fputs("  # ", out);
		comment_text(out, model_of(&d[i]));
		/* the kernel's name too, as the host shows it today */
		if (dc_ceph_name(&d[i]) != d[i].path) {
			fputs(", ", out);
			comment_text(out, d[i].path);
			fputs(" now", out);
		}
		fprintf(out, ": %s passes\n", place == DC_CEPH_DB ? "ceph_db" : "ceph_osd");
	}
}

/* A model spec's comment: what it selects today, host by host. */
static void selects(FILE *out, const struct dc_ceph_in *d, const struct dc_ceph_plan *p,
		    int spec)
{
	for (unsigned i = 0; i < p->n; i++) {
		if (p->drives[i].spec != spec)
			continue;
		fputs("# selects today: ", out);
		comment_text(out, d[i].host);
		fputc(' ', out);
		comment_text(out, d[i].path);
		fputs(" (", out);
		comment_text(out, model_of(&d[i]));
		fprintf(out, "), as %s\n", p->drives[i].place == DC_CEPH_DB ? "DB" : "data");
	}
}

unsigned dc_render_ceph_spec(FILE *out, const struct dc_ceph_in *d, const struct dc_ceph_plan *p,
			     bool db_devices)
{
	if (!p->nspecs)
		return 0;
	fprintf(out, "# drivecheck %s: cephadm OSD service specification%s (docs/ceph.md)\n"
		"# data_devices: drives that pass ceph_osd and that ceph-volume would take "
		"(available)\n", DC_VERSION, p->nspecs > 1 ? "s" : "");
	if (db_devices)
		fputs("# db_devices: drives that pass ceph_db, on a faster tier (NVMe) than the "
		      "host's data drives\n", out);
	fputs("# nothing that warns or fails is placed; read it, then: ceph orch apply -i FILE\n",
	      out);
	left_out(out, d, p);
	for (unsigned s = 0; s < p->nspecs; s++) {
		const struct dc_ceph_spec *sp = &p->specs[s];

		if (s)
			fputs("---\n", out);
		if (sp->data_model[0]) {
			/* what a model: filter means beyond today's drives, said where it is */
			fputs("# selects by model (report --by-model): cephadm applies this spec "
			      "again whenever a host's\n# inventory changes, so it will also take "
			      "any blank drive of this model put in these\n# hosts later, which "
			      "drivecheck has not checked\n", out);
			selects(out, d, p, (int)s);
		}
		fputs("service_type: osd\nservice_id: ", out);
		quoted(out, sp->service_id);
		fputs("\nplacement:\n  hosts:\n", out);
		for (unsigned h = 0; h < sp->nhosts; h++) {
			fputs("    - ", out);
			quoted(out, p->hosts[sp->first_host + h]);
			fputc('\n', out);
		}
		fputs("spec:\n", out);
		selection(out, "data_devices", sp->data_model, d, p, (int)s, DC_CEPH_DATA);
		selection(out, "db_devices", sp->db_model, d, p, (int)s, DC_CEPH_DB);
	}
	return p->nspecs;
}
