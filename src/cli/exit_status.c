// SPDX-License-Identifier: GPL-2.0-or-later
/* exit_status.c - what every command says at its end: the exit code of its results, what
 * a full table left out, and whether its output was written whole. */
#include <errno.h>
#include <stdio_ext.h>
#include <string.h>

#include "cli/commands.h"

/* What a check's tables could not hold is said on stderr too (not_kept.h): never a
 * silent cut, whatever the format. */
void dc_cli_say_not_kept(const char *who, const struct dc_check *r, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		struct dc_not_kept nk;

		if (dc_not_kept(&r[i], &nk))
			fprintf(stderr, "%s: %s: not kept (the tables are full): %u pieces of evidence, "
				"%u things not read, %u findings, %u reasons, %u pieces of advice\n",
				who, r[i].dev.path, nk.evidence, nk.errors, nk.findings, nk.reasons,
				nk.advice);
	}
}

/* What one result says for the exit code: with --gate the gate's answer for the role
 * (for the Ceph roles, the verdict and "available" together), else whether
 * it could be read at all (under --sysroot, a device with a command set was never asked:
 * not checked). Memory has no drive role to pass: not checked. */
enum dc_status dc_cli_outcome(const struct dc_cli *c, const struct dc_check *r)
{
	return c->gate ? dc_gate_status(r, c->gate_role)
		       : r->error || r->unasked ? DC_NOT_CHECKED : DC_PASS;
}

enum dc_exit dc_cli_exit_code(const struct dc_cli *c, const struct dc_check *r, unsigned n)
{
	enum dc_status worst = DC_PASS;

	for (unsigned i = 0; i < n; i++)
		worst = dc_status_worse(worst, dc_cli_outcome(c, &r[i]));
	return dc_status_exit(worst);
}

enum dc_exit dc_cli_output_error(const char *who, int err)
{
	if (err == -ENOMEM) {
		fprintf(stderr, "%s: %s\n", who, strerror(ENOMEM));
		return DC_EXIT_INTERNAL;
	}
	fprintf(stderr, "%s: write error: %s\n", who, strerror(-err));
	return DC_EXIT_OUTPUT;
}

enum dc_exit dc_cli_end_code(const char *who, int err, int wrote, enum dc_status worst)
{
	if (err) {
		fprintf(stderr, "%s: %s\n", who, strerror(-err));
		return DC_EXIT_INTERNAL;
	}
	return wrote ? dc_cli_output_error(who, wrote) : dc_status_exit(worst);
}

/*
 * As util-linux's close_stdout(): a write stdio kept in its buffer fails only when the
 * buffer goes out, at fclose, and an earlier failure shows only in ferror(), so both are
 * asked. A stdout that was closed before the run and never written to is no error (EBADF
 * with nothing pending). A reader that went away (EPIPE, where SIGPIPE is ignored) is one:
 * it did not get the whole output.
 */
int dc_cli_close_stdout(int rc)
{
	bool failed = ferror(stdout) != 0;
	bool pending = __fpending(stdout) != 0;

	errno = 0;
	if (fclose(stdout) != 0 && (pending || failed || errno != EBADF))
		failed = true;
	else if (failed)
		errno = 0; /* the write that failed is gone: its reason with it */
	if (!failed)
		return rc;
	if (rc != DC_EXIT_OUTPUT) /* else the command said it already */
		fprintf(stderr, errno ? "drivecheck: write error: %s\n" : "drivecheck: write error\n",
			strerror(errno));
	return DC_EXIT_OUTPUT;
}
