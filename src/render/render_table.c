// SPDX-License-Identifier: GPL-2.0-or-later
/* render_table.c - the human-readable table, and a detail block per drive. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/drive.h"
#include "decide/health.h"
#include "decide/evaluate.h"
#include "lookup/db_row.h"
#include "core/names.h"
#include "render/render_avail.h"
#include "core/status.h"
#include "render/render.h"
#include "render/words.h"
#include "fleet/summary.h"

/*
 * 960197124096 -> "894.3G", as lsblk prints sizes: powers of 1024, one decimal that is
 * left out when it is 0 (util-linux's size_to_human_string). The legend says so, since
 * drive labels count in powers of 1000.
 */
static const char *human_size(uint64_t bytes, char *buf, size_t len)
{
	static const char units[] = "BKMGTPE";
	unsigned u = 0;
	uint64_t whole = bytes, frac = 0;

	while (whole >= 1024 && u + 1 < sizeof(units) - 1) {
		frac = whole % 1024;
		whole /= 1024;
		u++;
	}
	/* one decimal, rounded: 0..10; 10 carries into the whole part */
	frac = (frac * 10 + 512) / 1024;
	if (frac == 10) {
		whole++;
		frac = 0;
	}
	/* whole is at most 1024 here (2^64 bytes are 16E): "1023.9E" is the longest */
	if ((frac ? snprintf(buf, len, "%llu.%llu%c", (unsigned long long)whole,
			     (unsigned long long)frac, units[u])
	     : snprintf(buf, len, "%llu%c", (unsigned long long)whole, units[u])) >= (int)len)
		snprintf(buf, len, "?");
	return buf;
}

/* The drive's own health, in the table: what smartctl's first line says. */
static const char *health_word(const struct dc_health *h)
{
	switch (h->status) {
	case DC_HEALTH_OK: return "ok";
	case DC_HEALTH_WARNING: return "WARN";
	case DC_HEALTH_FAILING: return "FAIL";
	case DC_HEALTH_UNKNOWN: break;
	}
	return "?";
}

static const char *cache_word(const struct dc_drive *d)
{
	if (d->cache_present == DC_TRI_NO)
		return "none";
	if (d->cache_enabled == DC_TRI_YES)
		return "on";
	if (d->cache_enabled == DC_TRI_NO)
		return "off";
	return "?";
}

static const char *kernel_word(const struct dc_dev *dev)
{
	switch (dev->kernel_cache) {
	case DC_KCACHE_WRITE_BACK: return "wback";
	case DC_KCACHE_WRITE_THROUGH: return "wthru";
	case DC_KCACHE_UNKNOWN: break;
	}
	return "?";
}

static const char *status_word(enum dc_status s)
{
	switch (s) {
	case DC_PASS: return "PASS";
	case DC_WARN: return "WARN";
	case DC_FAIL: return "FAIL";
	case DC_NOT_CHECKED: break;
	}
	return "-";
}

static void print_latency(FILE *out, const char *what, const struct dc_latency *l)
{
	fprintf(out, "    %-18s p50 %6.0f us  p99 %6.0f us  p99.9 %6.0f us  max %6.0f us  (%u writes)\n",
		what, l->p50_us, l->p99_us, l->p999_us, l->max_us, l->count);
}

/* The probe's kinds of write, one line each (a dump of an older probe has no flush phase). */
/* The kinds of write that were timed: an old dump has no flush phase, an imported fio
 * run only the one it ran. */
static void print_phases(FILE *out, const struct dc_probe *p)
{
	if (p->sync.count)
		print_latency(out, "RWF_DSYNC write", &p->sync);
	if (p->flush.count)
		print_latency(out, "write + fdatasync", &p->flush);
	if (p->nosync.count)
		print_latency(out, "no sync", &p->nosync);
}

static void print_property(FILE *out, const struct dc_facts *f, const char *label,
			   const struct dc_property *p, const char *value)
{
	char basis[DC_WORDS_LEN], source[DC_WORDS_LEN];

	dc_words_basis(f, p, basis, sizeof(basis));
	dc_words_source(f, p, source, sizeof(source));
	fprintf(out, "  %-28s %-8s %s", label, value, basis);
	if (p->kind != DC_SRC_NONE)
		fprintf(out, " [%s%s%s]", dc_source_kind_name(p->kind), source[0] ? ": " : "",
			source);
	fputc('\n', out);
}

