// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * regex_cache.c - libatasmart's quirk patterns compiled once per process, not per attribute.
 *
 * libatasmart looks up its table of drive quirks for every SMART attribute it decodes,
 * and each look-up compiles some 60 POSIX regular expressions from scratch and frees them
 * again (atasmart.c: lookup_attribute() -> lookup_quirks() -> match()). That is 95% of
 * the instructions of decoding one ATA drive: 7 ms a drive, which a scan of a few disks
 * never notices and an import of a thousand reports does (issue 11: 500 a second).
 *
 * So this file defines regcomp() and regfree(). The executable comes first in symbol
 * lookup, so libatasmart's calls land here. A pattern that lives in libatasmart's own
 * read-only data (its quirk table: told by dladdr()) is compiled once, kept, and handed
 * out as a copy of the compiled regex_t; regfree() of such a copy does nothing. Every
 * other pattern, from any other caller, goes to the C library untouched. regexec() is
 * not wrapped: it takes the compiled pattern read-only, and glibc's locks it inside.
 */
#include <dlfcn.h>
#include <stdbool.h>
#include <pthread.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "device/ata/regex_cache.h"

#define MAX_KEPT 256

struct kept {
	const char *pattern;      /* libatasmart's string: the key, by address */
	int cflags;
	regex_t re;
};

static struct kept kept[MAX_KEPT];
static unsigned nkept;
static unsigned long hits, compiles;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

typedef int (*regcomp_fn)(regex_t *, const char *, int);
typedef void (*regfree_fn)(regex_t *);

static regcomp_fn real_regcomp(void)
{
	static regcomp_fn fn;

	if (!fn)
		fn = (regcomp_fn)dlsym(RTLD_NEXT, "regcomp");
	return fn;
}

static regfree_fn real_regfree(void)
{
	static regfree_fn fn;

	if (!fn)
		fn = (regfree_fn)dlsym(RTLD_NEXT, "regfree");
	return fn;
}

/* A string of libatasmart's own image: its quirk table never changes or moves. */
static bool in_libatasmart(const char *p)
{
	Dl_info info;

	return dladdr(p, &info) && info.dli_fname && strstr(info.dli_fname, "libatasmart");
}

int regcomp(regex_t *preg, const char *pattern, int cflags)
{
	int rc;

	pthread_mutex_lock(&lock);
	for (unsigned i = 0; i < nkept; i++) {
		if (kept[i].pattern == pattern && kept[i].cflags == cflags) {
			*preg = kept[i].re;
			hits++;
			pthread_mutex_unlock(&lock);
			return 0;
		}
	}
	if (nkept < MAX_KEPT && in_libatasmart(pattern)) {
		rc = real_regcomp()(&kept[nkept].re, pattern, cflags);
		if (rc == 0) {
			kept[nkept].pattern = pattern;
			kept[nkept].cflags = cflags;
			*preg = kept[nkept++].re;
			compiles++;
		}
		pthread_mutex_unlock(&lock);
		return rc;
	}
	pthread_mutex_unlock(&lock);
	return real_regcomp()(preg, pattern, cflags);
}

void regfree(regex_t *preg)
{
	pthread_mutex_lock(&lock);
	for (unsigned i = 0; i < nkept; i++) {
		if (kept[i].re.buffer == preg->buffer) {
			pthread_mutex_unlock(&lock);
			return; /* a copy of a kept pattern: it stays compiled */
		}
	}
	pthread_mutex_unlock(&lock);
	real_regfree()(preg);
}

void dc_regex_cache_stats(unsigned long *kept_hits, unsigned long *kept_compiles)
{
	pthread_mutex_lock(&lock);
	*kept_hits = hits;
	*kept_compiles = compiles;
	pthread_mutex_unlock(&lock);
}
