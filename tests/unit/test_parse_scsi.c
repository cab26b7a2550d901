// SPDX-License-Identifier: GPL-2.0-or-later
/* test_parse_scsi.c - the SCSI parser on crafted INQUIRY, VPD and caching pages: V_SUP and
 * NV_SUP, WCE, and every page read only as far as its own length field says. */
#include <stdlib.h>

#include "dc_test.h"
#include "core/drive.h"
#include "parse_helpers.h"
#include "core/raw.h"
#include "device/protocol.h"

static const struct dc_io_status illegal_request = {
	.kind = DC_IO_SCSI, .scsi_status = 2, .driver_status = 8,
	.sense = { .valid = true, .asc_valid = true, .key = 5, .asc = 0x24 }, /* 5/24/00 */
};

static void test_scsi(void)
{
	struct dc_raw raw = { 0 };
	struct dc_drive d;
	uint8_t inq[96] = { 0 }, vpd80[24] = { 0, 0x80, 0, 8 }, vpd86[64] = { 0, 0x86, 0, 60 };
	uint8_t mode[28] = { 0 };

	inq[4] = sizeof(inq) - 5;            /* additional length */
	memcpy(inq + 8, "SEAGATE XS1920SE70004     0004", 28);
	memcpy(vpd80 + 4, "7FA00001", 8);
	vpd86[6] = 0x01;                     /* V_SUP */
	mode[1] = sizeof(mode) - 2;          /* mode data length */
	mode[7] = 0;                         /* no block descriptors */
	mode[8] = 0x08;                      /* caching page */
	mode[9] = 0x12;
	mode[10] = 0x04;                     /* WCE */
	dc_raw_add(&raw, DC_PG_SCSI_INQUIRY, inq, sizeof(inq), NULL);
	dc_raw_add(&raw, DC_PG_SCSI_VPD_80, vpd80, sizeof(vpd80), NULL);
	dc_raw_add(&raw, DC_PG_SCSI_VPD_86, vpd86, sizeof(vpd86), NULL);
	dc_raw_add(&raw, DC_PG_SCSI_MODE_08, mode, sizeof(mode), NULL);
	{
		uint8_t b1[64] = { 0, 0xB1, 0, 0x3c, 0, 1 }; /* medium rotation rate 1: SSD */
		dc_raw_add(&raw, DC_PG_SCSI_VPD_B1, b1, sizeof(b1), NULL);
	}
	memset(&d, 0, sizeof(d));
	d.cache_present = d.cache_enabled = d.rotational = DC_TRI_UNKNOWN;
	dc_scsi_parse(&raw, &d);
	CHECK(d.rotational == DC_TRI_NO);
	CHECK_STR(d.vendor, "SEAGATE");
	CHECK_STR(d.model, "XS1920SE70004");
	CHECK_STR(d.serial, "7FA00001");
	CHECK(!has_ev(&d, DC_EV_PLP) && !has_ev(&d, DC_EV_NO_VWC));
	CHECK(d.cache_present == DC_TRI_YES && d.cache_enabled == DC_TRI_YES);
	dc_raw_free(&raw);

	/* QEMU has no VPD 0x86: cache from WCE alone, no PLP evidence */
	mode[10] = 0;
	dc_raw_add(&raw, DC_PG_SCSI_INQUIRY, inq, sizeof(inq), NULL);
	dc_raw_add(&raw, DC_PG_SCSI_VPD_86, NULL, 0, &illegal_request);
	dc_raw_add(&raw, DC_PG_SCSI_MODE_08, mode, sizeof(mode), NULL);
	memset(&d, 0, sizeof(d));
	d.cache_present = d.cache_enabled = DC_TRI_UNKNOWN;
	dc_scsi_parse(&raw, &d);
	CHECK(!has_ev(&d, DC_EV_PLP));
	CHECK(d.cache_enabled == DC_TRI_NO);
	dc_raw_free(&raw);

	/* a mode page whose block-descriptor length points past the end */
	mode[6] = 0xff;
	mode[7] = 0xff;
	dc_raw_add(&raw, DC_PG_SCSI_MODE_08, mode, sizeof(mode), NULL);
	memset(&d, 0, sizeof(d));
	d.cache_enabled = DC_TRI_UNKNOWN;
	dc_scsi_parse(&raw, &d);
	CHECK(d.cache_enabled == DC_TRI_UNKNOWN);
	dc_raw_free(&raw);
}

