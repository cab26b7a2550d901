// SPDX-License-Identifier: GPL-2.0-or-later
/* scan.c - runs the one-way pipeline over devices, live or replayed from dumps. */
#include <dirent.h>
#include <pthread.h>
#include <time.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "device/availability.h"
#include "device/by_id.h"
#include "device/probe/cache_experiment.h"
#include "device/probe/cache_state.h"
#include "lookup/db.h"
#include "decide/evaluate.h"
#include "core/drive.h"
#include "device/dump.h"
#include "device/inspect.h"
#include "cli/progress.h"
#include "core/raw.h"
#include "device/disk_claim.h"
#include "cli/scan.h"
#include "device/sysfs.h"
#include "core/text_fit.h"
#include "device/protocol.h"

static void set_error(struct dc_check *r, int err, const char *fmt, const char *arg)
{
	r->error = err;
	snprintf(r->error_msg, sizeof(r->error_msg), fmt, arg, strerror(-err));
}

/*
 * A record of an earlier --try-cache-off that did not finish: the cache is off unless
 * the drive says it is on again (a power cycle, or a hand), and then the record is stale
 * and goes. A run still going has its cache off on purpose, for a few seconds.
 */
static void check_cache_record(const struct dc_scan_opts *o, struct dc_check *r)
{
	bool running = false;
	struct dc_cache_left *left = &r->cache_left;

	if (!o->state_dir ||
	    dc_cache_record_find(o->state_dir, &r->drive, left, &running) || !left->found)
		return;
	left->running = running;
	if (!running && r->drive.cache_enabled == DC_TRI_YES) {
		dc_cache_record_remove(o->state_dir, &r->drive);
		memset(left, 0, sizeof(*left));
	}
}

/* enumerate -> acquire -> parse, for one device: what is asked of it, not the probe. */
static void inspect_one(const struct dc_scan_opts *o, const char *name, struct dc_check *r,
			struct dc_raw *raw)
{
	int rc;

	rc = dc_sysfs_read_dev(o->sysroot, name, &r->dev);
	if (rc) {
		snprintf(r->dev.path, sizeof(r->dev.path), "/dev/%s", name);
		set_error(r, rc, rc == -ENOENT ? "%s: device vanished (%s)" : "%s: %s", r->dev.path);
		return;
	}
	/* Under --sysroot the tree is someone else's: never send a command or write to a
	 * device of this host that happens to have the same name. */
	if (o->sysroot[0]) {
		r->avail.sysfs_known = true;
		snprintf(r->avail.not_looked, sizeof(r->avail.not_looked),
			 "signatures and locks: --sysroot, no device I/O");
		dc_inspect_parse(&r->dev, raw, 0, &r->drive);
		r->unasked = dc_protocol_ops_for(r->dev.protocol)->acquire != NULL;
		snprintf(r->probe.skipped, sizeof(r->probe.skipped), "--sysroot: no device I/O");
		return;
	}
	/* What is on the disk first (libblkid reads its first and last blocks), the drive's
	 * pages after: the counters the drive then reports (host reads, data units read) hold
	 * every read drivecheck made, as a tool that reads them next finds them. */
	dc_availability_look(&r->dev, &r->avail);
	rc = dc_inspect_acquire(&r->dev, raw);
	if (rc == -ENOENT || rc == -ENXIO || rc == -ENODEV) {
		set_error(r, rc, "%s: device vanished while being read (%s)", r->dev.path);
		return;
	}
	dc_inspect_parse(&r->dev, raw, rc, &r->drive);
	/* the run's warning asks this errno, not the words the parse made of it */
	r->refused = rc == -EACCES || rc == -EPERM ? rc : dc_raw_refused(raw);
	check_cache_record(o, r);
	if (!o->probe)
		snprintf(r->probe.skipped, sizeof(r->probe.skipped), "disabled (--no-probe)");
}

/*
 * The probes, at once where they may be: one thread per physical device group (the
 * devices that share a phys_key are probed one after another, never together), at
 * most o->jobs groups at a time. A terminal gets one progress display for all.
 */
