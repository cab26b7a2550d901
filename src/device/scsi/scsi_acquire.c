// SPDX-License-Identifier: GPL-2.0-or-later
/* scsi_acquire.c - INQUIRY, VPD pages and the caching mode page, through SG_IO. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "core/raw.h"
#include "device/sgio.h"
#include "device/protocol.h"

#define SCSI_BUF_LEN 1024
/*
 * The first INQUIRY asks for at most 252 bytes in CDB byte 4 alone: SPC-2 devices and
 * some USB and RAID bridges read byte 3 as reserved, and a two-byte length of 1,024
 * would reach them as 0 (no data at all). A VPD page that says it is longer is asked
 * again for its whole length, which only SPC-3 and later devices report.
 */
#define SCSI_SHORT_LEN 252

static int inquiry(int fd, int evpd, uint8_t page, uint8_t *buf, size_t len, size_t *got,
		   struct dc_io_status *st)
{
	uint8_t cdb[6] = { 0x12, (uint8_t)evpd, page, (uint8_t)(len >> 8), (uint8_t)len, 0 };

	return dc_sgio_read(fd, cdb, sizeof(cdb), buf, len, got, st);
}

static int add_inquiry(int fd, struct dc_raw *raw, const char *name, int evpd, uint8_t page)
{
	uint8_t buf[SCSI_BUF_LEN];
	size_t got = 0, want;
	struct dc_io_status st;
	int err = inquiry(fd, evpd, page, buf, SCSI_SHORT_LEN, &got, &st);

	if (!err && evpd && got >= 4) {
		want = ((size_t)buf[2] << 8 | buf[3]) + 4;
		if (want > SCSI_SHORT_LEN) {
			size_t got2 = 0;
			uint8_t big[SCSI_BUF_LEN];

			want = want < sizeof(big) ? want : sizeof(big);
			if (inquiry(fd, evpd, page, big, want, &got2, NULL) == 0 && got2 >= got)
				return dc_raw_add(raw, name, big, got2, NULL);
		}
	}
	return dc_raw_add(raw, name, buf, got, &st);
}

/* LOG SENSE(10), PC 01b (cumulative values), parameter pointer 0: one whole page. */
static int log_sense(int fd, uint8_t page, uint8_t *buf, size_t len, size_t *got,
		     struct dc_io_status *st)
{
	uint8_t cdb[10] = { 0x4D, 0, (uint8_t)(0x40 | page), 0, 0, 0, 0, (uint8_t)(len >> 8),
			    (uint8_t)len, 0 };

	return dc_sgio_read(fd, cdb, sizeof(cdb), buf, len, got, st);
}

/*
 * The log pages of health and wear (docs/health.md), those the device lists in page 00h
 * only: asking for others would fill the drive's error log for nothing.
 */
static int add_log_pages(int fd, struct dc_raw *raw)
{
	static const struct { uint8_t page; const char *name; } want[] = {
		{ 0x02, DC_PG_SCSI_LOG_02 }, { 0x03, DC_PG_SCSI_LOG_03 }, { 0x0D, DC_PG_SCSI_LOG_0D },
		{ 0x11, DC_PG_SCSI_LOG_11 }, { 0x15, DC_PG_SCSI_LOG_15 }, { 0x2F, DC_PG_SCSI_LOG_2F },
	};
	uint8_t list[SCSI_BUF_LEN], buf[SCSI_BUF_LEN];
	size_t got = 0, n;
	struct dc_io_status st;
	int err = log_sense(fd, 0x00, list, sizeof(list), &got, &st), rc;

	rc = dc_raw_add(raw, DC_PG_SCSI_LOG_00, list, got, &st);
	if (rc || err || got < 4)
		return rc;
	n = 4 + ((size_t)list[2] << 8 | list[3]);
	if (n > got)
		n = got;
	for (size_t i = 0; rc == 0 && i < sizeof(want) / sizeof(want[0]); i++) {
		bool listed = false;

		for (size_t k = 4; k < n; k++)
			listed |= (list[k] & 0x3f) == want[i].page;
		if (!listed)
			continue;
		got = 0;
		log_sense(fd, want[i].page, buf, sizeof(buf), &got, &st);
		rc = dc_raw_add(raw, want[i].name, buf, got, &st);
	}
	return rc;
}

