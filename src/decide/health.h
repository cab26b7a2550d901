/* SPDX-License-Identifier: GPL-2.0-or-later */
/* health.h - what the drive itself says of its health (docs/health.md). Pure. */
#ifndef DC_HEALTH_H
#define DC_HEALTH_H

#include <stddef.h>

#include "dc_types.h"

#define DC_NVME_CW_TEMPERATURE 1 /* critical warning bit 1: a warning, not a failure */

/* health.c */
/* Judges the drive's self-assessment, its SMART attributes, NVMe critical warnings and
 * SCSI informational exceptions; fills every field of h. */
void dc_health_judge(const struct dc_drive *d, struct dc_health *h);
/* The NVMe specification's name of a critical warning bit. */
const char *dc_health_nvme_bit_name(unsigned bit);

#endif /* DC_HEALTH_H */
