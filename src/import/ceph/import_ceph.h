/* SPDX-License-Identifier: GPL-2.0-or-later */
/* import_ceph.h - Ceph's device health store in its three shapes (docs/ceph.md): `ceph
 * device ls`, `get-health-metrics DEVID`, `query-daemon-health-metrics WHO`, read into what
 * import's two passes keep of each drive. */
#ifndef DC_IMPORT_CEPH_H
#define DC_IMPORT_CEPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/ceph.h"
#include "core/drive.h"
#include "dc_types.h"

/* A health-metrics file may be this large (other reports: DC_IMPORT_MAX_FILE): 180 daily
 * samples of `smartctl -x --json=o` (Ceph's retention) are about 18 MiB, Pacific's 500 at
 * most about 50. It is read whole, and its samples one at a time. */
#define DC_IMPORT_MAX_CEPH_FILE (64u << 20)

/*
 * What the first pass keeps of one drive's part of a Ceph file, until the drive is
 * evaluated (a few hundred bytes; the pages of its state are read again from the file):
 * a device ls entry's own text, or what the samples said.
 */
struct dc_ceph_kept {
	char *entry;                  /* device ls: the entry's JSON (malloc'd), else NULL */
	size_t entry_len;
	enum dc_ceph_source source;   /* samples: where they came from; NONE for an entry */
	unsigned samples, failed;     /* samples read, failed scrapes among them */
	int64_t first;                /* Unix seconds of the oldest sample, 0 none */
	int64_t state;                /* ... of the sample the part's report is, 0 none */
	bool have_failed;
	struct dc_ceph_failed_scrape failed_scrape; /* the newest failed scrape */
	struct dc_wear_history history;
	char note[DC_TEXT_LEN];       /* what could not be read of a sample, or "" */
};

/* One drive's part of a Ceph file, as the reader gives it to the first pass. */
struct dc_ceph_item {
	char devid[DC_CEPH_DEVID_LEN]; /* "": to be found by its sample's model and serial */
	char cand[2][DC_CEPH_DEVID_LEN]; /* the devids Ceph gives that sample's drive */
	char serial[DC_TEXT_LEN];     /* ... and its serial, as Ceph's devid ends */
	bool listed;                  /* a device ls entry */
	bool has_state;               /* a smartctl sample at [off, off + len) of the file is
					 the drive's state (its report, imported again) */
	size_t off, len;
	unsigned line;
	struct dc_ceph_kept *kept;    /* malloc'd: whoever takes the item takes it */
};

struct dc_ceph_items {
	unsigned n, cap;
	struct dc_ceph_item *v;
};

/* ceph_shape.c */
/* Which of Ceph's shapes text is (DC_IMPORT_CEPH_*), or DC_IMPORT_UNKNOWN: by content. An
 * empty object, "{}", is a health-metrics file without samples. */
enum dc_import_format dc_ceph_detect(const char *text, size_t len);
/*
 * A Ceph file of format f (text of len bytes, NUL after them; path: its name, whose
 * DEVID.json names the device of a health-metrics file) into items, one per drive. Returns
 * how many, or -EINVAL with why in err (the whole file is refused: a sample key that is
 * no time, a sample that is neither smartctl's JSON nor Ceph's record of a failed scrape,
 * an entry without a devid, more than DC_CEPH_MAX_SAMPLES samples), or -ENOMEM.
 */
int dc_ceph_read(const char *path, const char *text, size_t len, enum dc_import_format f,
		 struct dc_ceph_items *out, char *err, size_t errlen);
void dc_ceph_items_free(struct dc_ceph_items *items);
void dc_ceph_kept_free(struct dc_ceph_kept *k);
/* A device ls entry kept (dc_ceph_kept.entry) into c: daemons, locations, Ceph's wear
 * level and life expectancy. Returns 0 or -EINVAL (the entry was checked once: cannot). */
int dc_ceph_entry_fill(const char *entry, size_t len, struct dc_ceph *c);
/* The devid a file's name gives: "DEVID.json" where DEVID is a devid with an underscore
 * (every devid is MODEL_SERIAL); into out, or false. */
bool dc_ceph_name_devid(const char *path, char *out, size_t len);

/* ceph_samples.c */
/* A health-metrics file (after dc_ceph_detect) into one item; named: the devid of its
 * file's name, or "". Returns 1, 0 (an empty object of no named device: nothing), or
 * -EINVAL with why in err, or -ENOMEM. */
int dc_ceph_read_metrics(const char *text, size_t len, const char *named,
			 struct dc_ceph_item *item, char *err, size_t errlen);

/* What one sample is. */
enum dc_ceph_sample_kind { DC_CEPH_NOT_SAMPLE, DC_CEPH_SMARTCTL, DC_CEPH_FAILED_SCRAPE };

/* What ceph_shape.c and ceph_samples.c read of one sample (an object at [start, end) of
 * text), without a tree of the whole: its kind, and for smartctl's JSON the devids Ceph
 * gives its drive and its own clock; for a failed scrape Ceph's words. */
struct dc_ceph_sample {
	enum dc_ceph_sample_kind kind;
	char cand[2][DC_CEPH_DEVID_LEN]; /* "" where there is none */
	char serial[DC_TEXT_LEN];
	bool have_time;
	int64_t time;                 /* smartctl's local_time.time_t */
	char error[DC_TEXT_LEN];
	char message[256];
};
/* Returns 0, -ENOMEM. */
int dc_ceph_sample_read(const char *text, size_t start, size_t end, struct dc_ceph_sample *s);

#endif /* DC_IMPORT_CEPH_H */
