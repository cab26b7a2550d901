/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * status.h - outcomes: the worse of two, a drive's outcome for a role, the gate's, and the
 * exit code each gives. Their one order is enum dc_status's own (dc_types.h).
 */
#ifndef DC_STATUS_H
#define DC_STATUS_H

#include "dc_types.h"
#include "exitcodes.h"

/* The worse of two: the greater (the order is enum dc_status's). */
enum dc_status dc_status_worse(enum dc_status a, enum dc_status b);
/* A check's outcome for one role (role >= 0), or the worst of its roles (role < 0); a
 * device that could not be read is NOT_CHECKED. */
enum dc_status dc_check_status(const struct dc_check *r, int role);
/*
 * Whether the gate of role asks "can this drive become an OSD now" of r: a Ceph role, and
 * a drive on a host (scanned, a dump of one, or a host's file that says); an imported
 * report is of a drive on no host here, and its gate answers fitness alone.
 */
bool dc_gate_asks_available(const struct dc_check *r, int role);
/*
 * What --gate answers for role: the verdict's status, except that where the gate asks
 * for availability a drive that passes and that ceph-volume would not take, or of which
 * that could not be told, warns (docs/design.md). The verdict stays the drive's fitness.
 */
enum dc_status dc_gate_status(const struct dc_check *r, int role);
/* The exit code an outcome gives (exitcodes.h). */
enum dc_exit dc_status_exit(enum dc_status s);

#endif /* DC_STATUS_H */
