// SPDX-License-Identifier: GPL-2.0-or-later
/* ata_attrs.c - the tables of SMART attributes: names and units by ID, meanings by ID and family. */
#include <stddef.h>

#include "device/ata/ata_attrs.h"
#include "core/model.h"

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
	/* (Of 217 A400 reports with both counters, 216 read 241 in GiB against the Device
	 * Statistics log, wraps of the log's 2^32 sectors aside; one, firmware SBFK71E0, reads
	 * exactly 32 MiB units where 26 others of that firmware read GiB. A rule per
	 * firmware on one report would be a guess: there the two counters disagree, and the
	 * log, the standard one, is used and both are shown.) */
	/* Kingston KC600 (Silicon Motion): 241 counts 32 MiB, 231 is life left. In each of
	 * 30 reports 100 less 231's value is the Device Statistics' percentage used, and 241
	 * agrees with the log's sectors written or differs by whole wraps of 2^32 of them. */
	{ "Kingston KC600", "SKC600*", 231, DC_ATTR_LIFE_LEFT, 0, REPORTS, "KINGSTON SKC6001024G" },
	{ "Kingston KC600", "SKC600*", 241, DC_ATTR_HOST_WRITES, 32 * MIB, REPORTS, "KINGSTON SKC6001024G" },
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

/*
 * The generic names, by ID: smartmontools' names in the lower-case dashed form
 * libatasmart 0.19 printed (its attribute_info[]), so that every output names an
 * attribute as it did while libatasmart decoded them. An ID not here is "attribute-N".
 * A name is a label for people, never a meaning: what drivecheck reads from an
 * attribute is keyed on ID and family (rules[] above), and only the units below
 * turn raw values into figures.
 */
#define COUNT(n) { n, DC_ATA_RAW_COUNT }
static const struct dc_ata_attr_info generic[256] = {
	[1] = COUNT("raw-read-error-rate"),
	[2] = COUNT("throughput-performance"),
	[3] = COUNT("spin-up-time"),
	[4] = COUNT("start-stop-count"),
	[5] = COUNT("reallocated-sector-count"),
	[6] = COUNT("read-channel-margin"),
	[7] = COUNT("seek-error-rate"),
	[8] = COUNT("seek-time-performance"),
	[9] = { "power-on-hours", DC_ATA_RAW_HOURS },
	[10] = COUNT("spin-retry-count"),
	[11] = COUNT("calibration-retry-count"),
	[12] = COUNT("power-cycle-count"),
	[13] = COUNT("read-soft-error-rate"),
	[170] = COUNT("available-reserved-space"),
	[171] = COUNT("program-fail-count"),
	[172] = COUNT("erase-fail-count"),
	[175] = COUNT("program-fail-count-chip"),
	[176] = COUNT("erase-fail-count-chip"),
	[177] = COUNT("wear-leveling-count"),
	[178] = COUNT("used-reserved-blocks-chip"),
	[179] = COUNT("used-reserved-blocks-total"),
	[180] = COUNT("unused-reserved-blocks"),
	[181] = COUNT("program-fail-count-total"),
	[182] = COUNT("erase-fail-count-total"),
	[183] = COUNT("runtime-bad-block-total"),
	[184] = COUNT("end-to-end-error"),
	[187] = COUNT("reported-uncorrect"),
	[188] = COUNT("command-timeout"),
	[189] = COUNT("high-fly-writes"),
	[190] = { "airflow-temperature-celsius", DC_ATA_RAW_CELSIUS },
	[191] = COUNT("g-sense-error-rate"),
	[192] = COUNT("power-off-retract-count"),
	[193] = COUNT("load-cycle-count"),
	[194] = { "temperature-celsius-2", DC_ATA_RAW_CELSIUS },
	[195] = COUNT("hardware-ecc-recovered"),
	[196] = COUNT("reallocated-event-count"),
	[197] = COUNT("current-pending-sector"),
	[198] = COUNT("offline-uncorrectable"),
	[199] = COUNT("udma-crc-error-count"),
	[200] = COUNT("multi-zone-error-rate"),
	[201] = COUNT("soft-read-error-rate"),
	[202] = COUNT("ta-increase-count"),
	[203] = COUNT("run-out-cancel"),
	[204] = COUNT("shock-count-write-open"),
	[205] = COUNT("shock-rate-write-open"),
	[206] = COUNT("flying-height"),
	[207] = COUNT("spin-high-current"),
	[208] = COUNT("spin-buzz"),
	[209] = COUNT("offline-seek-performance"),
	[220] = COUNT("disk-shift"),
	[221] = COUNT("g-sense-error-rate-2"),
	[222] = COUNT("loaded-hours"),
	[223] = COUNT("load-retry-count"),
	[224] = COUNT("load-friction"),
	[225] = COUNT("load-cycle-count-2"),
	[226] = COUNT("load-in-time"),
	[227] = COUNT("torq-amp-count"),
	[228] = COUNT("power-off-retract-count-2"),
	[230] = COUNT("head-amplitude"),
	[231] = COUNT("temperature-celsius"),  /* life left on many SSDs: no figure read */
	[232] = COUNT("endurance-remaining"),
	[233] = COUNT("power-on-seconds-2"),
	[234] = COUNT("uncorrectable-ecc-count"),
	[235] = COUNT("good-block-rate"),
	[240] = COUNT("head-flying-hours"),
	[241] = COUNT("total-lbas-written"),
	[242] = COUNT("total-lbas-read"),
	[250] = COUNT("read-error-retry-rate"),
};