static void print_cache_trial(FILE *out, const struct dc_check *r)
{
	const struct dc_cache_trial *t = &r->cache_trial;

	switch (t->state) {
	case DC_TRIAL_NOT_ASKED:
		return;
	case DC_TRIAL_SKIPPED:
		fprintf(out, "  cache experiment: not tried: %s\n", t->why);
		return;
	case DC_TRIAL_FAILED:
		fprintf(out, "  cache experiment: failed: %s\n", t->why);
		break;
	case DC_TRIAL_DONE:
		fprintf(out, "  cache experiment: cache off, probed, cache on again%s%s\n",
			t->why[0] ? "; " : "", t->why);
		break;
	}
	if (t->probe.mode == DC_PROBE_NOT_RUN)
		return;
	fprintf(out, "  probe with the cache off (%.1f s%s):\n", t->probe.duration_s,
		t->probe.stable ? ", stable" : "");
	print_phases(out, &t->probe);
}

static bool same_finding(const struct dc_finding *a, const struct dc_finding *b)
{
	if (a->code != b->code || a->ref != b->ref)
		return false;
	for (unsigned i = 0; i < DC_FINDING_NUMS; i++)
		if (a->n[i] != b->n[i])
			return false;
	return true;
}

/* Whether every role's verdict gives this reason. */
static bool shared_by_all(const struct dc_verdict *v, const struct dc_reason *reason)
{
	for (unsigned i = 0; i < DC_ROLE_COUNT; i++) {
		bool has = false;

		for (unsigned k = 0; k < v[i].nreasons && !has; k++)
			has = same_finding(&v[i].reasons[k].f, &reason->f) &&
			      v[i].reasons[k].weighs == reason->weighs;
		if (!has)
			return false;
	}
	return true;
}

/*
 * A reason with what it weighs: FAIL and WARN are what make a status, "ok" a fact that
 * stands in the drive's favour (a fast F under a WARN), "-" one that judges nothing (memory).
 */
static const char *weight_word(enum dc_status s)
{
	return s == DC_PASS ? "ok" : status_word(s);
}

static void print_reason(FILE *out, const char *indent, const struct dc_facts *f,
			 const struct dc_result *r, const struct dc_reason *x)
{
	char text[DC_WORDS_LEN];

	dc_words_reason(f, r, x, text, sizeof(text));
	fprintf(out, "%s- %-4s %s\n", indent, weight_word(x->weighs), text);
}

/* The first reason that makes the verdict what it is, or NULL for a PASS. */
static const struct dc_reason *deciding_reason(const struct dc_verdict *v)
{
	for (unsigned k = 0; k < v->nreasons && v->status != DC_PASS; k++)
		if (v->reasons[k].weighs == v->status)
			return &v->reasons[k];
	return NULL;
}

static void print_dropped(FILE *out, const char *indent, unsigned n, const char *what)
{
	if (n)
		fprintf(out, "%s- (and %u more %s, not kept)\n", indent, n, what);
}

/* The verdicts: the reasons every role gives, once, then each role's own. */
static void print_verdicts(FILE *out, const struct dc_facts *f, const struct dc_result *r)
{
	const struct dc_verdict *v = r->verdicts;
	bool any = false;

	for (unsigned k = 0; k < v[0].nreasons; k++) {
		if (!shared_by_all(v, &v[0].reasons[k]))
			continue;
		if (!any)
			fprintf(out, "  every role:\n");
		any = true;
		print_reason(out, "      ", f, r, &v[0].reasons[k]);
	}
	for (unsigned i = 0; i < DC_ROLE_COUNT; i++) {
		fprintf(out, "  %-9s %s\n", dc_role_cli_name((enum dc_role)i), status_word(v[i].status));
		for (unsigned k = 0; k < v[i].nreasons; k++)
			if (!shared_by_all(v, &v[i].reasons[k]))
				print_reason(out, "      ", f, r, &v[i].reasons[k]);
		print_dropped(out, "      ", v[i].reasons_dropped, "reasons");
	}
}

