// SPDX-License-Identifier: GPL-2.0-or-later
/* test_cache_experiment.c - --try-cache-off against a pretend drive that can refuse, ignore
 * or fail each step: the cache always ends on or recorded, the record exists whenever the
 * cache is off, and nothing is touched when the experiment is not tried. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "device/probe/cache_experiment.h"
#include "device/probe/cache_state.h"
#include "dc_test.h"
#include "core/raw.h"

/* The pretend drive. */
static struct {
	enum dc_tri cache;       /* what it holds now */
	int refuse_off;          /* set_cache(off) returns this (0: obeys) */
	bool ignore_off;         /* takes "off" and stays on */
	int refuse_on;           /* set_cache(on) returns this */
	struct dc_io_status said; /* and says this of its refusal (DC_IO_OK: nothing) */
	bool read_back_unknown;  /* cannot say its state after a command */
	unsigned calls;          /* set_cache calls */
	char log[16];            /* 'f' off, 'n' on, in order */
	unsigned probes;
	bool probe_saw_off;      /* the probe ran with the cache off ... */
	bool probe_saw_record;   /* ... and the record on disk */
	int probe_rc;            /* the probe fails with this */
} drive;

static char state_dir[64];
static struct dc_dev dev;
static struct dc_drive drv;

static int fake_set_cache(const struct dc_dev *d, bool on, enum dc_tri *now,
			  struct dc_io_status *st)
{
	(void)d;
	if ((!on && drive.refuse_off) || (on && drive.refuse_on))
		*st = drive.said;
	if (drive.calls < sizeof(drive.log) - 1)
		drive.log[drive.calls] = on ? 'n' : 'f';
	drive.calls++;
	if (!on && drive.refuse_off)
		return drive.refuse_off;
	if (on && drive.refuse_on)
		return drive.refuse_on;
	if (on || !drive.ignore_off)
		drive.cache = on ? DC_TRI_YES : DC_TRI_NO;
	*now = drive.read_back_unknown ? DC_TRI_UNKNOWN : drive.cache;
	return 0;
}

static bool record_exists(void)
{
	char path[256];
	struct stat st;

	return dc_cache_record_path(state_dir, &drv, path, sizeof(path)) == 0 &&
	       stat(path, &st) == 0;
}

static int fake_probe(const struct dc_dev *d, const struct dc_probe_opts *o, struct dc_probe *out)
{
	(void)d;
	(void)o;
	drive.probes++;
	drive.probe_saw_off = drive.cache == DC_TRI_NO;
	drive.probe_saw_record = record_exists();
	memset(out, 0, sizeof(*out));
	if (drive.probe_rc) {
		snprintf(out->skipped, sizeof(out->skipped), "interrupted");
		return drive.probe_rc;
	}
	out->mode = DC_PROBE_FILE;
	out->sync.count = out->flush.count = 100;
	out->sync.p50_us = 40;
	out->flush.p50_us = 50;
	return 0;
}

static struct dc_probe first;
static struct dc_cache_left none;
static struct dc_probe_opts popts;
static struct dc_trial_env env = { .set_cache = fake_set_cache, .probe = fake_probe,
				   .probe_opts = &popts, .state_dir = state_dir };

static void reset(void)
{
	memset(&drive, 0, sizeof(drive));
	drive.cache = DC_TRI_YES;
	memset(&dev, 0, sizeof(dev));
	memset(&drv, 0, sizeof(drv));
	snprintf(dev.name, sizeof(dev.name), "sdz");
	snprintf(dev.path, sizeof(dev.path), "/dev/sdz");
	dev.protocol = DC_PROTO_ATA;
	dev.transport = DC_TRAN_SATA;
	snprintf(drv.model, sizeof(drv.model), "ACME SSD 960GB");
	snprintf(drv.serial, sizeof(drv.serial), "SN/0001");
	drv.cache_present = drv.cache_enabled = DC_TRI_YES;
	memset(&first, 0, sizeof(first));
	first.mode = DC_PROBE_FILE;
	first.sync.count = 10;
	memset(&none, 0, sizeof(none));
	dc_cache_record_remove(state_dir, &drv);
}

