// SPDX-License-Identifier: GPL-2.0-or-later
/* import_nvme_cli.c - nvme-cli's id-ctrl, id-ns, smart-log, get-feature 6 and list to pages. */
#include <endian.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>
#include <nvme/types.h>

#include "core/json_read.h"
#include "import/import.h"
#include "import/nvme-cli/import_nvme_cli.h"
#include "import/page_build.h"
#include "core/raw.h"
#include "core/whole_number.h"

/*
 * What the nvme-cli sources (github.com/linux-nvme/nvme-cli, v0.8 to v3.0-rc1) print, and
 * what differs between versions:
 *  - 128-bit counters (smart-log, tnvmcap, unvmcap, megcap, maxdna, nvmcap): a JSON number
 *    printed with "%.0Lf" from a long double in 0.x and 1.x, a decimal string since 2.0;
 *  - smart-log "critical_warning": a number, or with -v an object whose "value" it is;
 *  - id-ctrl: 1.x "nvscc" and "ctrattr" are 2.x "icsvscc" and "fcatt"; power states print
 *    the raw "idle_scale" and "active_work_scale" bytes in 1.x, and the decoded
 *    "idle_scale", "active_scale" and "active_power_work" in 2.x;
 *  - smart-log keys have not changed ("percent_used" throughout; "percentage_used" is the
 *    text output's name, accepted too);
 *  - get-feature: text only up to 2.6 ("get-feature:0x06 (Volatile Write Cache), Current
 *    value:0x00000001"; "0x6" and "value: 0x000001" in 0.x and 1.x; a zero value prints
 *    without "0x"), JSON since 2.7 (an object "feature: 0x06" or "Feature: 0x06" holding
 *    "name"/"Name" and "Current": "0x00000001");
 *  - list: Devices[] of namespaces (DevicePath, ModelNumber, SerialNumber, Firmware,
 *    PhysicalSize, SectorSize) by default; with -v, Devices[] of subsystems (1.x) or of hosts
 *    holding Subsystems[] (2.x), each with Controllers[] and Namespaces[] (3.0: namespaces
 *    with Paths[] naming the controllers).
 * Fields newer than libnvme 1.3's structs (Debian 12) fall in its reserved bytes and are not
 * rebuilt; no parser reads them.
 */

static void put_le(uint8_t *dst, unsigned bytes, u128 v)
{
	for (unsigned i = 0; i < bytes; i++)
		dst[i] = (uint8_t)(v >> (8 * i));
}

/* A field of a little-endian structure: its key, where and how wide (bytes). */
struct field {
	const char *key;
	size_t off;
	unsigned bytes;
};

/* Sets every field of the table the object carries. Returns r->rc. */
static int set_fields(struct dc_json_reader *r, const cJSON *o, uint8_t *base,
		      const struct field *f, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		enum dc_json_status st;
		u128 v;

		st = nc_count(r, o, f[i].key, 8 * f[i].bytes, &v);
		if (st == DC_JSON_OK || st == DC_JSON_INEXACT)
			put_le(base + f[i].off, f[i].bytes, v);
	}
	return r->rc;
}

/* Hex digits (dashes between them allowed: a UUID) into exactly len bytes. */
static int set_hex(struct dc_json_reader *r, const cJSON *o, const char *key, uint8_t *dst,
		   size_t len)
{
	const char *s;
	size_t n = 0;

	if (dc_jr_str(r, o, key, 2 * len + 8, 0, &s) != DC_JSON_OK)
		return r->rc;
	for (; *s && n < 2 * len; s++) {
		int dig = *s >= '0' && *s <= '9' ? *s - '0' : *s >= 'a' && *s <= 'f' ? *s - 'a' + 10
			: *s >= 'A' && *s <= 'F' ? *s - 'A' + 10 : -1;

		if (*s == '-')
			continue;
		if (dig < 0)
			break;
		dst[n / 2] = (uint8_t)(n % 2 ? dst[n / 2] | dig : dig << 4);
		n++;
	}
	if (*s || n != 2 * len)
		return dc_jr_fail(r, key, "not %zu hex bytes", len);
	return 0;
}

/* ---------------------------------------------------------------- id-ctrl */

