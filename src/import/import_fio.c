// SPDX-License-Identifier: GPL-2.0-or-later
/* import_fio.c - a fio --output-format=json run of 4 KiB durable writes at queue depth 1 as
 * a probe result. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "core/json_read.h"
#include "import/import.h"
#include "import/text_scan.h"
#include "core/raw.h"

/*
 * A fio run stands for drivecheck's probe only when its options say it measured what the
 * probe measures: 4 KiB writes (bs), one at a time (iodepth 1, numjobs 1), O_DIRECT, each
 * made durable one of the two ways the probe asks:
 *   sync=1|sync|dsync      O_SYNC or O_DSYNC writes: the probe's RWF_DSYNC phase (sync);
 *   fdatasync=1|fsync=1    a write, then a flush: its write + fdatasync phase (flush).
 * "job options" override "global options"; an option absent is fio's default (bs 4k,
 * iodepth 1, rw read, direct 0).
 *
 * fio times the write and the fdatasync apart, and percentiles do not add. For two times
 * X and Y, P(X + Y > x_a + y_b) <= (1 - a) + (1 - b), so the sum of their a-th
 * percentiles bounds the (2a - 1)-th percentile of the sum from above: the flush phase's
 * p50 is at most write p80 + sync p80, p90 at most p95 + p95, p99 at most p99.5 + p99.5,
 * p99.9 at most p99.95 + p99.95 (fio's default percentile list has all of these; a
 * missing one is replaced by the next higher printed, else the maximum: still a bound).
 * The mean adds exactly; the standard deviation of a sum is at most the sum of theirs.
 * An upper bound errs towards "slow", never towards "fast".
 */

struct lat {
	const cJSON *pct;            /* the "percentile" object, keys "50.000000" */
	double to_us;                /* 1e-3 for *_ns (fio 3), 1 for fio 2's usec */
	double n, mean, stdev, min, max;
};

/*
 * A figure of fio's (core/json_read.h): a number of at least 0, or a string holding one;
 * absent, the default. A figure of the wrong type, negative or infinite refuses the job
 * (the first one, r's error), never read as the default: a latency of -5 us is no drive's.
 */
static double fig(struct dc_json_reader *r, const cJSON *o, const char *key, double dflt)
{
	double v = dflt;

	dc_jr_double(r, o, key, 0, DBL_MAX, DC_JSON_NUM_STRING, &v);
	return v;
}

/* A latency object of phase, ns (fio 3: "lat_ns", "clat_ns") or us (fio 2: "lat", "clat").
 * False when there is none, or when a figure in it is bad
 * (then f's error, unless it has one): each latency object is judged on its own, so that
 * write_lat() passes a bad one over for the next. Every percentile is checked here, so
 * that pct_at_least() reads only figures that hold. */
static bool get_lat(struct dc_json_reader *f, const char *phase_name, const cJSON *phase,
		    const char *name, struct lat *l)
{
	struct dc_json_reader g;
	char key[16], why[160];
	const cJSON *o, *it;

	memset(l, 0, sizeof(*l));
	dc_jr_init(&g, why, sizeof(why), NULL);
	snprintf(key, sizeof(key), "%s_ns", name);
	if (dc_jr_obj(&g, phase, key, DC_JSON_SOFT, &o) == DC_JSON_OK) {
		l->to_us = 1e-3;
	} else if (dc_jr_obj(&g, phase, name, DC_JSON_SOFT, &o) == DC_JSON_OK) {
		l->to_us = 1;
		snprintf(key, sizeof(key), "%s", name);
	} else {
		return false;
	}
	dc_jr_enter(&g, phase_name);
	dc_jr_enter(&g, key);
	dc_jr_obj(&g, o, "percentile", DC_JSON_SOFT, &l->pct);
	l->n = fig(&g, o, "N", 0);
	l->mean = fig(&g, o, "mean", 0) * l->to_us;
	l->stdev = fig(&g, o, "stddev", 0) * l->to_us;
	l->min = fig(&g, o, "min", 0) * l->to_us;
	l->max = fig(&g, o, "max", 0) * l->to_us;
	dc_jr_enter(&g, "percentile");
	cJSON_ArrayForEach(it, l->pct) {
		char *end;
		double kp = it->string ? strtod(it->string, &end) : NAN;

		if (!it->string || *end || !(kp >= 0 && kp <= 100)) {
			dc_jr_fail(&g, NULL, "\"%.20s\" is not a percentile",
				   it->string ? it->string : "");
			break;
		}
		fig(&g, l->pct, it->string, 0);
	}
	if (g.rc)
		dc_jr_fail_top(f, g.rc, "%s", why);
	return !g.rc;
}

