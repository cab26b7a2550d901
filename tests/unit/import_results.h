/* SPDX-License-Identifier: GPL-2.0-or-later */
/* import_results.h - every result of an import at once, for the importers' tests: the two
 * passes drivecheck import runs (import/import.h: dc_import_index_*), each result kept. */
#ifndef DC_TEST_IMPORT_RESULTS_H
#define DC_TEST_IMPORT_RESULTS_H

#include <errno.h>
#include <stdlib.h>

#include "import/import.h"

/* The results of paths into a malloc'd array the caller frees, *n of them. Returns 0, or
 * -ENOMEM with nothing kept. */
static inline int import_results(const struct dc_import_opts *o, char *const *paths,
				 unsigned npaths, struct dc_check **reports, unsigned *n)
{
	struct dc_import_index *x;
	struct dc_check *out;
	unsigned count;
	int rc;

	*reports = NULL;
	*n = 0;
	rc = dc_import_index_build(o, paths, npaths, &x, NULL);
	if (rc)
		return rc;
	count = dc_import_index_count(x);
	out = calloc(count ? count : 1, sizeof(*out));
	if (!out)
		rc = -ENOMEM;
	for (unsigned i = 0; out && !rc && i < count; i++)
		rc = dc_import_index_result(o->db, x, i, &out[i]);
	dc_import_index_free(x);
	if (rc) {
		free(out);
		return rc;
	}
	*reports = out;
	*n = count;
	return 0;
}

#endif /* DC_TEST_IMPORT_RESULTS_H */
