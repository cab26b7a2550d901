// SPDX-License-Identifier: GPL-2.0-or-later
/* test_availability.c - "available" and ceph-volume's reasons from a disk's facts. */
#include "dc_test.h"
#include "device/availability.h"

/* A whole SATA disk of 960 GB with nothing on it, every fact looked at. */
static void clean(struct dc_dev *d, struct dc_availability *a)
{
	memset(d, 0, sizeof(*d));
	memset(a, 0, sizeof(*a));
	d->transport = DC_TRAN_SATA;
	d->capacity_bytes = 960197124096ull;
	a->sysfs_known = a->signature_known = a->lock_known = true;
}

static unsigned judged(const struct dc_dev *d, struct dc_availability *a)
{
	dc_availability_judge(d, a);
	return a->reasons;
}

#define BIT(r) (1u << (r))

int main(void)
{
	struct dc_dev d;
	struct dc_availability a;

	clean(&d, &a);
	CHECK(judged(&d, &a) == 0 && a.available == DC_TRI_YES);

	/* ceph-volume's words, kept exactly: scripts hold them beside `ceph orch device ls` */
	CHECK_STR(dc_avail_reason_name(DC_AVAIL_PARTITIONS), "Has partitions");
	CHECK_STR(dc_avail_reason_name(DC_AVAIL_TOO_SMALL), "Insufficient space (<5GB)");
	CHECK_STR(dc_avail_reason_name(DC_AVAIL_FILESYSTEM), "Has a FileSystem");
	CHECK_STR(dc_avail_reason_name(DC_AVAIL_BLUESTORE), "Has BlueStore device label");
	CHECK_STR(dc_avail_reason_name(DC_AVAIL_LVM), "LVM detected");
	CHECK_STR(dc_avail_reason_name(DC_AVAIL_GPT), "Has GPT headers");
	CHECK_STR(dc_avail_reason_name(DC_AVAIL_LOCKED), "locked");
	CHECK_STR(dc_avail_reason_name(DC_AVAIL_READ_ONLY), "read-only");
	CHECK_STR(dc_avail_reason_name(DC_AVAIL_REMOVABLE), "removable");
	for (int i = 0; i < DC_AVAIL_REASON_COUNT; i++)
		CHECK(dc_avail_reason_from_name(dc_avail_reason_name((enum dc_avail_reason)i)) == i);
	CHECK(dc_avail_reason_from_name("Has a filesystem") == -1);

	/* 5 GiB exactly is enough; a byte less is not (ceph-volume: size < 5368709120) */
	clean(&d, &a);
	d.capacity_bytes = 5368709120ull;
	CHECK(judged(&d, &a) == 0);
	d.capacity_bytes = 5368709119ull;
	CHECK(judged(&d, &a) == BIT(DC_AVAIL_TOO_SMALL) && a.available == DC_TRI_NO);

	clean(&d, &a);
	d.nparts = 2;
	d.nmounts = 1;
	d.nholders = 1;
	d.readonly = d.removable = true;
	CHECK(judged(&d, &a) == (BIT(DC_AVAIL_PARTITIONS) | BIT(DC_AVAIL_MOUNTED) |
				 BIT(DC_AVAIL_HELD) | BIT(DC_AVAIL_READ_ONLY) |
				 BIT(DC_AVAIL_REMOVABLE)));

	/* each signature as ceph-volume names it */
	clean(&d, &a);
	snprintf(a.sig_type, sizeof(a.sig_type), "ext4");
	snprintf(a.sig_usage, sizeof(a.sig_usage), "filesystem");
	CHECK(judged(&d, &a) == BIT(DC_AVAIL_FILESYSTEM));
	snprintf(a.sig_type, sizeof(a.sig_type), "LVM2_member");
	snprintf(a.sig_usage, sizeof(a.sig_usage), "raid");
	CHECK(judged(&d, &a) == BIT(DC_AVAIL_LVM));
	snprintf(a.sig_type, sizeof(a.sig_type), "linux_raid_member");
	CHECK(judged(&d, &a) == BIT(DC_AVAIL_RAID));
	snprintf(a.sig_type, sizeof(a.sig_type), "ceph_bluestore");
	snprintf(a.sig_usage, sizeof(a.sig_usage), "other");
	CHECK(judged(&d, &a) == BIT(DC_AVAIL_BLUESTORE));
	snprintf(a.sig_type, sizeof(a.sig_type), "crypto_LUKS");
	snprintf(a.sig_usage, sizeof(a.sig_usage), "crypto");
	CHECK(judged(&d, &a) == BIT(DC_AVAIL_FILESYSTEM));
	/* a GPT is a reason of its own; a DOS table without partitions is none, as there */
	clean(&d, &a);
	snprintf(a.pt_type, sizeof(a.pt_type), "gpt");
	CHECK(judged(&d, &a) == BIT(DC_AVAIL_GPT));
	snprintf(a.pt_type, sizeof(a.pt_type), "dos");
	CHECK(judged(&d, &a) == 0);

	clean(&d, &a);
	a.locked = true;
	CHECK(judged(&d, &a) == BIT(DC_AVAIL_LOCKED));
	/* locked, not looked at: not a reason */
	a.lock_known = false;
	CHECK(judged(&d, &a) == 0 && a.available == DC_TRI_UNKNOWN);

	/* ceph-volume takes a whole disk; a loop device or a volume built of others, not */
	clean(&d, &a);
	d.transport = DC_TRAN_LOOP;
	CHECK(judged(&d, &a) == BIT(DC_AVAIL_NOT_A_DISK));
	d.transport = DC_TRAN_MD;
	CHECK(judged(&d, &a) == BIT(DC_AVAIL_NOT_A_DISK));
	d.transport = DC_TRAN_NVME;
	CHECK(judged(&d, &a) == 0);

	/* what was not looked at: unknown, unless what was seen rules it out already */
	clean(&d, &a);
	a.signature_known = false;
	snprintf(a.sig_type, sizeof(a.sig_type), "ext4"); /* not looked at: not believed */
	CHECK(judged(&d, &a) == 0 && a.available == DC_TRI_UNKNOWN);
	d.nparts = 1;
	CHECK(judged(&d, &a) == BIT(DC_AVAIL_PARTITIONS) && a.available == DC_TRI_NO);
	/* an import: nothing of the disk is known, not even its partitions */
	clean(&d, &a);
	a.sysfs_known = a.signature_known = a.lock_known = false;
	d.nparts = 0;
	d.capacity_bytes = 0;
	CHECK(judged(&d, &a) == 0 && a.available == DC_TRI_UNKNOWN);
	return dc_test_summary("test_availability");
}
