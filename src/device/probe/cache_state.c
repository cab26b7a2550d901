// SPDX-License-Identifier: GPL-2.0-or-later
/* cache_state.c - the record that a drive's write cache was turned off: written, found, removed. */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "core/json_read.h"
#include "device/probe/cache_state.h"
#include "core/files.h"
#include "core/text_fit.h"
#include "device/protocol.h"

#define RECORD_MAX_BYTES (64 * 1024)

const char *dc_state_dir(void)
{
	const char *d = getenv("DRIVECHECK_STATE_DIR");

	return d && d[0] ? d : DC_STATE_DIR_DEFAULT;
}

/* A model or serial in a file name: letters, digits, '.', '-'; anything else is '_'. */
static void name_part(char *out, size_t len, const char *s)
{
	size_t i = 0;

	for (; *s && i + 1 < len; s++)
		out[i++] = ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
			    (*s >= '0' && *s <= '9') || *s == '.' || *s == '-') ? *s : '_';
	out[i] = '\0';
}

int dc_cache_record_path(const char *dir, const struct dc_drive *drive, char *path, size_t len)
{
	char model[DC_TEXT_LEN], serial[DC_TEXT_LEN];

	if (!drive->serial[0])
		return -EINVAL;
	name_part(model, sizeof(model), drive->model);
	name_part(serial, sizeof(serial), drive->serial);
	if ((size_t)snprintf(path, len, "%s/cache-off-%s-%s.json", dir, model, serial) >= len)
		return -ENAMETOOLONG;
	return 0;
}

/* This boot's id: a record from another boot was written before the drive was reset. */
static void boot_id(char *out, size_t len)
{
	uint8_t *text = NULL;
	size_t n = 0;

	out[0] = '\0';
	if (dc_read_file("/proc/sys/kernel/random/boot_id", 128, &text, &n) == 0) {
		snprintf(out, len, "%s", (char *)text);
		out[strcspn(out, "\n")] = '\0';
	}
	free(text);
}

int dc_cache_record_write(const char *dir, const struct dc_dev *dev, const struct dc_drive *drive)
{
	char path[PATH_MAX], stamp[32], boot[64], restore[DC_PATH_LEN + 32];
	time_t now = time(NULL);
	cJSON *o = cJSON_CreateObject();
	char *text = NULL;
	int rc;

	rc = dc_cache_record_path(dir, drive, path, sizeof(path));
	if (rc)
		goto out;
	rc = dc_mkdir_p(dir);
	if (rc)
		goto out;
	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	boot_id(boot, sizeof(boot));
	snprintf(restore, sizeof(restore), "drivecheck --restore-cache %s", dev->path);
	cJSON_AddStringToObject(o, "what", "drivecheck turned this drive's volatile write cache "
				"off for --try-cache-off; it was on");
	cJSON_AddStringToObject(o, "device", dev->path);
	cJSON_AddStringToObject(o, "model", drive->model);
	cJSON_AddStringToObject(o, "serial", drive->serial);
	cJSON_AddStringToObject(o, "protocol", dc_protocol_name(dev->protocol));
	cJSON_AddStringToObject(o, "turned_off_at", stamp);
	cJSON_AddNumberToObject(o, "pid", (double)getpid());
	cJSON_AddStringToObject(o, "boot_id", boot);
	cJSON_AddStringToObject(o, "drivecheck_version", DC_VERSION);
	cJSON_AddStringToObject(o, "restore", restore);
	text = cJSON_Print(o);
	if (!text) {
		rc = -ENOMEM;
		goto out;
	}
	/* exclusive: one record per drive; a second run finds the first's and does not start */
	rc = dc_create_file_durable(dir, path, text, strlen(text));
out:
	free(text);
	cJSON_Delete(o);
	return rc;
}

int dc_cache_record_remove(const char *dir, const struct dc_drive *drive)
{
	char path[PATH_MAX];
	int rc = dc_cache_record_path(dir, drive, path, sizeof(path));

	if (rc)
		return rc;
	if (unlink(path) < 0 && errno != ENOENT)
		return -errno;
	dc_sync_dir(dir);
	return 0;
}

/* A string of the record (core/json_read.h); "" when absent or not one: a record is read
 * leniently, as a damaged one still says a cache may be off. */
static const char *record_str(struct dc_json_reader *r, const cJSON *o, const char *key)
{
	const char *s = "";

	dc_jr_str(r, o, key, RECORD_MAX_BYTES, DC_JSON_SOFT, &s);
	return s;
}

/* Whether pid is a drivecheck still running in this boot. */
static bool still_running(long pid, const char *record_boot)
{
	char path[64], boot[64];
	uint8_t *comm = NULL;
	size_t n = 0;
	bool alive;

	if (pid <= 0 || pid > INT_MAX || pid == (long)getpid())
		return false;
	boot_id(boot, sizeof(boot));
	if (!boot[0] || strcmp(boot, record_boot) != 0)
		return false;
	if (kill((pid_t)pid, 0) < 0 && errno != EPERM)
		return false;
	snprintf(path, sizeof(path), "/proc/%ld/comm", pid);
	alive = dc_read_file(path, 64, &comm, &n) == 0 &&
		strncmp((char *)comm, "drivecheck", 10) == 0;
	free(comm);
	return alive;
}

int dc_cache_record_find(const char *dir, const struct dc_drive *drive, struct dc_cache_left *left,
			 bool *running)
{
	struct dc_json_reader r;
	char path[PATH_MAX];
	uint8_t *text = NULL;
	uint64_t pid = 0;
	size_t n = 0;
	cJSON *o;
	int rc;

	memset(left, 0, sizeof(*left));
	*running = false;
	rc = dc_cache_record_path(dir, drive, path, sizeof(path));
	if (rc)
		return rc == -EINVAL ? 0 : rc; /* no serial: never recorded */
	rc = dc_read_file(path, RECORD_MAX_BYTES, &text, &n);
	if (rc == -ENOENT || rc == -ENOTDIR)
		return 0;
	left->found = true;
	dc_fit(left->record, sizeof(left->record), path);
	if (rc) /* there, but unreadable: still ours, still a cache that may be off */
		return 0;
	o = cJSON_ParseWithLength((const char *)text, n);
	free(text);
	if (!o)
		return 0; /* not JSON (or no memory to read it): still a cache that may be off */
	/* soft reads only: the reader never holds an error */
	dc_jr_init(&r, NULL, 0, NULL);
	/* another drive whose name maps to the same file (two serials differing in an odd
	 * character): not this one's record */
	if (strcmp(record_str(&r, o, "serial"), drive->serial) != 0 ||
	    strcmp(record_str(&r, o, "model"), drive->model) != 0) {
		memset(left, 0, sizeof(*left));
		cJSON_Delete(o);
		return 0;
	}
	snprintf(left->since, sizeof(left->since), "%s", record_str(&r, o, "turned_off_at"));
	/* a record that names no process is still a cache that may be off */
	if (dc_jr_u64(&r, o, "pid", INT_MAX - 1, DC_JSON_SOFT, &pid) == DC_JSON_OK)
		left->pid = (long)pid;
	*running = still_running(left->pid, record_str(&r, o, "boot_id"));
	cJSON_Delete(o);
	return 0;
}
