/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * status.h - outcomes: the worse of two, and the exit code each gives. Their one order is
 * enum dc_status's own (dc_types.h); a drive's outcome for a role, and the gate's, are
 * decide/check.h's.
 */
#ifndef DC_STATUS_H
#define DC_STATUS_H

#include "dc_types.h"
#include "exitcodes.h"

/* The worse of two: the greater (the order is enum dc_status's). */
enum dc_status dc_status_worse(enum dc_status a, enum dc_status b);
/* The exit code an outcome gives (exitcodes.h). */
enum dc_exit dc_status_exit(enum dc_status s);

#endif /* DC_STATUS_H */
