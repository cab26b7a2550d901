// SPDX-License-Identifier: GPL-2.0-or-later
/* host_json_avail.c - a host's "available", its reasons, why it is unknown and sysfs_model,
 * read back (1.5). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/json_read.h"
#include "device/availability.h"
#include "fleet/host_json.h"

/*
 * What drivecheck report --ceph-spec needs beyond the verdicts: whether ceph-volume would
 * take each drive, and the model that cephadm's model: filter matches. A file older than
 * 1.5 has neither: the drive's availability is unknown (never placed) and its sysfs model
 * empty (no model filter can be proved to leave it out). A reason this build does not
 * know (a later MINOR's) is passed over: "available" still says false.
 */
int dc_host_json_read_avail(struct dc_json_reader *j, const cJSON *dev, struct dc_check *r)
{
	const cJSON *reasons, *e;
	const char *s;
	unsigned k = 0;

	r->avail.available = DC_TRI_UNKNOWN;
	r->avail.reasons = 0;
	r->avail.not_looked[0] = '\0';
	/* why it is not known, as the host said it: what a gate or a spec says of the drive */
	if (dc_jr_str(j, dev, "availability_unknown", SIZE_MAX, DC_JSON_NULL_OK, &s) == DC_JSON_OK)
		snprintf(r->avail.not_looked, sizeof(r->avail.not_looked), "%s", s);
	if (dc_jr_str(j, dev, "sysfs_model", SIZE_MAX, DC_JSON_NULL_OK, &s) == DC_JSON_OK)
		snprintf(r->dev.model, sizeof(r->dev.model), "%s", s);
	dc_jr_tri(j, dev, "available", DC_JSON_NULL_OK, &r->avail.available);
	if (dc_jr_arr(j, dev, "rejected_reasons", 0, &reasons) != DC_JSON_OK)
		return j->rc;
	dc_jr_enter(j, "rejected_reasons");
	cJSON_ArrayForEach(e, reasons) {
		int reason;

		dc_jr_enter_index(j, k);
		dc_jr_str(j, e, NULL, SIZE_MAX, 0, &s);
		dc_jr_leave(j);
		if (j->rc)
			break;
		reason = dc_avail_reason_from_name(s);
		if (reason >= 0)
			r->avail.reasons |= 1u << reason;
		k++;
	}
	dc_jr_leave(j);
	/* a drive with a reason is not available, whatever else the file says */
	if (!j->rc && k && r->avail.available == DC_TRI_YES)
		dc_jr_fail(j, NULL, "available is true beside rejected_reasons");
	return j->rc;
}