struct probe_work {
	const struct dc_scan_opts *o;
	struct dc_check *reports;
	unsigned **groups;          /* groups[g]: indices into reports, ended by UINT_MAX */
	unsigned ngroups;
	unsigned next;              /* the next group to take, under lock */
	pthread_mutex_t lock;
	struct dc_progress *progress;
	struct dc_progress_slot *slots;
	struct timespec t0;
	unsigned running;           /* threads not yet finished, under lock */
};

static double seconds_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* After the probe, --try-cache-off: the same probe with the drive's cache off. */
static void try_cache_off(const struct dc_scan_opts *o, struct dc_check *r,
			  const struct dc_probe_opts *first_opts)
{
	struct dc_probe_opts opts = *first_opts;
	struct dc_trial_env env = {
		.set_cache = dc_protocol_ops_for(r->dev.protocol)->set_cache,
		.probe = dc_probe_run,
		.probe_opts = &opts,
		.state_dir = o->state_dir ? o->state_dir : dc_state_dir(),
		.claim = dc_disk_claim,
		.users_now = dc_disk_users_now,
	};
	bool running;

	opts.label = "cache off";
	opts.disk_claimed = true; /* the experiment holds the disk's lock for its probe */
	dc_cache_trial_run(&env, &r->dev, &r->drive, &r->probe, &r->cache_left, &r->cache_trial);
	/* a cache that could not be put back: the check says so as the next run will */
	if (r->cache_trial.state == DC_TRIAL_FAILED && r->cache_trial.restored != DC_TRI_YES &&
	    dc_cache_record_find(env.state_dir, &r->drive, &r->cache_left, &running) == 0)
		r->cache_left.running = false;
}

static void probe_one(struct probe_work *w, unsigned i)
{
	struct dc_check *r = &w->reports[i];
	struct dc_probe_opts opts = w->o->probe_opts;
	double start;

	if (w->progress) {
		opts.progress = dc_progress_probe_cb;
		opts.progress_ud = &w->slots[i];
	}
	start = seconds_since(&w->t0);
	if (opts.stop && *opts.stop) /* a signal came: start no new probe */
		snprintf(r->probe.skipped, sizeof(r->probe.skipped), "interrupted");
	else
		dc_probe_run(&r->dev, &opts, &r->probe);
	r->probe.start_s = r->probe.mode == DC_PROBE_NOT_RUN ? 0 : start;
	if (w->o->try_cache_off)
		try_cache_off(w->o, r, &opts);
	if (r->cache_trial.state == DC_TRIAL_DONE)
		dc_progress_finish(w->progress, i, r->dev.name, "done: flush p50 %.0f us with the "
				   "cache on, %.0f us with it off", r->probe.flush.p50_us,
				   r->cache_trial.probe.flush.p50_us);
	else if (r->probe.mode != DC_PROBE_NOT_RUN)
		dc_progress_finish(w->progress, i, r->dev.name, "done: dsync p50 %.0f us, flush "
				   "p50 %.0f us", r->probe.sync.p50_us, r->probe.flush.p50_us);
	else
		dc_progress_finish(w->progress, i, r->dev.name, "not run: %.100s", r->probe.skipped);
}

static void *probe_worker(void *arg)
{
	struct probe_work *w = arg;

	for (;;) {
		unsigned g;

		pthread_mutex_lock(&w->lock);
		g = w->next < w->ngroups ? w->next++ : UINT_MAX;
		if (g == UINT_MAX)
			w->running--;
		pthread_mutex_unlock(&w->lock);
		if (g == UINT_MAX)
			return NULL;
		for (unsigned *k = w->groups[g]; *k != UINT_MAX; k++)
			probe_one(w, *k);
	}
}

static bool wants_probe(const struct dc_scan_opts *o, const struct dc_check *r)
{
	return o->probe && !o->sysroot[0] && !r->error;
}

