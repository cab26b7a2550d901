// SPDX-License-Identifier: GPL-2.0-or-later
/* test_import_nvme_cli.c - nvme-cli's JSON and text outputs imported: the facts equal the
 * numbers the files print (read here with cJSON, apart from the importer), the folder join,
 * and hostile files refused with a reason. */
#include <endian.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <nvme/types.h>

#include "dc_test.h"
#include "import_results.h"
#include "sample_file.h"
#include "import/import.h"
#include "parse_helpers.h"
#include "core/raw.h"
#include "device/protocol.h"

#define E2E "data/e2e/ref/"
#define SAMPLES "data/import/nvme-cli/"

static cJSON *load(const char *path)
{
	char *t = slurp(path, NULL);
	cJSON *j = t ? cJSON_Parse(t) : NULL;

	free(t);
	if (!j)
		fprintf(stderr, "cannot read %s\n", path);
	return j;
}

static int import_text(const char *text, struct dc_import_parts *parts, char *err, size_t len)
{
	err[0] = '\0';
	return dc_import_nvme_cli(text, strlen(text), parts, err, len);
}

static int import_file(const char *path, struct dc_import_parts *parts, char *err, size_t len)
{
	char *t = slurp(path, NULL);
	int rc = t ? import_text(t, parts, err, len) : -ENOENT;

	free(t);
	return rc;
}

static int import_json(const cJSON *j, struct dc_import_parts *parts, char *err, size_t len)
{
	char *t = cJSON_PrintUnformatted(j);
	int rc = import_text(t, parts, err, len);

	free(t);
	return rc;
}

/* What the tool printed, trimmed as the parser trims it. */
static void json_str(const cJSON *j, const char *key, char *out, size_t len)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(j, key);
	const char *s = cJSON_IsString(it) ? it->valuestring : "";
	size_t n;

	while (*s == ' ')
		s++;
	n = strlen(s);
	while (n && s[n - 1] == ' ')
		n--;
	snprintf(out, len, "%.*s", (int)n, s);
}

/* A number printed as a number or as a decimal string (128-bit counters in 2.x). */
static unsigned long long json_num(const cJSON *j, const char *key)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(j, key);

	if (cJSON_IsString(it))
		return strtoull(it->valuestring, NULL, 10);
	return cJSON_IsNumber(it) ? (unsigned long long)it->valuedouble : ~0ull;
}

static unsigned long long le(const void *p, unsigned n)
{
	const uint8_t *b = p;
	unsigned long long v = 0;

	for (unsigned i = n; i-- > 0;)
		v = v << 8 | b[i];
	return v;
}

/* A folder the test made, and files copied or written into it. */
static char tmpdir[64];

static void tmp_new(void)
{
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/dc-imp-nvme-XXXXXX");
	if (!mkdtemp(tmpdir))
		abort();
}

static void tmp_put(const char *name, const char *text)
{
	char path[160];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	f = fopen(path, "w");
	if (!f)
		abort();
	fputs(text, f);
	fclose(f);
}

static void tmp_copy(const char *name, const char *from)
{
	char *t = slurp(from, NULL);

	if (!t)
		abort();
	tmp_put(name, t);
	free(t);
}

static void tmp_json(const char *name, const cJSON *j)
{
	char *t = cJSON_Print(j);

	tmp_put(name, t);
	free(t);
}

static void tmp_done(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
}

static unsigned run_dir(struct dc_check **r)
{
	struct dc_import_opts o = { .db = NULL };
	char *paths[] = { tmpdir };
	unsigned n = 0;

	CHECK(import_results(&o, paths, 1, r, &n) == 0);
	return n;
}

/* ---------------------------------------------------------------- the lab's drives */