/* Page lengths, and what the cache bits mean together (scsi_parse.c's table). */
static void test_scsi_lengths_and_caches(void)
{
	static const struct {
		uint8_t byte6;          /* VPD 0x86 byte 6 */
		uint8_t wce;
		enum dc_tri present, enabled;
		bool no_vwc, plp, hint;
	} caches[] = {
		{ 0x01, 1, DC_TRI_YES, DC_TRI_YES, false, false, false },
		{ 0x01, 0, DC_TRI_YES, DC_TRI_NO, false, false, false },
		{ 0x00, 0, DC_TRI_NO, DC_TRI_NO, true, false, false },
		{ 0x00, 1, DC_TRI_UNKNOWN, DC_TRI_YES, false, false, false }, /* contradiction */
		{ 0x02, 1, DC_TRI_NO, DC_TRI_NO, true, true, false },        /* non-volatile only */
		{ 0x03, 1, DC_TRI_YES, DC_TRI_YES, false, false, true },     /* both: a hint */
	};
	struct dc_raw raw = { 0 };
	struct dc_drive d;
	uint8_t inq[96] = { 0 }, vpd86[64] = { 0, 0x86, 0, 60 }, mode[28] = { 0 };
	uint8_t vpd80[300] = { 0, 0x80, 0x01, 0x04 };  /* a 260-byte serial: two-byte length */

	for (size_t i = 0; i < sizeof(caches) / sizeof(caches[0]); i++) {
		vpd86[6] = caches[i].byte6;
		memset(mode, 0, sizeof(mode));
		mode[1] = sizeof(mode) - 2;
		mode[8] = 0x08;
		mode[9] = 0x12;
		mode[10] = caches[i].wce ? 0x04 : 0;
		dc_raw_add(&raw, DC_PG_SCSI_VPD_86, vpd86, sizeof(vpd86), NULL);
		dc_raw_add(&raw, DC_PG_SCSI_MODE_08, mode, sizeof(mode), NULL);
		memset(&d, 0, sizeof(d));
		d.cache_present = d.cache_enabled = DC_TRI_UNKNOWN;
		dc_scsi_parse(&raw, &d);
		CHECK(d.cache_present == caches[i].present);
		CHECK(d.cache_enabled == caches[i].enabled);
		CHECK(has_ev(&d, DC_EV_NO_VWC) == caches[i].no_vwc);
		CHECK(has_ev(&d, DC_EV_PLP) == caches[i].plp);
		CHECK(has_ev(&d, DC_EV_HINT) == caches[i].hint);
		dc_raw_free(&raw);
	}

	/* A short VPD 0x86 (page length 2: byte 6 is zero fill) says nothing of V_SUP, and a
	 * cache that is off says nothing either: no "no volatile cache" from zero fill. */
	vpd86[3] = 2;
	vpd86[6] = 0;
	mode[10] = 0;
	dc_raw_add(&raw, DC_PG_SCSI_VPD_86, vpd86, sizeof(vpd86), NULL);
	dc_raw_add(&raw, DC_PG_SCSI_MODE_08, mode, sizeof(mode), NULL);
	memset(&d, 0, sizeof(d));
	d.cache_present = d.cache_enabled = DC_TRI_UNKNOWN;
	dc_scsi_parse(&raw, &d);
	CHECK(!has_ev(&d, DC_EV_NO_VWC) && d.cache_present != DC_TRI_NO);
	dc_raw_free(&raw);

	/* A mode data length that ends before the caching page's flags: not read. */
	mode[1] = 9;                           /* 11 bytes: header and 3 of the page... */
	mode[1] = 8;                           /* ...no: 10 bytes, flags byte 10 outside */
	dc_raw_add(&raw, DC_PG_SCSI_MODE_08, mode, sizeof(mode), NULL);
	memset(&d, 0, sizeof(d));
	d.cache_enabled = DC_TRI_UNKNOWN;
	dc_scsi_parse(&raw, &d);
	CHECK(d.cache_enabled == DC_TRI_UNKNOWN);
	dc_raw_free(&raw);

	/* INQUIRY: an additional length short of the product fields leaves them unread (the
	 * rest of the buffer is zero fill); VPD 0x80 takes its length from bytes 2-3. */
	memcpy(inq + 8, "SEAGATE XS1920SE70004     0004", 28);
	inq[4] = 10;                           /* 15 bytes: vendor cut */
	memset(vpd80 + 4, 'S', 260);
	dc_raw_add(&raw, DC_PG_SCSI_INQUIRY, inq, sizeof(inq), NULL);
	dc_raw_add(&raw, DC_PG_SCSI_VPD_80, vpd80, sizeof(vpd80), NULL);
	memset(&d, 0, sizeof(d));
	dc_scsi_parse(&raw, &d);
	CHECK(d.model[0] == '\0' && d.vendor[0] == '\0');
	CHECK(d.nerrors > 0 && strstr(d.errors[0], "36 needed"));
	dc_raw_free(&raw);
	inq[4] = sizeof(inq) - 5;
	dc_raw_add(&raw, DC_PG_SCSI_INQUIRY, inq, sizeof(inq), NULL);
	dc_raw_add(&raw, DC_PG_SCSI_VPD_80, vpd80, sizeof(vpd80), NULL);
	memset(&d, 0, sizeof(d));
	dc_scsi_parse(&raw, &d);
	CHECK_STR(d.model, "XS1920SE70004");
	CHECK(strlen(d.serial) == sizeof(d.serial) - 1 && d.serial[0] == 'S');
	dc_raw_free(&raw);
	/* a VPD 0x80 whose length says 4 over a buffer of zeros: a 4-byte serial, not more */
	memset(vpd80, 0, sizeof(vpd80));
	vpd80[1] = 0x80;
	vpd80[3] = 4;
	memcpy(vpd80 + 4, "AB12", 4);
	dc_raw_add(&raw, DC_PG_SCSI_INQUIRY, inq, sizeof(inq), NULL);
	dc_raw_add(&raw, DC_PG_SCSI_VPD_80, vpd80, sizeof(vpd80), NULL);
	memset(&d, 0, sizeof(d));
	dc_scsi_parse(&raw, &d);
	CHECK_STR(d.serial, "AB12");
	dc_raw_free(&raw);
}

int main(void)
{
	test_scsi();
	test_scsi_lengths_and_caches();
	return dc_test_summary("test_parse_scsi");
}
