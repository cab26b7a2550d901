/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ceph_run.h - one call of the ceph CLI under a time bound: its output into a file, its
 * stderr kept, its whole process group killed when the bound passes. */
#ifndef DC_CEPH_RUN_H
#define DC_CEPH_RUN_H

#include <stdbool.h>

/* How one call ended. */
struct dc_ceph_call {
	int status;                   /* its exit status; -1 when a signal ended it */
	bool timed_out;               /* the bound passed: its process group was killed */
	char err[512];                /* the first bytes of its stderr, NUL-terminated */
};

/* ceph_run.c */
/*
 * Runs argv (argv[0] looked up on PATH; no shell) with standard input /dev/null, standard
 * output into out_fd and standard error kept, in a process group of its own, for at most
 * timeout_s seconds; then the group is killed (a wrapper's children hold the pipes too),
 * and so is what the call left behind when it ends. Returns 0 with how it ended in call,
 * or -errno when it could not be started (ENOENT: no such command on PATH).
 */
int dc_ceph_run(char *const argv[], double timeout_s, int out_fd, struct dc_ceph_call *call);

#endif /* DC_CEPH_RUN_H */