#define F(name, key) { key, offsetof(struct nvme_id_ctrl, name), sizeof(((struct nvme_id_ctrl *)0)->name) }
static const struct field ctrl_fields[] = {
	F(vid, "vid"), F(ssvid, "ssvid"), F(rab, "rab"), F(ieee, "ieee"), F(cmic, "cmic"),
	F(mdts, "mdts"), F(cntlid, "cntlid"), F(ver, "ver"), F(rtd3r, "rtd3r"), F(rtd3e, "rtd3e"),
	F(oaes, "oaes"), F(ctratt, "ctratt"), F(rrls, "rrls"), F(cntrltype, "cntrltype"),
	F(crdt1, "crdt1"), F(crdt2, "crdt2"), F(crdt3, "crdt3"), F(nvmsr, "nvmsr"),
	F(vwci, "vwci"), F(mec, "mec"), F(oacs, "oacs"), F(acl, "acl"), F(aerl, "aerl"),
	F(frmw, "frmw"), F(lpa, "lpa"), F(elpe, "elpe"), F(npss, "npss"), F(avscc, "avscc"),
	F(apsta, "apsta"), F(wctemp, "wctemp"), F(cctemp, "cctemp"), F(mtfa, "mtfa"),
	F(hmpre, "hmpre"), F(hmmin, "hmmin"), F(tnvmcap, "tnvmcap"), F(unvmcap, "unvmcap"),
	F(rpmbs, "rpmbs"), F(edstt, "edstt"), F(dsto, "dsto"), F(fwug, "fwug"), F(kas, "kas"),
	F(hctma, "hctma"), F(mntmt, "mntmt"), F(mxtmt, "mxtmt"), F(sanicap, "sanicap"),
	F(hmminds, "hmminds"), F(hmmaxd, "hmmaxd"), F(nsetidmax, "nsetidmax"),
	F(endgidmax, "endgidmax"), F(anatt, "anatt"), F(anacap, "anacap"),
	F(anagrpmax, "anagrpmax"), F(nanagrpid, "nanagrpid"), F(pels, "pels"),
	F(domainid, "domainid"), F(megcap, "megcap"), F(sqes, "sqes"), F(cqes, "cqes"),
	F(maxcmd, "maxcmd"), F(nn, "nn"), F(oncs, "oncs"), F(fuses, "fuses"), F(fna, "fna"),
	F(vwc, "vwc"), F(awun, "awun"), F(awupf, "awupf"), F(icsvscc, "icsvscc"),
	F(icsvscc, "nvscc"), F(nwpc, "nwpc"), F(acwu, "acwu"), F(ocfs, "ocfs"), F(sgls, "sgls"),
	F(mnan, "mnan"), F(maxdna, "maxdna"), F(maxcna, "maxcna"), F(ioccsz, "ioccsz"),
	F(iorcsz, "iorcsz"), F(icdoff, "icdoff"), F(fcatt, "fcatt"), F(fcatt, "ctrattr"),
	F(msdbd, "msdbd"), F(ofcs, "ofcs"), F(dctype, "dctype"),
};
#undef F

#define F(name, key) { key, offsetof(struct nvme_id_psd, name), sizeof(((struct nvme_id_psd *)0)->name) }
static const struct field psd_fields[] = {
	F(mp, "max_power"), F(flags, "flags"), F(enlat, "entry_lat"), F(exlat, "exit_lat"),
	F(rrt, "read_tput"), F(rrl, "read_lat"), F(rwt, "write_tput"), F(rwl, "write_lat"),
	F(idlp, "idle_power"), F(actp, "active_power"),
};
#undef F

/* One power state, its path entered. 1.x prints the raw IPS and APWS bytes ("idle_scale",
 * "active_work_scale"); 2.x the scale (bits 7:6) and the work (bits 2:0) apart. */
static int set_psd(struct dc_json_reader *r, const cJSON *o, struct nvme_id_psd *psd)
{
	u128 v;

	if (dc_jr_obj(r, o, NULL, 0, &o) != DC_JSON_OK ||
	    set_fields(r, o, (uint8_t *)psd, psd_fields, sizeof(psd_fields) / sizeof(psd_fields[0])))
		return r->rc;
	if (dc_jr_has(o, "active_work_scale")) {
		if (nc_count(r, o, "active_work_scale", 8, &v) == DC_JSON_OK)
			psd->apws = (uint8_t)v;
		if (nc_count(r, o, "idle_scale", 8, &v) == DC_JSON_OK)
			psd->ips = (uint8_t)v;
		return r->rc;
	}
	if (nc_count(r, o, "idle_scale", 2, &v) == DC_JSON_OK)
		psd->ips = (uint8_t)(v << 6);
	if (nc_count(r, o, "active_scale", 2, &v) == DC_JSON_OK)
		psd->apws |= (uint8_t)(v << 6);
	if (nc_count(r, o, "active_power_work", 3, &v) == DC_JSON_OK)
		psd->apws |= (uint8_t)v;
	return r->rc;
}