/* Groups the drives to probe by physical device. Returns the number of groups or -ENOMEM. */
static int group_by_device(const struct dc_scan_opts *o, struct dc_check *r, unsigned n,
			   unsigned ***out)
{
	unsigned **g = calloc(n ? n : 1, sizeof(*g)), ng = 0;

	if (!g)
		return -ENOMEM;
	for (unsigned i = 0; i < n; i++) {
		unsigned k, len = 0;

		if (!wants_probe(o, &r[i]))
			continue;
		for (k = 0; k < ng; k++)
			if (strcmp(r[g[k][0]].dev.phys_key, r[i].dev.phys_key) == 0)
				break;
		if (k == ng) {
			g[ng] = malloc((n + 1) * sizeof(**g));
			if (!g[ng])
				goto oom;
			g[ng++][0] = UINT_MAX;
		}
		while (g[k][len] != UINT_MAX)
			len++;
		g[k][len] = i;
		g[k][len + 1] = UINT_MAX;
	}
	*out = g;
	return (int)ng;
oom:
	for (unsigned k = 0; k < ng; k++)
		free(g[k]);
	free(g);
	return -ENOMEM;
}

static int probe_all(const struct dc_scan_opts *o, struct dc_check *r, unsigned n)
{
	struct probe_work w = { .o = o, .reports = r };
	pthread_t *tids = NULL;
	unsigned nthreads, started = 0;
	int ng = group_by_device(o, r, n, &w.groups), rc = 0;

	if (ng < 0)
		return ng;
	w.ngroups = (unsigned)ng;
	nthreads = o->jobs ? o->jobs : 1;
	if (nthreads > w.ngroups)
		nthreads = w.ngroups;
	pthread_mutex_init(&w.lock, NULL);
	clock_gettime(CLOCK_MONOTONIC, &w.t0);
	if (o->progress && nthreads) {
		w.progress = dc_progress_new(stderr, n);
		w.slots = calloc(n, sizeof(*w.slots));
		for (unsigned i = 0; w.slots && i < n; i++)
			w.slots[i] = (struct dc_progress_slot){ w.progress, i };
		if (!w.slots) {
			dc_progress_free(w.progress);
			w.progress = NULL;
		}
	}
	tids = calloc(nthreads ? nthreads : 1, sizeof(*tids));
	if (!tids) {
		rc = -ENOMEM;
		goto out;
	}
	w.running = nthreads;
	for (; started < nthreads; started++)
		if (pthread_create(&tids[started], NULL, probe_worker, &w) != 0)
			break;
	if (started < nthreads) {
		/* fewer threads than asked: the ones running take every group all the same */
		pthread_mutex_lock(&w.lock);
		w.running -= nthreads - started;
		pthread_mutex_unlock(&w.lock);
		if (!started)
			probe_worker(&w);
	}
	while (w.progress) {
		unsigned running;
		struct timespec nap = { 0, 250000000 };

		dc_progress_draw(w.progress);
		pthread_mutex_lock(&w.lock);
		running = w.running;
		pthread_mutex_unlock(&w.lock);
		if (!running)
			break;
		nanosleep(&nap, NULL);
	}
	for (unsigned t = 0; t < started; t++)
		pthread_join(tids[t], NULL);
out:
	dc_progress_free(w.progress);
	free(w.slots);
	free(tids);
	for (unsigned k = 0; k < w.ngroups; k++)
		free(w.groups[k]);
	free(w.groups);
	pthread_mutex_destroy(&w.lock);
	return rc;
}

/* After the probe: the dump (pages and probe), then look up and decide. */
static void finish_one(const struct dc_scan_opts *o, struct dc_check *r, const struct dc_raw *raw)
{
	if (r->error)
		return;
	if (o->dump_dir && !o->sysroot[0]) {
		struct dc_dump_parts parts = dc_check_dump_parts(r);
		char dir[PATH_MAX];
		int rc;

		snprintf(dir, sizeof(dir), "%s/%s", o->dump_dir, r->dev.name);
		rc = dc_dump_write(dir, &parts, raw);
		if (rc)
			set_error(r, rc, "cannot write the dump under %s: %s", o->dump_dir);
	}
	if (!r->error)
		dc_evaluate(o->db, r);
}

/* Each disk's stable name, for a spec that must outlive a reboot: the folder of links read
 * once for all of them. Without it (no udev, no memory) the disks keep their kernel names. */