/* One folder of id-ctrl, id-ns, smart-log and feature-6 is one drive with all of them. */
static void test_e2e_drive(const char *name, enum dc_transport tran)
{
	char dir[128], path[192], mn[64], sn[64], fr[64];
	cJSON *ctrl, *ns, *smart, *lbaf;
	struct dc_check *r = NULL;
	unsigned n, vwc, feat = 99, ds;
	char *feature;
	const char *v;

	snprintf(dir, sizeof(dir), E2E "%s/", name);
	snprintf(path, sizeof(path), "%sid-ctrl.json", dir);
	ctrl = load(path);
	snprintf(path, sizeof(path), "%sid-ns.json", dir);
	ns = load(path);
	snprintf(path, sizeof(path), "%ssmart-log.json", dir);
	smart = load(path);
	snprintf(path, sizeof(path), "%sfeature-6.txt", dir);
	feature = slurp(path, NULL);
	if (!ctrl || !ns || !smart || !feature) {
		CHECK(!"e2e sample missing");
		return;
	}
	v = strstr(feature, "value:");
	CHECK(v && sscanf(v + 6, "%x", &feat) == 1);

	tmp_new();
	snprintf(path, sizeof(path), "%sid-ctrl.json", dir);
	tmp_copy("id-ctrl.json", path);
	snprintf(path, sizeof(path), "%sid-ns.json", dir);
	tmp_copy("id-ns.json", path);
	snprintf(path, sizeof(path), "%ssmart-log.json", dir);
	tmp_copy("smart-log.json", path);
	tmp_put("feature-6.txt", feature);
	n = run_dir(&r);
	CHECK(n == 1);
	if (n == 1) {
		const struct dc_nvme_health *h = &r->drive.smart.nvme;

		json_str(ctrl, "mn", mn, sizeof(mn));
		json_str(ctrl, "sn", sn, sizeof(sn));
		json_str(ctrl, "fr", fr, sizeof(fr));
		CHECK(r->error == 0);
		CHECK_STR(r->drive.model, mn);
		CHECK_STR(r->drive.serial, sn);
		CHECK_STR(r->drive.firmware, fr);
		CHECK_STR(r->drive.identity_source, "nvme identify-ctrl");
		CHECK(r->dev.protocol == DC_PROTO_NVME);
		CHECK(r->dev.transport == tran);
		vwc = (unsigned)json_num(ctrl, "vwc");
		CHECK(r->drive.cache_present == ((vwc & 1) ? DC_TRI_YES : DC_TRI_NO));
		CHECK(r->drive.cache_enabled == ((feat & 1) ? DC_TRI_YES : DC_TRI_NO));
		CHECK(strstr(r->drive.cache_source, "feature 0x06") != NULL);
		CHECK(h->temperature_k == json_num(smart, "temperature"));
		CHECK(h->critical_warning == json_num(smart, "critical_warning"));
		CHECK(h->available_spare == json_num(smart, "avail_spare"));
		CHECK(h->percent_used == json_num(smart, "percent_used"));
		CHECK(h->data_units_read == json_num(smart, "data_units_read"));
		CHECK(h->data_units_written == json_num(smart, "data_units_written"));
		CHECK(h->host_reads == json_num(smart, "host_read_commands"));
		CHECK(h->host_writes == json_num(smart, "host_write_commands"));
		CHECK(h->power_on_hours == json_num(smart, "power_on_hours"));
		CHECK(h->unsafe_shutdowns == json_num(smart, "unsafe_shutdowns"));
		CHECK(h->error_log_entries == json_num(smart, "num_err_log_entries"));
		CHECK(r->drive.wear.have_percent_used);
		CHECK(r->drive.wear.host_written_bytes == json_num(smart, "data_units_written") * 512000);
		lbaf = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(ns, "lbafs"),
					  (int)(json_num(ns, "flbas") & 0xF));
		ds = (unsigned)json_num(lbaf, "ds");
		CHECK(r->dev.capacity_bytes == json_num(ns, "nsze") << ds);
		CHECK(r->dev.logical_block_bytes == 1u << ds);
		CHECK(r->probe.mode == DC_PROBE_NOT_RUN && strstr(r->probe.skipped, "not in the input"));
	}
	free(r);
	tmp_done();
	cJSON_Delete(ctrl);
	cJSON_Delete(ns);
	cJSON_Delete(smart);
	free(feature);
}

/* id-ctrl + smart-log + feature + a fio run in one folder: one drive, probed. */
static void test_folder_join_with_fio(void)
{
	cJSON *fio = load("data/import/fio/sync.json");
	struct dc_check *r = NULL;
	unsigned n;

	tmp_new();
	tmp_copy("id-ctrl.json", E2E "DCE2E-NVME-WB-FAST/id-ctrl.json");
	tmp_copy("smart-log.json", E2E "DCE2E-NVME-WB-FAST/smart-log.json");
	tmp_copy("feature-6.txt", E2E "DCE2E-NVME-WB-FAST/feature-6.txt");
	tmp_copy("fio.json", "data/import/fio/sync.json");
	n = run_dir(&r);
	CHECK(n == 1);
	if (n == 1 && fio) {
		const cJSON *w = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(
			cJSON_GetObjectItemCaseSensitive(fio, "jobs"), 0), "write");

		CHECK_STR(r->drive.serial, "DCE2E-NVME-WB-FAST");
		CHECK(r->drive.cache_enabled == DC_TRI_YES);
		CHECK(r->drive.smart.have_nvme_health);
		CHECK(r->probe.mode == DC_PROBE_FILE);
		CHECK(r->probe.sync.count == json_num(w, "total_ios"));
		CHECK(r->result.fast.kind == DC_SRC_MEASURED);
		/* the id-ns was not in the folder: said so, not guessed */
		CHECK(r->dev.capacity_bytes == 0);
	}
	free(r);
	tmp_done();
	cJSON_Delete(fio);
}