static int import_id_ctrl(struct dc_json_reader *r, const cJSON *root,
			  struct dc_import_parts *out)
{
	struct nvme_id_ctrl id;
	const char *mn = NULL, *sn = NULL, *fr = NULL, *subnqn = NULL;
	const cJSON *psds;
	struct dc_import_part *p;
	char model[64];
	int rc;

	r->what = "nvme-cli id-ctrl";
	dc_jr_str(r, root, "mn", sizeof(id.mn), 0, &mn);
	dc_jr_str(r, root, "sn", sizeof(id.sn), 0, &sn);
	dc_jr_str(r, root, "fr", sizeof(id.fr), 0, &fr);
	dc_jr_str(r, root, "subnqn", sizeof(id.subnqn), 0, &subnqn);
	if (r->rc)
		return r->rc;
	if (!mn || !sn)
		return dc_jr_fail_top(r, -EINVAL, "no \"%s\": not a whole id-ctrl output",
				      mn ? "sn" : "mn");
	nc_trimmed(model, sizeof(model), mn);
	if (!model[0])
		return dc_jr_fail_top(r, -EINVAL, "\"mn\" is blank: no drive to name");
	dc_build_nvme_id_ctrl(&id, mn, sn, fr ? fr : "");
	if (subnqn) {
		memset(id.subnqn, 0, sizeof(id.subnqn));
		memcpy(id.subnqn, subnqn, strlen(subnqn));
	}
	if (set_fields(r, root, (uint8_t *)&id, ctrl_fields,
		       sizeof(ctrl_fields) / sizeof(ctrl_fields[0])) ||
	    set_hex(r, root, "fguid", id.fguid, sizeof(id.fguid)) ||
	    dc_jr_arr(r, root, "psds", 0, &psds) == DC_JSON_BAD)
		return r->rc;
	if (cJSON_GetArraySize(psds) > 32)
		return dc_jr_fail_top(r, -EINVAL, "%d power states: at most 32",
				      cJSON_GetArraySize(psds));
	dc_jr_enter(r, "psds");
	for (int i = 0; i < cJSON_GetArraySize(psds) && !r->rc; i++) {
		dc_jr_enter_index(r, (unsigned)i);
		set_psd(r, cJSON_GetArrayItem(psds, i), &id.psd[i]);
		dc_jr_leave(r);
	}
	dc_jr_leave(r);
	if (r->rc)
		return r->rc;

	p = dc_import_part_add(out, DC_IMPORT_NVME_ID_CTRL);
	if (!p)
		return -ENOMEM;
	p->dev.protocol = DC_PROTO_NVME;
	p->dev.transport = DC_TRAN_NVME;
	/* IOCCSZ and IORCSZ are for fabrics only (reserved on PCIe): which fabric, the
	 * output does not say. */
	if (id.ioccsz || id.iorcsz) {
		p->dev.transport = DC_TRAN_OTHER;
		dc_import_note(p, "nvme-cli id-ctrl: a fabrics controller (ioccsz %u): which "
			       "fabric (tcp, rdma, fc) is not in the input", le32toh(id.ioccsz));
	}
	snprintf(p->dev.model, sizeof(p->dev.model), "%s", model);
	nc_trimmed(p->dev.serial, sizeof(p->dev.serial), sn);
	nc_trimmed(p->dev.firmware, sizeof(p->dev.firmware), fr ? fr : "");
	if ((rc = dc_raw_add(&p->raw, DC_PG_NVME_ID_CTRL, &id, sizeof(id), NULL)))
		return rc;
	/* A zero in these would be read as the drive's answer: "no volatile write cache",
	 * the unsafe direction. */
	if (!dc_jr_has(root, "vwc"))
		dc_import_lacks(p, DC_PG_NVME_ID_CTRL ".vwc", "the id-ctrl output has no \"vwc\"");
	if (!dc_jr_has(root, "awupf"))
		dc_import_lacks(p, DC_PG_NVME_ID_CTRL ".awupf", "the id-ctrl output has no \"awupf\"");
	if (r->inexact)
		dc_import_note(p, "nvme-cli id-ctrl: a capacity past 2^53 printed as a JSON number: "
			       "approximate");
	rc = nc_lacks_nvme_pages(p);
	return rc ? rc : 1;
}
/* ---------------------------------------------------------------- id-ns */

