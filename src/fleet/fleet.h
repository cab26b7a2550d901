/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet.h - many hosts' drivecheck --json files gathered into one list of drives, worst
 * first, keeping of each drive only what the fleet's table, JSON and summary show. */
#ifndef DC_FLEET_H
#define DC_FLEET_H

#include "fleet/host_json.h"

struct dc_fleet_row;                  /* fleet.c: what is kept of one drive (a few hundred
					 bytes, where its check is tens of KB) */

struct dc_fleet {
	unsigned nfiles;
	struct dc_fleet_file *files;
	unsigned n, cap;
	struct dc_fleet_row *rows;    /* in the order read, then worst first (dc_fleet_sort) */
	int role;                     /* the role the order judges by (--gate), or -1: all */
};

/* fleet.c */
/* Reads each file named into f (role: as dc_fleet_sort will order them); a file that
 * cannot be read (or parsed) becomes a file with error set and a drive with error set
 * (its path the file, the reason), and the others are still read. Returns 0 or -ENOMEM. */
int dc_fleet_read(char *const *paths, unsigned npaths, int role, struct dc_fleet *f);
/* One file's text (len bytes, NUL-terminated) into f, as the file path (f->role set
 * first): what dc_fleet_read does with each file it could read. A text that is not
 * drivecheck's JSON is a file with error set and a drive with error set. Returns 0 or
 * -ENOMEM. */
int dc_fleet_add_text(struct dc_fleet *f, const char *path, const char *text, size_t len);
/* The drives worst first (summary.h's rank), then by host, device path and the order read:
 * an order that does not depend on the order of the files. */
void dc_fleet_sort(struct dc_fleet *f);
/* Drive i's host and device path. */
const char *dc_fleet_host(const struct dc_fleet *f, unsigned i);
const char *dc_fleet_path(const struct dc_fleet *f, unsigned i);
/* Whether drive i could not be read (its file refused, or the drive itself). */
bool dc_fleet_row_error(const struct dc_fleet *f, unsigned i);
/* Drive i as a check, for the renderers and the summary: what was kept of it, the rest of
 * r zero. r is written whole. */
void dc_fleet_check(const struct dc_fleet *f, unsigned i, struct dc_check *r);
/* Drive i as the Ceph plan reads it (report --ceph-spec): its strings are f's, valid until
 * dc_fleet_free. */
struct dc_ceph_in;
void dc_fleet_ceph_in(const struct dc_fleet *f, unsigned i, struct dc_ceph_in *in);
/* Frees what f holds; f may be zeroed or already freed. */
void dc_fleet_free(struct dc_fleet *f);

#endif /* DC_FLEET_H */