/* No VWC bit (a PM9A3 prints vwc 0x6: flush behaviour bits, no cache), and no "vwc" key. */
static void test_vwc_absent_and_missing(void)
{
	cJSON *ctrl = load(E2E "DCE2E-NVME-WB-FAST/id-ctrl.json");
	struct dc_check *r = NULL;
	unsigned n;

	if (!ctrl)
		return;
	cJSON_ReplaceItemInObjectCaseSensitive(ctrl, "vwc", cJSON_CreateNumber(6));
	tmp_new();
	tmp_json("id-ctrl.json", ctrl);
	tmp_copy("feature-6.txt", E2E "DCE2E-NVME-WB-FAST/feature-6.txt");
	n = run_dir(&r);
	CHECK(n == 1);
	if (n == 1) {
		CHECK(r->drive.cache_present == DC_TRI_NO);
		CHECK(r->drive.cache_enabled == DC_TRI_NO);
		CHECK(has_ev(&r->drive, DC_EV_NO_VWC));
	}
	free(r);
	tmp_done();

	/* No "vwc" key: recorded as not in the input, so that the parser reads no zero there.
	 * (The importer is called directly; import.c routes such a file to it too, by "mn"
	 * with "vid" or "sn".) */
	cJSON_DeleteItemFromObjectCaseSensitive(ctrl, "vwc");
	{
		struct dc_import_parts parts = { 0 };
		char err[256];

		CHECK(import_json(ctrl, &parts, err, sizeof(err)) == 1);
		CHECK(parts.n == 1 && parts.v[0].nlacks == 1 &&
		      strncmp(parts.v[0].lacks[0], DC_PG_NVME_ID_CTRL ".vwc\t", 17) == 0);
		if (parts.n == 1) { /* the page and its line, as import.c's merge hands them on */
			const struct dc_page *pg = dc_raw_find(&parts.v[0].raw, DC_PG_NVME_ID_CTRL);
			struct dc_raw raw = { 0 };
			struct dc_drive d;
			char line[DC_TEXT_LEN + 2];

			snprintf(line, sizeof(line), "%s\n", parts.v[0].lacks[0]);
			dc_raw_add(&raw, DC_PG_NVME_ID_CTRL, pg->data, pg->len, NULL);
			dc_raw_add(&raw, DC_PG_NOT_IN_INPUT, line, strlen(line), NULL);
			memset(&d, 0, sizeof(d));
			d.cache_present = d.cache_enabled = DC_TRI_UNKNOWN;
			dc_nvme_parse(&raw, &d);
			CHECK(d.cache_present == DC_TRI_UNKNOWN);
			CHECK_STR(d.cache_source, "not in the input");
			CHECK(!has_ev(&d, DC_EV_NO_VWC));
			dc_raw_free(&raw);
		}
		dc_import_parts_free(&parts);
	}
	cJSON_Delete(ctrl);
}

/* ---------------------------------------------------------------- id-ctrl, field by field */

#define F(name) { #name, offsetof(struct nvme_id_ctrl, name), sizeof(((struct nvme_id_ctrl *)0)->name) }
static const struct { const char *key; size_t off, size; } ctrl_keys[] = {
	F(vid), F(ssvid), F(rab), F(ieee), F(cmic), F(mdts), F(cntlid), F(ver), F(rtd3r), F(rtd3e),
	F(oaes), F(ctratt), F(rrls), F(cntrltype), F(crdt1), F(oacs), F(acl), F(aerl), F(frmw),
	F(lpa), F(elpe), F(npss), F(avscc), F(apsta), F(wctemp), F(cctemp), F(mtfa), F(hmpre),
	F(tnvmcap), F(unvmcap), F(rpmbs), F(edstt), F(dsto), F(fwug), F(kas), F(hctma), F(mntmt),
	F(mxtmt), F(sanicap), F(anatt), F(anacap), F(anagrpmax), F(nanagrpid), F(sqes), F(cqes),
	F(maxcmd), F(nn), F(oncs), F(fuses), F(fna), F(vwc), F(awun), F(awupf), F(nwpc), F(acwu),
	F(ocfs), F(sgls), F(mnan), F(maxcna), F(ioccsz), F(iorcsz), F(icdoff), F(msdbd), F(ofcs),
};
#undef F

static void check_ctrl_page(const char *path)
{
	cJSON *j = load(path);
	struct dc_import_parts parts = { 0 };
	char err[256];
	int rc;

	if (!j)
		return;
	rc = import_file(path, &parts, err, sizeof(err));
	CHECK(rc == 1);
	if (rc == 1) {
		const struct dc_page *pg = dc_raw_find(&parts.v[0].raw, DC_PG_NVME_ID_CTRL);
		const struct nvme_id_ctrl *id = pg ? (const void *)pg->data : NULL;
		const cJSON *psds = cJSON_GetObjectItemCaseSensitive(j, "psds");
		unsigned checked = 0;

		CHECK(pg && pg->len == 4096 && pg->st.kind == DC_IO_OK);
		CHECK(parts.v[0].format == DC_IMPORT_NVME_ID_CTRL);
		for (size_t i = 0; id && i < sizeof(ctrl_keys) / sizeof(ctrl_keys[0]); i++) {
			unsigned long long want = json_num(j, ctrl_keys[i].key);

			if (want == ~0ull)
				continue; /* not printed by this version */
			checked++;
			if (le((const uint8_t *)id + ctrl_keys[i].off,
			       ctrl_keys[i].size > 8 ? 8 : (unsigned)ctrl_keys[i].size) != want)
				fprintf(stderr, "%s: %s differs\n", path, ctrl_keys[i].key);
			CHECK(le((const uint8_t *)id + ctrl_keys[i].off,
				 ctrl_keys[i].size > 8 ? 8 : (unsigned)ctrl_keys[i].size) == want);
		}
		CHECK(checked > 40);
		if (id && json_num(j, "nvscc") != ~0ull)
			CHECK(id->icsvscc == json_num(j, "nvscc"));
		for (int k = 0; id && k < cJSON_GetArraySize(psds); k++) {
			const cJSON *p = cJSON_GetArrayItem(psds, k);

			CHECK(le16toh(id->psd[k].mp) == json_num(p, "max_power"));
			CHECK(id->psd[k].flags == json_num(p, "flags"));
			CHECK(le32toh(id->psd[k].enlat) == json_num(p, "entry_lat"));
			CHECK(le32toh(id->psd[k].exlat) == json_num(p, "exit_lat"));
			CHECK(id->psd[k].rwl == json_num(p, "write_lat"));
		}
		if (id) {
			char sn[32], subnqn[300];

			json_str(j, "sn", sn, sizeof(sn));
			CHECK(strncmp(id->sn, sn, strlen(sn)) == 0);
			json_str(j, "subnqn", subnqn, sizeof(subnqn));
			CHECK(strncmp(id->subnqn, subnqn, sizeof(id->subnqn)) == 0);
		}
		/* the other NVMe pages: not in the input, for a later part to fill */
		pg = dc_raw_find(&parts.v[0].raw, DC_PG_NVME_LOG_SMART);
		CHECK(pg && pg->st.kind == DC_IO_NOT_IN_INPUT);
		pg = dc_raw_find(&parts.v[0].raw, DC_PG_NVME_FEAT_VWC);
		CHECK(pg && pg->st.kind == DC_IO_NOT_IN_INPUT);
	} else {
		fprintf(stderr, "%s: %s\n", path, err);
	}
	dc_import_parts_free(&parts);
	cJSON_Delete(j);
}