#define F(name, key) { key, offsetof(struct nvme_id_ns, name), sizeof(((struct nvme_id_ns *)0)->name) }
static const struct field ns_fields[] = {
	F(nsze, "nsze"), F(ncap, "ncap"), F(nuse, "nuse"), F(nsfeat, "nsfeat"), F(nlbaf, "nlbaf"),
	F(flbas, "flbas"), F(mc, "mc"), F(dpc, "dpc"), F(dps, "dps"), F(nmic, "nmic"),
	F(rescap, "rescap"), F(fpi, "fpi"), F(dlfeat, "dlfeat"), F(nawun, "nawun"),
	F(nawupf, "nawupf"), F(nacwu, "nacwu"), F(nabsn, "nabsn"), F(nabo, "nabo"),
	F(nabspf, "nabspf"), F(noiob, "noiob"), F(nvmcap, "nvmcap"), F(npwg, "npwg"),
	F(npwa, "npwa"), F(npdg, "npdg"), F(npda, "npda"), F(nows, "nows"), F(mssrl, "mssrl"),
	F(mcl, "mcl"), F(msrc, "msrc"), F(nulbaf, "nulbaf"), F(anagrpid, "anagrpid"),
	F(nsattr, "nsattr"), F(nvmsetid, "nvmsetid"), F(endgid, "endgid"),
};
#undef F

#define F(name, key) { key, offsetof(struct nvme_lbaf, name), sizeof(((struct nvme_lbaf *)0)->name) }
static const struct field lbaf_fields[] = { F(ms, "ms"), F(ds, "ds"), F(rp, "rp") };
#undef F

static int import_id_ns(struct dc_json_reader *r, const cJSON *root, struct dc_import_parts *out)
{
	struct nvme_id_ns ns;
	const cJSON *lbafs;
	struct dc_import_part *p;
	unsigned idx, n;
	uint64_t blocks, bytes;
	int rc;

	r->what = "nvme-cli id-ns";
	memset(&ns, 0, sizeof(ns));
	if (!dc_jr_has(root, "nsze") || !dc_jr_has(root, "flbas") ||
	    dc_jr_arr(r, root, "lbafs", DC_JSON_SOFT, &lbafs) != DC_JSON_OK)
		return dc_jr_fail_top(r, -EINVAL, "no \"nsze\", \"flbas\" and \"lbafs\" array: not "
				      "a whole id-ns output");
	n = (unsigned)cJSON_GetArraySize(lbafs);
	if (n == 0 || n > 64)
		return dc_jr_fail_top(r, -EINVAL, "%u LBA formats: 1 to 64 expected", n);
	if (set_fields(r, root, (uint8_t *)&ns, ns_fields, sizeof(ns_fields) / sizeof(ns_fields[0])) ||
	    set_hex(r, root, "nguid", ns.nguid, sizeof(ns.nguid)) ||
	    set_hex(r, root, "eui64", ns.eui64, sizeof(ns.eui64)))
		return r->rc;
	dc_jr_enter(r, "lbafs");
	for (unsigned i = 0; i < n && !r->rc; i++) {
		const cJSON *f;

		dc_jr_enter_index(r, i);
		if (dc_jr_obj(r, cJSON_GetArrayItem(lbafs, (int)i), NULL, 0, &f) == DC_JSON_OK)
			set_fields(r, f, (uint8_t *)&ns.lbaf[i], lbaf_fields, 3);
		dc_jr_leave(r);
	}
	dc_jr_leave(r);
	if (r->rc)
		return r->rc;
	/* FLBAS bits 3:0 index the format in use; bits 6:5 are its high bits past 16. */
	idx = (ns.flbas & 0x0F) | (n > 16 ? ((ns.flbas >> 5) & 0x3) << 4 : 0);
	if (idx >= n)
		return dc_jr_fail_top(r, -EINVAL, "flbas %u names LBA format %u of %u", ns.flbas, idx,
				      n);
	if (ns.lbaf[idx].ds < 9 || ns.lbaf[idx].ds > 24)
		return dc_jr_fail_top(r, -EINVAL, "LBA format %u in use has a data size of 2^%u "
				      "bytes: not a block size", idx, ns.lbaf[idx].ds);
	blocks = le64toh(ns.nsze);
	if (blocks > UINT64_MAX >> ns.lbaf[idx].ds)
		return dc_jr_fail_top(r, -EINVAL, "nsze %llu blocks of 2^%u bytes: more than 64 bits "
				      "of bytes", (unsigned long long)blocks, ns.lbaf[idx].ds);
	bytes = blocks << ns.lbaf[idx].ds;
	p = dc_import_part_add(out, DC_IMPORT_NVME_ID_NS);
	if (!p)
		return -ENOMEM;
	/* No model or serial: the drive of its folder (import.c); protocol and transport are
	 * left to the part that names the drive. */
	p->dev.capacity_bytes = bytes;
	p->dev.logical_block_bytes = 1u << ns.lbaf[idx].ds;
	rc = dc_raw_add(&p->raw, DC_PG_NVME_ID_NS, &ns, sizeof(ns), NULL);
	return rc ? rc : 1;
}

