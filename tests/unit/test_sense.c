// SPDX-License-Identifier: GPL-2.0-or-later
/* test_sense.c - SG_IO's answer kept whole: sense data of both formats and cut short, the
 * SCSI, host and driver status, the words a "not read" line says, and a dump that keeps it. */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "dc_test.h"
#include "device/dump.h"
#include "core/drive.h"
#include "core/raw.h"
#include "core/sense.h"
#include "decide/check.h"

/* Fixed-format sense (SPC-4 4.5.3): 18 bytes, additional sense length 10. */
static void fixed(uint8_t *sb, uint8_t code, uint8_t key, uint8_t asc, uint8_t ascq)
{
	memset(sb, 0, 18);
	sb[0] = code;
	sb[2] = key;
	sb[7] = 10;
	sb[12] = asc;
	sb[13] = ascq;
}

/* Descriptor-format sense (SPC-4 4.5.2): the 8-byte header. */
static void descriptor(uint8_t *sb, uint8_t code, uint8_t key, uint8_t asc, uint8_t ascq)
{
	memset(sb, 0, 8);
	sb[0] = code;
	sb[1] = key;
	sb[2] = asc;
	sb[3] = ascq;
}

static void test_decode(void)
{
	uint8_t sb[32];
	struct dc_sense s;

	fixed(sb, 0x70, 0x05, 0x24, 0x00);
	CHECK(dc_sense_decode(sb, 18, &s) == 0);
	CHECK(s.valid && s.asc_valid && !s.descriptor && !s.deferred);
	CHECK(s.key == 5 && s.asc == 0x24 && s.ascq == 0x00);

	/* the valid bit (0x80) and the high nibble of byte 2 (FILEMARK, EOM, ILI) are not the key */
	fixed(sb, 0xf1, 0xe3, 0x11, 0x04);
	CHECK(dc_sense_decode(sb, 18, &s) == 0);
	CHECK(s.valid && s.asc_valid && s.deferred && s.key == 3 && s.asc == 0x11 &&
	      s.ascq == 0x04);

	descriptor(sb, 0x72, 0x02, 0x04, 0x01);
	CHECK(dc_sense_decode(sb, 8, &s) == 0);
	CHECK(s.valid && s.asc_valid && s.descriptor && !s.deferred);
	CHECK(s.key == 2 && s.asc == 0x04 && s.ascq == 0x01);

	descriptor(sb, 0x73, 0x0b, 0x47, 0x00);
	CHECK(dc_sense_decode(sb, 8, &s) == 0 && s.descriptor && s.deferred && s.key == 0x0b);

	/* cut short: the key of a fixed buffer of 8 bytes, but no ASC */
	fixed(sb, 0x70, 0x05, 0x24, 0x00);
	CHECK(dc_sense_decode(sb, 8, &s) == 0 && s.valid && !s.asc_valid && s.key == 5);
	/* 14 bytes, but an additional sense length that does not reach byte 12 */
	sb[7] = 4;
	CHECK(dc_sense_decode(sb, 14, &s) == 0 && s.valid && !s.asc_valid);
	sb[7] = 6;
	CHECK(dc_sense_decode(sb, 14, &s) == 0 && s.asc_valid && s.asc == 0x24);
	/* too short for the key itself */
	CHECK(dc_sense_decode(sb, 2, &s) == -EPROTO && !s.valid);
	descriptor(sb, 0x72, 0x05, 0x20, 0x00);
	CHECK(dc_sense_decode(sb, 3, &s) == 0 && s.valid && !s.asc_valid && s.key == 5);
	CHECK(dc_sense_decode(sb, 1, &s) == -EPROTO && !s.valid);
	/* nothing, or a response code that is neither format */
	CHECK(dc_sense_decode(sb, 0, &s) == -EPROTO && !s.valid);
	CHECK(dc_sense_decode(NULL, 18, &s) == -EPROTO && !s.valid);
	sb[0] = 0x7f;
	CHECK(dc_sense_decode(sb, 18, &s) == -EPROTO && !s.valid);
}

