// SPDX-License-Identifier: GPL-2.0-or-later
/* ata_attrs.c - the table of SMART attributes drivecheck reads, keyed on ID and family. */
#include <stddef.h>

#include "device/ata/ata_attrs.h"
#include "model.h"

#define MIB (1024ull * 1024)
#define GIB (1024ull * MIB)
#define REPORTS "real smartctl reports, data/smartctl/ (linuxhw/EnterpriseDrive)"

/*
 * First match wins: list specific families before broad ones. The Intel globs end in
 * the generation digit (or Z) on purpose: OEM firmware ("...R" for Dell, "...K", "...T",
 * "...ZL") lays out its attributes differently (on Dell's, 175 counts program fails and
 * 201 is the capacitor test), and an unknown layout must match no rule at all.
 */
static const struct dc_ata_attr_rule rules[] = {
	/* Intel DC SATA with Dell firmware: 201 is the power-loss capacitor test. */
	{ "Intel DC SATA (Dell)", "SSDSC*R", 201, DC_ATTR_PLP_CAP_HEALTH, 0, REPORTS, "SSDSC2KB480G8R" },
	{ "Intel DC SATA (Dell)", "SSDSC*R", 245, DC_ATTR_LIFE_LEFT, 0, REPORTS, "SSDSC2KB480G8R" },
	{ "Intel DC SATA (Dell)", "SSDSC*R", 174, DC_ATTR_UNSAFE_SHUTDOWNS, 0, REPORTS, "SSDSC2KB480G8R" },
	/* Intel/Solidigm DC SATA (S3500-S3710, S4500-S4620, 730): 175 is the power-loss
	 * capacitor test, and on S4x10/S4x20 235 too. Client models (520, 530, 335, 545s:
	 * SSDSC2CW, BW, CT, KW) have no such attribute and match none of these. */
	{ "Intel DC SATA", "SSDSC2B[ABPX]*[0-9]", 175, DC_ATTR_PLP_CAP_HEALTH, 0, REPORTS, "INTEL SSDSC2BB480G7" },
	{ "Intel DC SATA", "SSDSC2K[BG]*[0-9Z]", 175, DC_ATTR_PLP_CAP_HEALTH, 0, REPORTS, "INTEL SSDSC2KB960G8" },
	{ "Intel DC SATA", "SSDSCK[JK]B*[0-9]", 175, DC_ATTR_PLP_CAP_HEALTH, 0, REPORTS, "INTEL SSDSCKKB240G8" },
	{ "Intel DC SATA", "SSDSC2K[BG]*[8Z]", 235, DC_ATTR_PLP_CAP_HEALTH, 0, REPORTS, "INTEL SSDSC2KG480G8" },
	{ "Intel DC SATA", "SSDSCKKB*8", 235, DC_ATTR_PLP_CAP_HEALTH, 0, REPORTS, "INTEL SSDSCKKB240G8" },
	{ "Intel SATA", "SSDSC2*[0-9Z]", 233, DC_ATTR_LIFE_LEFT, 0, REPORTS, "INTEL SSDSC2KB960G8" },
	{ "Intel SATA", "SSDSCK*[0-9]", 233, DC_ATTR_LIFE_LEFT, 0, REPORTS, "INTEL SSDSCKKB240G8" },
	{ "Intel SATA", "SSDSC2[BC]*[0-9Z]", 241, DC_ATTR_HOST_WRITES, 32 * MIB, REPORTS, "INTEL SSDSC2BB480G7" },
	{ "Intel SATA", "SSDSC2K[BG]*[0-9Z]", 241, DC_ATTR_HOST_WRITES, 32 * MIB, REPORTS, "INTEL SSDSC2KB960G8" },
	{ "Intel SATA", "SSDSCK[JK]B*[0-9]", 241, DC_ATTR_HOST_WRITES, 32 * MIB, REPORTS, "INTEL SSDSCKKB240G8" },
	{ "Intel SATA", "SSDSC2*[0-9Z]", 174, DC_ATTR_UNSAFE_SHUTDOWNS, 0, REPORTS, "INTEL SSDSC2KB960G8" },
	{ "Intel SATA", "SSDSCK*[0-9]", 174, DC_ATTR_UNSAFE_SHUTDOWNS, 0, REPORTS, "INTEL SSDSCKKB240G8" },
	/* SanDisk CloudSpeed Eco/Ultra Gen. II: 235 is capacitor health (threshold 0). */
	{ "SanDisk CloudSpeed", "SDLF1*", 235, DC_ATTR_PLP_CAP_HEALTH, 0, REPORTS, "SDLF1DAR-480G-1HA1" },
	/* Samsung SM863a/PM863a with Dell firmware: 201 is the supercapacitor status
	 * (threshold 1; one real report shows it failed at value 1). */
	{ "Samsung SM863a/PM863a (Dell)", "MZ7[KL]M*HM*0D3", 201, DC_ATTR_PLP_CAP_HEALTH, 0, REPORTS, "MZ7KM960HMJP0D3" },
	/* Kingston DC and client SATA (Phison): 195 is NOT a capacitor: Phison firmware
	 * reports it on drives without PLP too (DC450R, A400). Wear and writes only. */
	{ "Kingston Phison SATA", "SEDC*", 231, DC_ATTR_LIFE_LEFT, 0, REPORTS, "KINGSTON SEDC500M480G" },
	{ "Kingston Phison SATA", "SEDC*", 241, DC_ATTR_HOST_WRITES, GIB, REPORTS, "KINGSTON SEDC500M480G" },
	{ "Kingston Phison SATA", "SEDC*", 192, DC_ATTR_UNSAFE_SHUTDOWNS, 0, REPORTS, "KINGSTON SEDC500M480G" },
	{ "Kingston Phison SATA", "SA400*", 231, DC_ATTR_LIFE_LEFT, 0, REPORTS, "KINGSTON SA400S37240G" },
	{ "Kingston Phison SATA", "SA400*", 241, DC_ATTR_HOST_WRITES, GIB, REPORTS, "KINGSTON SA400S37240G" },
	{ "Kingston Phison SATA", "SA400*", 192, DC_ATTR_UNSAFE_SHUTDOWNS, 0, REPORTS, "KINGSTON SA400S37240G" },
	/* Samsung SATA, datacenter and client: 177 wear levelling, 241 LBAs of 512 bytes. */
	{ "Samsung SATA", "MZ7*", 177, DC_ATTR_LIFE_LEFT, 0, REPORTS, "SAMSUNG MZ7LH960HAJR-00005" },
	{ "Samsung SATA", "MZ7*", 241, DC_ATTR_HOST_WRITES, 512, REPORTS, "SAMSUNG MZ7LH960HAJR-00005" },
	{ "Samsung SATA", "SSD 8[3-8]0*", 177, DC_ATTR_LIFE_LEFT, 0, REPORTS, "Samsung SSD 860 EVO 1TB" },
	{ "Samsung SATA", "SSD 8[3-8]0*", 241, DC_ATTR_HOST_WRITES, 512, REPORTS, "Samsung SSD 860 EVO 1TB" },
	{ "Samsung SATA", "SSD 8[3-8]3 DCT*", 177, DC_ATTR_LIFE_LEFT, 0, REPORTS, "Samsung SSD 883 DCT 1.92TB" },
	{ "Samsung SATA", "SSD 8[3-8]3 DCT*", 241, DC_ATTR_HOST_WRITES, 512, REPORTS, "Samsung SSD 883 DCT 1.92TB" },
	/* Micron 5200/5300/5400 and Crucial MX/BX: 202 life remaining, 246 LBAs written. */
	{ "Micron 5x00", "5[234]00 MTFD*", 202, DC_ATTR_LIFE_LEFT, 0, REPORTS, "Micron_5300_MTFDDAK960TDS" },
	{ "Micron 5x00", "5[234]00 MTFD*", 246, DC_ATTR_HOST_WRITES, 512, REPORTS, "Micron_5300_MTFDDAK960TDS" },
	{ "Micron 5x00", "5[1-4]00 MTFD*", 174, DC_ATTR_UNSAFE_SHUTDOWNS, 0, REPORTS, "Micron_5100_MTFDDAK480TCB" },
	{ "Micron 5100", "5100 MTFD*", 202, DC_ATTR_LIFE_LEFT, 0, REPORTS, "Micron_5100_MTFDDAK480TCB" },
	{ "Crucial MX/BX", "CT*[MB]X[0-9]00SSD*", 202, DC_ATTR_LIFE_LEFT, 0, REPORTS, "CT1000MX500SSD1" },
	{ "Crucial MX/BX", "CT*[MB]X[0-9]00SSD*", 246, DC_ATTR_HOST_WRITES, 512, REPORTS, "CT1000MX500SSD1" },
	{ "Crucial MX/BX", "CT*[MB]X[0-9]00SSD*", 174, DC_ATTR_UNSAFE_SHUTDOWNS, 0, REPORTS, "CT1000MX500SSD1" },
	/* WD Blue/Red SATA and SanDisk Marvell-based: 241 is GiB written by the host. */
	{ "WD Blue/Red SATA", "WDS*", 241, DC_ATTR_HOST_WRITES, GIB, REPORTS, "WDC WDS100T2B0A-00SM50" },
	{ "WD Blue/Red SATA", "WDS*", 174, DC_ATTR_UNSAFE_SHUTDOWNS, 0, REPORTS, "WDC WDS100T2B0A-00SM50" },
	{ "SanDisk SATA", "SSD PLUS*", 241, DC_ATTR_HOST_WRITES, GIB, REPORTS, "SanDisk SSD PLUS 480GB" },
	{ "SanDisk SATA", "SSD PLUS*", 174, DC_ATTR_UNSAFE_SHUTDOWNS, 0, REPORTS, "SanDisk SSD PLUS 480GB" },
};

const struct dc_ata_attr_rule *dc_ata_attr_rules(size_t *n)
{
	*n = sizeof(rules) / sizeof(rules[0]);
	return rules;
}

const struct dc_ata_attr_rule *dc_ata_attr_rule_find(const char *norm_model, uint8_t id)
{
	for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if (rules[i].id == id && dc_model_match(rules[i].model_glob, norm_model))
			return &rules[i];
	return NULL;
}
