// SPDX-License-Identifier: GPL-2.0-or-later
/* cmd_ceph_health.c - drivecheck ceph-health: Ceph's device health store asked of the ceph
 * CLI, device by device, saved as Ceph prints it, and imported (docs/ceph.md). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/commands.h"
#include "core/files.h"
#include "import/ceph/ceph_run.h"
#include "import/ceph/import_ceph.h"
#include "import/import.h"

#define CEPH_TIMEOUT_DEFAULT 30.0 /* seconds per call: a mgr that answers at all answers in
				     well under that, and a hung one holds nothing up longer */

/* What ceph said when a call failed: its stderr's first line. */
static void say_failed(const char *what, const char *cmd, const struct dc_ceph_call *call,
		       double timeout)
{
	char line[sizeof(call->err)];
	char *nl;

	if (call->timed_out) {
		fprintf(stderr, "drivecheck ceph-health: %s'%s' timed out after %g s (its processes "
			"killed)\n", what, cmd, timeout);
		return;
	}
	snprintf(line, sizeof(line), "%s", call->err);
	if ((nl = strchr(line, '\n')))
		*nl = '\0';
	fprintf(stderr, "drivecheck ceph-health: %s'%s' failed (exit %d)%s%s\n", what, cmd,
		call->status, line[0] ? ": " : "", line);
}

/* One read-only call of ceph (args after "ceph"), its output into path. Returns 0 when it
 * answered (exit 0), 1 when it failed or timed out (said), -errno when it could not run. */
static int ceph_call(const char *path, char *const args[], const char *what, double timeout)
{
	char *argv[8] = { "ceph" }, cmd[512] = "ceph";
	struct dc_ceph_call call;
	size_t at = 4;
	int fd, rc;

	for (unsigned i = 0; args[i] && i + 1 < 8; i++) {
		argv[i + 1] = args[i];
		at += (size_t)snprintf(cmd + at, at < sizeof(cmd) ? sizeof(cmd) - at : 0, " %s",
				       args[i]);
		if (at >= sizeof(cmd))
			at = sizeof(cmd) - 1;
	}
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	rc = dc_ceph_run(argv, timeout, fd, &call);
	close(fd);
	if (rc) {
		unlink(path);
		return rc;
	}
	if (call.status == 0 && !call.timed_out)
		return 0;
	say_failed(what, cmd, &call, timeout);
	unlink(path); /* what it printed before it failed is no answer */
	return 1;
}

