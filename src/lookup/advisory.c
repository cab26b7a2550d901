// SPDX-License-Identifier: GPL-2.0-or-later
/* advisory.c - whether a known firmware defect hits a drive (db/advisories/NAME.txt). Pure. */
#include <fnmatch.h>
#include <string.h>

#include "lookup/advisory.h"
#include "core/model.h"

size_t dc_firmware_normalize(const char *in, char *out, size_t outlen)
{
	return dc_model_normalize(in ? in : "", out, outlen);
}

static bool any_glob(const char *const *pats, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (pats[i] && fnmatch(pats[i], s, 0) == 0)
			return true;
	return false;
}

bool dc_adv_firmware_affected(const struct dc_adv_rule *r, const char *fw_norm)
{
	char fixed[DC_TEXT_LEN];

	if (!fw_norm || !fw_norm[0] || !any_glob(r->affected, r->naffected, fw_norm))
		return false;
	if (r->fixed && r->fixed[0]) {
		dc_firmware_normalize(r->fixed, fixed, sizeof(fixed));
		if (strcmp(fixed, fw_norm) == 0)
			return false;
	}
	return !any_glob(r->not_affected, r->nnot_affected, fw_norm);
}

bool dc_adv_capacity_named(const struct dc_adv_rule *r, uint64_t capacity_bytes)
{
	double gb = (double)capacity_bytes / 1e9;

	if (!r->ncapacities || !capacity_bytes)
		return true;
	for (size_t i = 0; i < r->ncapacities; i++) {
		double named = r->capacities_gb[i], d = gb > named ? gb - named : named - gb;

		if (named > 0 && d <= named * DC_ADV_CAPACITY_TOLERANCE)
			return true;
	}
	return false;
}

enum dc_adv_match dc_adv_match(const struct dc_adv_rule *r, const char *model,
			       const char *firmware, uint64_t capacity_bytes,
			       long long power_on_hours, long long *hours_left,
			       bool *hours_left_known)
{
	char norm[DC_TEXT_LEN * 2], fw[DC_TEXT_LEN];
	bool hit = false;

	*hours_left_known = false;
	*hours_left = 0;
	dc_model_normalize(model ? model : "", norm, sizeof(norm));
	for (size_t i = 0; norm[0] && i < r->nmodels && !hit; i++)
		hit = r->models[i] && dc_model_match(r->models[i], norm);
	if (!hit || !dc_adv_capacity_named(r, capacity_bytes))
		return DC_ADV_NO_MATCH;
	if (r->hours > 0 && power_on_hours >= 0) {
		*hours_left_known = true;
		*hours_left = r->hours - power_on_hours;
	}
	dc_firmware_normalize(firmware, fw, sizeof(fw));
	if (!fw[0])
		return DC_ADV_FIRMWARE_UNKNOWN;
	return dc_adv_firmware_affected(r, fw) ? DC_ADV_AFFECTED : DC_ADV_NOT_AFFECTED;
}