/* ---------------------------------------------------------------- smart-log */

static int import_smart_log(struct dc_json_reader *r, const cJSON *root,
			    struct dc_import_parts *out)
{
	/* Every version since 0.8 prints these; a file without one is not nvme-cli's whole
	 * output, and a zero in its place would read as the drive's (no warning, no errors). */
	static const struct {
		const char *key, *alias;
		unsigned bits;
	} keys[] = {
		{ "critical_warning", NULL, 8 }, { "temperature", NULL, 16 },
		{ "avail_spare", NULL, 8 }, { "spare_thresh", NULL, 8 },
		{ "percent_used", "percentage_used", 8 }, { "data_units_read", NULL, 128 },
		{ "data_units_written", NULL, 128 }, { "host_read_commands", NULL, 128 },
		{ "host_write_commands", NULL, 128 }, { "controller_busy_time", NULL, 128 },
		{ "power_cycles", NULL, 128 }, { "power_on_hours", NULL, 128 },
		{ "unsafe_shutdowns", NULL, 128 }, { "media_errors", NULL, 128 },
		{ "num_err_log_entries", NULL, 128 }, { "warning_temp_time", NULL, 32 },
		{ "critical_comp_time", NULL, 32 },
	};
	enum { CW, TEMP, SPARE, THRESH, USED, DUR, DUW, HR, HW, BUSY, PC, POH, US, ME, ERR, WT, CT, NKEYS };
	static const struct field extra[] = {
		{ "endurance_grp_critical_warning_summary", offsetof(struct nvme_smart_log, endu_grp_crit_warn_sumry), 1 },
		{ "thm_temp1_trans_count", offsetof(struct nvme_smart_log, thm_temp1_trans_count), 4 },
		{ "thm_temp2_trans_count", offsetof(struct nvme_smart_log, thm_temp2_trans_count), 4 },
		{ "thm_temp1_total_time", offsetof(struct nvme_smart_log, thm_temp1_total_time), 4 },
		{ "thm_temp2_total_time", offsetof(struct nvme_smart_log, thm_temp2_total_time), 4 },
	};
	u128 v[NKEYS];
	struct nvme_smart_log s;
	struct dc_nvme_health h;
	struct dc_import_part *p;
	uint8_t *b = (uint8_t *)&s;
	int rc;

