// SPDX-License-Identifier: GPL-2.0-or-later
/* progress.c - one progress display, on a terminal, for every probe running at once. */
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/progress.h"

/*
 * Probing threads write their slot's line under the lock; the main thread redraws the
 * whole block of lines in place (cursor up, erase each line) a few times a second.
 * Nothing is printed unless the caller made a display, which it does on a terminal only.
 */
#define LINE_LEN 160

struct dc_progress {
	FILE *out;
	pthread_mutex_t lock;
	unsigned nslots;
	unsigned drawn;          /* lines on the screen now */
	char (*line)[LINE_LEN];  /* "" for a slot not started */
};

struct dc_progress *dc_progress_new(FILE *out, unsigned nslots)
{
	struct dc_progress *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->line = calloc(nslots ? nslots : 1, LINE_LEN);
	if (!p->line) {
		free(p);
		return NULL;
	}
	p->out = out;
	p->nslots = nslots;
	pthread_mutex_init(&p->lock, NULL);
	return p;
}

static void erase(struct dc_progress *p)
{
	if (p->drawn)
		fprintf(p->out, "\033[%uA\r\033[J", p->drawn);
	p->drawn = 0;
}

void dc_progress_free(struct dc_progress *p)
{
	if (!p)
		return;
	erase(p);
	fflush(p->out);
	pthread_mutex_destroy(&p->lock);
	free(p->line);
	free(p);
}

void dc_progress_probe_cb(void *ud, const struct dc_probe_status *st)
{
	const struct dc_progress_slot *s = ud;
	struct dc_progress *p = s->p;

	if (s->index >= p->nslots)
		return;
	pthread_mutex_lock(&p->lock);
	if (st->n[0] + st->n[1] + st->n[2] == 0)
		snprintf(p->line[s->index], LINE_LEN, "probe %s%s%s: %s", st->name,
			 st->label[0] ? ", " : "", st->label, st->what);
	else
		snprintf(p->line[s->index], LINE_LEN, "probe %s%s%s: %.1f/%g s, dsync %zu writes "
			 "(mean %.0f us), flush %zu (%.0f us), no-sync %zu (%.0f us)", st->name,
			 st->label[0] ? ", " : "", st->label,
			 st->elapsed_s, st->max_s, st->n[0], st->mean_us[0], st->n[1], st->mean_us[1],
			 st->n[2], st->mean_us[2]);
	pthread_mutex_unlock(&p->lock);
}

void dc_progress_finish(struct dc_progress *p, unsigned index, const char *name,
			const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!p || index >= p->nslots)
		return;
	pthread_mutex_lock(&p->lock);
	n = snprintf(p->line[index], LINE_LEN, "probe %s: ", name);
	va_start(ap, fmt);
	if (n > 0 && n < LINE_LEN)
		vsnprintf(p->line[index] + n, LINE_LEN - (size_t)n, fmt, ap);
	va_end(ap);
	pthread_mutex_unlock(&p->lock);
}

void dc_progress_draw(struct dc_progress *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	erase(p);
	for (unsigned i = 0; i < p->nslots; i++) {
		if (!p->line[i][0])
			continue;
		fprintf(p->out, "%s\n", p->line[i]);
		p->drawn++;
	}
	fflush(p->out);
	pthread_mutex_unlock(&p->lock);
}
