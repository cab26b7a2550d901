/* SPDX-License-Identifier: GPL-2.0-or-later */
/* health.h - what the drive itself says of its health (struct dc_health, each problem
 * typed; docs/health.md), as decide judges it. Pure. */
#ifndef DC_HEALTH_H
#define DC_HEALTH_H

#include <stddef.h>

#include "dc_types.h"
#include "core/drive.h"

struct dc_health_problem {
	enum dc_health_kind kind;
	bool failing;                 /* else a warning */
	/* DC_HP_ATTRIBUTE */
	uint8_t id, value, worst, threshold;
	bool prefail;                 /* flag bit 0: a pre-failure attribute */
	bool now;                     /* at or below the threshold now; else in the past */
	char name[32];
	/* DC_HP_NVME_WARNING: the bit (0-7); DC_HP_ENDURANCE_EXCEEDED: percent used */
	unsigned bit, percent_used;
	/* DC_HP_SCSI_EXCEPTION, DC_HP_SELF_ASSESSMENT of a SCSI drive */
	uint8_t asc, ascq;
};

#define DC_MAX_HEALTH_PROBLEMS 16

struct dc_health {
	enum dc_health_status status;
	enum dc_self_assessment self_assessment; /* NVMe: the critical warning byte */
	char source[48];              /* where the self-assessment came from */
	unsigned nproblems;           /* problems[] holds the first DC_MAX_HEALTH_PROBLEMS */
	unsigned ntotal;              /* ... of this many (the failing ones come first) */
	struct dc_health_problem problems[DC_MAX_HEALTH_PROBLEMS];
};

#define DC_NVME_CW_TEMPERATURE 1 /* critical warning bit 1: a warning, not a failure */

/* health.c */
/* Judges the drive's self-assessment, its SMART attributes, NVMe critical warnings and
 * SCSI informational exceptions; fills every field of h. */
void dc_health_judge(const struct dc_drive *d, struct dc_health *h);
/* The NVMe specification's name of a critical warning bit. */
const char *dc_health_nvme_bit_name(unsigned bit);

#endif /* DC_HEALTH_H */
