/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ata_attrs.h - what a SMART attribute ID means and is called, per model family. Pure data. */
#ifndef DC_ATA_ATTRS_H
#define DC_ATA_ATTRS_H

#include <stddef.h>
#include <stdint.h>
#include "core/drive.h"

/*
 * One ID means different things on different drives (195 is a capacitor health value
 * on a Kingston DC500M and an ECC counter on a SandForce client drive), and names
 * differ by vendor and database version. So every rule is keyed on the attribute ID
 * and a model-family glob, never on a name.
 */
enum dc_ata_attr_meaning {
	DC_ATTR_PLP_CAP_HEALTH,   /* capacitor self-test / health: normalised value vs threshold */
	DC_ATTR_LIFE_LEFT,        /* normalised value = % of rated endurance left */
	DC_ATTR_HOST_WRITES,      /* raw value * unit_bytes = host writes */
	DC_ATTR_UNSAFE_SHUTDOWNS, /* raw value = count of unexpected power losses */
};

struct dc_ata_attr_rule {
	const char *family;          /* for people: "Intel DC S3500-S4620" */
	const char *model_glob;      /* on the normalised model (see model.h) */
	uint8_t id;
	enum dc_ata_attr_meaning meaning;
	uint64_t unit_bytes;         /* DC_ATTR_HOST_WRITES only */
	const char *reference;       /* where the meaning was seen */
	const char *example;         /* a real model string the glob is meant for (tests,
					`make db-check`) */
};

/*
 * What the raw value of an attribute counts, where drivecheck reads a figure from it
 * (ata_parse.c). A family whose drive counts otherwise (power-on time in minutes, say)
 * gets a row of its own in names[] of ata_attrs.c with a unit added here.
 */
enum dc_ata_raw_unit {
	DC_ATA_RAW_COUNT = 0,        /* a count or a vendor value: no figure read from it */
	DC_ATA_RAW_HOURS,            /* power-on hours in raw bytes 0-3 */
	DC_ATA_RAW_CELSIUS,          /* degrees Celsius in raw bytes 0-1 (min/max above) */
};

/* An attribute's name (lower case, dashed: "power-on-hours", as libatasmart printed
 * them) and the unit of its raw value. */
struct dc_ata_attr_info {
	const char *name;
	enum dc_ata_raw_unit unit;
};

/* A family's own name or unit for an ID, where the generic one is wrong for it. */
struct dc_ata_attr_family_info {
	const char *family;          /* for people */
	const char *model_glob;      /* on the normalised model (see model.h) */
	uint8_t id;
	struct dc_ata_attr_info info;
	const char *reference;       /* where the meaning was seen */
	const char *example;         /* a real model string the glob is meant for (tests) */
};

/* ata_attrs.c */
/* The name and unit of attribute id on a drive of this normalised model: the family's
 * own where ata_attrs.c has one, else the generic one; NULL for an ID that has no
 * generic name (the caller names it "attribute-N"). */
const struct dc_ata_attr_info *dc_ata_attr_info(const char *norm_model, uint8_t id);
/* The family rows of that table, for the tests to hold each example to its glob. */
const struct dc_ata_attr_family_info *dc_ata_attr_families(size_t *n);
/* The whole table, for `make db-check` to hold against the database's families. */
const struct dc_ata_attr_rule *dc_ata_attr_rules(size_t *n);
/* Returns the rule for (normalised model, attribute ID), or NULL. */
const struct dc_ata_attr_rule *dc_ata_attr_rule_find(const char *norm_model, uint8_t id);

#endif /* DC_ATA_ATTRS_H */