/* The smallest printed percentile at or above p, in us; the maximum when none is. */
static double pct_at_least(const struct lat *l, double p)
{
	struct dc_json_reader r;
	const cJSON *it;
	double best_p = INFINITY, best = l->max;

	dc_jr_init(&r, NULL, 0, NULL);
	cJSON_ArrayForEach(it, l->pct) {
		double kp = strtod(it->string, NULL), v;

		if (!(kp >= p - 1e-9) || kp >= best_p ||
		    dc_jr_double(&r, it, NULL, -DBL_MAX, DBL_MAX, DC_JSON_SOFT, &v) != DC_JSON_OK)
			continue;
		best_p = kp;
		best = v * l->to_us;
	}
	return best;
}

/* ---------------------------------------------------------------- options */

struct job {
	const cJSON *opts, *global;
	struct dc_json_reader r;     /* why it is not a probe run (the first reason) */
	char why[160];               /* ... in words; empty when it is one */
};

/* An option of the job, else of the global section; NULL when neither sets it. fio prints
 * every value as a string; a number is taken too, anything else is "?". */
static const char *opt(const struct job *j, const char *key, char *buf, size_t len)
{
	const cJSON *src = dc_jr_has(j->opts, key) ? j->opts : j->global;
	struct dc_json_reader r;
	const char *s;
	double d;

	if (!dc_jr_has(src, key))
		return NULL;
	dc_jr_init(&r, NULL, 0, NULL);
	if (dc_jr_str(&r, src, key, SIZE_MAX, DC_JSON_SOFT, &s) == DC_JSON_OK)
		return s;
	if (dc_jr_double(&r, src, key, -DBL_MAX, DBL_MAX, DC_JSON_SOFT, &d) == DC_JSON_OK)
		snprintf(buf, len, "%.0f", d);
	else
		snprintf(buf, len, "?");
	return buf;
}

/* fio's bool options: "1", "0", and for sync= also "sync", "dsync", "none". */
static bool is_one(const char *v)
{
	return v && (strcmp(v, "1") == 0 || strcasecmp(v, "true") == 0 || strcasecmp(v, "on") == 0);
}

static bool is_zero(const char *v)
{
	return !v || strcmp(v, "0") == 0 || strcasecmp(v, "false") == 0 || strcasecmp(v, "off") == 0;
}

/* A block size in bytes: "4k", "4K", "4KiB", "4096"; the write's of "r,w[,t]". 0 with
 * *bytes set, or -EINVAL with why: not a size, or more bytes than 64 bits hold (checked
 * before the multiply: "18014398509481988k" is 2^64 + 4096 bytes, which wraps to 4096). */
static int block_size(const char *v, uint64_t *bytes, char *why, size_t len)
{
	const char *comma = strchr(v, ','), *end;
	uint64_t n;

	if (comma) {
		v = comma + 1;
		if (!*v) {
			snprintf(why, len, "no size for writes after the comma");
			return -EINVAL;
		}
	}
	end = v;
	if (dc_text_u64(&end, 10, 0, UINT64_MAX, &n)) {
		snprintf(why, len, "not a size in bytes");
		return -EINVAL;
	}
	if (*end == 'k' || *end == 'K') {
		if (n > UINT64_MAX / 1024) {
			snprintf(why, len, "%llu KiB is more bytes than 64 bits hold",
				 (unsigned long long)n);
			return -EINVAL;
		}
		n *= 1024;
		end++;
		if (*end == 'i')
			end++;
		if (*end == 'B' || *end == 'b')
			end++;
	}
	if (*end != '\0' && *end != ',') {
		snprintf(why, len, "not a size in bytes");
		return -EINVAL;
	}
	*bytes = n;
	return 0;
}

enum phase { PHASE_NONE, PHASE_SYNC, PHASE_FLUSH };

