// SPDX-License-Identifier: GPL-2.0-or-later
/* test_ceph.c - the small rules of Ceph's names and times (core/ceph.c) and the devid a
 * smartctl document gives, as Ceph's get_device_id makes it (docs/ceph.md, "The devid"). */
#include <errno.h>
#include <string.h>

#include "core/ceph.h"
#include "dc_test.h"
#include "import/ceph/import_ceph.h"

static void run_times(void)
{
	int64_t t = -1;
	char buf[32];

	CHECK(dc_ceph_sample_time("20260614-031500", &t) == 0 && t == 1781406900);
	dc_ceph_sample_key(t, buf, sizeof(buf));
	CHECK_STR(buf, "20260614-031500");
	CHECK(dc_ceph_sample_time("19700101-000000", &t) == 0 && t == 0);
	/* not of the form: -EINVAL; of the form but no such time: -ERANGE */
	CHECK(dc_ceph_sample_time("2026-06-14", &t) == -EINVAL);
	CHECK(dc_ceph_sample_time("20260614-03150", &t) == -EINVAL);
	CHECK(dc_ceph_sample_time("20260614-0315001", &t) == -EINVAL);
	CHECK(dc_ceph_sample_time("2026061a-031500", &t) == -EINVAL);
	CHECK(dc_ceph_sample_time("20260230-031500", &t) == -ERANGE);
	CHECK(dc_ceph_sample_time("20260614-246000", &t) == -ERANGE);
	CHECK(dc_ceph_sample_time("20260614-031560", &t) == -ERANGE);
	/* a utime_t with its zone applied; Ceph's zero time is unset */
	CHECK(dc_ceph_utime("2026-06-15T03:20:11.000000+0000", &t) == 0 && t == 1781493611);
	CHECK(dc_ceph_utime("2026-06-15T04:20:11.000000+0100", &t) == 0 && t == 1781493611);
	CHECK(dc_ceph_utime("0.000000", &t) == 0 && t == 0);
	CHECK(dc_ceph_utime("yesterday", &t) == -EINVAL);
	dc_ceph_time_text(1781493611, buf, sizeof(buf));
	CHECK_STR(buf, "2026-06-15T03:20:11Z");
}

static void run_names(void)
{
	char big[300];

	CHECK(dc_ceph_devid_ok("INTEL_SSDSC2KB960G8_PHYF1234567890"));
	CHECK(!dc_ceph_devid_ok(""));
	CHECK(!dc_ceph_devid_ok("Samsung SSD 860"));
	CHECK(!dc_ceph_devid_ok("../etc/passwd"));
	CHECK(!dc_ceph_devid_ok("MODEL_\x01SERIAL"));
	memset(big, 'A', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	CHECK(!dc_ceph_devid_ok(big));
	big[255] = '\0';
	CHECK(dc_ceph_devid_ok(big));
	CHECK(dc_ceph_daemon_ok("osd.3") && dc_ceph_daemon_ok("mon.ceph-a"));
	CHECK(!dc_ceph_daemon_ok("osd3") && !dc_ceph_daemon_ok("osd. 3") && !dc_ceph_daemon_ok(""));
}

/* The devids a smartctl document's identity gives. */
static void sample(const char *json, struct dc_ceph_sample *s)
{
	CHECK(dc_ceph_sample_read(json, 0, strlen(json), s) == 0);
	CHECK(s->kind == DC_CEPH_SMARTCTL);
}

static void run_devids(void)
{
	struct dc_ceph_sample s;

	/* ATA: udev's ID_MODEL and ID_SERIAL_SHORT, each run of blanks one underscore */
	sample("{\"json_format_version\":[1,0],\"smartctl\":{},\"device\":{\"protocol\":\"ATA\"},"
	       "\"model_name\":\"Samsung SSD  860 EVO 500GB \",\"serial_number\":\"S3YZNB0KB00864E\","
	       "\"local_time\":{\"time_t\":1781406900}}", &s);
	CHECK_STR(s.cand[0], "Samsung_SSD_860_EVO_500GB_S3YZNB0KB00864E");
	CHECK(!s.cand[1][0] && s.have_time && s.time == 1781406900);
	/* NVMe: the model with each space an underscore, then the serial */
	sample("{\"json_format_version\":[1,0],\"smartctl\":{},\"device\":{\"protocol\":\"NVMe\"},"
	       "\"model_name\":\"SAMSUNG MZQL2960HCJR-00A07\",\"serial_number\":\"S64FNE0R1\"}", &s);
	CHECK_STR(s.cand[0], "SAMSUNG_MZQL2960HCJR-00A07_S64FNE0R1");
	/* SCSI: vendor, product and serial */
	sample("{\"json_format_version\":[1,0],\"smartctl\":{},\"device\":{\"protocol\":\"SCSI\"},"
	       "\"scsi_vendor\":\"HITACHI\",\"scsi_product\":\"H109060SESUN600G\","
	       "\"serial_number\":\"001234ABCD\"}", &s);
	CHECK_STR(s.cand[0], "HITACHI_H109060SESUN600G_001234ABCD");
	/* a Micron whose udev had only ID_SERIAL: "Micron_" in front, as a second candidate */
	sample("{\"json_format_version\":[1,0],\"smartctl\":{},\"device\":{\"protocol\":\"ATA\"},"
	       "\"model_name\":\"MTFDDAK960TDS\",\"serial_number\":\"2020ABC\"}", &s);
	CHECK_STR(s.cand[0], "MTFDDAK960TDS_2020ABC");
	CHECK_STR(s.cand[1], "Micron_MTFDDAK960TDS_2020ABC");
	/* no serial: no devid to join by */
	sample("{\"json_format_version\":[1,0],\"smartctl\":{},\"device\":{\"protocol\":\"ATA\"},"
	       "\"model_name\":\"X\"}", &s);
	CHECK(!s.cand[0][0]);
	/* a failed scrape: Ceph's record, its error and the first line of smartctl's words */
	{
		static const char failed[] = "{\"error\":\"smartctl failed\",\"dev\":\"/dev/sdb\","
					     "\"smartctl_output\":\"Read Device Identity failed\\nbanner\"}";

		CHECK(dc_ceph_sample_read(failed, 0, sizeof(failed) - 1, &s) == 0);
	}
	CHECK(s.kind == DC_CEPH_FAILED_SCRAPE);
	CHECK_STR(s.error, "smartctl failed");
	CHECK_STR(s.message, "Read Device Identity failed");
}

int main(void)
{
	run_times();
	run_names();
	run_devids();
	return dc_test_summary("test_ceph");
}
