// SPDX-License-Identifier: GPL-2.0-or-later
/* host.c - this machine's short name, the one name a scan, a dump and a spec give it. */
#include <string.h>
#include <unistd.h>

#include "core/host.h"

const char *dc_hostname_short(char *buf, size_t len)
{
	if (!len || gethostname(buf, len) < 0 || !buf[0])
		return NULL;
	/* gethostname() leaves out the NUL of a name it had to cut */
	buf[len - 1] = '\0';
	buf[strcspn(buf, ".")] = '\0';
	return buf;
}
