// SPDX-License-Identifier: GPL-2.0-or-later
/* ceph.c - Ceph's names and times as its device health store writes them (ceph.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/ceph.h"

static bool digits(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

static int num(const char *s, size_t n)
{
	int v = 0;

	for (size_t i = 0; i < n; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

/* A calendar time in UTC whose every field is what was given: no 30 February, no hour 24,
 * no second 60 (timegm would carry each into the next). Returns 0 or -ERANGE. */
static int utc(int year, int mon, int day, int hour, int min, int sec, int64_t *t)
{
	struct tm tm = { .tm_year = year - 1900, .tm_mon = mon - 1, .tm_mday = day,
			 .tm_hour = hour, .tm_min = min, .tm_sec = sec };
	struct tm back;
	time_t v;

	if (mon < 1 || mon > 12 || day < 1 || day > 31 || hour > 23 || min > 59 || sec > 59)
		return -ERANGE;
	v = timegm(&tm);
	if (!gmtime_r(&v, &back) || back.tm_mday != day || back.tm_mon != mon - 1 ||
	    back.tm_year != year - 1900)
		return -ERANGE;
	*t = (int64_t)v;
	return 0;
}

int dc_ceph_sample_time(const char *s, int64_t *t)
{
	if (strlen(s) != 15 || !digits(s, 8) || s[8] != '-' || !digits(s + 9, 6))
		return -EINVAL;
	return utc(num(s, 4), num(s + 4, 2), num(s + 6, 2), num(s + 9, 2), num(s + 11, 2),
		   num(s + 13, 2), t);
}

void dc_ceph_sample_key(int64_t t, char *buf, size_t len)
{
	time_t v = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&v, &tm) || !strftime(buf, len, "%Y%m%d-%H%M%S", &tm))
		snprintf(buf, len, "?");
}

bool dc_ceph_devid_ok(const char *s)
{
	size_t n = strlen(s);

	if (n < 1 || n >= DC_CEPH_DEVID_LEN)
		return false;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] <= 0x20 || (unsigned char)s[i] >= 0x7f || s[i] == '/')
			return false;
	return true;
}

bool dc_ceph_daemon_ok(const char *s)
{
	const char *dot = strchr(s, '.');

	if (!dot || dot == s || !dot[1] || strlen(s) >= DC_CEPH_DAEMON_LEN)
		return false;
	for (const char *p = s; p < dot; p++)
		if (*p < 'a' || *p > 'z')
			return false;
	for (const char *p = dot + 1; *p; p++)
		if ((unsigned char)*p <= 0x20 || (unsigned char)*p >= 0x7f)
			return false;
	return true;
}

/*
 * utime_t::localtime() (include/utime.h): "%04d-%02d-%02dT%02d:%02d:%02d.%06ld" and the
 * zone's "%z", in the mgr's local time; a time under ten years past the epoch (a zero
 * time, an end not given) prints as seconds, "0.000000".
 */
int dc_ceph_utime(const char *s, int64_t *t)
{
	const char *z;
	int off, rc;

	if (strcmp(s, "0.000000") == 0) {
		*t = 0;
		return 0;
	}
	if (strlen(s) != 31 || !digits(s, 4) || s[4] != '-' || !digits(s + 5, 2) || s[7] != '-' ||
	    !digits(s + 8, 2) || s[10] != 'T' || !digits(s + 11, 2) || s[13] != ':' ||
	    !digits(s + 14, 2) || s[16] != ':' || !digits(s + 17, 2) || s[19] != '.' ||
	    !digits(s + 20, 6))
		return -EINVAL;
	z = s + 26;
	if ((z[0] != '+' && z[0] != '-') || !digits(z + 1, 4) || num(z + 3, 2) > 59)
		return -EINVAL;
	off = (num(z + 1, 2) * 60 + num(z + 3, 2)) * 60;
	rc = utc(num(s, 4), num(s + 5, 2), num(s + 8, 2), num(s + 11, 2), num(s + 14, 2),
		 num(s + 17, 2), t);
	if (rc)
		return -EINVAL;
	*t -= z[0] == '+' ? off : -off;
	return 0;
}

void dc_ceph_time_text(int64_t t, char *buf, size_t len)
{
	time_t v = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&v, &tm) || !strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, len, "?");
}