static void test_id_ctrl_fields(void)
{
	struct dc_check *r = NULL;
	unsigned n;

	check_ctrl_page(E2E "DCE2E-NVME-WB-FAST/id-ctrl.json");
	check_ctrl_page(E2E "DCE2E-TCP-PLP/id-ctrl.json");
	check_ctrl_page(SAMPLES "wd-sn730-id-ctrl-1x.json");

	/* 1.x alone: identity and cache from the id-ctrl, the rest "not in the input" */
	tmp_new();
	tmp_copy("id-ctrl.json", SAMPLES "wd-sn730-id-ctrl-1x.json");
	n = run_dir(&r);
	CHECK(n == 1);
	if (n == 1) {
		CHECK_STR(r->drive.model, "WDC PC SN730 SDBQNTY-256G-1001");
		CHECK_STR(r->drive.serial, "1951B3444502");
		CHECK_STR(r->drive.firmware, "11170101");
		CHECK(r->drive.cache_present == DC_TRI_YES);
		CHECK(r->drive.cache_enabled == DC_TRI_UNKNOWN);
		CHECK(r->dev.transport == DC_TRAN_NVME);
		CHECK(!r->drive.smart.have_nvme_health);
	}
	free(r);
	tmp_done();
}

/* ---------------------------------------------------------------- id-ns, smart-log variants */

static void test_id_ns(void)
{
	struct dc_import_parts parts = { 0 };
	cJSON *j = load(E2E "DCE2E-TCP-PLP/id-ns.json");
	char err[256];
	int rc;

	if (!j)
		return;
	rc = import_file(E2E "DCE2E-TCP-PLP/id-ns.json", &parts, err, sizeof(err));
	CHECK(rc == 1);
	if (rc == 1) {
		const struct nvme_id_ns *ns = (const void *)dc_raw_get(&parts.v[0].raw, DC_PG_NVME_ID_NS, 4096);
		const cJSON *lbafs = cJSON_GetObjectItemCaseSensitive(j, "lbafs");

		CHECK(ns != NULL);
		CHECK(parts.v[0].dev.model[0] == '\0' && parts.v[0].dev.protocol == DC_PROTO_NONE);
		if (ns) {
			CHECK(le64toh(ns->nsze) == json_num(j, "nsze"));
			CHECK(le64toh(ns->ncap) == json_num(j, "ncap"));
			CHECK(le64toh(ns->nuse) == json_num(j, "nuse"));
			CHECK(ns->nsfeat == json_num(j, "nsfeat"));
			CHECK(ns->flbas == json_num(j, "flbas"));
			CHECK(le16toh(ns->nawupf) == json_num(j, "nawupf"));
			CHECK(ns->nlbaf == json_num(j, "nlbaf"));
			for (int i = 0; i < cJSON_GetArraySize(lbafs); i++) {
				CHECK(ns->lbaf[i].ds == json_num(cJSON_GetArrayItem(lbafs, i), "ds"));
				CHECK(le16toh(ns->lbaf[i].ms) == json_num(cJSON_GetArrayItem(lbafs, i), "ms"));
			}
		}
	}
	dc_import_parts_free(&parts);

	/* flbas pointing past the formats printed; a data size that is no block size */
	cJSON_ReplaceItemInObjectCaseSensitive(j, "flbas", cJSON_CreateNumber(12));
	CHECK(import_json(j, &parts, err, sizeof(err)) == -EINVAL && strstr(err, "flbas"));
	dc_import_parts_free(&parts);
	cJSON_ReplaceItemInObjectCaseSensitive(j, "flbas", cJSON_CreateNumber(0));
	cJSON_ReplaceItemInObjectCaseSensitive(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(j, "lbafs"), 0),
					       "ds", cJSON_CreateNumber(0));
	CHECK(import_json(j, &parts, err, sizeof(err)) == -EINVAL && strstr(err, "block size"));
	dc_import_parts_free(&parts);
	cJSON_Delete(j);
}