	_Static_assert(sizeof(keys) / sizeof(keys[0]) == NKEYS, "one key per field");
	r->what = "nvme-cli smart-log";
	for (unsigned i = 0; i < NKEYS && !r->rc; i++) {
		const char *key = keys[i].key;
		const cJSON *o = root, *cw;

		if (!dc_jr_has(root, key) && keys[i].alias)
			key = keys[i].alias;
		/* -v prints the critical warning as an object of its bits and "value". */
		if (i == CW && dc_jr_obj(r, root, key, DC_JSON_SOFT, &cw) == DC_JSON_OK) {
			dc_jr_enter(r, key);
			o = cw;
			key = "value";
		}
		if (!dc_jr_has(o, key))
			dc_jr_fail_top(r, -EINVAL, "no \"%s\": not a whole smart-log output",
				       keys[i].key);
		nc_count(r, o, key, keys[i].bits, &v[i]);
		if (o != root)
			dc_jr_leave(r);
	}
	if (r->rc)
		return r->rc;
	memset(&h, 0, sizeof(h));
	h.critical_warning = (uint8_t)v[CW];
	h.temperature_k = (unsigned)v[TEMP];
	h.available_spare = (unsigned)v[SPARE];
	h.spare_threshold = (unsigned)v[THRESH];
	h.percent_used = (unsigned)v[USED];
	h.warning_temp_minutes = (uint32_t)v[WT];
	h.critical_temp_minutes = (uint32_t)v[CT];
	dc_build_nvme_smart_log(&s, &h);
	/* The 128-bit counters exactly as printed (the builder takes 64 bits). */
	put_le(s.data_units_read, 16, v[DUR]);
	put_le(s.data_units_written, 16, v[DUW]);
	put_le(s.host_reads, 16, v[HR]);
	put_le(s.host_writes, 16, v[HW]);
	put_le(s.ctrl_busy_time, 16, v[BUSY]);
	put_le(s.power_cycles, 16, v[PC]);
	put_le(s.power_on_hours, 16, v[POH]);
	put_le(s.unsafe_shutdowns, 16, v[US]);
	put_le(s.media_errors, 16, v[ME]);
	put_le(s.num_err_log_entries, 16, v[ERR]);
	set_fields(r, root, b, extra, sizeof(extra) / sizeof(extra[0]));
	for (unsigned i = 0; i < 8; i++) {
		char key[32];
		u128 t;

		snprintf(key, sizeof(key), "temperature_sensor_%u", i + 1);
		if (nc_count(r, root, key, 16, &t) == DC_JSON_OK)
			s.temp_sensor[i] = htole16((uint16_t)t);
	}
	if (r->rc)
		return r->rc;
	p = dc_import_part_add(out, DC_IMPORT_NVME_SMART_LOG);
	if (!p)
		return -ENOMEM;
	if ((rc = dc_raw_add(&p->raw, DC_PG_NVME_LOG_SMART, &s, sizeof(s), NULL)))
		return rc;
	if (r->inexact)
		dc_import_note(p, "nvme-cli smart-log: a counter past 2^53 printed as a JSON number "
			       "(nvme-cli 1.x): approximate");
	return 1;
}

/* ---------------------------------------------------------------- the file */

static bool has(const void *o, const char *key)
{
	return dc_jr_has(o, key);
}

int dc_import_nvme_cli(const char *text, size_t len, struct dc_import_parts *out,
		       char *err, size_t errlen)
{
	struct dc_json_reader r;
	const char *s = text, *end = NULL;
	const cJSON *top;
	cJSON *root;
	int rc;

	dc_jr_init(&r, err, errlen, "nvme-cli output");
	while (s < text + len && (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n'))
		s++;
	if (s == text + len || *s != '{') {
		if (s < text + len && *s == '[')
			return dc_jr_fail_top(&r, -EINVAL, "a JSON array: nvme-cli prints one object");
		return nc_import_feature_text(&r, text, out);
	}
	root = dc_json_parse(s, len - (size_t)(s - text), &end, false, &rc);
	if (!root)
		return rc == -ENOMEM ? dc_jr_nomem(&r)
		       : dc_jr_fail_top(&r, -EINVAL, "not valid JSON (cut short, or nested past %d "
					"levels)", CJSON_NESTING_LIMIT);
	/* Only get-feature of 2.7 printed several objects in a row; any other trailer is a
	 * file put together by hand. */
	while (end && *end && (*end == ' ' || *end == '\t' || *end == '\r' || *end == '\n'))
		end++;
	if (dc_jr_obj(&r, root, NULL, DC_JSON_SOFT, &top) != DC_JSON_OK) {
		rc = dc_jr_fail_top(&r, -EINVAL, "not a JSON object");
	} else {
		/* the keys at the top, by the table dc_import_detect() used on the text */
		switch (dc_import_nvme_kind(has, top)) {
		case DC_IMPORT_NVME_LIST:
			rc = nc_import_list(&r, top, out);
			break;
		case DC_IMPORT_NVME_ID_CTRL:
			rc = import_id_ctrl(&r, top, out);
			break;
		case DC_IMPORT_NVME_ID_NS:
			rc = import_id_ns(&r, top, out);
			break;
		case DC_IMPORT_NVME_SMART_LOG:
			rc = import_smart_log(&r, top, out);
			break;
		default: /* get-feature's JSON, or nothing nvme-cli prints: it says which */
			rc = nc_import_feature_json(&r, top, out);
			break;
		}
	}
	if (rc > 0 && end && *end && out->n && out->v[out->n - 1].format != DC_IMPORT_NVME_FEATURE)
		rc = dc_jr_fail_top(&r, -EINVAL, "text after the JSON object");
	cJSON_Delete(root);
	/* the real error, not -EINVAL: out of memory is no fault of the file */
	if (rc < 0 && !r.rc)
		dc_jr_fail_top(&r, rc, "%s", rc == -ENOMEM ? "out of memory" : strerror(-rc));
	return rc;
}
