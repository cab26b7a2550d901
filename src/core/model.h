/* SPDX-License-Identifier: GPL-2.0-or-later */
/* model.h - the one normal form of a drive's model string, shared by every matcher. */
#ifndef DC_MODEL_H
#define DC_MODEL_H

#include <stdbool.h>
#include <stddef.h>

/* model.c */
/* Upper-cases, turns '_' and runs of white space into one space, trims, and drops bytes
 * outside printable ASCII. Always NUL-terminates out. Returns the length written. */
size_t dc_model_normalize(const char *in, char *out, size_t outlen);
/* For a normalised string: the same string without one leading vendor word
 * ("SAMSUNG MZ7LH960HAJR" -> "MZ7LH960HAJR"), or the string itself. */
const char *dc_model_strip_vendor(const char *norm);
/* Whether a glob pattern matches a normalised model, with or without its vendor word. */
bool dc_model_match(const char *pattern, const char *norm);
/* The number of literal (non-wildcard) characters of a pattern: the more, the more specific. */
unsigned dc_model_pattern_weight(const char *pattern);

/* The bytes of SCSI INQUIRY's product identification (SPC), which sysfs shows as a SCSI
 * disk's device/model. */
#define DC_SCSI_PRODUCT_LEN 16
/* What the kernel's sysfs device/model (what udev's ATTRS{model} and ceph-volume read)
 * holds for a drive whose own model is model. scsi_disk: the drive is a SCSI disk to the
 * kernel (SCSI, or ATA behind libata or a SAT layer, which put the ATA model's first 16
 * characters in INQUIRY's product field): the first DC_SCSI_PRODUCT_LEN characters;
 * else (NVMe) the whole model. Trailing blanks go, as udev drops them. out may be model.
 * Always NUL-terminates out; returns the length written. */
size_t dc_model_sysfs(const char *model, bool scsi_disk, char *out, size_t outlen);

#endif /* DC_MODEL_H */
