// SPDX-License-Identifier: GPL-2.0-or-later
/* import_smartctl_text.c - SCAFFOLD: being written; refuses every file. */
#include <errno.h>
#include <stdio.h>

#include "import.h"

int dc_import_smartctl_text(const char *text, size_t len, struct dc_import_parts *out, char *err, size_t errlen)
{
	(void)text; (void)len; (void)out;
	snprintf(err, errlen, "this format is not imported yet");
	return -EINVAL;
}
