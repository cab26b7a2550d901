/* SPDX-License-Identifier: GPL-2.0-or-later */
/* regex_cache.h - libatasmart's quirk patterns compiled once (src/device/ata/regex_cache.c says why). */
#ifndef DC_REGEX_CACHE_H
#define DC_REGEX_CACHE_H

/* How often a kept pattern was handed out again, and how many were compiled and kept. */
void dc_regex_cache_stats(unsigned long *kept_hits, unsigned long *kept_compiles);

#endif /* DC_REGEX_CACHE_H */
