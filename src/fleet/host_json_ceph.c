// SPDX-License-Identifier: GPL-2.0-or-later
/* host_json_ceph.c - a drive of Ceph's store read back (1.7): its own host, its devid and
 * its daemons, so that a fleet groups a cluster by host from one import's file. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_read.h"
#include "fleet/host_json.h"

int dc_host_json_read_ceph(struct dc_json_reader *j, const cJSON *dev, struct dc_check *r)
{
	const cJSON *ceph, *daemons, *e;
	const char *s;
	unsigned k = 0;

	/* a drive's own host takes precedence over its file's */
	if (dc_jr_str(j, dev, "host", DC_HOST_LEN - 1, DC_JSON_NULL_OK | DC_JSON_PRINTABLE, &s) ==
	    DC_JSON_OK)
		snprintf(r->host, sizeof(r->host), "%s", s);
	if (dc_jr_obj(j, dev, "ceph", DC_JSON_NULL_OK, &ceph) != DC_JSON_OK)
		return j->rc;
	dc_jr_enter(j, "ceph");
	if (dc_jr_copy(j, ceph, "devid", DC_JSON_REQUIRED, r->ceph.devid, sizeof(r->ceph.devid)) ==
	    DC_JSON_OK && dc_ceph_devid_ok(r->ceph.devid))
		r->ceph.present = true;
	else
		dc_jr_fail(j, "devid", "not a device id");
	if (dc_jr_arr(j, ceph, "daemons", DC_JSON_REQUIRED, &daemons) == DC_JSON_OK) {
		dc_jr_enter(j, "daemons");
		cJSON_ArrayForEach(e, daemons) {
			dc_jr_enter_index(j, k++);
			if (dc_jr_str(j, e, NULL, DC_CEPH_DAEMON_LEN - 1, 0, &s) == DC_JSON_OK &&
			    !dc_ceph_daemon_ok(s))
				dc_jr_fail(j, NULL, "not a daemon name (osd.3, mon.a)");
			dc_jr_leave(j);
			if (j->rc)
				break;
			if (r->ceph.ndaemons < DC_CEPH_MAX_DAEMONS)
				snprintf(r->ceph.daemons[r->ceph.ndaemons++], DC_CEPH_DAEMON_LEN, "%s", s);
			r->ceph.daemons_total++;
		}
		dc_jr_leave(j);
	}
	dc_jr_leave(j);
	return j->rc;
}