static void name_by_id(const struct dc_scan_opts *o, struct dc_check *r, unsigned n)
{
	struct dc_by_id links;

	if (dc_by_id_read(o->sysroot, &links))
		return;
	for (unsigned i = 0; i < n; i++)
		if (!r[i].error)
			dc_by_id_pick(&links, r[i].dev.name, r[i].dev.by_id, sizeof(r[i].dev.by_id));
	dc_by_id_free(&links);
}

/* A DEVICE named that is not a whole disk. dc_sysfs_resolve() says "a partition" with
 * -EISDIR and names its disk: that code is no errno to put in words (it would say "Is a
 * directory"), nor is -ENOTBLK's "Block device required" more than the sentence says. */
static void resolve_failed(struct dc_check *r, int err, const char *arg, const char *disk)
{
	r->error = err;
	if (err == -EISDIR)
		snprintf(r->error_msg, sizeof(r->error_msg), "%s: a partition; name the whole "
			 "disk (/dev/%s)", arg, disk);
	else if (err == -ENOTBLK)
		snprintf(r->error_msg, sizeof(r->error_msg), "%s: not a block device", arg);
	else if (err == -ENOENT)
		snprintf(r->error_msg, sizeof(r->error_msg), "%s: no such device (%s)", arg,
			 strerror(-err));
	else if (err == -EACCES)
		snprintf(r->error_msg, sizeof(r->error_msg), "%s: permission denied", arg);
	else
		snprintf(r->error_msg, sizeof(r->error_msg), "%s: %s", arg, strerror(-err));
}

int dc_scan_devices(const struct dc_scan_opts *o, char *const *args, unsigned nargs,
		    struct dc_check **reports, unsigned *n)
{
	char (*names)[DC_NAME_LEN] = NULL;
	struct dc_check *out = NULL;
	struct dc_raw *raws = NULL;
	unsigned count;
	int rc = 0;

	*reports = NULL;
	*n = 0;
	/* every disk there is, every device named: no count is too many */
	if (!args) {
		rc = dc_sysfs_list_disks(o->sysroot, &names, &count);
		if (rc < 0)
			goto out;
	} else {
		count = nargs;
		names = calloc(count ? count : 1, DC_NAME_LEN);
		if (!names)
			return -ENOMEM;
	}
	out = calloc(count ? count : 1, sizeof(*out));
	if (!out) {
		rc = -ENOMEM;
		goto out;
	}
	raws = calloc(count ? count : 1, sizeof(*raws));
	if (!raws) {
		rc = -ENOMEM;
		goto out;
	}
	for (unsigned i = 0; i < count; i++) {
		if (args) {
			int err = dc_sysfs_resolve(o->sysroot, args[i], names[i]);
			if (err) {
				snprintf(out[i].dev.path, sizeof(out[i].dev.path), "%s", args[i]);
				out[i].dev.transport = DC_TRAN_UNKNOWN;
				resolve_failed(&out[i], err, args[i], names[i]);
				continue;
			}
		}
		inspect_one(o, names[i], &out[i], &raws[i]);
	}
	name_by_id(o, out, count);
	rc = probe_all(o, out, count);
	for (unsigned i = 0; i < count; i++) {
		finish_one(o, &out[i], &raws[i]);
		dc_raw_free(&raws[i]);
	}
	if (rc)
		goto out;
	*reports = out;
	*n = count;
	out = NULL;
out:
	free(raws);
	free(out);
	free(names);
	return rc;
}

