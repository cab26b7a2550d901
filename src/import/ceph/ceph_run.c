// SPDX-License-Identifier: GPL-2.0-or-later
/* ceph_run.c - the ceph CLI run as drivecheck ceph-health asks it (ceph_run.h). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "import/ceph/ceph_run.h"

extern char **environ;

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int dc_ceph_run(char *const argv[], double timeout_s, int out_fd, struct dc_ceph_call *call)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	int errp[2], rc, st = 0;
	size_t kept = 0;
	bool reaped = false, eof = false;
	double deadline = now_s() + timeout_s;
	pid_t pid;

	memset(call, 0, sizeof(*call));
	if (pipe2(errp, O_CLOEXEC))
		return -errno;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out_fd, STDOUT_FILENO);
	posix_spawn_file_actions_adddup2(&fa, errp[1], STDERR_FILENO);
	posix_spawnattr_init(&attr);
	/* a group of its own: at the bound, the call and whatever it started end together */
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
	posix_spawnattr_setpgroup(&attr, 0);
	rc = posix_spawnp(&pid, argv[0], &fa, &attr, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	close(errp[1]);
	if (rc) {
		close(errp[0]);
		return -rc;
	}
	while (!reaped || !eof) {
		double left = deadline - now_s();
		struct pollfd p = { .fd = errp[0], .events = POLLIN };

		if (left <= 0) {
			call->timed_out = true;
			break;
		}
		if (!eof && poll(&p, 1, left < 0.1 ? (int)(left * 1000) + 1 : 100) > 0) {
			char buf[4096];
			ssize_t n = read(errp[0], buf, sizeof(buf));

			if (n <= 0 && !(n < 0 && errno == EINTR)) {
				eof = true;
			} else if (n > 0 && kept + 1 < sizeof(call->err)) {
				size_t take = (size_t)n < sizeof(call->err) - 1 - kept ? (size_t)n
					      : sizeof(call->err) - 1 - kept;

				memcpy(call->err + kept, buf, take);
				kept += take;
			}
		} else if (eof) {
			struct timespec pause = { 0, 20 * 1000 * 1000 };

			nanosleep(&pause, NULL);
		}
		if (!reaped && waitpid(pid, &st, WNOHANG) == pid) {
			reaped = true;
			/* what the call left behind holds its stderr: it ends with the call */
			kill(-pid, SIGKILL);
		}
	}
	if (call->timed_out) {
		kill(-pid, SIGKILL);
		if (!reaped)
			waitpid(pid, &st, 0);
	}
	close(errp[0]);
	call->err[kept] = '\0';
	call->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	return 0;
}