/* What the job measured, or PHASE_NONE with j->why set. */
static enum phase check_job(struct job *j, const cJSON *jo)
{
	static const char *const engines[] = {
		"sync", "psync", "vsync", "pvsync", "pvsync2", "libaio", "io_uring", "posixaio",
	};
	struct dc_json_reader *r = &j->r; /* its first reason is the job's */
	char b1[32], b2[32];
	const char *rw = opt(j, "rw", b1, sizeof(b1)), *v;
	const char *sync, *fdsync, *fsync;
	bool by_sync, by_flush;

	(void)jo; /* a job that ended with an error never gets here: its file is refused */
	if (!rw)
		rw = opt(j, "readwrite", b1, sizeof(b1));
	if (!rw || (strcmp(rw, "write") != 0 && strcmp(rw, "randwrite") != 0))
		dc_jr_fail_top(r, -EINVAL, "rw=%s: not a write run", rw ? rw : "read (the default)");
	v = opt(j, "bs", b2, sizeof(b2));
	if (!v)
		v = opt(j, "blocksize", b2, sizeof(b2));
	if (v) {
		uint64_t bs = 0;
		char why[96];

		if (block_size(v, &bs, why, sizeof(why)))
			dc_jr_fail_top(r, -EINVAL, "bs=%.40s: %s", v, why);
		else if (bs != 4096)
			dc_jr_fail_top(r, -EINVAL, "bs=%s: not 4 KiB writes", v);
	}
	if (opt(j, "bsrange", b2, sizeof(b2)) || opt(j, "bssplit", b2, sizeof(b2)) ||
	    opt(j, "blocksize_range", b2, sizeof(b2)))
		dc_jr_fail_top(r, -EINVAL, "mixed block sizes (bsrange, bssplit): not 4 KiB writes");
	if ((v = opt(j, "iodepth", b2, sizeof(b2))) && strcmp(v, "1") != 0)
		dc_jr_fail_top(r, -EINVAL, "iodepth=%s: not a queue-depth-1 sync-write run", v);
	if ((v = opt(j, "numjobs", b2, sizeof(b2))) && strcmp(v, "1") != 0)
		dc_jr_fail_top(r, -EINVAL, "numjobs=%s: not one write at a time", v);
	if ((v = opt(j, "ioengine", b2, sizeof(b2)))) {
		size_t i;

		for (i = 0; i < sizeof(engines) / sizeof(engines[0]); i++)
			if (strcmp(v, engines[i]) == 0)
				break;
		if (i == sizeof(engines) / sizeof(engines[0]))
			dc_jr_fail_top(r, -EINVAL, "ioengine=%s: not a plain write to a file or "
				       "device", v);
	}
	{
		char b3[32];
		const char *bufd = opt(j, "buffered", b3, sizeof(b3));

		v = opt(j, "direct", b2, sizeof(b2));
		if (!is_one(v) && !(bufd && is_zero(bufd)))
			dc_jr_fail_top(r, -EINVAL, "direct=%s: writes through the page cache, not "
				       "O_DIRECT", v ? v : "0 (the default)");
	}
	if (opt(j, "sync_file_range", b2, sizeof(b2)))
		dc_jr_fail_top(r, -EINVAL, "sync_file_range: not a flush of each write");
	sync = opt(j, "sync", b1, sizeof(b1));
	fdsync = opt(j, "fdatasync", b2, sizeof(b2));
	by_sync = sync && (is_one(sync) || strcmp(sync, "sync") == 0 || strcmp(sync, "dsync") == 0);
	if (sync && !by_sync && !is_zero(sync) && strcmp(sync, "none") != 0)
		dc_jr_fail_top(r, -EINVAL, "sync=%s: not O_SYNC or O_DSYNC", sync);
	{
		char b3[32];

		fsync = opt(j, "fsync", b3, sizeof(b3));
		if ((fdsync && !is_zero(fdsync) && strcmp(fdsync, "1") != 0) ||
		    (fsync && !is_zero(fsync) && strcmp(fsync, "1") != 0))
			dc_jr_fail_top(r, -EINVAL, "fdatasync=%s fsync=%s: a flush every few writes, "
				       "not after each", fdsync ? fdsync : "0", fsync ? fsync : "0");
		by_flush = (fdsync && strcmp(fdsync, "1") == 0) || (fsync && strcmp(fsync, "1") == 0);
	}
	if (by_sync && by_flush)
		dc_jr_fail_top(r, -EINVAL, "both sync= and fdatasync=/fsync=: neither of the probe's "
			       "two phases alone");
	if (!by_sync && !by_flush)
		dc_jr_fail_top(r, -EINVAL, "neither sync=1 nor fdatasync=1: the writes were not made "
			       "durable");
	if (r->rc)
		return PHASE_NONE;
	return by_sync ? PHASE_SYNC : PHASE_FLUSH;
}