/* What a device that is not a drive is: a loop's file, a volume's members, memory.
 * Returns false when the device is a drive (nothing to say). */
static bool what_it_rests_on(const struct dc_dev *d, char *buf, size_t len)
{
	size_t at = 0;

	if (d->transport == DC_TRAN_MEMORY) {
		snprintf(buf, len, "memory (%s): not a drive, no drive role applies",
			 strncmp(d->name, "zram", 4) == 0 ? "zram" : "brd");
		return true;
	}
	if (d->backing_file[0]) {
		snprintf(buf, len, "loop device of %s%s%s%s%s%s%s: the probe measures that file "
			 "there, not a drive", d->backing_file, d->backing_fstype[0] ? " on " : "",
			 d->backing_fstype, d->backing_source[0] ? " " : "", d->backing_source,
			 d->backing_mount[0] ? " at " : "", d->backing_mount);
		return true;
	}
	if (d->transport != DC_TRAN_MD && d->transport != DC_TRAN_DM)
		return false;
	at = (size_t)snprintf(buf, len, "%s volume of", d->transport == DC_TRAN_MD ? "md" : "dm");
	for (unsigned i = 0; i < d->nmembers && i < DC_MAX_MEMBERS && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s %s", i ? "," : "", d->members[i]);
	if (!d->nmembers && at < len)
		at += (size_t)snprintf(buf + at, len - at, " no members sysfs shows");
	if (d->nmembers > DC_MAX_MEMBERS && at < len)
		at += (size_t)snprintf(buf + at, len - at, " and %u more", d->nmembers - DC_MAX_MEMBERS);
	if (at < len)
		snprintf(buf + at, len - at, ": its drives decide what a flush costs; check each");
	return true;
}

/* One advisory that hits the drive, on one line: what, when, the fix. */
static void print_advisory_hit(FILE *out, const char *prefix, const struct dc_advisory_hit *a)
{
	fprintf(out, "%s%s (%s): %s", prefix, a->id, dc_adv_effect_name(a->effect), a->title);
	if (a->hours > 0 && a->hours_left_known)
		fprintf(out, a->hours_left > 0 ? "; at %lld power-on hours, %lld from now"
			: "; at %lld power-on hours, passed by %lld", a->hours,
			a->hours_left > 0 ? a->hours_left : -a->hours_left);
	else if (a->hours > 0)
		fprintf(out, "; at %lld power-on hours", a->hours);
	fprintf(out, "; %s%s\n", a->fixed[0] ? "fixed in " : "no fixed firmware named", a->fixed);
}

/* The drive's own verdict, and each problem it reports, failing ones first. */
static void print_health(FILE *out, const struct dc_health *h)
{
	char text[256];

	fprintf(out, "  health: %s", dc_health_status_name(h->status));
	if (h->self_assessment != DC_SELF_NOT_GIVEN)
		fprintf(out, " (self-assessment %s, %s)",
			h->self_assessment == DC_SELF_PASSED ? "passed" : "FAILED", h->source);
	else
		fprintf(out, " (the drive gave no self-assessment)");
	fputc('\n', out);
	for (unsigned i = 0; i < h->nproblems; i++) {
		dc_health_problem_text(&h->problems[i], h->source, text, sizeof(text));
		fprintf(out, "    [%s] %s\n", h->problems[i].failing ? "failing" : "warning", text);
	}
	if (h->ntotal > h->nproblems)
		fprintf(out, "    and %u more problems, not listed\n", h->ntotal - h->nproblems);
}

static void print_detail(FILE *out, const struct dc_check *r)
{
	const struct dc_db_source *best = dc_db_row_shown_source(&r->row);
	const struct dc_drive *d = &r->drive;
	char size[16], rests[DC_PATH_LEN * 3 + 128], text[DC_WORDS_LEN];
	struct dc_facts f;

	dc_facts_of(r, &f);
	fprintf(out, "\n%s: %s%s%s (serial %s, firmware %s, via %s)\n", r->dev.path,
		d->vendor, d->vendor[0] ? " " : "", d->model[0] ? d->model : "(unknown model)",
		d->serial[0] ? d->serial : "?", d->firmware[0] ? d->firmware : "?",
		d->identity_source[0] ? d->identity_source : "nothing");
	if (r->error) {
		fprintf(out, "  error: %s\n", r->error_msg);
		return;
	}
	fprintf(out, "  transport %s, %s, blocks %u/%u, %s\n", dc_transport_name(r->dev.transport),
		human_size(r->dev.capacity_bytes, size, sizeof(size)), r->dev.logical_block_bytes,
		r->dev.physical_block_bytes,
		d->rotational == DC_TRI_YES ? "rotational" : d->rotational == DC_TRI_NO
		? "non-rotational" : "rotation unknown");
	if (what_it_rests_on(&r->dev, rests, sizeof(rests)))
		fprintf(out, "  %s\n", rests);
	fprintf(out, "  write cache: present %s, enabled %s (%s); kernel '%s', fua %s\n",
		dc_tri_name(d->cache_present), dc_tri_name(d->cache_enabled),
		d->cache_source[0] ? d->cache_source : "no source",
		r->dev.kernel_cache ? dc_kcache_name(r->dev.kernel_cache) : "?",
		dc_tri_name(r->dev.kernel_fua));
	dc_render_avail_text(r, text, sizeof(text));
	fprintf(out, "  available (ceph-volume): %s\n", text);
	print_health(out, &r->result.health);
	for (unsigned i = 0; i < r->nadvisories; i++)
		print_advisory_hit(out, "  firmware advisory: ", &r->advisories[i]);
	if (r->row.matched) {
		fprintf(out, "  database: %s %s, PLP %s%s, ", r->row.vendor, r->row.family,
			dc_plp_name(r->row.plp), r->row.plp_inferred ? " (inferred)" : "");
		if (r->row.dwpd > 0)
			fprintf(out, "%.2g DWPD, ", r->row.dwpd);
		if (r->row.tbw_tb > 0)
			fprintf(out, "%.0f TBW, ", r->row.tbw_tb);
		fprintf(out, "%s\n", r->row.drive_class);
		if (r->row.observed.drives) /* issue 29: what drives of the family took */
			fprintf(out, "    observed, not a rating: %.0f full-drive writes to 100%% of the "
				"wear indicator, the median of %u drives of %s (%s, %s)\n",
				r->row.observed.dw_median, r->row.observed.drives,
				r->row.observed.capacity_bytes ? dc_words_decimal_size(r->row.observed.capacity_bytes,
				size, sizeof(size)) : "the family", r->row.observed.title,
				r->row.observed.revision);
		if (best)
			fprintf(out, "    strongest of %u source%s: %s %s: %s <%s>\n", r->row.nsources,
				r->row.nsources == 1 ? "" : "s", dc_source_kind_name(best->kind),
				dc_claim_name(best->claim), best->title, best->url);
	} else
		fprintf(out, "  database: no row for this model\n");
	if (d->wear.have_percent_used || d->wear.have_written || d->wear.have_power_on) {
		const char *sep = "";

		fprintf(out, "  wear:");
		if (d->wear.have_percent_used) {
			fprintf(out, " %u%% of rated endurance used", d->wear.percent_used);
			sep = ",";
		}
		if (d->wear.have_written) {
			fprintf(out, "%s %s written", sep,
				dc_words_decimal_size(d->wear.host_written_bytes, size, sizeof(size)));
			sep = ",";
		}
		if (d->wear.have_power_on) {
			fprintf(out, "%s %llu power-on hour%s", sep,
				(unsigned long long)d->wear.power_on_hours,
				d->wear.power_on_hours == 1 ? "" : "s");
			sep = ",";
		}
		if (d->wear.have_unsafe_shutdowns)
			fprintf(out, "%s %llu unsafe shutdown%s", sep,
				(unsigned long long)d->wear.unsafe_shutdowns,
				d->wear.unsafe_shutdowns == 1 ? "" : "s");
		if (dc_words_wear_sources(&d->wear, text, sizeof(text)))
			fprintf(out, " (from %s)", text);
		fputc('\n', out);
	}
	for (unsigned i = 0; i < d->wear.ncounters; i++) {
		dc_words_wear_counters(&d->wear.counters[i], text, sizeof(text));
		fprintf(out, "  wear counters: %s\n", text);
	}
	if (r->probe.mode != DC_PROBE_NOT_RUN) {
		fprintf(out, "  probe (%s, %s, %.1f s%s):\n", r->probe.mode == DC_PROBE_RAW ? "raw" : "file",
			r->probe.where, r->probe.duration_s, r->probe.stable ? ", stable" : "");
		print_phases(out, &r->probe);
		if (r->probe.warning[0])
			fprintf(out, "  probe: warning: %s\n", r->probe.warning);
	}
	else
		fprintf(out, "  probe: skipped: %s\n", r->probe.skipped[0] ? r->probe.skipped : "not run");
	print_cache_trial(out, r);
	if (r->cache_left.found)
		fprintf(out, "  cache left off: by drivecheck pid %ld at %s%s (record %s)\n",
			r->cache_left.pid, r->cache_left.since[0] ? r->cache_left.since : "?",
			r->cache_left.running ? ", still running" : "", r->cache_left.record);
	fprintf(out, "  PLP: %s (confidence %s)\n", dc_plp_name(r->result.plp),
		dc_confidence_name(r->result.confidence));
	print_property(out, &f, "S flushed data survives:", &r->result.flushed_survive,
		       dc_tri_name(r->result.flushed_survive.value));
	print_property(out, &f, "U unflushed data survives:", &r->result.unflushed_survive,
		       dc_tri_name(r->result.unflushed_survive.value));
	print_property(out, &f, "F durable writes fast:", &r->result.fast,
		       dc_flush_speed_name(r->result.flush_speed));
	for (unsigned i = 0; i < dc_words_evidence_count(&f, &r->result); i++) {
		struct dc_words_evidence ev;

		dc_words_evidence(&f, &r->result, i, &ev);
		fprintf(out, "    [%s] %s: %s: %s\n", dc_ev_kind_name(ev.kind), ev.source, ev.what,
			ev.value);
	}
	print_dropped(out, "    ", r->result.findings_dropped, "findings");
	print_dropped(out, "    ", d->evidence_dropped, "pieces of the drive's evidence");
	print_verdicts(out, &f, &r->result);
	for (unsigned i = 0; i < r->result.nadvice; i++) {
		dc_words_advice(&f, &r->result, &r->result.advice[i], text, sizeof(text));
		fprintf(out, "  advice: %s\n", text);
	}
	print_dropped(out, "  ", r->result.advice_dropped, "pieces of advice");
	for (unsigned i = 0; i < d->nerrors; i++)
		fprintf(out, "  not read: %s\n", d->errors[i]);
	print_dropped(out, "  ", d->errors_dropped, "things not read");
	if (r->lookup_error[0])
		fprintf(out, "  not read: %s\n", r->lookup_error);
}

#define PATH_COLUMN_MIN 14
#define HOST_COLUMN_MAX 24

/* Column widths: DEVICE and HOST as wide as their longest value (as lsblk's are). */
void dc_render_widths_init(struct dc_table_widths *w, bool hosts)
{
	w->host = hosts ? 4 : 0;
	w->path = PATH_COLUMN_MIN;
}

void dc_render_widths_add(struct dc_table_widths *w, const char *path, const char *host)
{
	int p = (int)strlen(path);

	if (p > w->path)
		w->path = p;
	if (w->host && host) {
		int h = (int)strlen(host);

		if (h > w->host)
			w->host = h < HOST_COLUMN_MAX ? h : HOST_COLUMN_MAX;
	}
}

void dc_render_table_header(FILE *out, const struct dc_table_widths *w)
{
	if (w->host)
		fprintf(out, "%-*s ", w->host, "HOST");
	fprintf(out, "%-*s %-11s %-28s %7s %-6s %5s %6s %-12s %8s %-4s %-4s %-4s %-4s %-4s\n",
		w->path, "DEVICE", "TRAN", "MODEL", "SIZE", "HEALTH", "CACHE", "KERNEL", "PLP",
		"SYNC-P50", "OSD", "DB", "DRBD", "SLOG", "ETCD");
}

/* The PLP column: the class, or "failed" when the drive says its backup power failed. */
static const char *plp_word(const struct dc_check *r)
{
	return dc_drive_has_evidence(&r->drive, DC_EV_PLP_FAILED) ? "failed"
	       : dc_plp_short_name(r->result.plp);
}

void dc_render_table_row(FILE *out, const struct dc_check *r, const char *host,
			 const struct dc_table_widths *w)
{
	const struct dc_verdict *v = r->result.verdicts;
	char size[16], sync[16];

	if (host)
		fprintf(out, "%-*.*s ", w->host, w->host, host);
	/* the slower of FUA and flush: F's own figure, when it is one */
	if (r->result.flush_speed != DC_FLUSH_NOT_MEASURED)
		snprintf(sync, sizeof(sync), "%.0fus", r->result.flush_p50_us);
	else if (r->probe.mode != DC_PROBE_NOT_RUN)
		snprintf(sync, sizeof(sync), "(%.0fus)", r->probe.sync.p50_us);
	else
		snprintf(sync, sizeof(sync), "-");
	if (r->error) {
		fprintf(out, "%-*s %-11s error: %s\n", w->path, r->dev.path,
			dc_transport_name(r->dev.transport), r->error_msg);
		return;
	}
	fprintf(out, "%-*s %-11.11s %-28.28s %7s %-6s %5s %6s %-12s %8s %-4s %-4s %-4s %-4s %-4s\n",
		w->path, r->dev.path, dc_transport_name(r->dev.transport),
		r->drive.model[0] ? r->drive.model : "?",
		human_size(r->dev.capacity_bytes, size, sizeof(size)),
		health_word(&r->result.health), cache_word(&r->drive), kernel_word(&r->dev),
		plp_word(r), sync,
		status_word(v[DC_ROLE_CEPH_OSD].status), status_word(v[DC_ROLE_CEPH_DB].status),
		status_word(v[DC_ROLE_DRBD].status), status_word(v[DC_ROLE_ZFS_SLOG].status),
		status_word(v[DC_ROLE_ETCD].status));
}

/* Whether the row's SYNC-P50 is in parentheses: the probe ran and timed no durable write. */
static bool untimed(const struct dc_check *r)
{
	return !r->error && r->result.flush_speed == DC_FLUSH_NOT_MEASURED &&
	       r->probe.mode != DC_PROBE_NOT_RUN;
}

/* What the table's shorthand means, for the forms that appear in it. */
static void print_legend(FILE *out, bool any_untimed)
{
	fprintf(out, "\nSIZE in powers of 1024, as lsblk prints it; HEALTH is the drive's own "
		"verdict (docs/health.md).\n");
	if (any_untimed)
		fprintf(out, "SYNC-P50 in parentheses: the probe ran, but what it timed was not a "
			"durable write (the kernel's 'write through' sent no flush): see -v.\n");
}

/*
 * What follows the rows is written aside as the rows go out, one stream per kind, and
 * copied after the last row: a temporary file (unlinked, so nothing is left behind), or
 * memory where no temporary file can be made.
 */
static FILE *aside(struct dc_table_stream *t, enum dc_table_aside k)
{
	if (t->aside[k])
		return t->aside[k];
	t->aside[k] = tmpfile();
	if (!t->aside[k]) {
		t->aside[k] = open_memstream(&t->mem[k], &t->memlen[k]);
		t->in_memory[k] = t->aside[k] != NULL;
	}
	if (!t->aside[k] && !t->err)
		t->err = -errno;
	return t->aside[k];
}

/* The first error of the table: -errno, or -EIO where the write that failed left none. */
static void table_error(struct dc_table_stream *t)
{
	if (!t->err)
		t->err = errno ? -errno : -EIO;
}

/* Copies aside k to the table's output and closes it. A write to it that failed (a full
 * temporary folder) or to the output is t->err: what follows the rows is then not whole. */
static void put_aside(struct dc_table_stream *t, enum dc_table_aside k)
{
	FILE *f = t->aside[k];
	char buf[8192];
	size_t got;

	if (!f)
		return;
	errno = 0;
	if (fflush(f) != 0 || ferror(f)) /* fflush first: its errno says why */
		table_error(t);
	if (t->in_memory[k]) {
		/* the buffer is complete once the stream is closed */
		if (fclose(f) != 0)
			table_error(t);
		if (!t->err && fwrite(t->mem[k], 1, t->memlen[k], t->out) != t->memlen[k])
			table_error(t);
		free(t->mem[k]);
	} else {
		if (fseek(f, 0, SEEK_SET))
			table_error(t);
		while (!t->err && (got = fread(buf, 1, sizeof(buf), f)) > 0)
			if (fwrite(buf, 1, got, t->out) != got)
				table_error(t);
		if (ferror(f))
			table_error(t);
		fclose(f);
	}
	t->aside[k] = NULL;
	t->mem[k] = NULL;
	t->in_memory[k] = false;
}

void dc_render_table_begin(struct dc_table_stream *t, FILE *out, const struct dc_table_widths *w,
			   bool verbose)
{
	memset(t, 0, sizeof(*t));
	t->out = out;
	t->w = *w;
	t->verbose = verbose;
	dc_render_table_header(out, w);
}

/*
 * A drive of Ceph's store under daemons: one line, by its daemons, of where it is and what
 * it is worth to them (docs/ceph.md): the Ceph roles' verdicts, and what counts against
 * the drive. An import's verdicts warn at best (the flush cost is never in Ceph's store).
 */
void dc_render_table_ceph(struct dc_table_stream *t, const struct dc_check *r, const char *host)
{
	const struct dc_ceph *c = &r->ceph;
	char worth[DC_WORDS_LEN], daemons[DC_CEPH_MAX_DAEMONS * DC_CEPH_DAEMON_LEN + 32] = "";
	size_t at = 0;
	FILE *f;

	if (!c->present || !c->ndaemons || !(f = aside(t, DC_TABLE_CEPH)))
		return;
	if (ftell(f) == 0)
		fprintf(f, "Ceph daemons, and what the drive under each is worth:\n");
	for (unsigned i = 0; i < c->ndaemons && at < sizeof(daemons); i++)
		at += (size_t)snprintf(daemons + at, sizeof(daemons) - at, "%s%s", i ? ", " : "",
				       c->daemons[i]);
	if (c->daemons_total > c->ndaemons && at < sizeof(daemons))
		snprintf(daemons + at, sizeof(daemons) - at, " and %u more",
			 c->daemons_total - c->ndaemons);
	dc_words_ceph_worth(r, worth, sizeof(worth));
	{
		const char *h = host ? host : r->host, *dev = c->nlocations ? c->locations[0].dev : "";

		fprintf(f, "  %s: %s%s%s%s(%s)", daemons, h, h[0] ? " " : "", dev, dev[0] ? " " : "",
			c->devid);
	}
	if (r->error)
		fprintf(f, ": %s\n", worth);
	else
		fprintf(f, ": ceph-osd %s, ceph-db %s: %s\n",
			dc_status_name(r->result.verdicts[DC_ROLE_CEPH_OSD].status),
			dc_status_name(r->result.verdicts[DC_ROLE_CEPH_DB].status), worth);
}

void dc_render_table_add(struct dc_table_stream *t, const struct dc_check *r)
{
	char rests[DC_PATH_LEN * 3 + 128];
	FILE *f;

	dc_render_table_row(t->out, r, NULL, &t->w);
	t->n++;
	t->untimed |= untimed(r);
	dc_render_table_ceph(t, r, NULL);
	if (t->verbose) {
		if ((f = aside(t, DC_TABLE_DETAILS)))
			print_detail(f, r);
		return;
	}
	/* a firmware defect that may kill the drive shows without -v, first */
	for (unsigned k = 0; k < r->nadvisories && (f = aside(t, DC_TABLE_ADVISORIES)); k++) {
		char prefix[DC_PATH_LEN + 32];

		snprintf(prefix, sizeof(prefix), "%-*s firmware advisory ", t->w.path, r->dev.path);
		print_advisory_hit(f, prefix, &r->advisories[k]);
	}
	/* what a device that is not a drive rests on: without -v too */
	if (!r->error && what_it_rests_on(&r->dev, rests, sizeof(rests)) &&
	    (f = aside(t, DC_TABLE_RESTS_ON)))
		fprintf(f, "%-*s %s\n", t->w.path, r->dev.path, rests);
	/* --try-cache-off is asked for its answer: it shows without -v too */
	if (r->result.cache_off_speed != DC_FLUSH_NOT_MEASURED && (f = aside(t, DC_TABLE_CACHE_OFF)))
		fprintf(f, "%-14s cache off: durable writes p50 %.0f us (cache on: %.0f us)%s\n",
			r->dev.path, r->result.cache_off_p50_us, r->result.flush_p50_us,
			r->result.cache_off_faster ? ", see -v" : "");
	else if ((r->cache_trial.state == DC_TRIAL_SKIPPED || r->cache_trial.state == DC_TRIAL_FAILED) &&
		 (f = aside(t, DC_TABLE_CACHE_OFF)))
		fprintf(f, "%-14s cache off: %s: %s\n", r->dev.path,
			r->cache_trial.state == DC_TRIAL_FAILED ? "failed" : "not tried",
			r->cache_trial.why);
}

int dc_render_table_end(struct dc_table_stream *t)
{
	/* a blank line before the first note under the table, none before the others */
	if (t->aside[DC_TABLE_ADVISORIES] || t->aside[DC_TABLE_RESTS_ON] ||
	    t->aside[DC_TABLE_CACHE_OFF] || t->aside[DC_TABLE_CEPH])
		fputc('\n', t->out);
	for (unsigned k = 0; k < DC_TABLE_ASIDE_COUNT; k++)
		put_aside(t, (enum dc_table_aside)k);
	if (t->n)
		print_legend(t->out, t->untimed);
	if (!t->verbose && t->n)
		fprintf(t->out, "(-v shows the evidence, reasons and advice for each drive)\n");
	return t->err;
}

void dc_render_table_drop(struct dc_table_stream *t)
{
	for (unsigned k = 0; k < DC_TABLE_ASIDE_COUNT; k++) {
		if (t->aside[k])
			fclose(t->aside[k]);
		free(t->mem[k]);
		t->aside[k] = NULL;
		t->mem[k] = NULL;
		t->in_memory[k] = false;
	}
}

void dc_render_gate(FILE *out, const struct dc_check *r, const char *host, enum dc_role role)
{
	const struct dc_verdict *v = &r->result.verdicts[role];
	const struct dc_reason *why;
	char text[DC_WORDS_LEN];
	struct dc_facts f;
	char avail[1024], probe[512];

	/* a fleet's drive: its host first, as the summary names it */
	if (host)
		fprintf(out, "%s:", host);
	if (r->error) {
		fprintf(out, "%s: %s: NOT CHECKED: %s\n", r->dev.path, dc_role_cli_name(role),
			r->error_msg);
		return;
	}
	/* the drive, not only its path: a script's log must say which one failed; for a Ceph
	 * role, the gate's answer and what keeps the drive from becoming an OSD */
	dc_render_avail_gate(r, role, avail, sizeof(avail));
	fprintf(out, "%s (%s, serial %s): %s: %s", r->dev.path,
		r->drive.model[0] ? r->drive.model : "model unknown",
		r->drive.serial[0] ? r->drive.serial : "unknown", dc_role_cli_name(role),
		dc_status_name(dc_gate_status(r, role)));
	dc_facts_of(r, &f);
	/* what makes it so, on the line a script logs: what keeps the drive from becoming an
	 * OSD now (a Ceph role's question), then the verdict's own reason */
	if (avail[0])
		fprintf(out, ": %s", avail);
	if ((why = deciding_reason(v))) {
		dc_words_reason(&f, &r->result, why, text, sizeof(text));
		fprintf(out, "%s%s", avail[0] ? "; " : ": ", text);
	}
	fputc('\n', out);
	for (unsigned k = 0; k < v->nreasons; k++)
		print_reason(out, "  ", &f, &r->result, &v->reasons[k]);
	if (avail[0])
		fprintf(out, "  - %-4s %s\n", "WARN", avail);
	print_dropped(out, "  ", v->reasons_dropped, "reasons");
	if (dc_render_probe_through_fs(r, probe, sizeof(probe)))
		fprintf(out, "  - %s\n", probe);
	if (dc_render_avail_gate_note(r, role, probe, sizeof(probe)))
		fprintf(out, "  - %s\n", probe);
}
