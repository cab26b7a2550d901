// SPDX-License-Identifier: GPL-2.0-or-later
/* test_scan_warnings.c - what a live scan says once before its results rests on typed
 * values: the euid, and the errno the kernel refused a drive with (a page's status, the
 * open's), never on the words a drive's errors were given. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/scan.h"
#include "dc_test.h"
#include "core/drive.h"
#include "core/raw.h"

static struct dc_check reports[3];

static void reset(void)
{
	memset(reports, 0, sizeof(reports));
	for (unsigned i = 0; i < 3; i++) {
		snprintf(reports[i].dev.path, sizeof(reports[i].dev.path), "/dev/sd%c", 'a' + i);
		dc_drive_init(&reports[i].drive);
	}
}

/* The first page refused with EACCES or EPERM gives its errno; any other failure none. */
static void test_raw_refused(void)
{
	struct dc_raw raw = { 0 };
	struct dc_io_status st = dc_io_errno(-EIO);

	CHECK(dc_raw_refused(&raw) == 0);
	CHECK(dc_raw_add(&raw, DC_PG_ATA_IDENTIFY, NULL, 0, &st) == 0);
	st = dc_io_nvme(0x2);
	CHECK(dc_raw_add(&raw, DC_PG_NVME_ID_CTRL, NULL, 0, &st) == 0);
	CHECK(dc_raw_refused(&raw) == 0);
	st = dc_io_errno(EPERM);          /* either sign, as dc_io_errno takes it */
	CHECK(dc_raw_add(&raw, DC_PG_ATA_SMART_DATA, NULL, 0, &st) == 0);
	st = dc_io_errno(-EACCES);
	CHECK(dc_raw_add(&raw, DC_PG_ATA_SMART_STATUS, NULL, 0, &st) == 0);
	CHECK(dc_raw_refused(&raw) == -EPERM);
	dc_raw_free(&raw);
}

static void test_warnings(void)
{
	const char *out[4] = { NULL };

	reset();
	CHECK(dc_scan_warnings(reports, 0, false, out) == 0);
	/* not root: said whatever the drives' errors say */
	CHECK(dc_scan_warnings(reports, 3, false, out) == 1 && strstr(out[0], "not running as root"));
	/* root, nothing refused: nothing to say */
	CHECK(dc_scan_warnings(reports, 3, true, out) == 0);
	/* root, one drive refused by a device cgroup (EPERM): its errors need not say so in
	 * any words at all */
	reports[2].refused = -EPERM;
	out[0] = NULL;
	CHECK(dc_scan_warnings(reports, 3, true, out) == 1 && out[0] &&
	      strstr(out[0], "running as root, yet the kernel refused drives"));
	/* and by a security module (EACCES) */
	reports[2].refused = -EACCES;
	out[0] = NULL;
	CHECK(dc_scan_warnings(reports, 3, true, out) == 1 && out[0] &&
	      strstr(out[0], "running as root, yet"));
	/* words that read like a refusal are not one: a drive's error text (or a model, a
	 * vendor's status name) that holds "permission denied" says nothing of the run */
	reset();
	dc_drive_add_error(&reports[1].drive, "/dev/sdb: cannot read ata data: permission denied");
	snprintf(reports[0].error_msg, sizeof(reports[0].error_msg), "/dev/sda: permission denied");
	CHECK(dc_scan_warnings(reports, 3, true, out) == 0);
}

int main(void)
{
	test_raw_refused();
	test_warnings();
	return dc_test_summary("test_scan_warnings");
}
