// SPDX-License-Identifier: GPL-2.0-or-later
/* report_read_avail.c - a host's "available", its reasons, why it is unknown and sysfs_model,
 * read back (1.5). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "device/availability.h"
#include "report/report_read.h"

/*
 * What drivecheck report --ceph-spec needs beyond the verdicts: whether ceph-volume would
 * take each drive, and the model that cephadm's model: filter matches. A file older than
 * 1.5 has neither: the drive's availability is unknown (never placed) and its sysfs model
 * empty (no model filter can be proved to leave it out). A reason this build does not
 * know (a later MINOR's) is passed over: "available" still says false.
 */
int dc_report_read_avail(const cJSON *dev, const char *at, struct dc_report *r, char *err,
			 size_t errlen)
{
	const cJSON *model = cJSON_GetObjectItemCaseSensitive(dev, "sysfs_model");
	const cJSON *avail = cJSON_GetObjectItemCaseSensitive(dev, "available");
	const cJSON *reasons = cJSON_GetObjectItemCaseSensitive(dev, "rejected_reasons");
	const cJSON *unknown = cJSON_GetObjectItemCaseSensitive(dev, "availability_unknown");
	const cJSON *e;
	unsigned k = 0;

	r->avail.available = DC_TRI_UNKNOWN;
	r->avail.reasons = 0;
	r->avail.not_looked[0] = '\0';
	/* why it is not known, as the host said it: what a gate or a spec says of the drive */
	if (unknown && !cJSON_IsNull(unknown)) {
		if (!cJSON_IsString(unknown)) {
			snprintf(err, errlen, "%s.availability_unknown: want a string or null", at);
			return -EINVAL;
		}
		snprintf(r->avail.not_looked, sizeof(r->avail.not_looked), "%s",
			 unknown->valuestring);
	}
	if (model && !cJSON_IsNull(model)) {
		if (!cJSON_IsString(model)) {
			snprintf(err, errlen, "%s.sysfs_model: want a string or null", at);
			return -EINVAL;
		}
		snprintf(r->dev.model, sizeof(r->dev.model), "%s", model->valuestring);
	}
	if (avail && !cJSON_IsNull(avail)) {
		if (!cJSON_IsBool(avail)) {
			snprintf(err, errlen, "%s.available: want a bool or null", at);
			return -EINVAL;
		}
		r->avail.available = cJSON_IsTrue(avail) ? DC_TRI_YES : DC_TRI_NO;
	}
	if (!reasons)
		return 0;
	if (!cJSON_IsArray(reasons)) {
		snprintf(err, errlen, "%s.rejected_reasons: want an array", at);
		return -EINVAL;
	}
	cJSON_ArrayForEach(e, reasons) {
		int reason;

		if (!cJSON_IsString(e)) {
			snprintf(err, errlen, "%s.rejected_reasons[%u]: want a string", at, k);
			return -EINVAL;
		}
		reason = dc_avail_reason_from_name(e->valuestring);
		if (reason >= 0)
			r->avail.reasons |= 1u << reason;
		k++;
	}
	/* a drive with a reason is not available, whatever else the file says */
	if (k && r->avail.available == DC_TRI_YES) {
		snprintf(err, errlen, "%s: available is true beside rejected_reasons", at);
		return -EINVAL;
	}
	return 0;
}