static void test_done(void)
{
	struct dc_cache_trial t;

	reset();
	dc_cache_trial_run(&env, &dev, &drv, &first, &none, &t);
	CHECK(t.state == DC_TRIAL_DONE);
	CHECK_STR(drive.log, "fn");
	CHECK(drive.probes == 1 && drive.probe_saw_off && drive.probe_saw_record);
	CHECK(t.off_honoured == DC_TRI_YES && t.restored == DC_TRI_YES);
	CHECK(drive.cache == DC_TRI_YES);
	CHECK(!record_exists());
	CHECK(t.probe.mode == DC_PROBE_FILE && t.probe.flush.p50_us == 50);
	CHECK(t.why[0] == '\0');
}

static void test_refuses_off(void)
{
	struct dc_cache_trial t;

	reset();
	drive.refuse_off = -EOPNOTSUPP; /* ILLEGAL REQUEST, as sgio.c says it */
	dc_cache_trial_run(&env, &dev, &drv, &first, &none, &t);
	CHECK(t.state == DC_TRIAL_FAILED);
	CHECK_STR(drive.log, "f");
	CHECK(drive.probes == 0 && drive.cache == DC_TRI_YES && !record_exists());
	CHECK(strstr(t.why, "refused") && strstr(t.why, "nothing was changed"));
	CHECK(strstr(t.why, "not supported by the device or driver") != NULL);

	/* the drive's own words, when it gave them: its sense data, as smartctl says it */
	reset();
	drive.refuse_off = -EOPNOTSUPP;
	drive.said.kind = DC_IO_SCSI;
	drive.said.scsi_status = 0x02;
	drive.said.sense = (struct dc_sense){ .valid = true, .asc_valid = true, .key = 5,
					      .asc = 0x26, .ascq = 0 };
	dc_cache_trial_run(&env, &dev, &drv, &first, &none, &t);
	CHECK(t.state == DC_TRIAL_FAILED && drive.cache == DC_TRI_YES && !record_exists());
	CHECK(strstr(t.why, "refused to turn its cache off (ILLEGAL REQUEST: invalid field in "
			    "parameter list (sense 5/26/00)); nothing was changed") != NULL);
}

static void test_ignores_off(void)
{
	struct dc_cache_trial t;

	reset();
	drive.ignore_off = true;
	dc_cache_trial_run(&env, &dev, &drv, &first, &none, &t);
	CHECK(t.state == DC_TRIAL_FAILED && t.off_honoured == DC_TRI_NO);
	CHECK(drive.probes == 0 && drive.cache == DC_TRI_YES && !record_exists());
	CHECK(strstr(t.why, "still on") != NULL);

	/* a drive that cannot say: not probed, told to turn it on again, record gone */
	reset();
	drive.read_back_unknown = true;
	dc_cache_trial_run(&env, &dev, &drv, &first, &none, &t);
	CHECK(t.state == DC_TRIAL_FAILED && t.off_honoured == DC_TRI_UNKNOWN);
	CHECK(drive.probes == 0 && drive.cache == DC_TRI_YES);
	CHECK_STR(drive.log, "fn");
	/* it said "unknown" after "on" too, so the record stays: the cache may be off */
	CHECK(record_exists());
	CHECK(strstr(t.why, "restore-cache /dev/sdz") != NULL);
}

static void test_restore_fails(void)
{
	struct dc_cache_trial t;
	struct dc_cache_left left;
	bool running = true;
	char msg[512];

	reset();
	drive.refuse_on = -EIO;
	dc_cache_trial_run(&env, &dev, &drv, &first, &none, &t);
	CHECK(t.state == DC_TRIAL_FAILED && t.restored != DC_TRI_YES);
	CHECK(drive.cache == DC_TRI_NO && record_exists());
	CHECK(strstr(t.why, "off, which is safe") && strstr(t.why, "--restore-cache /dev/sdz"));
	CHECK(strstr(t.why, "failed (Input/output error)") != NULL);

	/* the next run finds the record: ours, and not running (this process wrote it) */
	CHECK(dc_cache_record_find(state_dir, &drv, &left, &running) == 0);
	CHECK(left.found && !running && left.pid == (long)getpid() && left.since[0] == '2');
	/* and a second experiment is refused before anything is sent */
	drive.calls = 0;
	dc_cache_trial_run(&env, &dev, &drv, &first, &left, &t);
	CHECK(t.state == DC_TRIAL_SKIPPED && drive.calls == 0);
	CHECK(strstr(t.why, "earlier run left its cache off") != NULL);
	/* --restore-cache, still failing: the record stays, and the message has what the
	 * controller answered (an NVMe status) */
	drive.said = dc_io_nvme(0x4002);
	CHECK(dc_cache_restore(&env, &dev, &drv, &left, msg, sizeof(msg)) != 0);
	CHECK(record_exists() && drive.cache == DC_TRI_NO);
	CHECK(strstr(msg, "turning the cache back on failed (Invalid Field in Command (NVMe status 0x4002))") != NULL);
	/* --restore-cache, working now */
	drive.refuse_on = 0;
	CHECK(dc_cache_restore(&env, &dev, &drv, &left, msg, sizeof(msg)) == 0);
	CHECK(drive.cache == DC_TRI_YES && !record_exists());
	CHECK(strstr(msg, "on again") != NULL);
	/* with no record, --restore-cache turns nothing on */
	drive.calls = 0;
	CHECK(dc_cache_record_find(state_dir, &drv, &left, &running) == 0 && !left.found);
	CHECK(dc_cache_restore(&env, &dev, &drv, &left, msg, sizeof(msg)) == -ENOENT);
	CHECK(drive.calls == 0 && strstr(msg, "nothing was changed"));
}