static void test_judge(void)
{
	uint8_t sb[32];
	struct dc_io_status st;

	/* GOOD */
	memset(&st, 0xff, sizeof(st));
	CHECK(dc_sg_judge(&st, 0, 0, 0, NULL, 0) == 0 && st.kind == DC_IO_OK && st.host_status == 0);

	/* CK_COND's answer: RECOVERED ERROR, ATA pass through information available */
	descriptor(sb, 0x72, 0x01, 0x00, 0x1d);
	CHECK(dc_sg_judge(&st, 0x02, 0, 0x08, sb, 8) == 0 && st.kind == DC_IO_OK);
	CHECK(!st.sense.valid); /* a success keeps nothing */

	/* ILLEGAL REQUEST: every field kept */
	fixed(sb, 0x70, 0x05, 0x24, 0x00);
	CHECK(dc_sg_judge(&st, 0x02, 0, 0x08, sb, 18) == -EOPNOTSUPP);
	CHECK(st.kind == DC_IO_SCSI && st.scsi_status == 0x02 && st.driver_status == 0x08);
	CHECK(st.sense.valid && st.sense.key == 5 && st.sense.asc == 0x24 && st.sense.ascq == 0);

	/* DRIVER_SENSE alone says there is sense, whatever the status */
	fixed(sb, 0x70, 0x03, 0x11, 0x00);
	CHECK(dc_sg_judge(&st, 0, 0, 0x08, sb, 18) == -EIO && st.sense.key == 3);

	/* the HBA failed it (DID_TIME_OUT): kept, with no sense */
	CHECK(dc_sg_judge(&st, 0, 0x03, 0, NULL, 0) == -EIO);
	CHECK(st.kind == DC_IO_SCSI && st.host_status == 0x03 && !st.sense.valid);

	/* the SCSI layer did (DRIVER_TIMEOUT), even with DRIVER_SENSE set too */
	CHECK(dc_sg_judge(&st, 0, 0, 0x06, NULL, 0) == -EIO && st.driver_status == 0x06);
	fixed(sb, 0x70, 0x00, 0x00, 0x00);
	CHECK(dc_sg_judge(&st, 0x02, 0, 0x0e, sb, 18) == -EIO && st.driver_status == 0x0e);

	/* a status without sense: BUSY; the reserved bits of the status byte are masked */
	CHECK(dc_sg_judge(&st, 0x08, 0, 0, NULL, 0) == -EIO && st.scsi_status == 0x08);
	CHECK(dc_sg_judge(&st, 0x19, 0, 0, NULL, 0) == -EIO && st.scsi_status == 0x18);

	/* CHECK CONDITION with no sense to read: not a refusal, as drivecheck always took it */
	CHECK(dc_sg_judge(&st, 0x02, 0, 0, NULL, 0) == 0 && st.kind == DC_IO_OK);

	/* a truncated buffer still gives the key */
	fixed(sb, 0x70, 0x05, 0x24, 0x00);
	CHECK(dc_sg_judge(&st, 0x02, 0, 0x08, sb, 8) == -EOPNOTSUPP);
	CHECK(st.sense.valid && !st.sense.asc_valid);
}

static const char *text(const struct dc_io_status *st)
{
	static char buf[160];

	return dc_raw_strerror(st, buf, sizeof(buf));
}

