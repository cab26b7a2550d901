// SPDX-License-Identifier: GPL-2.0-or-later
/* test_scsi_set_cache.c - the SCSI cache switch of --try-cache-off against a device that
 * answers MODE SENSE(10) with the largest caching page there is (page length 255): the
 * MODE SELECT(10) it sends is the whole page, its buffer large enough (run under ASan by
 * make check-asan: a buffer of 8 + 256 bytes overflowed by one); and the answers a switch
 * that fails brings back for its message: the sense of a refused MODE SELECT, of an ATA
 * SET FEATURES the drive aborted. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <scsi/sg.h>

#include "dc_test.h"
#include "device/protocol.h"
#include "core/raw.h"

/*
 * The device: this ioctl() stands in for the kernel's SG_IO, so the real sgio.c and
 * scsi_acquire.c run on a file this test made. A MODE SENSE(10) reply is the 8-byte
 * header and the caching page (08h, page length 255, WCE as the device has it now);
 * a MODE SELECT(10) is kept to be looked at.
 */
static uint8_t page_len = 255;
static bool wce = true;
static bool refuse_select;    /* MODE SELECT answered ILLEGAL REQUEST, 5/26/00 */
static uint8_t selected[1024];
static size_t nselected, nsense;

int ioctl(int fd, unsigned long req, ...);
int ioctl(int fd, unsigned long req, ...)
{
	struct sg_io_hdr *io;
	va_list ap;

	(void)fd;
	va_start(ap, req);
	io = va_arg(ap, struct sg_io_hdr *);
	va_end(ap);
	if (req != SG_IO) {
		errno = ENOTTY;
		return -1;
	}
	io->status = io->host_status = io->driver_status = 0;
	io->resid = 0;
	if (io->cmdp[0] == 0x5A) { /* MODE SENSE(10) */
		uint8_t *b = io->dxferp;
		size_t n = 8 + 2 + (size_t)page_len;

		nsense++;
		memset(b, 0, io->dxfer_len);
		b[0] = (uint8_t)((n - 2) >> 8);
		b[1] = (uint8_t)(n - 2);
		b[8] = 0x80 | 0x08;           /* PS, caching page */
		b[9] = page_len;
		b[10] = wce ? 0x04 : 0;
		for (size_t i = 11; i < n; i++)
			b[i] = (uint8_t)i;    /* the rest of the page, to be sent back as it is */
		io->resid = (int)(io->dxfer_len - n);
		return 0;
	}
	if (io->cmdp[0] == 0x55) { /* MODE SELECT(10) */
		size_t n = (size_t)io->cmdp[7] << 8 | io->cmdp[8];

		if (refuse_select) {
			uint8_t *sb = io->sbp;

			io->status = 0x02;
			io->sb_len_wr = 18;
			memset(sb, 0, 18);
			sb[0] = 0x70;
			sb[2] = 0x05;
			sb[7] = 10;
			sb[12] = 0x26;        /* invalid field in parameter list */
			return 0;
		}
		nselected = n < sizeof(selected) && n == io->dxfer_len ? n : 0;
		memcpy(selected, io->dxferp, nselected);
		if (nselected > 10)
			wce = selected[10] & 0x04;
		return 0;
	}
	if (io->cmdp[0] == 0x85 && io->cmdp[14] == 0xEF) { /* ATA SET FEATURES: aborted */
		uint8_t *sb = io->sbp;

		io->status = 0x02;
		io->sb_len_wr = 8;
		memset(sb, 0, 8);
		sb[0] = 0x72;         /* descriptor format, ABORTED COMMAND, 00/00 */
		sb[1] = 0x0b;
		return 0;
	}
	io->status = 0x02; /* CHECK CONDITION, ILLEGAL REQUEST */
	io->sb_len_wr = 18;
	((uint8_t *)io->sbp)[0] = 0x70;
	((uint8_t *)io->sbp)[2] = 0x05;
	return 0;
}

