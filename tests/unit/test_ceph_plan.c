// SPDX-License-Identifier: GPL-2.0-or-later
/* test_ceph_plan.c - which drives an OSD spec places, per host and by model, and the YAML. */
#include <errno.h>
#include <stdlib.h>

#include "dc_test.h"
#include "render/render.h"
#include "fleet/ceph_plan.h"

#define MAXR 16
static struct dc_check R[MAXR];
static const char *H[MAXR];
static struct dc_ceph_in D[MAXR]; /* what the plan reads of R[i] on H[i] */
static unsigned N;

/* A drive on host h at path, of sysfs model m: its ceph_osd and ceph_db status, available. */
static unsigned drive(const char *h, const char *path, const char *m, enum dc_transport t,
		      enum dc_status osd, enum dc_status db, enum dc_tri avail)
{
	struct dc_check *r = &R[N];

	memset(r, 0, sizeof(*r));
	snprintf(r->dev.path, sizeof(r->dev.path), "%s", path);
	snprintf(r->dev.model, sizeof(r->dev.model), "%s", m);
	snprintf(r->drive.model, sizeof(r->drive.model), "%s", m);
	r->dev.transport = t;
	for (unsigned k = 0; k < DC_ROLE_COUNT; k++)
		r->result.verdicts[k].status = DC_PASS;
	r->result.verdicts[DC_ROLE_CEPH_OSD].status = osd;
	r->result.verdicts[DC_ROLE_CEPH_DB].status = db;
	r->avail.available = avail;
	if (avail == DC_TRI_NO)
		r->avail.reasons = 1u << 7;
	H[N] = h;
	return N++;
}

/* The plan's records of R (again, as a test changes R between plans). */
static void records(void)
{
	for (unsigned i = 0; i < N; i++)
		dc_ceph_in_of(&R[i], H[i], &D[i]);
}

static void plan(bool by_model, bool db, struct dc_ceph_plan *p)
{
	struct dc_ceph_plan_opts o = { .fleet = by_model, .by_model = by_model, .db_devices = db };

	records();
	CHECK(dc_ceph_plan_make(D, N, &o, p) == 0);
}

/* The YAML of the plan, in a string. */
static char *yaml(const struct dc_ceph_plan *p, bool db)
{
	static char buf[16384];
	FILE *f;

	buf[0] = '\0';
	f = fmemopen(buf, sizeof(buf), "w");

	dc_render_ceph_spec(f, D, p, db);
	fclose(f);
	return buf;
}

