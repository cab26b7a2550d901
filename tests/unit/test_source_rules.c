// SPDX-License-Identifier: GPL-2.0-or-later
/* test_source_rules.c - the rules of evidence for "none" inferred for a client family:
 * which list names which family, and which ground fails first. */
#include "dc_test.h"
#include "lookup/source_rules.h"

static const char *const zfs_names[] = {
	"Intel 750", "Intel 320", "Intel 730", "Crucial MX100", "Crucial M500",
	"Kingston DC500M", "Micron 5210 Ion", "Toshiba PX05SHB*", "Samsung 845DC Evo",
};
static const char *const vita_names[] = { "Intel/Solidigm D3-S4510", "Intel Optane", "Kioxia CD6" };
static const struct dc_plp_list lists[] = {
	{ "zfs", "https://example.invalid/zfs", zfs_names, sizeof(zfs_names) / sizeof(zfs_names[0]) },
	{ "vita", "https://example.invalid/vita", vita_names, sizeof(vita_names) / sizeof(vita_names[0]) },
};

static const char *named(const char *vendor, const char *family, const char *example)
{
	const char *ex[1] = { example };
	struct dc_rule_family f = { vendor, family, ex, example ? 1 : 0 };
	const char *n = dc_list_names_family(&lists[0], &f);

	return n ? n : dc_list_names_family(&lists[1], &f);
}

static void test_names(void)
{
	/* by the family's name, maker words and case aside */
	CHECK_STR(named("Intel", "SSD 730", "INTEL SSDSC2BP240G4"), "Intel 730");
	CHECK_STR(named("Crucial", "M500 (Crucial)", "CT240M500SSD1"), "Crucial M500");
	/* Crucial and Micron are one maker: the list's Crucial M500 names Micron's M500 */
	CHECK_STR(named("Micron", "M500", "Micron_M500_MTFDDAK960MAV"), "Crucial M500");
	CHECK_STR(named("Micron", "5210 ION", "Micron_5210_MTFDDAK7T6QDE"), "Micron 5210 Ion");
	/* a generic name names every family of it */
	CHECK_STR(named("Intel", "Optane SSD 900P / 905P", "INTEL SSDPED1D280GA"), "Intel Optane");
	/* '-' and '/' do not count; Intel and Solidigm are one maker */
	CHECK_STR(named("Solidigm", "D3-S4510", "INTEL SSDSC2KB960G8"), "Intel/Solidigm D3-S4510");
	CHECK_STR(named("KIOXIA", "CD6-R", "KCD61LUL3T84"), "Kioxia CD6");
	/* by a real model string, for a family named otherwise (an OEM's) */
	CHECK_STR(named("Dell", "OEM Kingston drive", "KINGSTON DC500M 480G"), "Kingston DC500M");
	CHECK_STR(named("Toshiba", "SAS family", "PX05SHB040"), "Toshiba PX05SHB*");
	/* another maker's family of the same number is not named */
	CHECK(named("Samsung", "750 EVO", "Samsung SSD 750 EVO 250GB") == NULL);
	/* whole words only: 320 is not 320GB, MX100 is not CT256MX100SSD1's middle */
	CHECK(named("Samsung", "850 EVO", "Samsung SSD 850 EVO 320GB") == NULL);
	CHECK(named("Samsung", "860 EVO", "Samsung SSD 860 EVO 1TB") == NULL);
	CHECK(named("Samsung", "845DC PRO", "SAMSUNG MZ7GE240HMGR") == NULL);
	CHECK_STR(named("Samsung", "845DC EVO", "Samsung SSD 845DC EVO 240GB"), "Samsung 845DC Evo");
}

static void test_infer(void)
{
	const char *ex[1] = { "Samsung SSD 860 EVO 1TB" };
	struct dc_rule_family evo = { "Samsung", "860 EVO", ex, 1 };
	struct dc_rule_source s[4] = {
		{ DC_SRC_REVIEW, DC_CLAIM_CLIENT_LINE, "https://review.invalid/a" },
		{ DC_SRC_COMPILATION, DC_CLAIM_NOT_LISTED, "https://example.invalid/zfs" },
		{ DC_SRC_COMPILATION, DC_CLAIM_NOT_LISTED, "https://example.invalid/vita" },
		{ DC_SRC_COMMUNITY, DC_CLAIM_DATA_AT_REST, "https://forum.invalid/a" },
	};
	struct dc_inference r;

	CHECK(dc_infer_none(&evo, true, s, 3, lists, 2).problem == DC_INFER_OK);
	CHECK(dc_infer_none(&evo, false, s, 3, lists, 2).problem == DC_INFER_NOT_CLIENT);
	/* any kind claiming protection, even a forum answer, withholds it */
	r = dc_infer_none(&evo, true, s, 4, lists, 2);
	CHECK(r.problem == DC_INFER_CLAIMS_PROTECTION && r.source == 3);
	CHECK(dc_infer_none(&evo, true, s + 1, 2, lists, 2).problem == DC_INFER_NO_CLIENT_LINE);
	CHECK(dc_infer_none(&evo, true, s, 3, lists, 0).problem == DC_INFER_NO_LISTS);
	r = dc_infer_none(&evo, true, s, 2, lists, 2);
	CHECK(r.problem == DC_INFER_LIST_NOT_CITED && r.list == 1);
	/* a client line from a shop is no client line */
	s[0].kind = DC_SRC_DISTRIBUTOR;
	CHECK(dc_infer_none(&evo, true, s, 3, lists, 2).problem == DC_INFER_NO_CLIENT_LINE);
	s[0].kind = DC_SRC_VENDOR;
	{
		const char *ex730[1] = { "INTEL SSDSC2BP240G4" };
		struct dc_rule_family i730 = { "Intel", "SSD 730", ex730, 1 };

		r = dc_infer_none(&i730, true, s, 3, lists, 2);
		CHECK(r.problem == DC_INFER_LISTED && r.list == 0);
		CHECK_STR(r.name, "Intel 730");
	}
	/* the grounds never back "none" one by one */
	CHECK(!dc_claim_supports(DC_CLAIM_CLIENT_LINE, DC_PLP_NONE));
	CHECK(!dc_claim_supports(DC_CLAIM_NOT_LISTED, DC_PLP_NONE));
	CHECK(!dc_claim_supports(DC_CLAIM_INFERRED_NONE, DC_PLP_NONE));
	CHECK(dc_claim_grounds_inference(DC_CLAIM_NOT_LISTED));
	CHECK(!dc_claim_grounds_inference(DC_CLAIM_NONE));
}

int main(void)
{
	test_names();
	test_infer();
	return dc_test_summary("test_source_rules");
}
