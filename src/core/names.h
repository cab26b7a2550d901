/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * names.h - the names of the enums every stage shares, for the JSON, the table, the CLI and
 * dumps. An enum whose values carry more than a name keeps its names in its own table (the
 * transports: core/transports.c; the findings: core/finding_table.c), and one that belongs
 * to one stage keeps them beside its code (the protocols: device/protocol.c; ceph-volume's
 * reasons: device/availability.c).
 */
#ifndef DC_NAMES_H
#define DC_NAMES_H

#include <stddef.h>

#include "dc_types.h"

/* names.c. Every *_name() returns a static string, never NULL ("?" or "unknown" for a
 * value out of range); every *_from_name() returns 0, or -EINVAL for a name it does not
 * know, leaving *out alone. */
const char *dc_tri_name(enum dc_tri t);                  /* "yes", "no", "unknown" */
const char *dc_ev_kind_name(enum dc_ev_kind k);          /* "plp", "plp-failed", ... */
int dc_ev_kind_from_name(const char *name, enum dc_ev_kind *out);

const char *dc_plp_name(enum dc_plp_class plp);          /* "full", "data-at-rest", ... */
const char *dc_plp_short_name(enum dc_plp_class plp);    /* for the table's PLP column */
int dc_plp_from_name(const char *name, enum dc_plp_class *out);

const char *dc_source_kind_name(enum dc_source_kind k); /* "vendor", "device", ... */
int dc_source_kind_from_name(const char *name, enum dc_source_kind *out);
const char *dc_claim_name(enum dc_claim c);              /* "full", "inferred-none", ... */
int dc_claim_from_name(const char *name, enum dc_claim *out);
const char *dc_flush_speed_name(enum dc_flush_speed s);  /* "fast", "not-measured", ... */
int dc_flush_speed_from_name(const char *name, enum dc_flush_speed *out);
const char *dc_confidence_name(enum dc_confidence c);    /* "low", "medium", "high" */
int dc_confidence_from_name(const char *name, enum dc_confidence *out);
const char *dc_trial_state_name(enum dc_trial_state s);  /* "done", "skipped", ... */
int dc_trial_state_from_name(const char *name, enum dc_trial_state *out);

/* core/transports.c, from its table */
const char *dc_transport_name(enum dc_transport t);      /* "nvme", "sata", "-", ... */
int dc_transport_from_name(const char *name, enum dc_transport *out);

const char *dc_kcache_name(enum dc_kernel_cache c);      /* "write back", "write through", "" */
/* The kernel's queue/write_cache text; anything else is DC_KCACHE_UNKNOWN. */
enum dc_kernel_cache dc_kcache_from_text(const char *text);

const char *dc_status_name(enum dc_status s);            /* "pass", "warn", "fail", "not-checked" */
const char *dc_health_status_name(enum dc_health_status s); /* "ok", "warning", "failing", "unknown" */
int dc_health_status_from_name(const char *name, enum dc_health_status *out); /* 0 or -EINVAL */
const char *dc_health_kind_name(enum dc_health_kind k);  /* "attribute", "nvme-critical-warning" */
/* "about 4.2 more years", "at least 13 more years" (at_least), "more than 100 years" */
void dc_years_text(double years, bool at_least, char *buf, size_t len);
int dc_status_from_name(const char *name, enum dc_status *out);
const char *dc_role_name(enum dc_role role);             /* "ceph_osd" (JSON) */
const char *dc_role_cli_name(enum dc_role role);         /* "ceph-osd" (--gate) */
const char *dc_import_format_name(enum dc_import_format f); /* "smartctl text", ... */
int dc_role_from_name(const char *name, enum dc_role *out); /* either spelling */

/* Firmware advisories (issue 22). */
const char *dc_adv_effect_name(enum dc_adv_effect e);    /* "data-loss", "drive-loss", ... */
int dc_adv_effect_from_name(const char *name, enum dc_adv_effect *out);
const char *dc_adv_claim_name(enum dc_adv_claim c);      /* "bulletin", "cites-bulletin", ... */
int dc_adv_claim_from_name(const char *name, enum dc_adv_claim *out);
const char *dc_adv_match_name(enum dc_adv_match m);      /* "affected", "firmware-unknown", ... */

/*
 * An enum's names, value by value: for readers that check a name along with the rest of a
 * value (core/json_get.c) and for writers that must print the very names a reader takes
 * back (dump_write.c, dump_read.c). names[i] names the value first + i; a NULL entry names nothing.
 */
struct dc_enum_names {
	const char *what;                /* "transport": for messages */
	const char *const *names;
	int first;
	unsigned count;
};
/* The name of value, or dflt for a value without one. */
const char *dc_enum_name(const struct dc_enum_names *t, int value, const char *dflt);
/* 0 with *value set, or -EINVAL for a name the table does not hold. */
int dc_enum_from_name(const struct dc_enum_names *t, const char *name, int *value);
extern const struct dc_enum_names dc_tri_names;          /* "unknown", "no", "yes" */
extern const struct dc_enum_names dc_probe_mode_names;   /* "not-run", "file", "raw" */
extern const struct dc_enum_names dc_kcache_names;       /* "", "write back", "write through" */
extern const struct dc_enum_names dc_io_kind_names;      /* "ok", "errno", "nvme-status", ... */
extern const struct dc_enum_names dc_years_basis_names;  /* "wear-indicator-bound", ... */
extern const struct dc_enum_names dc_unmeasured_names;   /* by bit: "flush-cost", "health" */

#endif /* DC_NAMES_H */