static void test_largest_page(const struct dc_dev *dev)
{
	enum dc_tri now = DC_TRI_UNKNOWN;

	page_len = 255;
	wce = true;
	CHECK(dc_scsi_set_cache(dev, false, &now, NULL) == 0);
	CHECK(now == DC_TRI_NO);
	/* the header, then all 257 bytes of the page */
	CHECK(nselected == 8 + 2 + 255);
	if (nselected == 8 + 2 + 255) {
		bool same = true;

		for (size_t i = 0; i < 8; i++)
			same &= selected[i] == 0;
		CHECK(same);
		CHECK(selected[8] == 0x08);    /* PS cleared */
		CHECK(selected[9] == 255);
		CHECK(selected[10] == 0);      /* WCE off */
		for (size_t i = 11; i < nselected; i++)
			same &= selected[i] == (uint8_t)i;
		CHECK(same);                   /* the last byte of the page too */
	}
	CHECK(dc_scsi_set_cache(dev, true, &now, NULL) == 0 && now == DC_TRI_YES);
	CHECK(nselected == 265 && selected[10] == 0x04);
}

/* The usual page (page length 18): the same, with fewer bytes. */
static void test_usual_page(const struct dc_dev *dev)
{
	enum dc_tri now = DC_TRI_UNKNOWN;

	page_len = 0x12;
	wce = true;
	CHECK(dc_scsi_set_cache(dev, false, &now, NULL) == 0 && now == DC_TRI_NO);
	CHECK(nselected == 8 + 2 + 0x12 && selected[9] == 0x12 && selected[10] == 0);
}

/* A device that refuses the MODE SELECT: the sense it gave comes back with the error, for
 * the message that says why; nothing changed. */
static void test_refused(const struct dc_dev *dev)
{
	enum dc_tri now = DC_TRI_YES;
	struct dc_io_status st = { .kind = DC_IO_OK };
	char text[128];

	page_len = 0x12;
	wce = true;
	refuse_select = true;
	CHECK(dc_scsi_set_cache(dev, false, &now, &st) == -EOPNOTSUPP);
	CHECK(now == DC_TRI_UNKNOWN && wce);
	CHECK(st.kind == DC_IO_SCSI && st.sense.valid && st.sense.key == 5);
	CHECK(st.sense.asc_valid && st.sense.asc == 0x26 && st.sense.ascq == 0);
	CHECK_STR(dc_raw_strerror(&st, text, sizeof(text)),
		  "ILLEGAL REQUEST: invalid field in parameter list (sense 5/26/00)");
	refuse_select = false;

	/* a device whose MODE SENSE has no caching page: refused before anything is sent */
	page_len = 0; /* too short to hold the WCE byte */
	nselected = 0;
	st.kind = DC_IO_SCSI; /* what the refusal above left: set again */
	CHECK(dc_scsi_set_cache(dev, false, &now, &st) == -EPROTO);
	CHECK(nselected == 0 && st.kind == DC_IO_OK); /* no command was refused */
}

/* The ATA switch goes through the same SG_IO: a drive that aborts SET FEATURES says so. */
static void test_ata_aborted(const struct dc_dev *dev)
{
	enum dc_tri now = DC_TRI_YES;
	struct dc_io_status st = { .kind = DC_IO_OK };
	char text[128];

	CHECK(dc_ata_set_cache(dev, false, &now, &st) == -EIO);
	CHECK(now == DC_TRI_UNKNOWN && st.kind == DC_IO_SCSI && st.sense.key == 0x0b);
	CHECK_STR(dc_raw_strerror(&st, text, sizeof(text)),
		  "ABORTED COMMAND: no additional sense information (sense b/00/00)");
}

int main(void)
{
	char path[] = "/tmp/dc-test-scsi-XXXXXX";
	int fd = mkstemp(path);
	struct dc_dev dev = { .protocol = DC_PROTO_SCSI };

	CHECK(fd >= 0);
	if (fd >= 0) {
		close(fd);
		snprintf(dev.path, sizeof(dev.path), "%s", path);
		test_largest_page(&dev);
		test_usual_page(&dev);
		test_refused(&dev);
		test_ata_aborted(&dev);
		CHECK(nsense >= 4);
		unlink(path);
	}
	return dc_test_summary("test_scsi_set_cache");
}