#define INTEL320 "https://www.smartmontools.org/browser/trunk/smartmontools/drivedb.h " \
		 "(Intel 320 Series SSDs); " REPORTS

/*
 * Families whose drives name (or count) an ID otherwise. Of the drive families
 * libatasmart 0.19 had quirks for (old Fujitsu, Samsung, Maxtor and Hitachi disks, an
 * Apple SSD, the Intel 320), only the Intel 320 is in the fleet drivecheck is held to
 * (data/enterprise-models.tsv, data/import/linuxhw): its names are kept here. The
 * others counted power-on time in minutes, seconds or half-minutes; a row with a unit
 * of its own brings one back the day such a drive is seen.
 */
static const struct dc_ata_attr_family_info names[] = {
	{ "Intel 320", "SSDSA2[BC][TW][0-9][0-9][0-9]G3*", 225, COUNT("total-lbas-written"), INTEL320, "INTEL SSDSA2CW120G3" },
	{ "Intel 320", "SSDSA2[BC][TW][0-9][0-9][0-9]G3*", 226, COUNT("timed-workload-media-wear"), INTEL320, "INTEL SSDSA2CW120G3" },
	{ "Intel 320", "SSDSA2[BC][TW][0-9][0-9][0-9]G3*", 227, COUNT("timed-workload-host-reads"), INTEL320, "INTEL SSDSA2CW120G3" },
	{ "Intel 320", "SSDSA2[BC][TW][0-9][0-9][0-9]G3*", 228, COUNT("workload-timer"), INTEL320, "INTEL SSDSA2CW120G3" },
	{ "Intel 320", "SSDSA2[BC][TW][0-9][0-9][0-9]G3*", 232, COUNT("available-reserved-space"), INTEL320, "INTEL SSDSA2CW120G3" },
	{ "Intel 320", "SSDSA2[BC][TW][0-9][0-9][0-9]G3*", 233, COUNT("media-wearout-indicator"), INTEL320, "INTEL SSDSA2CW120G3" },
};

const struct dc_ata_attr_info *dc_ata_attr_info(const char *norm_model, uint8_t id)
{
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].id == id && dc_model_match(names[i].model_glob, norm_model))
			return &names[i].info;
	return generic[id].name ? &generic[id] : NULL;
}

const struct dc_ata_attr_family_info *dc_ata_attr_families(size_t *n)
{
	*n = sizeof(names) / sizeof(names[0]);
	return names;
}
