/* SPDX-License-Identifier: GPL-2.0-or-later */
/* progress.h - one progress display, on a terminal, for every probe running at once. */
#ifndef DC_PROGRESS_H
#define DC_PROGRESS_H

#include <stdio.h>

#include "device/probe/probe.h"

struct dc_progress;

/* A line of the display: what a probe's callback is given as its user data. */
struct dc_progress_slot {
	struct dc_progress *p;
	unsigned index;
};

/* progress.c */
/* A display of nslots lines on out (a terminal). Returns NULL when out of memory. */
struct dc_progress *dc_progress_new(FILE *out, unsigned nslots);
/* Erases the display and frees it; NULL does nothing. */
void dc_progress_free(struct dc_progress *p);
/* The probe's progress callback (thread-safe): ud is a struct dc_progress_slot. */
void dc_progress_probe_cb(void *ud, const struct dc_probe_status *st);
/* Sets a slot's line to a final word ("done: ...", "skipped: ..."); thread-safe. */
void dc_progress_finish(struct dc_progress *p, unsigned index, const char *name,
			const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Redraws every line that has something to say (the main thread, a few times a second). */
void dc_progress_draw(struct dc_progress *p);

#endif /* DC_PROGRESS_H */