/* ---------------------------------------------------------------- measures */

/* The write's own latency: the whole of it (lat) where fio printed its percentiles, else
 * the completion latency, which for fio's synchronous engines is all of it. */
static bool write_lat(struct dc_json_reader *f, const cJSON *write, struct lat *l,
		      double *slat_mean)
{
	struct lat s;

	*slat_mean = 0;
	if (get_lat(f, "write", write, "lat", l) && l->pct && l->n > 0)
		return true;
	if (!get_lat(f, "write", write, "clat", l) || !l->pct || l->n <= 0)
		return false;
	if (get_lat(f, "write", write, "slat", &s) && s.n > 0)
		*slat_mean = s.mean;
	return true;
}

static void fill_sync(struct dc_latency *out, const struct lat *w, double count, double iops)
{
	memset(out, 0, sizeof(*out));
	out->count = count > 0 && count < 4e9 ? (unsigned)count : 0;
	out->mean_us = w->mean;
	out->stdev_us = w->stdev;
	out->min_us = w->min;
	out->max_us = w->max;
	out->p50_us = pct_at_least(w, 50);
	out->p90_us = pct_at_least(w, 90);
	out->p99_us = pct_at_least(w, 99);
	out->p999_us = pct_at_least(w, 99.9);
	out->iops = iops;
}

/* The write and its fdatasync as one durable write: upper bounds (see the top). */
static void fill_flush(struct dc_latency *out, const struct lat *w, const struct lat *s,
		       double count, double iops)
{
	memset(out, 0, sizeof(*out));
	out->count = count > 0 && count < 4e9 ? (unsigned)count : 0;
	out->mean_us = w->mean + s->mean;
	out->stdev_us = w->stdev + s->stdev;
	out->min_us = w->min + s->min;
	out->max_us = w->max + s->max;
	out->p50_us = pct_at_least(w, 80) + pct_at_least(s, 80);
	out->p90_us = pct_at_least(w, 95) + pct_at_least(s, 95);
	out->p99_us = pct_at_least(w, 99.5) + pct_at_least(s, 99.5);
	out->p999_us = pct_at_least(w, 99.95) + pct_at_least(s, 99.95);
	out->iops = iops;
}

/* The job as the probe's result, or -EINVAL with the reason in j->why. */
static int job_probe(struct job *j, const cJSON *jo, enum phase ph, struct dc_probe *p,
		     struct dc_import_part *part)
{
	/* the write's figures and the job's, each reader keeping its first bad one: the
	 * write's is said first */
	struct dc_json_reader fw, fj;
	char why_w[160], why_j[160], b[DC_PATH_LEN];
	const cJSON *write, *sync;
	double ios, bytes, iops, runtime_ms, elapsed_s, slat_mean;
	const char *where;
	struct lat w, s;