static void test_probe_fails(void)
{
	struct dc_cache_trial t;

	reset();
	drive.probe_rc = -EINTR; /* a signal */
	dc_cache_trial_run(&env, &dev, &drv, &first, &none, &t);
	CHECK(t.state == DC_TRIAL_FAILED && t.restored == DC_TRI_YES);
	CHECK_STR(drive.log, "fn");
	CHECK(drive.cache == DC_TRI_YES && !record_exists());
	CHECK(strstr(t.why, "did not finish (interrupted)") != NULL);
}

/* Each reason not to try: nothing sent to the drive, no record written. */
static void test_refusals(void)
{
	struct dc_cache_trial t;
	struct dc_trial_env noswitch = env;
	struct dc_cache_left left = { .found = true };
	int fd;

	for (int k = 0; k < 8; k++) {
		const struct dc_trial_env *e = &env;
		const struct dc_cache_left *l = &none;
		const char *want = NULL;

		reset();
		switch (k) {
		case 0: first.mode = DC_PROBE_NOT_RUN; want = "probe did not run"; break;
		case 1: noswitch.set_cache = NULL; e = &noswitch; want = "no command set"; break;
		case 2: drv.cache_present = DC_TRI_NO; want = "no volatile write cache"; break;
		case 3: drv.cache_enabled = DC_TRI_NO; want = "off already"; break;
		case 4: drv.cache_enabled = DC_TRI_UNKNOWN; want = "does not say"; break;
		case 5: dev.readonly = true; want = "read-only"; break;
		case 6: drv.serial[0] = '\0'; want = "no serial"; break;
		case 7: l = &left; want = "earlier run"; break;
		}
		dc_cache_trial_run(e, &dev, &drv, &first, l, &t);
		CHECK(t.state == DC_TRIAL_SKIPPED && drive.calls == 0 && drive.probes == 0);
		CHECK(strstr(t.why, want) != NULL);
		if (k != 6)
			CHECK(!record_exists());
	}

	/* a record already there (another run): not started */
	reset();
	CHECK(dc_cache_record_write(state_dir, &dev, &drv) == 0);
	dc_cache_trial_run(&env, &dev, &drv, &first, &none, &t);
	CHECK(t.state == DC_TRIAL_SKIPPED && drive.calls == 0 && strstr(t.why, "exists"));
	CHECK(dc_cache_record_write(state_dir, &dev, &drv) == -EEXIST);
	dc_cache_record_remove(state_dir, &drv);

	/* a folder for records that cannot be made: not started */
	{
		char file[96];
		struct dc_trial_env bad = env;
		char baddir[128];

		snprintf(file, sizeof(file), "%s/plain-file", state_dir);
		fd = open(file, O_CREAT | O_WRONLY, 0644);
		CHECK(fd >= 0);
		close(fd);
		snprintf(baddir, sizeof(baddir), "%s/sub", file);
		bad.state_dir = baddir;
		reset();
		dc_cache_trial_run(&bad, &dev, &drv, &first, &none, &t);
		CHECK(t.state == DC_TRIAL_SKIPPED && drive.calls == 0);
		CHECK(strstr(t.why, "cannot keep a record") != NULL);
		unlink(file);
	}
}

