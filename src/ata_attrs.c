// SPDX-License-Identifier: GPL-2.0-or-later
/* ata_attrs.c - the table of SMART attributes drivecheck reads, keyed on ID and family. */
#include <stddef.h>

#include "ata_attrs.h"
#include "model.h"

#define MIB (1024ull * 1024)
#define GIB (1024ull * MIB)
#define REPORTS "real smartctl reports, data/smartctl/ (linuxhw/EnterpriseDrive)"

/* First match wins: list specific families before broad ones. */
static const struct dc_ata_attr_rule rules[] = {
	/* Intel/Solidigm DC SATA: 175 (and 235 on S4x10) is the power-loss capacitor test. */
	{ "Intel DC SATA", "SSDSC2[BK]*", 175, DC_ATTR_PLP_CAP_HEALTH, 0, REPORTS },
	{ "Intel DC SATA", "SSDSC2K[BG]*", 235, DC_ATTR_PLP_CAP_HEALTH, 0, REPORTS },
	{ "Intel DC SATA", "SSDSC2[BK]*", 233, DC_ATTR_LIFE_LEFT, 0, REPORTS },
	{ "Intel DC SATA", "SSDSC2[BK]*", 241, DC_ATTR_HOST_WRITES, 32 * MIB, REPORTS },
	{ "Intel DC SATA", "SSDSC2[BK]*", 174, DC_ATTR_UNSAFE_SHUTDOWNS, 0, REPORTS },
	/* Kingston DC SATA (Phison): 195 is power-fail (capacitor) health. */
	{ "Kingston DC SATA", "SEDC*", 195, DC_ATTR_PLP_CAP_HEALTH, 0, REPORTS },
	{ "Kingston DC SATA", "SEDC*", 231, DC_ATTR_LIFE_LEFT, 0, REPORTS },
	{ "Kingston DC SATA", "SEDC*", 241, DC_ATTR_HOST_WRITES, GIB, REPORTS },
	{ "Kingston DC SATA", "SEDC*", 192, DC_ATTR_UNSAFE_SHUTDOWNS, 0, REPORTS },
	/* Kingston client SATA (Phison): same counters, no capacitor. */
	{ "Kingston Phison SATA", "SA400*", 231, DC_ATTR_LIFE_LEFT, 0, REPORTS },
	{ "Kingston Phison SATA", "SA400*", 241, DC_ATTR_HOST_WRITES, GIB, REPORTS },
	{ "Kingston Phison SATA", "SA400*", 192, DC_ATTR_UNSAFE_SHUTDOWNS, 0, REPORTS },
	/* Samsung SATA, datacenter and client: 177 wear levelling, 241 LBAs of 512 bytes. */
	{ "Samsung SATA", "MZ7*", 177, DC_ATTR_LIFE_LEFT, 0, REPORTS },
	{ "Samsung SATA", "MZ7*", 241, DC_ATTR_HOST_WRITES, 512, REPORTS },
	{ "Samsung SATA", "SSD 8[3-8]0*", 177, DC_ATTR_LIFE_LEFT, 0, REPORTS },
	{ "Samsung SATA", "SSD 8[3-8]0*", 241, DC_ATTR_HOST_WRITES, 512, REPORTS },
	{ "Samsung SATA", "SSD 8[3-8]3 DCT*", 177, DC_ATTR_LIFE_LEFT, 0, REPORTS },
	{ "Samsung SATA", "SSD 8[3-8]3 DCT*", 241, DC_ATTR_HOST_WRITES, 512, REPORTS },
	/* Micron 5200/5300/5400 and Crucial MX/BX: 202 life remaining, 246 LBAs written. */
	{ "Micron 5x00", "5[234]00 MTFD*", 202, DC_ATTR_LIFE_LEFT, 0, REPORTS },
	{ "Micron 5x00", "5[234]00 MTFD*", 246, DC_ATTR_HOST_WRITES, 512, REPORTS },
	{ "Micron 5x00", "5[1-4]00 MTFD*", 174, DC_ATTR_UNSAFE_SHUTDOWNS, 0, REPORTS },
	{ "Micron 5100", "5100 MTFD*", 202, DC_ATTR_LIFE_LEFT, 0, REPORTS },
	{ "Crucial MX/BX", "CT*[MB]X[0-9]00SSD*", 202, DC_ATTR_LIFE_LEFT, 0, REPORTS },
	{ "Crucial MX/BX", "CT*[MB]X[0-9]00SSD*", 246, DC_ATTR_HOST_WRITES, 512, REPORTS },
	{ "Crucial MX/BX", "CT*[MB]X[0-9]00SSD*", 174, DC_ATTR_UNSAFE_SHUTDOWNS, 0, REPORTS },
	/* WD Blue/Red SATA and SanDisk Marvell-based: 241 is GiB written by the host. */
	{ "WD Blue/Red SATA", "WDS*", 241, DC_ATTR_HOST_WRITES, GIB, REPORTS },
	{ "WD Blue/Red SATA", "WDS*", 174, DC_ATTR_UNSAFE_SHUTDOWNS, 0, REPORTS },
	{ "SanDisk SATA", "SSD PLUS*", 241, DC_ATTR_HOST_WRITES, GIB, REPORTS },
	{ "SanDisk SATA", "SSD PLUS*", 174, DC_ATTR_UNSAFE_SHUTDOWNS, 0, REPORTS },
};

const struct dc_ata_attr_rule *dc_ata_attr_rule_find(const char *norm_model, uint8_t id)
{
	for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if (rules[i].id == id && dc_model_match(rules[i].model_glob, norm_model))
			return &rules[i];
	return NULL;
}
