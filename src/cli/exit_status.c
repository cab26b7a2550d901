// SPDX-License-Identifier: GPL-2.0-or-later
/* exit_status.c - what every command says at its end: the exit code of its results, and
 * what a full table left out. */

#include "core/not_kept.h"
#include "cli/commands.h"

/* What a report's tables could not hold is said on stderr too (not_kept.h): never a
 * silent cut, whatever the format. */
void dc_cli_say_not_kept(const char *who, const struct dc_report *r, unsigned n)
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
enum dc_status dc_cli_outcome(const struct dc_cli *c, const struct dc_report *r)
{
	return c->gate ? dc_gate_status(r, c->gate_role)
		       : r->error || r->unasked ? DC_NOT_CHECKED : DC_PASS;
}

int dc_cli_exit_code(const struct dc_cli *c, const struct dc_report *r, unsigned n)
{
	enum dc_status worst = DC_PASS;

	for (unsigned i = 0; i < n; i++)
		worst = dc_status_worse(worst, dc_cli_outcome(c, &r[i]));
	return dc_status_exit(worst);
}