static void test_text(void)
{
	uint8_t sb[32];
	struct dc_io_status st;
	char small[24];

	CHECK_STR(dc_sense_key_name(5), "ILLEGAL REQUEST");
	CHECK_STR(dc_sense_key_name(0x0b), "ABORTED COMMAND");
	CHECK(dc_sense_key_name(16) == NULL);
	CHECK_STR(dc_asc_text(0x24, 0x00), "invalid field in CDB");
	CHECK_STR(dc_asc_text(0x20, 0x00), "invalid command operation code");
	CHECK_STR(dc_asc_text(0x04, 0x02), "logical unit not ready, initializing command required");
	CHECK(dc_asc_text(0x24, 0x01) == NULL && dc_asc_text(0x80, 0x00) == NULL);
	CHECK_STR(dc_host_status_name(0x03), "DID_TIME_OUT");
	CHECK(dc_host_status_name(0x40) == NULL);
	CHECK_STR(dc_scsi_status_name(0x18), "RESERVATION CONFLICT");

	fixed(sb, 0x70, 0x05, 0x24, 0x00);
	dc_sg_judge(&st, 0x02, 0, 0x08, sb, 18);
	CHECK_STR(text(&st), "ILLEGAL REQUEST: invalid field in CDB (sense 5/24/00)");

	descriptor(sb, 0x72, 0x02, 0x04, 0x02);
	dc_sg_judge(&st, 0x02, 0, 0x08, sb, 8);
	CHECK_STR(text(&st), "NOT READY: logical unit not ready, initializing command required "
		  "(sense 2/04/02)");

	/* an ASC without words: the numbers alone */
	fixed(sb, 0x71, 0x05, 0x80, 0x01);
	dc_sg_judge(&st, 0x02, 0, 0x08, sb, 18);
	CHECK_STR(text(&st), "ILLEGAL REQUEST (sense 5/80/01, deferred)");

	/* the key alone (cut short, or a dump before 1.3): the words drivecheck always said */
	fixed(sb, 0x70, 0x05, 0x24, 0x00);
	dc_sg_judge(&st, 0x02, 0, 0x08, sb, 8);
	CHECK_STR(text(&st), "not supported by the device (SCSI sense key 0x5)");
	fixed(sb, 0x70, 0x0b, 0x00, 0x00);
	dc_sg_judge(&st, 0x02, 0, 0x08, sb, 4);
	CHECK_STR(text(&st), "refused by the device (SCSI sense key 0xb)");

	dc_sg_judge(&st, 0x08, 0, 0, NULL, 0);
	CHECK_STR(text(&st), "BUSY (SCSI status 0x08)");
	dc_sg_judge(&st, 0, 0x03, 0, NULL, 0);
	CHECK_STR(text(&st), "host status 0x03 DID_TIME_OUT");
	dc_sg_judge(&st, 0, 0, 0x06, NULL, 0);
	CHECK_STR(text(&st), "driver status 0x06 DRIVER_TIMEOUT");
	fixed(sb, 0x70, 0x0b, 0x47, 0x00);
	dc_sg_judge(&st, 0x02, 0x07, 0x08, sb, 18);
	CHECK_STR(text(&st), "ABORTED COMMAND: SCSI parity error (sense b/47/00); "
		  "host status 0x07 DID_ERROR");

	/* a buffer too small says it was cut */
	fixed(sb, 0x70, 0x05, 0x24, 0x00);
	dc_sg_judge(&st, 0x02, 0, 0x08, sb, 18);
	dc_raw_strerror(&st, small, sizeof(small));
	CHECK(strlen(small) == sizeof(small) - 1 && strcmp(small + sizeof(small) - 4, "...") == 0);

	/* the other kinds keep their words */
	st = dc_io_errno(-EACCES);
	CHECK_STR(text(&st), "permission denied (needs root)");
	/* a device's open refused: more root mends it only for a user who is not root */
	CHECK_STR(dc_open_denied_text(-EACCES, false), "needs root");
	CHECK_STR(dc_open_denied_text(-EPERM, false), "needs root");
	CHECK_STR(dc_open_denied_text(-EPERM, true), "refused to root by a device cgroup");
	CHECK_STR(dc_open_denied_text(-EACCES, true), "refused to root by a security module");
	st = dc_io_nvme(0x2);
	CHECK_STR(text(&st), "Invalid Field in Command (NVMe status 0x2)");
	st = dc_io_nvme(0x4109); /* DNR, command specific: Invalid Log Page */
	CHECK_STR(text(&st), "Invalid Log Page (NVMe status 0x4109)");
	st = dc_io_nvme(0x1ff);  /* command specific, a code libnvme has no name for */
	CHECK_STR(text(&st), "NVMe status 0x1ff");
	st = dc_io_not_in_input();
	CHECK_STR(text(&st), "not in the input");
}

