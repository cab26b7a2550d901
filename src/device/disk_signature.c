// SPDX-License-Identifier: GPL-2.0-or-later
/* disk_signature.c - libblkid on a whole disk (disk_signature.h). */
#include <blkid.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "device/disk_signature.h"

int dc_disk_signature(const char *path, struct dc_disk_signature *s)
{
	const char *type = NULL, *usage = NULL, *pttype = NULL;
	blkid_probe pr;
	int fd, rc;

	memset(s, 0, sizeof(*s));
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	s->answer = DC_SIG_NOT_READ;
	pr = blkid_new_probe();
	if (!pr || blkid_probe_set_device(pr, fd, 0, 0) != 0)
		goto out;
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_USAGE |
					  BLKID_SUBLKS_BADCSUM);
	blkid_probe_enable_partitions(pr, 1);
	blkid_probe_set_partitions_flags(pr, BLKID_PARTS_FORCE_GPT);
	rc = blkid_do_safeprobe(pr);
	if (rc == 1) {
		s->answer = DC_SIG_NONE;
	} else if (rc == -2) {
		s->answer = DC_SIG_SEVERAL;
	} else if (rc == 0) {
		s->answer = DC_SIG_FOUND;
		if (blkid_probe_lookup_value(pr, "TYPE", &type, NULL) == 0) {
			snprintf(s->type, sizeof(s->type), "%s", type);
			if (blkid_probe_lookup_value(pr, "USAGE", &usage, NULL) == 0)
				snprintf(s->usage, sizeof(s->usage), "%s", usage);
		}
		if (blkid_probe_lookup_value(pr, "PTTYPE", &pttype, NULL) == 0)
			snprintf(s->pt_type, sizeof(s->pt_type), "%s", pttype);
	}
out:
	if (pr)
		blkid_free_probe(pr);
	close(fd);
	return 0;
}