static void test_smart_log_variants(void)
{
	cJSON *j = load(E2E "DCE2E-TCP-PLP/smart-log.json"), *cw;
	struct dc_import_parts parts = { 0 };
	struct dc_check *r = NULL;
	char err[256];
	unsigned n;

	if (!j)
		return;
	/* 1.x: counters as numbers, and -v's critical warning object with the PLP bit */
	cJSON_ReplaceItemInObjectCaseSensitive(j, "num_err_log_entries", cJSON_CreateNumber(17));
	cJSON_ReplaceItemInObjectCaseSensitive(j, "host_write_commands", cJSON_CreateNumber(51493840602.0));
	cw = cJSON_CreateObject();
	cJSON_AddNumberToObject(cw, "value", 16);
	cJSON_AddNumberToObject(cw, "vmbu_failed", 1);
	cJSON_ReplaceItemInObjectCaseSensitive(j, "critical_warning", cw);
	tmp_new();
	tmp_copy("id-ctrl.json", E2E "DCE2E-TCP-PLP/id-ctrl.json");
	tmp_json("smart-log.json", j);
	n = run_dir(&r);
	CHECK(n == 1);
	if (n == 1) {
		CHECK(r->drive.smart.nvme.critical_warning == 16);
		CHECK(has_ev(&r->drive, DC_EV_PLP_FAILED));
		CHECK(r->drive.smart.nvme.error_log_entries == 17);
		CHECK(r->drive.smart.nvme.host_writes == 51493840602ull);
		CHECK(r->dev.transport == DC_TRAN_OTHER); /* a fabrics controller, fabric unknown */
	}
	free(r);
	tmp_done();

	/* "percentage_used" for "percent_used"; a 128-bit counter past 64 bits, exactly */
	cJSON_DeleteItemFromObjectCaseSensitive(j, "percent_used");
	cJSON_AddNumberToObject(j, "percentage_used", 7);
	cJSON_ReplaceItemInObjectCaseSensitive(j, "media_errors",
		cJSON_CreateString("340282366920938463463374607431768211455"));
	CHECK(import_json(j, &parts, err, sizeof(err)) == 1);
	if (parts.n == 1) {
		const struct nvme_smart_log *s = (const void *)dc_raw_get(&parts.v[0].raw,
									  DC_PG_NVME_LOG_SMART, 512);

		CHECK(s && s->percent_used == 7);
		CHECK(s && le(s->media_errors, 8) == ~0ull && le(s->media_errors + 8, 8) == ~0ull);
	}
	dc_import_parts_free(&parts);
	/* a missing field is no zero */
	cJSON_DeleteItemFromObjectCaseSensitive(j, "unsafe_shutdowns");
	CHECK(import_json(j, &parts, err, sizeof(err)) == -EINVAL && strstr(err, "unsafe_shutdowns"));
	dc_import_parts_free(&parts);
	cJSON_Delete(j);
}

/* ---------------------------------------------------------------- get-feature */

static uint32_t feat_value(const struct dc_import_parts *p, const char *page)
{
	const uint8_t *d = p->n ? dc_raw_get(&p->v[p->n - 1].raw, page, 4) : NULL;

	return d ? (uint32_t)le(d, 4) : 0xDEADBEEF;
}

