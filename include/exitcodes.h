/* SPDX-License-Identifier: GPL-2.0-or-later */
/* exitcodes.h - drivecheck's exit codes. Stable: never renumber a released code. */
#ifndef DC_EXITCODES_H
#define DC_EXITCODES_H

enum dc_exit {
	DC_EXIT_OK          = 0, /* every device read; with --gate: every verdict PASS */
	DC_EXIT_WARN        = 1, /* --gate: the worst verdict is WARN */
	DC_EXIT_FAIL        = 2, /* --gate: at least one verdict is FAIL */
	DC_EXIT_NOT_CHECKED = 3, /* a device could not be read (gone, permission, not a disk)
				    or its --dump not written, or a lookup found no row: the
				    tool could not tell */
	DC_EXIT_USAGE       = 4, /* bad command line */
	DC_EXIT_DATABASE    = 5, /* the drive database is missing, corrupt or of another schema */
	DC_EXIT_INTERNAL    = 6, /* the tool itself failed: out of memory, sysfs unreadable */
	DC_EXIT_OUTPUT      = 7, /* the output could not be written whole (a full disk, a closed
				    stdout, a reader gone): whatever else the run found, what
				    stdout holds is cut and must not be believed */
	DC_EXIT_INTERRUPTED = 130, /* --try-cache-off: SIGINT, SIGTERM or SIGHUP stopped the run
				      after every cache it had turned off was turned back on
				      (stderr says of each); nothing is printed on stdout */
};

#endif /* DC_EXITCODES_H */
