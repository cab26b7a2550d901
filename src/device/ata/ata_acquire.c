// SPDX-License-Identifier: GPL-2.0-or-later
/* ata_acquire.c - ATA IDENTIFY and SMART through libatasmart, SG_IO where it does not serve. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <atasmart.h>

#include "device/ata/ata_blob.h"
#include "device/ata/ata_identify.h"
#include "core/raw.h"
#include "device/sgio.h"
#include "device/protocol.h"

/*
 * One 512-byte PIO data-in command through ATA PASS-THROUGH(16), CK_COND clear: some
 * SATLs (QEMU's AHCI) abort the CK_COND form libatasmart uses. cdb bytes: 4 features,
 * 6 sector count, 10 LBA mid, 12 LBA high, 14 command.
 */
static int sgio_ata_read(int fd, uint8_t command, uint8_t features, uint8_t lba_mid,
			 uint8_t lba_high, const char *page, struct dc_raw *raw)
{
	uint8_t cdb[16] = { 0x85, 4 << 1, 0x0e, 0, features, 0, 1, 0, 0, 0, lba_mid, 0, lba_high,
			    0, command, 0 };
	uint8_t buf[512];
	size_t got = 0;
	struct dc_io_status st;

	dc_sgio_read(fd, cdb, sizeof(cdb), buf, sizeof(buf), &got, &st);
	return dc_raw_add(raw, page, buf, got, &st);
}

static int health_pages(const char *path, const uint8_t *id, struct dc_raw *raw, bool status);

/* IDENTIFY DEVICE, SMART READ DATA and SMART READ THRESHOLDS, when libatasmart has none. */
static int sgio_identify_and_smart(const char *path, struct dc_raw *raw)
{
	int fd, rc;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		struct dc_io_status st = dc_io_errno(errno);

		return dc_raw_add(raw, DC_PG_ATA_IDENTIFY, NULL, 0, &st);
	}
	rc = sgio_ata_read(fd, 0xEC, 0, 0, 0, DC_PG_ATA_IDENTIFY, raw);
	/* SMART commands carry the key 0xC24F in LBA high:mid. */
	if (!rc)
		rc = sgio_ata_read(fd, 0xB0, 0xD0, 0x4F, 0xC2, DC_PG_ATA_SMART_DATA, raw);
	if (!rc)
		rc = sgio_ata_read(fd, 0xB0, 0xD1, 0x4F, 0xC2, DC_PG_ATA_SMART_THRESHOLDS, raw);
	close(fd);
	return rc ? rc : health_pages(path, dc_raw_get(raw, DC_PG_ATA_IDENTIFY, 512), raw, true);
}

/* SMART RETURN STATUS, non-data with CK_COND: the registers the drive leaves say good or
 * failing (ata_health.c). Added as the 2-byte page, or with the error. */
static int sgio_smart_status(int fd, struct dc_raw *raw)
{
	uint8_t cdb[16] = { 0x85, 3 << 1, 0x20 /* CK_COND */, 0, 0xDA, 0, 0, 0, 0, 0, 0x4F, 0,
			    0xC2, 0, 0xB0, 0 };
	uint8_t regs[2] = { 0, 0 };
	struct dc_io_status st;

	dc_sgio_ata_registers(fd, cdb, &regs[0], &regs[1], &st);
	return dc_raw_add(raw, DC_PG_ATA_SMART_STATUS, regs, 2, &st);
}

/*
 * The Device Statistics log (04h): page 0, the list, then pages 1 and 7 where listed, by
 * READ LOG EXT, and only on a drive whose IDENTIFY says it has GP logging and whose GP log
 * directory says log 04h has pages. A command a drive aborts is not harmless: libata's
 * error handling may reset the link and revalidate the disk, and the SCSI layer then sets
 * queue/write_cache back from the drive's WCE, undoing an admin's "write through" (seen
 * in the QEMU lab, tests/e2e). So drivecheck asks only what the drive says it answers.
 */
static int read_log_ext(int fd, uint8_t log, uint8_t page, uint8_t *buf, size_t *got,
			struct dc_io_status *st)
{
	/* PIO data-in, 48-bit: LBA(7:0) the log, LBA(15:8) the page; one sector */
	uint8_t cdb[16] = { 0x85, (4 << 1) | 1, 0x0e, 0, 0, 0, 1, 0, log, 0, page, 0, 0, 0,
			    0x2F, 0 };