	dc_jr_init(&fw, why_w, sizeof(why_w), NULL);
	dc_jr_init(&fj, why_j, sizeof(why_j), NULL);
	dc_jr_obj(&fw, jo, "write", DC_JSON_SOFT, &write);
	dc_jr_obj(&fw, jo, "sync", DC_JSON_SOFT, &sync);
	dc_jr_enter(&fw, "write");
	ios = fig(&fw, write, "total_ios", -1);
	bytes = fig(&fw, write, "io_bytes", -1);
	iops = fig(&fw, write, "iops", 0);
	runtime_ms = fig(&fj, jo, "job_runtime", 0);
	elapsed_s = fig(&fj, jo, "elapsed", 0);
	if (runtime_ms <= 0)
		runtime_ms = fig(&fw, write, "runtime", 0);
	if (fw.rc || fj.rc)
		return dc_jr_fail_top(&j->r, -EINVAL, "%s", fw.rc ? why_w : why_j);
	if (!write || ios <= 0)
		return dc_jr_fail_top(&j->r, -EINVAL, "no writes in the run");
	if (ios >= 4e9 || ios != floor(ios))
		return dc_jr_fail_top(&j->r, -EINVAL, "%g writes: not a count", ios);
	/* A check on the options: what was written, per write. */
	if (bytes > 0 && fabs(bytes / ios - 4096) > 0.5)
		return dc_jr_fail_top(&j->r, -EINVAL, "%.0f bytes in %.0f writes: not 4 KiB each",
				      bytes, ios);
	if (!write_lat(&fw, write, &w, &slat_mean))
		return dc_jr_fail_top(&j->r, -EINVAL, "%s", fw.rc ? why_w
				      : "no write latency percentiles (clat_percentiles=0?)");
	memset(p, 0, sizeof(*p));
	if (ph == PHASE_SYNC) {
		fill_sync(&p->sync, &w, ios, iops);
	} else {
		if (!sync || !get_lat(&fw, "sync", sync, "lat", &s) || s.n <= 0 || !s.pct)
			return dc_jr_fail_top(&j->r, -EINVAL, "%s", fw.rc ? why_w
					      : "no fdatasync latency in the output (fio before 3.5?)");
		fill_flush(&p->flush, &w, &s, ios < s.n ? ios : s.n, iops);
	}
	{
		const struct dc_latency *l = ph == PHASE_SYNC ? &p->sync : &p->flush;

		/* An hour per write is no drive's answer, and past it the figures mean nothing. */
		if (!(l->p999_us < DC_LATENCY_MAX_US) || !(l->max_us < DC_LATENCY_MAX_US * 2) ||
		    !(l->mean_us < DC_LATENCY_MAX_US))
			return dc_jr_fail_top(&j->r, -EINVAL, "latencies beyond an hour: not a real "
					      "run");
	}
	if (ph == PHASE_FLUSH)
		dc_import_note(part, "fio: write + fdatasync p50 %.1f us, p99 %.1f us: upper bounds "
			       "(write p80 + fdatasync p80, p99.5 + p99.5)", p->flush.p50_us,
			       p->flush.p99_us);
	if (slat_mean > 0)
		dc_import_note(part, "fio: write percentiles are completion latencies; the submission "
			       "latency (mean %.1f us) is not in them", slat_mean);
	where = opt(j, "filename", b, sizeof(b));
	if (!where)
		where = opt(j, "directory", b, sizeof(b));
	snprintf(p->where, sizeof(p->where), "%s", where ? where : "fio's working directory");
	/* Neither of drivecheck's modes describes another tool's run: a device node is the
	 * nearer to a raw probe, anything else to a file on a filesystem. */
	p->mode = strncmp(p->where, "/dev/", 5) == 0 && strncmp(p->where, "/dev/shm/", 9) != 0
		  ? DC_PROBE_RAW : DC_PROBE_FILE;
	p->duration_s = runtime_ms > 0 ? runtime_ms / 1000.0 : elapsed_s;
	return 0;
}

/* fio prints its errors ("fio: pid=..., err=28/...") on standard output, before the JSON. */
static const char *json_start(const char *text)
{
	const char *s = text;

	while (*s) {
		const char *t = s;

		while (*t == ' ' || *t == '\t' || *t == '\r')
			t++;
		if (*t == '{')
			return t;
		if (strncmp(t, "fio: ", 5) != 0 && strncmp(t, "note: ", 6) != 0 && *t != '\n')
			return NULL;
		s = strchr(t, '\n');
		if (!s)
			return NULL;
		s++;
	}
	return NULL;
}

/* A job's name for messages: "?" when it has none. */
static const char *job_name(struct dc_json_reader *r, const cJSON *jo)
{
	const char *name = "?";

	dc_jr_str(r, jo, "jobname", SIZE_MAX, DC_JSON_SOFT, &name);
	return name;
}