int main(void)
{
	struct dc_ceph_plan p;
	unsigned a, b, c, d, e;
	char *y;

	/* one host: passing and available drives are data; warn, fail, not available,
	 * availability unknown and not read are left out, each with its why */
	N = 0;
	a = drive("h1", "/dev/sda", "GOOD", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	b = drive("h1", "/dev/sdb", "WARNS", DC_TRAN_SATA, DC_WARN, DC_WARN, DC_TRI_YES);
	c = drive("h1", "/dev/sdc", "GOOD", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_NO);
	d = drive("h1", "/dev/sdd", "GOOD", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_UNKNOWN);
	e = drive("h1", "/dev/sde", "GOOD", DC_TRAN_SATA, DC_FAIL, DC_PASS, DC_TRI_YES);
	R[drive("h1", "/dev/sdf", "", DC_TRAN_UNKNOWN, DC_NOT_CHECKED, DC_NOT_CHECKED,
		DC_TRI_UNKNOWN)].error = -EIO;
	plan(false, false, &p);
	CHECK(p.nspecs == 1 && p.specs[0].nhosts == 1 && strcmp(p.hosts[0], "h1") == 0);
	CHECK_STR(p.specs[0].service_id, "drivecheck");
	CHECK(p.drives[a].place == DC_CEPH_DATA && p.drives[a].spec == 0);
	CHECK(p.drives[b].place == DC_CEPH_OUT && p.drives[b].why == DC_CEPH_WHY_VERDICT);
	CHECK(p.drives[c].why == DC_CEPH_WHY_NOT_AVAILABLE && p.drives[c].spec == -1);
	CHECK(p.drives[d].why == DC_CEPH_WHY_AVAIL_UNKNOWN);
	CHECK(p.drives[e].why == DC_CEPH_WHY_VERDICT);
	CHECK(p.drives[5].why == DC_CEPH_WHY_NOT_READ);
	y = yaml(&p, false);
	CHECK(strstr(y, "service_type: osd\nservice_id: 'drivecheck'\nplacement:\n  hosts:\n"
		      "    - 'h1'\nspec:\n  data_devices:\n    paths:\n      - '/dev/sda'") != NULL);
	CHECK(strstr(y, "'/dev/sdb'") == NULL && strstr(y, "# left out: h1 /dev/sdb") != NULL);
	CHECK(strstr(y, "db_devices") == NULL);
	dc_ceph_plan_free(&p);

	/* nothing passes: no spec, nothing printed */
	N = 0;
	drive("h1", "/dev/sda", "X", DC_TRAN_SATA, DC_WARN, DC_WARN, DC_TRI_YES);
	plan(false, false, &p);
	CHECK(p.nspecs == 0 && yaml(&p, false)[0] == '\0');
	dc_ceph_plan_free(&p);

	/* --db-devices: NVMe that passes ceph_db holds the SATA drives' DB; on one tier, none */
	N = 0;
	a = drive("h1", "/dev/sda", "SATA", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	b = drive("h1", "/dev/nvme0n1", "NV", DC_TRAN_NVME, DC_PASS, DC_PASS, DC_TRI_YES);
	c = drive("h1", "/dev/nvme1n1", "NV2", DC_TRAN_NVME, DC_PASS, DC_WARN, DC_TRI_YES);
	d = drive("h2", "/dev/nvme0n1", "NV", DC_TRAN_NVME, DC_PASS, DC_PASS, DC_TRI_YES);
	e = drive("h2", "/dev/nvme1n1", "NV", DC_TRAN_NVME, DC_WARN, DC_PASS, DC_TRI_YES);
	plan(false, true, &p);
	CHECK(p.drives[a].place == DC_CEPH_DATA && p.drives[b].place == DC_CEPH_DB);
	CHECK(p.drives[c].place == DC_CEPH_DATA); /* fast, but not fit for a DB: data */
	CHECK(p.drives[d].place == DC_CEPH_DATA && p.drives[e].place == DC_CEPH_OUT &&
	      p.drives[e].why == DC_CEPH_WHY_DB_NOT_FASTER);
	CHECK(p.nspecs == 2);
	CHECK_STR(p.specs[0].service_id, "drivecheck-h1");
	CHECK_STR(p.specs[1].service_id, "drivecheck-h2");
	y = yaml(&p, true);
	CHECK(strstr(y, "  db_devices:\n    paths:\n      - '/dev/nvme0n1'") != NULL);
	CHECK(strstr(y, "\n---\n") != NULL);
	dc_ceph_plan_free(&p);
	/* without it, every passing drive is data */
	plan(false, false, &p);
	CHECK(p.drives[b].place == DC_CEPH_DATA && p.drives[e].why == DC_CEPH_WHY_VERDICT);
	dc_ceph_plan_free(&p);

	/* a fleet: one model that passes everywhere it is: one spec by model */
	N = 0;
	drive("h1", "/dev/sda", "MODEL A", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	drive("h1", "/dev/sdb", "MODEL A", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	drive("h2", "/dev/sda", "MODEL A", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	drive("h2", "/dev/sdb", "MODEL A", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_NO);
	drive("h2", "/dev/sdc", "OTHER", DC_TRAN_SATA, DC_FAIL, DC_FAIL, DC_TRI_YES);
	plan(true, false, &p);
	CHECK(p.nspecs == 1 && p.specs[0].nhosts == 2);
	CHECK_STR(p.specs[0].data_model, "MODEL A");
	CHECK_STR(p.specs[0].service_id, "drivecheck-MODEL-A");
	y = yaml(&p, false);
	CHECK(strstr(y, "    - 'h1'\n    - 'h2'\nspec:\n  data_devices:\n    model: 'MODEL A'\n") != NULL);
	CHECK(strstr(y, "paths") == NULL);
	/* the spec says what a model filter does beyond today's drives */
	CHECK(strstr(y, "# selects by model (report --by-model): cephadm applies this spec again "
		      "whenever a host's\n# inventory changes, so it will also take any blank "
		      "drive of this model") != NULL);
	dc_ceph_plan_free(&p);
	/* the same fleet without --by-model: a spec per host, by paths, each named for its host */
	{
		struct dc_ceph_plan_opts o = { .fleet = true };

		records();
		CHECK(dc_ceph_plan_make(D, N, &o, &p) == 0);
	}
	CHECK(p.nspecs == 2 && !p.specs[0].data_model[0] && !p.specs[1].data_model[0]);
	CHECK_STR(p.specs[0].service_id, "drivecheck-h1");
	y = yaml(&p, false);
	CHECK(strstr(y, "model:") == NULL && strstr(y, "selects by model") == NULL);
	dc_ceph_plan_free(&p);
	/* ... but a failing drive whose model holds the filter keeps its host on paths:
	 * cephadm's filter is a substring, and would take it once zapped; the other host
	 * keeps the filter */
	snprintf(R[4].dev.model, sizeof(R[4].dev.model), "MODEL A-X");
	plan(true, false, &p);
	CHECK(p.nspecs == 2 && p.specs[0].data_model[0] && p.specs[0].nhosts == 1 &&
	      strcmp(p.hosts[p.specs[0].first_host], "h1") == 0 && !p.specs[1].data_model[0]);
	CHECK(p.drives[2].spec == 1 && p.drives[0].spec == 0);
	dc_ceph_plan_free(&p);
	/* ... and so does a drive of unknown model, or one that could not be read */
	R[4].dev.model[0] = '\0';
	plan(true, false, &p);
	CHECK(p.nspecs == 2 && !p.specs[1].data_model[0]);
	dc_ceph_plan_free(&p);
	/* a passing, free drive of the model that the paths leave out (same path twice):
	 * the filter would take it, the paths not: paths */
	N = 0;
	drive("h1", "/dev/sda", "M", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	drive("h2", "/dev/sda", "M", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	drive("h2", "/dev/sda", "M", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	drive("h2", "/dev/sdb", "M", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	plan(true, false, &p);
	CHECK(p.drives[1].why == DC_CEPH_WHY_SAME_PATH && p.drives[2].why == DC_CEPH_WHY_SAME_PATH);
	CHECK(p.nspecs == 2 && p.specs[0].data_model[0] && p.specs[0].nhosts == 1 &&
	      !p.specs[1].data_model[0]);
	dc_ceph_plan_free(&p);

	/* names: no host, a host cephadm would read as host:network, a path with a quote, a
	 * path of control bytes; --service-id */
	N = 0;
	a = drive(NULL, "/dev/sda", "M", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	b = drive("h:1", "/dev/sda", "M", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	c = drive("h1", "/dev/it's", "M", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	d = drive("h1", "/dev/s\nx", "M\n", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	{
		struct dc_ceph_plan_opts o = { .service_id = "osds" };

		records();
		CHECK(dc_ceph_plan_make(D, N, &o, &p) == 0);
	}
	CHECK(p.drives[a].why == DC_CEPH_WHY_NO_HOST && p.drives[b].why == DC_CEPH_WHY_NO_HOST);
	CHECK(p.drives[c].place == DC_CEPH_DATA && p.drives[d].why == DC_CEPH_WHY_BAD_NAME);
	CHECK_STR(p.specs[0].service_id, "osds");
	y = yaml(&p, false);
	CHECK(strstr(y, "      - '/dev/it''s'") != NULL);
	CHECK(strstr(y, "# left out: h1 /dev/s?x (M?): ") != NULL);
	dc_ceph_plan_free(&p);

	/* a fleet's drives come worst first, hosts interleaved: hosts are numbered (and their
	 * specs made) in the order of their first drive; two drives at one path are found
	 * however far apart they are */
	N = 0;
	a = drive("h9", "/dev/sdb", "M", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	b = drive("h1", "/dev/sda", "M", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	c = drive("h9", "/dev/sda", "M", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	d = drive("h1", "/dev/sdc", "M", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	e = drive("h9", "/dev/sdb", "M", DC_TRAN_SATA, DC_WARN, DC_WARN, DC_TRI_YES);
	plan(false, false, &p);
	CHECK(p.nspecs == 2);
	CHECK_STR(p.specs[0].service_id, "drivecheck-h9");
	CHECK_STR(p.specs[1].service_id, "drivecheck-h1");
	CHECK(p.drives[a].why == DC_CEPH_WHY_SAME_PATH && p.drives[a].spec == -1);
	CHECK(p.drives[e].why == DC_CEPH_WHY_VERDICT); /* out already: its own why stays */
	CHECK(p.drives[c].spec == 0 && p.drives[b].spec == 1 && p.drives[d].spec == 1);
	y = yaml(&p, false);
	/* a spec's paths in the order given */
	CHECK(strstr(y, "      - '/dev/sda'  # M: ceph_osd passes\n      - '/dev/sdc'") != NULL);
	dc_ceph_plan_free(&p);

	/* two models whose ids clean to one: unique ids */
	N = 0;
	drive("h1", "/dev/sda", "A B", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	drive("h2", "/dev/sda", "A-B", DC_TRAN_SATA, DC_PASS, DC_PASS, DC_TRI_YES);
	plan(true, false, &p);
	CHECK(p.nspecs == 2);
	CHECK_STR(p.specs[0].service_id, "drivecheck-A-B");
	CHECK_STR(p.specs[1].service_id, "drivecheck-A-B-2");
	dc_ceph_plan_free(&p);
	return dc_test_summary("test_ceph_plan");
}