	return dc_sgio_read(fd, cdb, sizeof(cdb), buf, 512, got, st);
}

static bool devstat_page_ok(const uint8_t *p, size_t got, uint8_t page)
{
	return got == 512 && p[0] == 1 && p[1] == 0 && p[2] == page;
}

static int device_statistics(int fd, const uint8_t *id, struct dc_raw *raw)
{
	static const struct { uint8_t page; const char *name; } want[] = {
		{ 1, DC_PG_ATA_DEVSTAT_01 }, { 7, DC_PG_ATA_DEVSTAT_07 },
	};
	uint8_t dir[512], p0[512], pg[512];
	size_t got = 0;
	int rc;

	/* READ LOG EXT only of a drive that has the GPL feature set */
	if (!id || !dc_ata_id_gpl(id))
		return 0;
	/* the GP log directory (log 00h): word N is how many pages log N has */
	if (read_log_ext(fd, 0x00, 0, dir, &got, NULL) != 0 || got < 512 || (dir[8] | dir[9]) == 0)
		return 0;
	if (read_log_ext(fd, 0x04, 0, p0, &got, NULL) != 0 || !devstat_page_ok(p0, got, 0))
		return 0; /* no Device Statistics: the attributes stand */
	rc = dc_raw_add(raw, DC_PG_ATA_DEVSTAT_00, p0, 512, NULL);
	for (size_t i = 0; rc == 0 && i < sizeof(want) / sizeof(want[0]); i++) {
		bool listed = false;

		/* page 0: byte 8 the number of entries, the page numbers from byte 9 */
		for (unsigned k = 0; k < p0[8] && 9 + k < 512; k++)
			listed |= p0[9 + k] == want[i].page;
		if (!listed)
			continue;
		{
			struct dc_io_status st;

			read_log_ext(fd, 0x04, want[i].page, pg, &got, &st);
			rc = dc_raw_add(raw, want[i].name, pg, got, &st);
		}
	}
	return rc;
}

/*
 * The health pages, on a descriptor of its own: SMART RETURN STATUS (status: the SG_IO
 * path; libatasmart asked it already), only with SMART on (words 82/85 bit 0), then
 * Device Statistics. id: the drive's IDENTIFY, or NULL when it could not be read.
 */
static int health_pages(const char *path, const uint8_t *id, struct dc_raw *raw, bool status)
{
	int fd, rc = 0;

	if (!id)
		return 0;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return 0; /* the identify pages already say what could not be opened */
	if (status && dc_ata_id_smart_supported(id) == DC_TRI_YES &&
	    dc_ata_id_smart_enabled(id) == DC_TRI_YES)
		rc = sgio_smart_status(fd, raw);
	if (rc == 0)
		rc = device_statistics(fd, id, raw);
	close(fd);
	return rc;
}

/*
 * libatasmart turns SMART on when it finds it off, and that is a setting of the drive's
 * that drivecheck must not change. So it may open only a drive whose SMART is on, or
 * whose IDENTIFY drivecheck cannot read itself. Returns 1 when SMART is supported and
 * off (the IDENTIFY page is then added), 0 otherwise, -errno when the disk cannot be
 * opened at all (as the other back-ends' acquire return it, for inspect.c to say).
 */
static int smart_is_off(const char *path, struct dc_raw *raw)
{
	uint8_t cdb[16] = { 0x85, 4 << 1, 0x0e, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0xEC, 0 };
	uint8_t id[512];
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	if (dc_sgio_read(fd, cdb, sizeof(cdb), id, sizeof(id), &got, NULL) || got < sizeof(id)) {
		close(fd);
		return 0;
	}
	close(fd);
	if (dc_ata_id_smart_supported(id) != DC_TRI_YES || dc_ata_id_smart_enabled(id) != DC_TRI_NO)
		return 0;
	return dc_raw_add(raw, DC_PG_ATA_IDENTIFY, id, sizeof(id), NULL) == 0;
}