static void test_feature(void)
{
	struct dc_import_parts parts = { 0 };
	char err[256];

	CHECK(import_file(E2E "DCE2E-NVME-WB-FAST/feature-6.txt", &parts, err, sizeof(err)) == 1);
	CHECK(feat_value(&parts, DC_PG_NVME_FEAT_VWC) == 1);
	CHECK(import_file(E2E "DCE2E-NVME-WC-OFF/feature-6.txt", &parts, err, sizeof(err)) == 1);
	CHECK(feat_value(&parts, DC_PG_NVME_FEAT_VWC) == 0);
	CHECK(parts.n == 2 && parts.v[1].format == DC_IMPORT_NVME_FEATURE && !parts.v[1].dev.model[0]);
	/* 1.x spelling */
	CHECK(import_text("get-feature:0x6 (Volatile Write Cache), Current value:0x000001\n", &parts,
			  err, sizeof(err)) == 1);
	CHECK(feat_value(&parts, DC_PG_NVME_FEAT_VWC) == 1);
	/* 0.x spelling, and -H's field line after it */
	CHECK(import_text("get-feature:0x06 (Volatile Write Cache), Current value: 00000000\n"
			  "\tVolatile Write Cache Enable (WCE): Disabled\n", &parts, err, sizeof(err)) == 1);
	CHECK(feat_value(&parts, DC_PG_NVME_FEAT_VWC) == 0);
	/* -s 3: capabilities, its own page */
	CHECK(import_text("get-feature:0x06 (Volatile Write Cache), Supported capabilities value:0x00000004\n",
			  &parts, err, sizeof(err)) == 1);
	CHECK(feat_value(&parts, DC_PG_NVME_FEAT_VWC_CAP) == 4);
	CHECK(dc_raw_find(&parts.v[parts.n - 1].raw, DC_PG_NVME_FEAT_VWC) == NULL);
	/* 2.7+ JSON */
	CHECK(import_file(SAMPLES "constructed-feature-6-2x.json", &parts, err, sizeof(err)) == 1);
	CHECK(feat_value(&parts, DC_PG_NVME_FEAT_VWC) == 1);
	CHECK(import_text("{\"name\":\"Volatile Write Cache\",\"Current\":\"00000000\"}", &parts, err,
			  sizeof(err)) == 1);
	CHECK(feat_value(&parts, DC_PG_NVME_FEAT_VWC) == 0);
	dc_import_parts_free(&parts);

	/* refused, with the reason */
	CHECK(import_text("get-feature:0x06 (Volatile Write Cache), Default value:0x00000001\n", &parts,
			  err, sizeof(err)) == -EINVAL && strstr(err, "default"));
	CHECK(import_text("get-feature:0x07 (Number of Queues), Current value:0x003f003f\n", &parts, err,
			  sizeof(err)) == -EINVAL && strstr(err, "0x07"));
	CHECK(import_text("get-feature:0x06 (Volatile Write Cache), Current value:zzz\n", &parts, err,
			  sizeof(err)) == -EINVAL && err[0]);
	CHECK(import_text("NVMe status: INVALID_FIELD: A reserved coded value(0x4002)\n", &parts, err,
			  sizeof(err)) == -EINVAL && strstr(err, "INVALID_FIELD"));
	CHECK(import_text("{\"feature: 0x02\":[{\"name\":\"Power Management\",\"Current\":\"0x0\"}]}",
			  &parts, err, sizeof(err)) == -EINVAL && strstr(err, "0x02"));
	CHECK(parts.n == 0);
	dc_import_parts_free(&parts);
}

/* ---------------------------------------------------------------- list */

static void test_list(void)
{
	struct dc_import_parts parts = { 0 };
	cJSON *j = load(SAMPLES "aws-m5d-4xlarge-list-1x.json");
	const cJSON *devs = cJSON_GetObjectItemCaseSensitive(j, "Devices"), *d;
	char err[256], s[64];
	int rc, i = 0;

	rc = import_file(SAMPLES "aws-m5d-4xlarge-list-1x.json", &parts, err, sizeof(err));
	CHECK(rc == cJSON_GetArraySize(devs) && rc == 3);
	cJSON_ArrayForEach(d, devs) {
		if (i >= (int)parts.n)
			break;
		json_str(d, "SerialNumber", s, sizeof(s));
		CHECK_STR(parts.v[i].dev.serial, s);
		json_str(d, "ModelNumber", s, sizeof(s));
		CHECK_STR(parts.v[i].dev.model, s);
		json_str(d, "Firmware", s, sizeof(s));
		CHECK_STR(parts.v[i].dev.firmware, s);
		CHECK(parts.v[i].dev.capacity_bytes == json_num(d, "PhysicalSize"));
		CHECK(parts.v[i].dev.logical_block_bytes == json_num(d, "SectorSize"));
		CHECK(parts.v[i].dev.protocol == DC_PROTO_NVME && parts.v[i].format == DC_IMPORT_NVME_LIST);
		i++;
	}
	dc_import_parts_free(&parts);
	cJSON_Delete(j);

	/* 1.x -v: a TCP controller; its own namespace has no size, the subsystem's has */
	CHECK(import_file(SAMPLES "spdk-list-verbose-1x.json", &parts, err, sizeof(err)) == 1);
	if (parts.n == 1) {
		CHECK_STR(parts.v[0].dev.model, "SPDK bdev Controller");
		CHECK_STR(parts.v[0].dev.firmware, "23.05");
		CHECK(parts.v[0].dev.transport == DC_TRAN_NVME_TCP);
		CHECK(parts.v[0].dev.capacity_bytes == 4194304 && parts.v[0].dev.logical_block_bytes == 4096);
	}
	dc_import_parts_free(&parts);
	/* 2.x -v: hosts holding subsystems */
	CHECK(import_file(SAMPLES "constructed-list-verbose-2x.json", &parts, err, sizeof(err)) == 1);
	if (parts.n == 1) {
		CHECK_STR(parts.v[0].dev.serial, "DCE2E-NVME-WB-FAST");
		CHECK(parts.v[0].dev.transport == DC_TRAN_NVME);
		CHECK(parts.v[0].dev.capacity_bytes == 67108864);
	}
	dc_import_parts_free(&parts);
	/* two namespaces of one controller are one drive */
	CHECK(import_text("{\"Devices\":[{\"DevicePath\":\"/dev/nvme0n1\",\"ModelNumber\":\"M\",\"SerialNumber\":\"S123\","
			  "\"Firmware\":\"F\",\"PhysicalSize\":1000,\"SectorSize\":512},{\"DevicePath\":\"/dev/nvme0n2\","
			  "\"ModelNumber\":\"M\",\"SerialNumber\":\"S123\",\"Firmware\":\"F\",\"PhysicalSize\":2000,"
			  "\"SectorSize\":512}]}", &parts, err, sizeof(err)) == 1);
	dc_import_parts_free(&parts);
	CHECK(import_text("{\"Devices\":[]}", &parts, err, sizeof(err)) == -EINVAL && strstr(err, "no NVMe"));
	CHECK(import_text("{\"Devices\":[{\"DevicePath\":\"/dev/nvme0n1\",\"SerialNumber\":\"S1\"}]}", &parts,
			  err, sizeof(err)) == -EINVAL && strstr(err, "ModelNumber"));
	CHECK(import_text("{\"Devices\":{\"a\":1}}", &parts, err, sizeof(err)) == -EINVAL && err[0]);
	dc_import_parts_free(&parts);
	/* a namespace entry that is no object is passed over, the next still read; a wrong
	 * field names where it is */
	CHECK(import_text("{\"Devices\":[{\"Subsystems\":[{\"Controllers\":[{\"ModelNumber\":\"M\","
			  "\"SerialNumber\":\"S1\",\"Namespaces\":[true,{\"PhysicalSize\":4096,"
			  "\"SectorSize\":512}]}]}]}]}", &parts, err, sizeof(err)) == 1);
	CHECK(parts.n == 1 && parts.v[0].dev.capacity_bytes == 4096);
	dc_import_parts_free(&parts);
	CHECK(import_text("{\"Devices\":[{\"Subsystems\":[{\"Controllers\":[{\"ModelNumber\":\"M\","
			  "\"SerialNumber\":\"S1\",\"Namespaces\":[{\"SectorSize\":-1}]}]}]}]}", &parts, err,
			  sizeof(err)) == -EINVAL);
	CHECK_STR(err, "nvme-cli list: Devices[0].Subsystems[0].Controllers[0].Namespaces[0].SectorSize: "
		  "-1 is negative");
	dc_import_parts_free(&parts);
}

