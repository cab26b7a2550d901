// SPDX-License-Identifier: GPL-2.0-or-later
/* ceph_spec.c - the ceph-spec command and report --ceph-spec: plan, print, exit code. */
#include <stdio.h>
#include <stdlib.h>

#include "cli/ceph_spec.h"
#include "exitcodes.h"
#include "render/render.h"
#include "fleet/ceph_plan.h"

/* No drive placed: nothing on stdout, so that `drivecheck ceph-spec > osd.yml` never
 * leaves a spec that places nothing (cephadm would do nothing with it, or take the
 * drives by another spec's rules); the reasons go to stderr. */
static enum dc_exit print(const struct dc_cli *c, const struct dc_ceph_in *d, unsigned n, bool fleet)
{
	/* a model: filter also takes every blank drive of the model put in later, which no
	 * one has checked: only when asked (report --by-model) */
	struct dc_ceph_plan_opts o = { .db_devices = c->db_devices, .fleet = fleet,
				       .by_model = fleet && c->by_model, .service_id = c->service_id };
	struct dc_ceph_plan p;

	if (dc_ceph_plan_make(d, n, &o, &p))
		return DC_EXIT_INTERNAL;
	if (dc_render_ceph_spec(stdout, d, &p, c->db_devices)) {
		dc_ceph_plan_free(&p);
		return DC_EXIT_OK;
	}
	fprintf(stderr, "drivecheck: no drive passes %s and is available: no spec printed\n",
		c->db_devices ? "ceph-osd (or ceph-db)" : "ceph-osd");
	dc_render_ceph_left_out(stderr, d, &p);
	dc_ceph_plan_free(&p);
	return DC_EXIT_WARN;
}

enum dc_exit dc_cli_ceph_spec(const struct dc_cli *c, const struct dc_check *r, unsigned n,
		     const char *this_host)
{
	struct dc_ceph_in *d = calloc(n ? n : 1, sizeof(*d));
	enum dc_exit code;

	if (!d)
		return DC_EXIT_INTERNAL;
	for (unsigned i = 0; i < n; i++)
		dc_ceph_in_of(&r[i], c->host ? c->host : r[i].host[0] ? r[i].host :
			      this_host ? this_host : "", &d[i]);
	code = print(c, d, n, false);
	free(d);
	return code;
}

enum dc_exit dc_cli_report_ceph_spec(const struct dc_cli *c, const struct dc_fleet *f)
{
	struct dc_ceph_in *d = calloc(f->n ? f->n : 1, sizeof(*d));
	enum dc_exit code;

	if (!d)
		return DC_EXIT_INTERNAL;
	for (unsigned i = 0; i < f->n; i++)
		dc_fleet_ceph_in(f, i, &d[i]);
	code = print(c, d, f->n, true);
	free(d);
	return code;
}
