// SPDX-License-Identifier: GPL-2.0-or-later
/* status.c - outcomes in their one order, worst first (status.h). */
#include "core/status.h"

enum dc_status dc_status_worse(enum dc_status a, enum dc_status b)
{
	return b > a ? b : a;
}

enum dc_exit dc_status_exit(enum dc_status s)
{
	switch (s) {
	case DC_PASS: return DC_EXIT_OK;
	case DC_WARN: return DC_EXIT_WARN;
	case DC_FAIL: return DC_EXIT_FAIL;
	case DC_NOT_CHECKED: break;
	}
	return DC_EXIT_NOT_CHECKED;
}