/* ---------------------------------------------------------------- hostile input */

static void expect_refused(const char *text, const char *why)
{
	struct dc_import_parts parts = { 0 };
	char err[256];
	int rc = import_text(text, &parts, err, sizeof(err));

	CHECK(rc == -EINVAL);
	CHECK(err[0] != '\0');
	if (why && !strstr(err, why))
		fprintf(stderr, "reason '%s' lacks '%s'\n", err, why);
	CHECK(!why || strstr(err, why) != NULL);
	dc_import_parts_free(&parts);
}

static void with_key(cJSON *base, const char *key, cJSON *value, const char *why)
{
	cJSON *j = cJSON_Duplicate(base, true);
	char *t;

	if (cJSON_GetObjectItemCaseSensitive(j, key))
		cJSON_ReplaceItemInObjectCaseSensitive(j, key, value);
	else
		cJSON_AddItemToObject(j, key, value);
	t = cJSON_PrintUnformatted(j);
	expect_refused(t, why);
	free(t);
	cJSON_Delete(j);
}

static void test_hostile(void)
{
	cJSON *ctrl = load(E2E "DCE2E-NVME-WB-FAST/id-ctrl.json");
	cJSON *smart = load(E2E "DCE2E-NVME-WB-FAST/smart-log.json");
	char *text = slurp(E2E "DCE2E-NVME-WB-FAST/id-ctrl.json", NULL), *deep;
	struct dc_check *r = NULL;
	unsigned n;

	if (!ctrl || !smart || !text)
		return;
	/* cut short */
	text[strlen(text) / 2] = '\0';
	expect_refused(text, "not valid JSON");
	/* nested past cJSON's limit */
	deep = malloc(4002);
	memset(deep, '[', 2000);
	memset(deep + 2000, ']', 2000);
	deep[0] = '{';
	strcpy(deep + 4000 - 1, "}");
	expect_refused(deep, NULL);
	memset(deep, '[', 4000);
	deep[4000] = '\0';
	expect_refused(deep, NULL);
	free(deep);
	expect_refused("", NULL);
	expect_refused("[1,2]", "array");
	expect_refused("{\"x\":1}", NULL);
	expect_refused("{\"vid\":1,\"sn\":\"A\"} trailing", NULL);
	/* wrong types */
	with_key(ctrl, "vid", cJSON_CreateString("abc"), "vid");
	with_key(ctrl, "mn", cJSON_CreateNumber(5), "mn");
	with_key(ctrl, "vwc", cJSON_CreateTrue(), "vwc");
	with_key(ctrl, "psds", cJSON_CreateObject(), "psds");
	with_key(ctrl, "fguid", cJSON_CreateString("zz"), "fguid");
	with_key(ctrl, "mn", cJSON_CreateString("                "), "blank");
	with_key(ctrl, "sn", cJSON_CreateString("012345678901234567890123456789"), "30 characters, more than 20");
	/* huge and negative numbers */
	with_key(ctrl, "vid", cJSON_CreateNumber(70000), "70000 is out of range (0 to 65535)");
	with_key(ctrl, "nn", cJSON_CreateNumber(1e300), "nn");
	with_key(ctrl, "oacs", cJSON_CreateNumber(-1), "oacs");
	with_key(ctrl, "vwc", cJSON_CreateNumber(1.5), "vwc");
	with_key(ctrl, "tnvmcap", cJSON_CreateString("9999999999999999999999999999999999999999999"), "128 bits");
	with_key(smart, "temperature", cJSON_CreateNumber(70000), "temperature");
	with_key(smart, "data_units_written", cJSON_CreateNumber(1e39), "128 bits");
	with_key(smart, "percent_used", cJSON_CreateNumber(256), "percent_used");
	with_key(smart, "critical_warning", cJSON_CreateArray(), "critical_warning");
	/* an id-ctrl without "mn" */
	cJSON_DeleteItemFromObjectCaseSensitive(ctrl, "mn");
	{
		char *t = cJSON_PrintUnformatted(ctrl);

		expect_refused(t, "\"mn\"");
		free(t);
	}
	/* ... and through import: an error report naming the file, nothing else */
	tmp_new();
	tmp_json("id-ctrl.json", ctrl);
	tmp_put("empty.json", "");
	n = run_dir(&r);
	CHECK(n == 2);
	for (unsigned i = 0; i < n; i++)
		CHECK(r[i].error == -EINVAL && strstr(r[i].error_msg, tmpdir));
	free(r);
	tmp_done();
	free(text);
	cJSON_Delete(ctrl);
	cJSON_Delete(smart);
}