int dc_ata_acquire(const struct dc_dev *dev, struct dc_raw *raw)
{
	const void *blob = NULL;
	size_t size = 0;
	SkBool avail = 0;
	SkDisk *d = NULL;
	int rc;

	rc = smart_is_off(dev->path, raw);
	if (rc < 0)
		return rc;
	if (rc)
		return 0; /* the parser says SMART is off and how to turn it on */

	/* libatasmart reads IDENTIFY at open, SMART data and thresholds on request, and
	 * hands back all of it as one blob (ata_blob.c), which ata_parse.c decodes. */
	if (sk_disk_open(dev->path, &d) < 0) {
		struct dc_io_status st = dc_io_errno(errno);

		rc = dc_raw_add(raw, DC_PG_ATA_SMART_BLOB, NULL, 0, &st);
		if (rc)
			return rc;
		return sgio_identify_and_smart(dev->path, raw);
	}
	if (sk_disk_smart_is_available(d, &avail) == 0 && avail) {
		SkBool good = 0;

		(void)sk_disk_smart_read_data(d); /* without it the blob holds IDENTIFY alone */
		/* SMART RETURN STATUS: libatasmart reads the registers; the page keeps them */
		if (sk_disk_smart_status(d, &good) == 0) {
			uint8_t regs[2] = { good ? 0x4F : 0xF4, good ? 0xC2 : 0x2C };

			rc = dc_raw_add(raw, DC_PG_ATA_SMART_STATUS, regs, 2, NULL);
		} else {
			struct dc_io_status st = dc_io_errno(errno);

			rc = dc_raw_add(raw, DC_PG_ATA_SMART_STATUS, NULL, 0, &st);
		}
		if (rc) {
			sk_disk_free(d);
			return rc;
		}
	}
	if (sk_disk_get_blob(d, &blob, &size) < 0) {
		/* libatasmart asks IDENTIFY with CK_COND set, which some SATL (QEMU's AHCI)
		 * abort: it opens the disk yet has no IDENTIFY. Ask for it ourselves. */
		struct dc_io_status st = dc_io_errno(errno);

		rc = dc_raw_add(raw, DC_PG_ATA_SMART_BLOB, NULL, 0, &st);
		sk_disk_free(d);
		return rc ? rc : sgio_identify_and_smart(dev->path, raw);
	}
	rc = dc_raw_add(raw, DC_PG_ATA_SMART_BLOB, blob, size, NULL);
	sk_disk_free(d);
	if (rc)
		return rc;
	{
		const struct dc_page *pg = dc_raw_find(raw, DC_PG_ATA_SMART_BLOB);

		return health_pages(dev->path, pg ? dc_ata_blob_identify(pg->data, pg->len) : NULL,
				    raw, false);
	}
}

/* IDENTIFY word 85 bit 5: the cache is on now. */
static enum dc_tri ata_cache_now(int fd)
{
	uint8_t cdb[16] = { 0x85, 4 << 1, 0x0e, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0xEC, 0 };
	uint8_t id[512];
	size_t got = 0;

	if (dc_sgio_read(fd, cdb, sizeof(cdb), id, sizeof(id), &got, NULL) || got < sizeof(id))
		return DC_TRI_UNKNOWN;
	return dc_ata_id_write_cache_enabled(id);
}

/*
 * The cache experiment: SET FEATURES 0x02 (enable write cache) or 0x82 (disable),
 * through ATA PASS-THROUGH(16), non-data. A drive forgets it at its next power cycle
 * unless it was told to keep settings, which drivecheck never asks.
 */
int dc_ata_set_cache(const struct dc_dev *dev, bool on, enum dc_tri *now,
		     struct dc_io_status *st)
{
	uint8_t cdb[16] = { 0x85, 3 << 1, 0, 0, on ? 0x02 : 0x82, 0, 0, 0, 0, 0, 0, 0, 0,
			    0, 0xEF, 0 };
	int fd, rc;

	if (now)
		*now = DC_TRI_UNKNOWN;
	if (st)
		*st = (struct dc_io_status){ .kind = DC_IO_OK };
	fd = open(dev->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* a drive that aborts SET FEATURES answers CHECK CONDITION, ABORTED COMMAND */
	rc = dc_sgio_write(fd, cdb, sizeof(cdb), NULL, 0, st);
	if (rc == 0 && now)
		*now = ata_cache_now(fd);
	close(fd);
	return rc;
}