/* The folder Ceph's outputs go to: --save's (made here, new), else a temporary one. */
static int make_dir(const struct dc_cli *c, char *dir, size_t len)
{
	const char *tmp = getenv("TMPDIR");

	if (c->ceph_save) {
		snprintf(dir, len, "%s", c->ceph_save);
		if (mkdir(dir, 0755))
			return -errno;
	} else {
		snprintf(dir, len, "%s/drivecheck-ceph.XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
		if (!mkdtemp(dir))
			return -errno;
	}
	return 0;
}

/* The temporary folder and what this command wrote in it, removed. */
static void remove_dir(const char *dir, const struct dc_ceph_items *items)
{
	char path[PATH_MAX];

	for (unsigned i = 0; items && i < items->n; i++) {
		snprintf(path, sizeof(path), "%s/health-metrics/%s.json", dir, items->v[i].devid);
		unlink(path);
	}
	snprintf(path, sizeof(path), "%s/health-metrics", dir);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/devices.json", dir);
	unlink(path);
	rmdir(dir);
}

/*
 * ceph-health: `ceph device ls --format json`, then `ceph device get-health-metrics DEVID`
 * for each device in its order, each call read-only and under the time bound, saved as
 * devices.json and health-metrics/DEVID.json (the shapes docs/ceph.md names), then the
 * folder imported as `drivecheck import` would: one drive at a time, by host.
 */
enum dc_exit dc_cmd_ceph_health(struct dc_cli *c, struct dc_db *db)
{
	double timeout = c->ceph_timeout > 0 ? c->ceph_timeout : CEPH_TIMEOUT_DEFAULT;
	struct dc_ceph_items items = { 0 };
	char dir[3000], path[PATH_MAX], err[320] = "", *paths[1] = { dir };
	char *ls[] = { "device", "ls", "--format", "json", NULL };
	uint8_t *text = NULL;
	size_t len = 0;
	enum dc_exit code = DC_EXIT_NOT_CHECKED;
	unsigned failed = 0;
	int rc;

	if ((rc = make_dir(c, dir, sizeof(dir)))) {
		fprintf(stderr, "drivecheck ceph-health: %s: %s\n", c->ceph_save ? c->ceph_save : dir,
			rc == -EEXIST ? "exists already (--save makes a new folder)" : strerror(-rc));
		return c->ceph_save ? DC_EXIT_USAGE : DC_EXIT_INTERNAL;
	}
	snprintf(path, sizeof(path), "%s/health-metrics", dir);
	if (mkdir(path, 0755)) {
		fprintf(stderr, "drivecheck ceph-health: %s: %s\n", path, strerror(errno));
		code = DC_EXIT_INTERNAL;
		goto out;
	}
	snprintf(path, sizeof(path), "%s/devices.json", dir);
	rc = ceph_call(path, ls, "", timeout);
	if (rc < 0) {
		fprintf(stderr, "drivecheck ceph-health: cannot run ceph: %s\n", strerror(-rc));
		goto out;
	}
	if (rc > 0)
		goto out; /* said: the cluster could not be asked */
	rc = dc_read_file(path, DC_IMPORT_MAX_CEPH_FILE, &text, &len);
	if (!rc && dc_ceph_detect((const char *)text, len) != DC_IMPORT_CEPH_DEVICE_LS)
		rc = -EINVAL;
	if (!rc && dc_ceph_read(path, (const char *)text, len, DC_IMPORT_CEPH_DEVICE_LS, &items,
				err, sizeof(err)) < 0)
		rc = -EINVAL;
	if (rc) {
		fprintf(stderr, "drivecheck ceph-health: 'ceph device ls --format json' gave no list "
			"of devices%s%s\n", err[0] ? ": " : "", err);
		if (rc == -ENOMEM)
			code = DC_EXIT_INTERNAL;
		goto out;
	}
	for (unsigned i = 0; i < items.n; i++) {
		const char *devid = items.v[i].devid;
		char *hm[] = { "device", "get-health-metrics", (char *)devid, NULL };
		char what[DC_CEPH_DEVID_LEN + 4];

		if (devid[0] == '.') {
			fprintf(stderr, "drivecheck ceph-health: %s: a devid that begins with '.' is "
				"not asked (no file can be named after it)\n", devid);
			continue;
		}
		snprintf(path, sizeof(path), "%s/health-metrics/%s.json", dir, devid);
		snprintf(what, sizeof(what), "%s: ", devid);
		rc = ceph_call(path, hm, what, timeout);
		if (rc < 0) {
			fprintf(stderr, "drivecheck ceph-health: %s: cannot run ceph: %s\n", devid,
				strerror(-rc));
			goto out;
		}
		failed += rc > 0;
	}
	/* each device without a sample is a drive not judged: the import says so, with why */
	code = dc_cmd_import(c, db, paths, 1);
	if (failed && code < DC_EXIT_NOT_CHECKED)
		code = DC_EXIT_NOT_CHECKED;
	if (failed)
		fprintf(stderr, "drivecheck ceph-health: %u of %u devices could not be asked (above): "
			"they are shown without a sample\n", failed, items.n);
	if (c->ceph_save)
		fprintf(stderr, "drivecheck ceph-health: Ceph's outputs are in %s (drivecheck import "
			"%s)\n", dir, dir);
out:
	if (!c->ceph_save)
		remove_dir(dir, &items);
	dc_ceph_items_free(&items);
	free(text);
	return code;
}