/*
 * Out of memory is no fault of the file: the importer says so and returns -ENOMEM, as
 * import.c must know it (it was -EINVAL, "the file is bad"). A list of 20,000 drives, in a
 * child held to 96 MiB more address space than it has: the parts (15 KiB each) cannot all
 * be made. Not under ASan, whose shadow memory an address-space limit does not allow.
 */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

static void test_out_of_memory(void)
{
#ifndef UNDER_ASAN
	enum { N = 20000 };
	size_t len = 0, cap = (size_t)N * 64 + 64;
	char *text = malloc(cap);
	pid_t pid;
	int status = -1;

	CHECK(text != NULL);
	if (!text)
		return;
	len += (size_t)snprintf(text, cap, "{\"Devices\":[");
	for (unsigned i = 0; i < N; i++)
		len += (size_t)snprintf(text + len, cap - len, "%s{\"ModelNumber\":\"M\","
					"\"SerialNumber\":\"S%u\"}", i ? "," : "", i);
	snprintf(text + len, cap - len, "]}");
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		struct dc_import_parts parts = { 0 };
		struct rlimit rl;
		char err[256] = "";
		unsigned long pages = 0;
		FILE *f = fopen("/proc/self/statm", "r");
		int rc;

		if (!f || fscanf(f, "%lu", &pages) != 1)
			_exit(3);
		fclose(f);
		rl.rlim_cur = rl.rlim_max = pages * (rlim_t)sysconf(_SC_PAGESIZE) + (96u << 20);
		if (setrlimit(RLIMIT_AS, &rl))
			_exit(3);
		rc = dc_import_nvme_cli(text, strlen(text), &parts, err, sizeof(err));
		if (rc != -ENOMEM || !strstr(err, "out of memory")) {
			fprintf(stderr, "out of memory: rc %d, '%s'\n", rc, err);
			_exit(1);
		}
		_exit(0);
	}
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	free(text);
#endif
}

/*
 * One table tells nvme-cli's outputs apart (import_detect.c): what dc_import_detect() says
 * of a file's text is what the dispatcher then imports it as, for every sample and every
 * output of the QEMU lab.
 */
static void test_detect_agrees(void)
{
	static const char *const files[] = {
		SAMPLES "aws-m5d-4xlarge-list-1x.json", SAMPLES "constructed-list-verbose-2x.json",
		SAMPLES "spdk-list-verbose-1x.json", SAMPLES "wd-sn730-id-ctrl-1x.json",
		E2E "DCE2E-NVME-WB-FAST/id-ctrl.json", E2E "DCE2E-NVME-WB-FAST/id-ns.json",
		E2E "DCE2E-NVME-WB-FAST/smart-log.json", E2E "DCE2E-NVME-WB-FAST/feature-6.txt",
	};

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		struct dc_import_parts parts = { 0 };
		char err[256];
		char *text = slurp(files[i], NULL);
		enum dc_import_format f;

		CHECK(text != NULL);
		if (!text)
			continue;
		f = dc_import_detect(text, strlen(text));
		CHECK(f != DC_IMPORT_UNKNOWN);
		CHECK(import_text(text, &parts, err, sizeof(err)) > 0);
		if (parts.n && parts.v[0].format != f)
			fprintf(stderr, "%s: detected as %d, imported as %d\n", files[i], (int)f,
				(int)parts.v[0].format);
		CHECK(parts.n > 0 && parts.v[0].format == f);
		dc_import_parts_free(&parts);
		free(text);
	}
}

int main(void)
{
	test_detect_agrees();
	test_e2e_drive("DCE2E-NVME-WB-FAST", DC_TRAN_NVME);
	test_e2e_drive("DCE2E-NVME-WC-OFF", DC_TRAN_NVME);
	test_e2e_drive("DCE2E-TCP-PLP", DC_TRAN_OTHER);
	test_folder_join_with_fio();
	test_vwc_absent_and_missing();
	test_id_ctrl_fields();
	test_id_ns();
	test_smart_log_variants();
	test_feature();
	test_list();
	test_hostile();
	test_out_of_memory();
	return dc_test_summary("test_import_nvme_cli");
}
