/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * words.h - the one place where decide's findings become English: a property's basis and
 * source, decide's evidence, a verdict's reasons, the advice (docs/architecture.md, "Typed
 * findings"). Every renderer (table, JSON, gate) takes its sentences from here.
 *
 * Each function is given the facts decide was given (dc_facts_of() of the check) and the
 * result it made; a finding's words are its figures and the facts it names. The functions
 * that write into buf return the length of the whole text, as snprintf does: a caller that
 * gets back len or more has a cut text (DC_WORDS_LEN holds every sentence there is).
 */
#ifndef DC_WORDS_H
#define DC_WORDS_H

#include <stddef.h>
#include <stdint.h>

#include "core/finding_table.h"
#include "decide/decide.h"
#include "dc_types.h"

#define DC_WORDS_LEN 1024

/* words.c: a finding's ref, where its row (core/finding_table.c) says it is of kind; -1
 * where it is of another kind or none, so that no sentence reads an index as something else */
int dc_words_ref(const struct dc_finding *x, enum dc_finding_ref kind);

/* words.c: S, U and F */
size_t dc_words_basis(const struct dc_facts *f, const struct dc_property *p, char *buf,
		      size_t len);
/* Where the answer came from: "probe", "database (vendor)", "nvme identify-ctrl VWC", "". */
size_t dc_words_source(const struct dc_facts *f, const struct dc_property *p, char *buf,
		       size_t len);

/* One piece of evidence in words: a dc_evidence with room for every sentence. */
struct dc_words_evidence {
	enum dc_ev_kind kind;
	char source[sizeof(((struct dc_evidence *)0)->source)];
	char what[sizeof(((struct dc_evidence *)0)->what)];
	char value[DC_WORDS_LEN];
};

/* words_evidence.c: the evidence of the PLP conclusion, the drive's own and then decide's.
 * dc_words_evidence_count() entries; the i-th into *ev. */
unsigned dc_words_evidence_count(const struct dc_facts *f, const struct dc_result *r);
void dc_words_evidence(const struct dc_facts *f, const struct dc_result *r, unsigned i,
		       struct dc_words_evidence *ev);

/* words_verdict.c: one reason of a verdict; one piece of advice. */
size_t dc_words_reason(const struct dc_facts *f, const struct dc_result *r,
		       const struct dc_reason *x, char *buf, size_t len);
size_t dc_words_advice(const struct dc_facts *f, const struct dc_result *r,
		       const struct dc_finding *x, char *buf, size_t len);

/* words_health.c: one health problem (source: the health source, for the overall
 * self-assessment); why a drive needs a look first (fleet/summary.h). Each returns the
 * length written, as snprintf (truncated to len). */
size_t dc_health_problem_text(const struct dc_health_problem *p, const char *source, char *buf,
			      size_t len);
struct dc_look_why;
size_t dc_words_look(const struct dc_look_why *w, char *buf, size_t len);

/* words_ceph.c: a drive of Ceph's store (core/ceph.h). What its wear history rests on, or
 * why it gives no rate. */
struct dc_wear_history;
size_t dc_words_ceph_history(const struct dc_wear_history *h, char *buf, size_t len);
/* What the drive under a Ceph daemon is worth, in a few words: what counts against it (no
 * PLP, its own health, a firmware advisory, its wear), or that nothing does. */
struct dc_check;
size_t dc_words_ceph_worth(const struct dc_check *r, char *buf, size_t len);
/* words_wear.c: the wear figures (core/drive.h's struct dc_wear). */
struct dc_wear;
struct dc_wear_source;
struct dc_wear_counters;
/* A figure's JSON key ("host_written_bytes"), by enum dc_wear_figure; "?" out of range. */
const char *dc_words_wear_key(unsigned figure);
/* The counter a figure came from: "ata device statistics", "ata attribute 246", "nvme smart
 * log", "scsi log page 0x11"; "" for none. */
size_t dc_words_wear_from(const struct dc_wear_source *s, char *buf, size_t len);
/* Every figure's counter at once: the most figures' one, then each other figure's
 * ("ata device statistics; bytes written: ata attribute 246"); "" for no figure. */
size_t dc_words_wear_sources(const struct dc_wear *w, char *buf, size_t len);
/* "wrapped", "disagree" (enum dc_counters_check), the JSON's names. */
const char *dc_words_counters_check(unsigned check);
/* Two counters of one figure: what each says, which one is used, and why. */
size_t dc_words_wear_counters(const struct dc_wear_counters *c, char *buf, size_t len);
/* Bytes in powers of 1000, three significant digits ("47.5 TB"), into buf; returns buf. */
const char *dc_words_decimal_size(uint64_t bytes, char *buf, size_t len);

#endif /* DC_WORDS_H */
