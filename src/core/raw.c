// SPDX-License-Identifier: GPL-2.0-or-later
/* raw.c - a small table of named raw pages, owned copies of what a device returned. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nvme/util.h>

#include "core/raw.h"
#include "core/sense.h"

int dc_raw_add(struct dc_raw *raw, const char *name, const void *data, size_t len,
	       const struct dc_io_status *st)
{
	struct dc_page *pg;

	if (raw->npages >= DC_MAX_PAGES)
		return -ENOSPC;
	pg = &raw->pages[raw->npages];
	memset(pg, 0, sizeof(*pg));
	snprintf(pg->name, sizeof(pg->name), "%s", name);
	if (st && st->kind != DC_IO_OK)
		pg->st = *st;
	else if (data && len) {
		pg->data = malloc(len);
		if (!pg->data)
			return -ENOMEM;
		memcpy(pg->data, data, len);
		pg->len = len;
	}
	raw->npages++;
	return 0;
}

const struct dc_page *dc_raw_find(const struct dc_raw *raw, const char *name)
{
	for (unsigned i = 0; i < raw->npages; i++)
		if (strcmp(raw->pages[i].name, name) == 0)
			return &raw->pages[i];
	return NULL;
}

const uint8_t *dc_raw_get(const struct dc_raw *raw, const char *name, size_t min_len)
{
	const struct dc_page *pg = dc_raw_find(raw, name);

	if (!pg || pg->st.kind != DC_IO_OK || !pg->data || pg->len < min_len)
		return NULL;
	return pg->data;
}

void dc_raw_free(struct dc_raw *raw)
{
	if (!raw)
		return;
	for (unsigned i = 0; i < raw->npages; i++)
		free(raw->pages[i].data);
	memset(raw, 0, sizeof(*raw));
}

const char *dc_raw_lacks(const struct dc_raw *raw, const char *field, char *why, size_t len)
{
	const struct dc_page *pg = dc_raw_find(raw, DC_PG_NOT_IN_INPUT);
	size_t flen = strlen(field);
	const char *p, *end;

	if (!pg || pg->st.kind != DC_IO_OK || !pg->data)
		return NULL;
	p = (const char *)pg->data;
	end = p + pg->len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;

		if ((size_t)(eol - p) > flen && memcmp(p, field, flen) == 0 && p[flen] == '\t') {
			snprintf(why, len, "%.*s", (int)(eol - p - (long)flen - 1), p + flen + 1);
			return why;
		}
		p = eol + 1;
	}
	return NULL;
}

struct dc_io_status dc_io_errno(int err)
{
	struct dc_io_status st = { .kind = DC_IO_ERRNO, .errnum = err < 0 ? -err : err };

	if (!st.errnum)
		st.errnum = EIO;
	return st;
}

struct dc_io_status dc_io_nvme(unsigned nvme_status)
{
	struct dc_io_status st = { .kind = DC_IO_NVME, .nvme_status = nvme_status };

	return st;
}

struct dc_io_status dc_io_not_in_input(void)
{
	struct dc_io_status st = { .kind = DC_IO_NOT_IN_INPUT };

	return st;
}

/* An NVMe status in libnvme's words, its name only (the part before its explanation):
 * "Invalid Field in Command (NVMe status 0x4002)"; the number alone when libnvme has no
 * name for it. */
static const char *nvme_status_text(unsigned status, char *buf, size_t len)
{
	const char *s = nvme_status_to_string((int)(status & 0x7fff), false);
	size_t n = s ? strcspn(s, ":") : 0;

	if (n == 0 || !strcmp(s, "unrecognized"))
		snprintf(buf, len, "NVMe status 0x%x", status);
	else
		snprintf(buf, len, "%.*s (NVMe status 0x%x)", (int)n, s, status);
	return buf;
}

const char *dc_errno_text(int err, char *buf, size_t len)
{
	if (err == 0)
		snprintf(buf, len, "ok");
	else if (err == -EACCES || err == -EPERM)
		snprintf(buf, len, "permission denied (needs root)");
	else if (err == -ENOTTY || err == -EOPNOTSUPP || err == -EINVAL)
		snprintf(buf, len, "not supported by the device or driver (%s)", strerror(-err));
	else if (err < 0 && err > -4096)
		snprintf(buf, len, "%s", strerror(-err));
	else if (err < 0)
		snprintf(buf, len, "error %d", err);
	else
		return nvme_status_text((unsigned)err, buf, len);
	return buf;
}

int dc_raw_refused(const struct dc_raw *raw)
{
	for (unsigned i = 0; i < raw->npages; i++) {
		const struct dc_io_status *st = &raw->pages[i].st;

		if (st->kind == DC_IO_ERRNO && (st->errnum == EACCES || st->errnum == EPERM))
			return -st->errnum;
	}
	return 0;
}

const char *dc_open_denied_text(int err, bool as_root)
{
	if (!as_root)
		return "needs root";
	/* root passes every file permission; what still says no is the devices cgroup
	 * controller (EPERM, devcgroup_check_permission) or an LSM or a user namespace
	 * without the device's owner mapped (EACCES) */
	return err == -EPERM ? "refused to root by a device cgroup"
			     : "refused to root by a security module";
}

const char *dc_raw_strerror(const struct dc_io_status *st, char *buf, size_t len)
{
	switch (st->kind) {
	case DC_IO_OK:
		snprintf(buf, len, "ok");
		break;
	case DC_IO_ERRNO:
		return dc_errno_text(-st->errnum, buf, len);
	case DC_IO_NVME:
		return nvme_status_text(st->nvme_status, buf, len);
	case DC_IO_SCSI:
		return dc_sg_text(st, buf, len);
	case DC_IO_NOT_IN_INPUT:
		snprintf(buf, len, "not in the input");
		break;
	default:
		snprintf(buf, len, "not read");
		break;
	}
	return buf;
}
