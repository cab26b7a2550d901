/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dc_test.h - the few macros the unit tests share: count checks, say which failed. */
#ifndef DC_TEST_H
#define DC_TEST_H

#include <stdio.h>
#include <string.h>

static unsigned dc_test_passed, dc_test_failed;

#define CHECK(cond) do {							\
	if (cond) {								\
		dc_test_passed++;						\
	} else {								\
		dc_test_failed++;						\
		fprintf(stderr, "%s:%d: FAIL %s\n", __FILE__, __LINE__, #cond);	\
	}									\
} while (0)

#define CHECK_STR(a, b) do {							\
	const char *a_ = (a), *b_ = (b);					\
	if (a_ && b_ && strcmp(a_, b_) == 0) {					\
		dc_test_passed++;						\
	} else {								\
		dc_test_failed++;						\
		fprintf(stderr, "%s:%d: FAIL %s == %s: '%s' != '%s'\n", __FILE__,	\
			__LINE__, #a, #b, a_ ? a_ : "(null)", b_ ? b_ : "(null)");	\
	}									\
} while (0)

/* Prints the closing line CI reads, and gives main's return value. */
static inline int dc_test_summary(const char *name)
{
	printf("%s: %u passed, %u failed\n", name, dc_test_passed, dc_test_failed);
	return dc_test_failed ? 1 : 0;
}

#endif /* DC_TEST_H */
