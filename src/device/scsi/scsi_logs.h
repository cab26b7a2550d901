/* SPDX-License-Identifier: GPL-2.0-or-later */
/* scsi_logs.h - SCSI log pages to health and wear facts (docs/health.md). Pure. */
#ifndef DC_SCSI_LOGS_H
#define DC_SCSI_LOGS_H

#include "core/drive.h"

/* scsi_logs.c */
/* Informational exceptions, temperature, percentage used, power-on time and uncorrected
 * errors from whichever of the log pages raw holds. */
void dc_scsi_parse_logs(const struct dc_raw *raw, struct dc_drive *d);

#endif /* DC_SCSI_LOGS_H */
