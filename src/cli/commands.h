/* SPDX-License-Identifier: GPL-2.0-or-later */
/* commands.h - the commands main.c dispatches to, one file each, and what they share. */
#ifndef DC_CLI_COMMANDS_H
#define DC_CLI_COMMANDS_H

#include "cli/options.h"
#include "exitcodes.h"
#include "dc_types.h"
#include "core/status.h"
#include "decide/check.h"

struct dc_db;

/* cmd_lookup.c: drivecheck lookup MODEL... / --list / --advisories. Returns the exit code. */
int dc_cmd_lookup(struct dc_cli *c, struct dc_db *db, char **models, unsigned n);
/* cmd_import.c: drivecheck import FILE|DIR... */
enum dc_exit dc_cmd_import(struct dc_cli *c, struct dc_db *db, char **paths, unsigned n);
/* cmd_report.c: drivecheck report FILE... (no database: the verdicts are in the files) */
enum dc_exit dc_cmd_report(struct dc_cli *c, char **paths, unsigned n);
/* cmd_ceph_health.c */
enum dc_exit dc_cmd_ceph_health(struct dc_cli *c, struct dc_db *db);

/* exit_status.c */
/* What a check's tables could not hold, on stderr (core/not_kept.h); who: "drivecheck
 * import", ... */
void dc_cli_say_not_kept(const char *who, const struct dc_check *r, unsigned n);
/* What one result says for the exit code: with --gate the role's outcome, else whether it
 * could be read at all. */
enum dc_status dc_cli_outcome(const struct dc_cli *c, const struct dc_check *r);
/* The worst of n results' outcomes, as an exit code (exitcodes.h). */
enum dc_exit dc_cli_exit_code(const struct dc_cli *c, const struct dc_check *r, unsigned n);
/* A renderer's error (-ENOMEM, or the -errno of a write), said on stderr after who; returns
 * the exit code: 6 out of memory, 7 the output not written whole. */
enum dc_exit dc_cli_output_error(const char *who, int err);
/* The exit code of a command that printed its results: err, its own failure (-errno),
 * said on stderr after who, 6; else wrote, its output's (dc_cli_output_error); else the
 * worst of its results. Keeps -errno and exit codes apart. */
enum dc_exit dc_cli_end_code(const char *who, int err, int wrote, enum dc_status worst);
/* At the end of main: stdout flushed and closed, and any write to it that failed (now or
 * before) said on stderr. Returns rc, or DC_EXIT_OUTPUT (7) when stdout is not whole. */
int dc_cli_close_stdout(int rc);

#endif /* DC_CLI_COMMANDS_H */
