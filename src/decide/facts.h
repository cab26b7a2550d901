/* SPDX-License-Identifier: GPL-2.0-or-later */
/* facts.h - what decide reads about one drive, and how the renderers read it back. */
#ifndef DC_FACTS_H
#define DC_FACTS_H

#include "core/drive.h"
#include "device/dev.h"
#include "device/probe/probe_result.h"
#include "lookup/advisory.h"

/* What "decide" reads: everything the earlier stages found about one drive. */
struct dc_facts {
	const struct dc_dev *dev;
	const struct dc_drive *drive;
	const struct dc_db_row *row;
	const struct dc_probe *probe;
	const struct dc_cache_trial *trial;  /* --try-cache-off, or NULL */
	const struct dc_cache_left *left;    /* a cache an earlier run left off, or NULL */
	const struct dc_advisory_hit *adv;   /* firmware advisories that hit the drive */
	unsigned nadv;
};

/* The write + fdatasync phase; a probe of an older version had none, and its RWF_DSYNC
 * phase stands for both. */
static inline const struct dc_latency *dc_flush_phase(const struct dc_probe *p)
{
	return p->flush.count ? &p->flush : &p->sync;
}

#endif /* DC_FACTS_H */
