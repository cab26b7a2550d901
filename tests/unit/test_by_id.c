// SPDX-License-Identifier: GPL-2.0-or-later
/* test_by_id.c - which /dev/disk/by-id link names a disk (src/device/by_id.c), on links made
 * in a temporary folder as udev makes them. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "dc_test.h"
#include "device/by_id.h"

static char root[PATH_MAX];

/* ROOT/dev/disk/by-id/NAME -> ../../TARGET */
static void link_to(const char *name, const char *target)
{
	char path[PATH_MAX * 2], dest[PATH_MAX];

	snprintf(path, sizeof(path), "%s/dev/disk/by-id/%s", root, name);
	snprintf(dest, sizeof(dest), "../../%s", target);
	CHECK(symlink(dest, path) == 0);
}

static const char *pick(const struct dc_by_id *l, const char *disk, size_t len)
{
	static char path[DC_PATH_LEN];

	dc_by_id_pick(l, disk, path, len);
	return path;
}

int main(void)
{
	struct dc_by_id l;
	char cmd[PATH_MAX + 64], path[DC_PATH_LEN];

	/* the ranks: the WWN, an NVMe namespace's id, the model and serial, then SCSI's */
	CHECK(dc_by_id_rank("wwn-0x5002538e40a0b1c2") == 1);
	CHECK(dc_by_id_rank("nvme-eui.0025388b91b0c1d2") == 2);
	CHECK(dc_by_id_rank("nvme-uuid.5f8a1c2e-0000-4000-8000-000000000001") == 2);
	CHECK(dc_by_id_rank("nvme-nvme.144d-53333-53414d-00000001") == 2);
	CHECK(dc_by_id_rank("ata-INTEL_SSDSC2KB960G8_PHYF000101") == 3);
	CHECK(dc_by_id_rank("nvme-SAMSUNG_MZQL2960HCJR-00A07_S64FNE0R000001_1") == 3);
	CHECK(dc_by_id_rank("scsi-35000c500a0000001") == 4);
	CHECK(dc_by_id_rank("virtio-VIRTSERIAL") == 4);
	/* never: partitions, the disk's content, a WWN of zeros, USB, anything else */
	CHECK(dc_by_id_rank("ata-INTEL_SSDSC2KB960G8_PHYF000101-part1") == 0);
	CHECK(dc_by_id_rank("wwn-0x5002538e40a0b1c2-part12") == 0);
	CHECK(dc_by_id_rank("ata-VENDOR-partner_X1") == 3); /* "-part" not followed by a number */
	CHECK(dc_by_id_rank("lvm-pv-uuid-Qx1Cc3-aaaa-bbbb") == 0);
	CHECK(dc_by_id_rank("dm-uuid-LVM-abcdef") == 0);
	CHECK(dc_by_id_rank("md-uuid-1234:5678") == 0);
	CHECK(dc_by_id_rank("wwn-0x0000000000000000") == 0);
	CHECK(dc_by_id_rank("wwn-0x") == 0);
	CHECK(dc_by_id_rank("usb-SanDisk_Cruzer_4C530001-0:0") == 0);
	CHECK(dc_by_id_rank("") == 0);

	/* no folder (no udev): no link, and no error */
	CHECK(dc_by_id_read("/nonexistent-drivecheck-root", &l) == 0 && l.n == 0);
	CHECK(!dc_by_id_pick(&l, "sda", path, sizeof(path)) && path[0] == '\0');
	dc_by_id_free(&l);

	snprintf(root, sizeof(root), "/tmp/dc-by-id-XXXXXX");
	CHECK(mkdtemp(root) != NULL);
	snprintf(cmd, sizeof(cmd), "mkdir -p '%s/dev/disk/by-id'", root);
	CHECK(system(cmd) == 0);
	link_to("ata-INTEL_SSDSC2KB960G8_PHYF000101", "sda");
	link_to("ata-INTEL_SSDSC2KB960G8_PHYF000101-part1", "sda1");
	link_to("scsi-SATA_INTEL_SSDSC2KB96_PHYF000101", "sda");
	link_to("wwn-0x55cd2e414f000101", "sda");
	link_to("ata-WDC_WDS100T2B0A_2040AB000001", "sdb");
	link_to("wwn-0x0000000000000000", "sdb");
	link_to("scsi-SATA_WDC_WDS100T2B0A_2040AB000001", "sdb");
	link_to("nvme-SAMSUNG_MZQL2960HCJR-00A07_S64FNE0R000001", "nvme0n1");
	link_to("nvme-SAMSUNG_MZQL2960HCJR-00A07_S64FNE0R000001_1", "nvme0n1");
	link_to("lvm-pv-uuid-Qx1Cc3-aaaa-bbbb", "sdc");
	link_to("scsi-0ATA_B", "sdd");
	link_to("scsi-0ATA_A", "sdd");
	link_to("wwn-0x6000c500a1b2c3d4e5f60718293a4b5c", "sde");
	link_to("scsi-3x", "sde");
	CHECK(dc_by_id_read(root, &l) == 0);
	CHECK(l.n == 11); /* the partition's, the PV's and the WWN of zeros are not kept */
	CHECK_STR(pick(&l, "sda", DC_PATH_LEN), "/dev/disk/by-id/wwn-0x55cd2e414f000101");
	CHECK_STR(pick(&l, "sdb", DC_PATH_LEN), "/dev/disk/by-id/ata-WDC_WDS100T2B0A_2040AB000001");
	CHECK_STR(pick(&l, "nvme0n1", DC_PATH_LEN),
		  "/dev/disk/by-id/nvme-SAMSUNG_MZQL2960HCJR-00A07_S64FNE0R000001_1");
	CHECK_STR(pick(&l, "sdd", DC_PATH_LEN), "/dev/disk/by-id/scsi-0ATA_A"); /* byte order */
	CHECK(!dc_by_id_pick(&l, "sdc", path, sizeof(path)) && path[0] == '\0');
	CHECK(!dc_by_id_pick(&l, "sda1", path, sizeof(path)));
	/* a path that does not fit is passed over, never cut: the next best one that fits */
	CHECK_STR(pick(&l, "sde", DC_PATH_LEN),
		  "/dev/disk/by-id/wwn-0x6000c500a1b2c3d4e5f60718293a4b5c");
	CHECK_STR(pick(&l, "sde", sizeof("/dev/disk/by-id/scsi-3x")), "/dev/disk/by-id/scsi-3x");
	CHECK_STR(pick(&l, "sde", sizeof("/dev/disk/by-id/scsi-3x") - 1), "");
	dc_by_id_free(&l);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	CHECK(system(cmd) == 0);
	return dc_test_summary("test_by_id");
}
