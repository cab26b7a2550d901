// SPDX-License-Identifier: GPL-2.0-or-later
/* import_parts.c - the parts an importer fills (import.h): made, noted, freed. Every
 * importer calls these and import_read.c calls the importers, so they sit apart from both. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/import.h"
#include "import/import_index.h"
#include "core/raw.h"

void *dc_import_grow(void *v, unsigned *cap, unsigned n, size_t size)
{
	unsigned ncap = *cap ? 2 * *cap : 16;
	void *nv;

	if (n < *cap)
		return v;
	nv = realloc(v, (size_t)ncap * size);
	if (nv)
		*cap = ncap;
	return nv;
}

struct dc_import_part *dc_import_part_add(struct dc_import_parts *parts,
					  enum dc_import_format format)
{
	struct dc_import_part *p;

	p = dc_import_grow(parts->v, &parts->cap, parts->n, sizeof(*p));
	if (!p)
		return NULL;
	parts->v = p;
	p = &parts->v[parts->n++];
	memset(p, 0, sizeof(*p));
	p->format = format;
	p->dev.rotational = DC_TRI_UNKNOWN;
	p->dev.kernel_fua = DC_TRI_UNKNOWN;
	return p;
}

int dc_import_lacks(struct dc_import_part *p, const char *field, const char *why)
{
	if (p->nlacks >= DC_IMPORT_MAX_NOTES)
		return -ENOSPC;
	snprintf(p->lacks[p->nlacks++], sizeof(p->lacks[0]), "%s\t%s", field, why);
	return 0;
}

int dc_import_lacks_page(struct dc_import_part *p, const char *page)
{
	struct dc_io_status st = dc_io_not_in_input();

	return dc_raw_add(&p->raw, page, NULL, 0, &st);
}

void dc_import_note(struct dc_import_part *p, const char *fmt, ...)
{
	va_list ap;

	if (p->nnotes >= DC_IMPORT_MAX_NOTES)
		return;
	va_start(ap, fmt);
	vsnprintf(p->notes[p->nnotes++], sizeof(p->notes[0]), fmt, ap);
	va_end(ap);
}

void dc_import_parts_free(struct dc_import_parts *parts)
{
	for (unsigned i = 0; i < parts->n; i++)
		dc_raw_free(&parts->v[i].raw);
	free(parts->v);
	memset(parts, 0, sizeof(*parts));
}

void dc_import_notes_add(struct dc_import_notes *notes, const char *fmt, ...)
{
	va_list ap;

	if (notes->n >= DC_MAX_ERRORS) {
		notes->dropped++;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(notes->text[notes->n++], sizeof(notes->text[0]), fmt, ap);
	va_end(ap);
}
