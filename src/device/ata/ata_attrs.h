/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ata_attrs.h - what a SMART attribute ID means, per model family. Pure data. */
#ifndef DC_ATA_ATTRS_H
#define DC_ATA_ATTRS_H

#include <stddef.h>
#include <stdint.h>

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

/* ata_attrs.c */
/* The whole table, for `make db-check` to hold against the database's families. */
const struct dc_ata_attr_rule *dc_ata_attr_rules(size_t *n);
/* Returns the rule for (normalised model, attribute ID), or NULL. */
const struct dc_ata_attr_rule *dc_ata_attr_rule_find(const char *norm_model, uint8_t id);

#endif /* DC_ATA_ATTRS_H */