/* The "not read" line of a page the device refused. */
static void test_page_error(void)
{
	struct dc_raw raw = { 0 };
	struct dc_drive d;
	struct dc_io_status st;
	uint8_t sb[18];

	fixed(sb, 0x70, 0x05, 0x24, 0x00);
	dc_sg_judge(&st, 0x02, 0, 0x08, sb, sizeof(sb));
	CHECK(dc_raw_add(&raw, "scsi-vpd-86", "junk", 4, &st) == 0);
	CHECK(raw.pages[0].data == NULL && raw.pages[0].len == 0);
	CHECK(dc_raw_get(&raw, "scsi-vpd-86", 0) == NULL);
	dc_drive_init(&d);
	dc_drive_page_error(&d, &raw, "scsi-vpd-86", "scsi vpd 0x86 (extended inquiry)");
	CHECK(d.nerrors == 1);
	CHECK_STR(d.errors[0], "scsi vpd 0x86 (extended inquiry): ILLEGAL REQUEST: invalid field "
		  "in CDB (sense 5/24/00)");
	dc_raw_free(&raw);
}

static bool same_status(const struct dc_io_status *a, const struct dc_io_status *b)
{
	return a->kind == b->kind && a->errnum == b->errnum && a->nvme_status == b->nvme_status &&
	       a->scsi_status == b->scsi_status && a->host_status == b->host_status &&
	       a->driver_status == b->driver_status && a->sense.valid == b->sense.valid &&
	       a->sense.asc_valid == b->sense.asc_valid &&
	       a->sense.descriptor == b->sense.descriptor &&
	       a->sense.deferred == b->sense.deferred && a->sense.key == b->sense.key &&
	       a->sense.asc == b->sense.asc && a->sense.ascq == b->sense.ascq;
}

/* A dump keeps each page's status whole, and reads it back the same. */
static void test_dump(void)
{
	static struct dc_check r, back;
	struct dc_dump_parts rp = dc_check_dump_parts(&r), bp = dc_check_dump_parts(&back);
	struct dc_raw raw = { 0 }, got = { 0 };
	struct dc_io_status st[6];
	char dir[] = "/tmp/dc-test-sense.XXXXXX", err[256], cmd[128];
	uint8_t sb[18];

	if (!mkdtemp(dir)) {
		CHECK(!"mkdtemp");
		return;
	}
	fixed(sb, 0x70, 0x05, 0x24, 0x00);
	dc_sg_judge(&st[0], 0x02, 0, 0x08, sb, sizeof(sb));
	descriptor(sb, 0x73, 0x02, 0x04, 0x01);
	dc_sg_judge(&st[1], 0x02, 0x07, 0x08, sb, 8);
	fixed(sb, 0x70, 0x05, 0x24, 0x00);
	dc_sg_judge(&st[2], 0x02, 0, 0x08, sb, 8); /* the key alone */
	dc_sg_judge(&st[3], 0x08, 0, 0x06, NULL, 0);
	st[4] = dc_io_errno(ENOTTY);
	st[5] = dc_io_nvme(0x4002);
	for (unsigned i = 0; i < 6; i++) {
		char name[16];

		snprintf(name, sizeof(name), "scsi-log-%02u", i);
		CHECK(dc_raw_add(&raw, name, NULL, 0, &st[i]) == 0);
	}
	CHECK(dc_raw_add(&raw, "scsi-inquiry", "abcd", 4, NULL) == 0);
	snprintf(r.dev.name, sizeof(r.dev.name), "sdz");
	r.dev.protocol = DC_PROTO_SCSI;
	r.dev.rotational = DC_TRI_UNKNOWN;
	r.dev.kernel_fua = DC_TRI_NO;
	CHECK(dc_dump_write(dir, &rp, &raw) == 0);
	CHECK(dc_dump_read(dir, &bp, &got, err, sizeof(err)) == 0);
	CHECK(got.npages == 7);
	for (unsigned i = 0; i < 6 && i < got.npages; i++)
		CHECK(same_status(&got.pages[i].st, &st[i]));
	CHECK(got.npages == 7 && got.pages[6].st.kind == DC_IO_OK && got.pages[6].len == 4);
	dc_raw_free(&raw);
	dc_raw_free(&got);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	CHECK(system(cmd) == 0);
}

int main(void)
{
	test_decode();
	test_judge();
	test_text();
	test_page_error();
	test_dump();
	return dc_test_summary("test_sense");
}