int dc_import_fio(const char *text, size_t len, struct dc_import_parts *out, char *err,
		  size_t errlen)
{
	const char *s = json_start(text), *ver;
	const cJSON *jobs, *it, *jo, *global, *top;
	struct dc_json_reader r;
	cJSON *root = NULL;
	char reasons[384] = "";
	size_t rlen = 0;
	int idx = 0, used = -1, rc;
	struct dc_import_part *part = NULL;
	struct dc_probe probe;
	struct job j;

	dc_jr_init(&r, err, errlen, "fio");
	if (!s)
		return dc_jr_fail_top(&r, -EINVAL, "not a fio --output-format=json output");
	root = dc_json_parse(s, len - (size_t)(s - text), NULL, false, &rc);
	if (rc == -ENOMEM)
		return dc_jr_nomem(&r);
	if (!root)
		return dc_jr_fail_top(&r, -EINVAL, "not valid JSON (cut short, or nested past %d "
				      "levels)", CJSON_NESTING_LIMIT);
	if (dc_jr_obj(&r, root, NULL, DC_JSON_SOFT, &top) != DC_JSON_OK ||
	    dc_jr_str(&r, top, "fio version", SIZE_MAX, DC_JSON_SOFT, &ver) != DC_JSON_OK ||
	    dc_jr_arr(&r, top, "jobs", DC_JSON_SOFT, &jobs) != DC_JSON_OK ||
	    !cJSON_GetArraySize(jobs)) {
		rc = dc_jr_fail_top(&r, -EINVAL, "no \"fio version\" and \"jobs\": not a fio JSON "
				    "output");
		goto out;
	}
	if (dc_jr_obj(&r, top, "global options", DC_JSON_SOFT, &global) == DC_JSON_BAD) {
		rc = dc_jr_fail_top(&r, -EINVAL, "\"global options\" is not an object");
		goto out;
	}
	part = dc_import_part_add(out, DC_IMPORT_FIO);
	if (!part) {
		rc = dc_jr_nomem(&r);
		goto out;
	}
	cJSON_ArrayForEach(it, jobs) {
		const char *name = job_name(&r, it);
		enum phase ph;

		memset(&j, 0, sizeof(j));
		dc_jr_init(&j.r, j.why, sizeof(j.why), NULL);
		j.global = global;
		if (dc_jr_obj(&r, it, NULL, DC_JSON_SOFT, &jo) != DC_JSON_OK ||
		    dc_jr_obj(&r, jo, "job options", DC_JSON_SOFT, &j.opts) == DC_JSON_BAD) {
			rc = dc_jr_fail_top(&r, -EINVAL, "job %d is not an object with \"job "
					    "options\"", idx);
			goto out;
		}
		/* One failed job makes the run's numbers suspect: the whole file is refused. */
		{
			struct dc_json_reader f;
			char why[160];
			double e;

			dc_jr_init(&f, why, sizeof(why), NULL);
			e = fig(&f, jo, "error", 0);
			if (f.rc) {
				rc = dc_jr_fail_top(&r, -EINVAL, "job '%.40s': %s", name, why);
				goto out;
			}
			if (e != 0) {
				rc = dc_jr_fail_top(&r, -EINVAL, "job '%.40s' ended with error %.0f: the "
						    "run is not used", name, e);
				goto out;
			}
		}
		ph = used < 0 ? check_job(&j, jo) : PHASE_NONE;
		if (used < 0 && ph != PHASE_NONE && job_probe(&j, jo, ph, &probe, part) == 0)
			used = idx;
		if (used < 0 && rlen < sizeof(reasons) - 1)
			rlen += (size_t)snprintf(reasons + rlen, sizeof(reasons) - rlen, "%sjob '%.40s': %s",
						 rlen ? "; " : "", name, j.why);
		idx++;
	}
	if (used < 0) {
		rc = dc_jr_fail_top(&r, -EINVAL, "%s", reasons);
		goto out;
	}
	part->have_probe = true;
	part->probe = probe;
	if (idx > 1)
		dc_import_note(part, "fio: job %d of %d used%s%.100s", used + 1, idx, rlen ? "; " : "",
			       reasons);
	dc_import_note(part, "fio: another tool's run, imported: %s on %.60s",
		       probe.sync.count ? "O_SYNC/O_DSYNC writes" : "write + fdatasync", probe.where);
	rc = 1;
out:
	if (rc < 0 && part)
		dc_raw_free(&out->v[--out->n].raw); /* the part just added, and nothing else */
	cJSON_Delete(root);
	return rc;
}