static int replay_one(const struct dc_scan_opts *o, const char *dir, struct dc_check *r,
		      char *err, size_t errlen)
{
	struct dc_raw raw = { 0 };
	struct dc_dump_parts parts = dc_check_dump_parts(r);
	int rc = dc_dump_read(dir, &parts, &raw, err, errlen);

	if (rc == 0) {
		snprintf(r->replayed_from, sizeof(r->replayed_from), "%s", dir);
		dc_inspect_parse(&r->dev, &raw, 0, &r->drive);
		if (r->probe.mode == DC_PROBE_NOT_RUN && !r->probe.skipped[0]) /* older dumps */
			snprintf(r->probe.skipped, sizeof(r->probe.skipped), "replay of a dump without a probe");
		dc_evaluate(o->db, r);
	}
	dc_raw_free(&raw);
	return rc;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int dc_scan_replay(const struct dc_scan_opts *o, const char *dir, struct dc_check **reports,
		   unsigned *n, char *err, size_t errlen)
{
	char path[PATH_MAX];
	char **subdirs = NULL;
	unsigned nsub = 0, cap = 0, count = 0;
	struct dc_check *out;
	struct dirent *de;
	struct stat st;
	DIR *d;
	int rc = 0;

	*reports = NULL;
	*n = 0;
	snprintf(path, sizeof(path), "%s/device.json", dir);
	if (stat(path, &st) == 0) {
		out = calloc(1, sizeof(*out));
		if (!out)
			return -ENOMEM;
		rc = replay_one(o, dir, out, err, errlen);
		if (rc) {
			free(out);
			return rc;
		}
		*reports = out;
		*n = 1;
		return 0;
	}
	d = opendir(dir);
	if (!d) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -errno;
	}
	/* every dump of the folder, however many */
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s/device.json", dir, de->d_name);
		if (stat(path, &st) != 0)
			continue;
		if (nsub == cap) {
			unsigned ncap = cap ? 2 * cap : 64;
			char **nv = realloc(subdirs, ncap * sizeof(*subdirs));

			if (!nv) {
				rc = -ENOMEM;
				break;
			}
			subdirs = nv;
			cap = ncap;
		}
		if (!(subdirs[nsub] = strdup(de->d_name))) {
			rc = -ENOMEM;
			break;
		}
		nsub++;
	}
	closedir(d);
	if (rc) {
		for (unsigned i = 0; i < nsub; i++)
			free(subdirs[i]);
		free(subdirs);
		snprintf(err, errlen, "%s: %s", dir, strerror(-rc));
		return rc;
	}
	if (!nsub) {
		free(subdirs);
		snprintf(err, errlen, "%s: no drivecheck dump here (no device.json)", dir);
		return -ENOENT;
	}
	qsort(subdirs, nsub, sizeof(subdirs[0]), name_cmp);
	/* One bad dump among many is that device's error; the others are still replayed. */
	out = calloc(nsub, sizeof(*out));
	for (unsigned i = 0; out && i < nsub; i++, count++) {
		char why[512] = "";

		snprintf(path, sizeof(path), "%s/%s", dir, subdirs[i] ? subdirs[i] : "");
		rc = replay_one(o, path, &out[count], why, sizeof(why));
		if (rc) {
			memset(&out[count], 0, sizeof(out[count]));
			dc_fit(out[count].dev.path, sizeof(out[count].dev.path), path);
			out[count].dev.transport = DC_TRAN_UNKNOWN;
			out[count].error = rc;
			dc_fit(out[count].error_msg, sizeof(out[count].error_msg),
			       why[0] ? why : strerror(-rc));
		}
	}
	for (unsigned i = 0; i < nsub; i++)
		free(subdirs[i]);
	free(subdirs);
	if (!out)
		return -ENOMEM;
	*reports = out;
	*n = count;
	return 0;
}

unsigned dc_scan_warnings(const struct dc_check *r, unsigned n, bool as_root, const char **out)
{
	bool refused = false;

	for (unsigned i = 0; i < n; i++)
		refused |= r[i].refused != 0;
	if (!n)
		return 0;
	if (!as_root) {
		out[0] = "not running as root: the drives' identify, SMART and log pages could not "
			 "be read, so their own answers (write cache, power-loss protection, "
			 "health) are missing and the verdicts rest on sysfs and the database; run "
			 "as root for a full check";
		return 1;
	}
	if (refused) {
		/* root refused: a device cgroup (EPERM on open) or a security module (EACCES),
		 * each drive's error names which (raw.h: dc_open_denied_text); a command
		 * refused for a capability root lacks in a container, too */
		out[0] = "running as root, yet the kernel refused drives or their commands (a "
			 "device cgroup or missing capabilities, as in a container, or a security "
			 "module such as SELinux or AppArmor): their identify, SMART and log pages "
			 "could not be read, so their own answers are missing and the verdicts rest "
			 "on sysfs and the database; allow the devices for a full check";
		return 1;
	}
	return 0;
}