/* Records that are not what they should be: found all the same, or not this drive's. */
static void test_odd_records(void)
{
	char path[256];
	struct dc_cache_left left;
	bool running;
	int fd;

	reset();
	CHECK(dc_cache_record_path(state_dir, &drv, path, sizeof(path)) == 0);
	CHECK(strstr(path, "cache-off-ACME_SSD_960GB-SN_0001.json") != NULL);
	fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
	CHECK(fd >= 0 && write(fd, "{not json", 9) == 9);
	close(fd);
	CHECK(dc_cache_record_find(state_dir, &drv, &left, &running) == 0);
	CHECK(left.found && !running && left.since[0] == '\0' && left.pid == 0);

	/* SN/0001 and SN_0001 share a file name; the record says which it is */
	unlink(path);
	CHECK(dc_cache_record_write(state_dir, &dev, &drv) == 0);
	snprintf(drv.serial, sizeof(drv.serial), "SN_0001");
	CHECK(dc_cache_record_find(state_dir, &drv, &left, &running) == 0 && !left.found);
	snprintf(drv.serial, sizeof(drv.serial), "SN/0001");
	CHECK(dc_cache_record_find(state_dir, &drv, &left, &running) == 0 && left.found);
	dc_cache_record_remove(state_dir, &drv);

	/* a hostile serial cannot leave the folder */
	snprintf(drv.serial, sizeof(drv.serial), "../../etc/x");
	CHECK(dc_cache_record_path(state_dir, &drv, path, sizeof(path)) == 0);
	CHECK(strstr(path, "/../") == NULL && strncmp(path, state_dir, strlen(state_dir)) == 0);
}

/* The disk claim: a held disk is never touched; the claim is kept for the whole experiment
 * and let go at its end; an opener meanwhile is named. */
static int claim_fd = -1;
static bool claim_refuse, claim_held_during_probe;

static int fake_claim(const struct dc_dev *d, char *why, size_t len)
{
	(void)d;
	if (claim_refuse) {
		snprintf(why, len, "/dev/sdz is open in another process: pid 42 (dd)");
		return -EBUSY;
	}
	claim_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	return claim_fd;
}

static void fake_users(const struct dc_dev *d, char *who, size_t len)
{
	(void)d;
	snprintf(who, len, "pid 43 (smartd)");
}

static int claim_probe(const struct dc_dev *d, const struct dc_probe_opts *o, struct dc_probe *out)
{
	claim_held_during_probe = claim_fd >= 0 && fcntl(claim_fd, F_GETFD) >= 0;
	return fake_probe(d, o, out);
}

static void test_claim(void)
{
	struct dc_trial_env held = env;
	struct dc_cache_trial t;

	held.claim = fake_claim;
	held.probe = claim_probe;
	reset();
	claim_refuse = true;
	dc_cache_trial_run(&held, &dev, &drv, &first, &none, &t);
	CHECK(t.state == DC_TRIAL_SKIPPED);
	CHECK(strstr(t.why, "pid 42 (dd)") != NULL);
	CHECK(drive.calls == 0 && drive.probes == 0 && !record_exists());

	reset();
	claim_refuse = false;
	dc_cache_trial_run(&held, &dev, &drv, &first, &none, &t);
	CHECK(t.state == DC_TRIAL_DONE);
	CHECK(claim_held_during_probe);
	CHECK(claim_fd >= 0 && fcntl(claim_fd, F_GETFD) < 0 && errno == EBADF); /* let go */
	CHECK(t.why[0] == '\0');

	reset();
	held.users_now = fake_users;
	dc_cache_trial_run(&held, &dev, &drv, &first, &none, &t);
	CHECK(t.state == DC_TRIAL_DONE);
	CHECK(strstr(t.why, "opened meanwhile by pid 43 (smartd)") != NULL);
}

int main(void)
{
	snprintf(state_dir, sizeof(state_dir), "/tmp/dc-cache-test.XXXXXX");
	if (!mkdtemp(state_dir)) {
		perror("mkdtemp");
		return 1;
	}
	test_done();
	test_refuses_off();
	test_ignores_off();
	test_restore_fails();
	test_probe_fails();
	test_refusals();
	test_odd_records();
	test_claim();
	rmdir(state_dir);
	return dc_test_summary("test_cache_experiment");
}
