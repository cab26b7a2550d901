/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ceph_spec.h - drivecheck ceph-spec and report --ceph-spec: the plan, printed (docs/ceph.md). */
#ifndef DC_CLI_CEPH_SPEC_H
#define DC_CLI_CEPH_SPEC_H

#include "cli/options.h"
#include "exitcodes.h"
#include "fleet/fleet.h"

/* ceph_spec.c */
/*
 * A scan's checks as cephadm OSD specs on stdout, each drive on --host, else the host its
 * dump was made on, else this_host (a live scan's; NULL for a replay). Returns the exit
 * code: 0 a spec was printed, 1 no drive is placed (nothing on stdout; why on stderr),
 * 6 no memory.
 */
enum dc_exit dc_cli_ceph_spec(const struct dc_cli *c, const struct dc_check *r, unsigned n,
		     const char *this_host);
/* The same for a fleet read back (report --ceph-spec): one spec per host, or with
 * --by-model by model where that is exact, from a small record per drive
 * (fleet/ceph_plan.h), not its check. */
enum dc_exit dc_cli_report_ceph_spec(const struct dc_cli *c, const struct dc_fleet *f);

#endif /* DC_CLI_CEPH_SPEC_H */