int dc_scsi_acquire(const struct dc_dev *dev, struct dc_raw *raw)
{
	static const struct { const char *name; uint8_t page; } vpds[] = {
		{ DC_PG_SCSI_VPD_00, 0x00 }, { DC_PG_SCSI_VPD_80, 0x80 }, { DC_PG_SCSI_VPD_83, 0x83 },
		{ DC_PG_SCSI_VPD_86, 0x86 }, { DC_PG_SCSI_VPD_B1, 0xB1 },
	};
	/* MODE SENSE(10), DBD=1, PC=0 (current values), page 0x08 caching. */
	uint8_t mode_cdb[10] = { 0x5A, 0x08, 0x08, 0, 0, 0, 0, SCSI_BUF_LEN >> 8, SCSI_BUF_LEN & 0xff, 0 };
	uint8_t buf[SCSI_BUF_LEN];
	size_t got = 0;
	struct dc_io_status st;
	int fd, rc;

	fd = open(dev->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	rc = add_inquiry(fd, raw, DC_PG_SCSI_INQUIRY, 0, 0);
	for (size_t i = 0; rc == 0 && i < sizeof(vpds) / sizeof(vpds[0]); i++)
		rc = add_inquiry(fd, raw, vpds[i].name, 1, vpds[i].page);
	if (rc == 0) {
		dc_sgio_read(fd, mode_cdb, sizeof(mode_cdb), buf, sizeof(buf), &got, &st);
		rc = dc_raw_add(raw, DC_PG_SCSI_MODE_08, buf, got, &st);
	}
	if (rc == 0)
		rc = add_log_pages(fd, raw);
	close(fd);
	return rc;
}

/* The caching page of a MODE SENSE(10) reply (current values): its offset, or -1. */
static long caching_page(const uint8_t *buf, size_t got)
{
	size_t bdlen, off;

	if (got < 8)
		return -1;
	bdlen = (size_t)buf[6] << 8 | buf[7];
	off = 8 + bdlen;
	if (off + 3 > got || (buf[off] & 0x3f) != 0x08 || buf[off + 1] < 1 ||
	    off + 2 + buf[off + 1] > got)
		return -1;
	return (long)off;
}

/*
 * The MODE SELECT(10) parameter list the cache experiment sends (SPC-4 7.5.5, 7.5.7): the
 * 8-byte mode parameter header with no block descriptors, then one mode page of 2 bytes
 * (page code, page length) and as many as its page length byte says, at most 255.
 */
#define MODE_PARAM_HEADER_10 8
#define MODE_PAGE_MAX        (2 + 255)
#define MODE_SELECT_MAX      (MODE_PARAM_HEADER_10 + MODE_PAGE_MAX)

/*
 * The cache experiment: the caching page read back (MODE SENSE(10), current), WCE set
 * or cleared, and written with MODE SELECT(10), PF = 1 and SP = 0: the current value
 * only, never the saved one, so a power cycle brings the drive's own setting back.
 */
int dc_scsi_set_cache(const struct dc_dev *dev, bool on, enum dc_tri *now,
		      struct dc_io_status *st)
{
	uint8_t sense_cdb[10] = { 0x5A, 0x08, 0x08, 0, 0, 0, 0, SCSI_BUF_LEN >> 8,
				  SCSI_BUF_LEN & 0xff, 0 };
	uint8_t buf[SCSI_BUF_LEN], param[MODE_SELECT_MAX];
	size_t got = 0, plen;
	long off;
	int fd, rc;

	if (now)
		*now = DC_TRI_UNKNOWN;
	if (st)
		*st = (struct dc_io_status){ .kind = DC_IO_OK };
	fd = open(dev->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	rc = dc_sgio_read(fd, sense_cdb, sizeof(sense_cdb), buf, sizeof(buf), &got, st);
	if (rc == 0 && (off = caching_page(buf, got)) < 0)
		rc = -EPROTO;
	if (rc == 0) {
		uint8_t select_cdb[10] = { 0x55, 0x10 /* PF */, 0, 0, 0, 0, 0, 0, 0, 0 };
		size_t pagelen = 2 + (size_t)buf[off + 1]; /* at most MODE_PAGE_MAX */
		uint8_t *page = param + MODE_PARAM_HEADER_10;

		_Static_assert(sizeof(param) == MODE_PARAM_HEADER_10 + 2 + 255,
			       "a caching page of page length 255 fits");
		/* header with no block descriptors, then the page without its PS bit */
		memset(param, 0, MODE_PARAM_HEADER_10);
		memcpy(page, buf + off, pagelen);
		page[0] &= 0x3f;
		page[2] = on ? (page[2] | 0x04) : (page[2] & ~0x04);
		plen = MODE_PARAM_HEADER_10 + pagelen;
		select_cdb[7] = (uint8_t)(plen >> 8);
		select_cdb[8] = (uint8_t)plen;
		rc = dc_sgio_write(fd, select_cdb, sizeof(select_cdb), param, plen, st);
	}
	if (rc == 0 && now) {
		got = 0;
		if (dc_sgio_read(fd, sense_cdb, sizeof(sense_cdb), buf, sizeof(buf), &got, NULL) == 0 &&
		    (off = caching_page(buf, got)) >= 0)
			*now = (buf[off + 2] & 0x04) ? DC_TRI_YES : DC_TRI_NO;
	}
	close(fd);
	return rc;
}
