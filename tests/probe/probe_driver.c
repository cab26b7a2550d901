// SPDX-License-Identifier: GPL-2.0-or-later
/* probe_driver.c - run dc_probe_run on one device, facts from sysfs, result as key=value lines. */
#include <errno.h>
#include <getopt.h>
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "probe.h"

/*
 * A stand-in for the CLI's enumerate stage, small on purpose: the tests of the probe
 * run before (and independently of) src/sysfs.c. It fills only what the probe reads:
 * name, path, readonly, parts, holders, mounts. Output keys are those of the JSON
 * "probe" object, flattened with dots ("sync.p50_us"), so the shell tests read the
 * driver and `drivecheck --json` alike.
 */

#define SYSB "/sys/class/block"

static int read_str(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -errno;
	if (!fgets(buf, (int)len, f))
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
	return 0;
}

static int read_devnum(const char *name, unsigned *maj, unsigned *min)
{
	char path[PATH_MAX], buf[32];

	snprintf(path, sizeof(path), SYSB "/%s/dev", name);
	if (read_str(path, buf, sizeof(buf)) || sscanf(buf, "%u:%u", maj, min) != 2)
		return -ENOENT;
	return 0;
}

static unsigned count_dir(const char *path)
{
	struct dirent *de;
	unsigned n = 0;
	DIR *d = opendir(path);

	if (!d)
		return 0;
	while ((de = readdir(d)))
		if (de->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

/* Undo mountinfo's octal escapes (\040 for a space). */
static void unescape(char *s)
{
	char *r = s, *w = s;

	while (*r) {
		if (r[0] == '\\' && r[1] >= '0' && r[1] <= '7' && r[2] && r[3]) {
			*w++ = (char)((r[1] - '0') * 64 + (r[2] - '0') * 8 + (r[3] - '0'));
			r += 4;
		} else {
			*w++ = *r++;
		}
	}
	*w = '\0';
}

static void add_mounts(struct dc_dev *dev, unsigned maj, unsigned min, const char *source)
{
	char line[4096];
	FILE *f = fopen("/proc/self/mountinfo", "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f) && dev->nmounts < DC_MAX_MOUNTS) {
		char target[PATH_MAX], opts[1024], fstype[64], super[1024];
		unsigned a, b;
		char *sep;
		struct dc_mount *m;

		if (sscanf(line, "%*u %*u %u:%u %*s %4095s %1023s", &a, &b, target, opts) != 4)
			continue;
		if (a != maj || b != min)
			continue;
		sep = strstr(line, " - ");
		if (!sep || sscanf(sep + 3, "%63s %*s %1023s", fstype, super) != 2)
			continue;
		unescape(target);
		m = &dev->mounts[dev->nmounts++];
		snprintf(m->source, sizeof(m->source), "%.127s", source);
		snprintf(m->target, sizeof(m->target), "%.127s", target);
		snprintf(m->fstype, sizeof(m->fstype), "%.31s", fstype);
		m->readonly = strncmp(opts, "ro", 2) == 0 && (opts[2] == ',' || !opts[2]);
		if (strncmp(super, "ro", 2) == 0 && (super[2] == ',' || !super[2]))
			m->readonly = true;
	}
	fclose(f);
}

static int fill_dev(const char *arg, struct dc_dev *dev)
{
	char real[PATH_MAX], path[PATH_MAX], buf[64];
	const char *name;
	struct dirent *de;
	unsigned maj, min;
	DIR *d;

	memset(dev, 0, sizeof(*dev));
	if (!realpath(arg, real))
		return -errno;
	name = strrchr(real, '/') ? strrchr(real, '/') + 1 : real;
	snprintf(dev->name, sizeof(dev->name), "%.31s", name);
	snprintf(dev->path, sizeof(dev->path), "%.127s", real);
	snprintf(dev->transport, sizeof(dev->transport), "%s",
		 strncmp(name, "loop", 4) == 0 ? "loop" : "");
	if (read_devnum(dev->name, &maj, &min))
		return -ENOENT;

	snprintf(path, sizeof(path), SYSB "/%s/ro", dev->name);
	if (read_str(path, buf, sizeof(buf)) == 0)
		dev->readonly = buf[0] == '1';
	snprintf(path, sizeof(path), SYSB "/%s/size", dev->name);
	if (read_str(path, buf, sizeof(buf)) == 0)
		dev->capacity_bytes = strtoull(buf, NULL, 10) * 512;
	snprintf(path, sizeof(path), SYSB "/%s/queue/logical_block_size", dev->name);
	if (read_str(path, buf, sizeof(buf)) == 0)
		dev->logical_block_bytes = (uint32_t)strtoul(buf, NULL, 10);
	snprintf(path, sizeof(path), SYSB "/%s/holders", dev->name);
	dev->nholders = count_dir(path);
	add_mounts(dev, maj, min, dev->path);

	snprintf(path, sizeof(path), SYSB "/%s", dev->name);
	d = opendir(path);
	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		char p2[PATH_MAX * 2], src[DC_PATH_LEN];
		struct stat st;

		if (strncmp(de->d_name, dev->name, strlen(dev->name)) != 0)
			continue;
		snprintf(p2, sizeof(p2), "%s/%s/partition", path, de->d_name);
		if (stat(p2, &st) != 0 || dev->nparts >= DC_MAX_PARTS)
			continue;
		snprintf(dev->parts[dev->nparts++], DC_NAME_LEN, "%.31s", de->d_name);
		snprintf(p2, sizeof(p2), "%s/%s/holders", path, de->d_name);
		dev->nholders += count_dir(p2);
		snprintf(src, sizeof(src), "/dev/%.100s", de->d_name);
		if (read_devnum(de->d_name, &maj, &min) == 0)
			add_mounts(dev, maj, min, src);
	}
	closedir(d);
	return 0;
}

static void print_lat(const char *k, const struct dc_latency *l)
{
	printf("%s.count=%u\n%s.mean_us=%.3f\n%s.stdev_us=%.3f\n%s.min_us=%.3f\n"
	       "%s.p50_us=%.3f\n%s.p90_us=%.3f\n%s.p99_us=%.3f\n%s.p999_us=%.3f\n"
	       "%s.max_us=%.3f\n%s.iops=%.1f\n",
	       k, l->count, k, l->mean_us, k, l->stdev_us, k, l->min_us, k, l->p50_us,
	       k, l->p90_us, k, l->p99_us, k, l->p999_us, k, l->max_us, k, l->iops);
}

static void usage(void)
{
	fprintf(stderr, "usage: probe_driver [-t SECONDS] [-d PROBE_DIR] [-p] DEVICE\n");
	exit(2);
}

int main(int argc, char **argv)
{
	struct dc_probe_opts opts = { .max_seconds = DC_PROBE_DEFAULT_SECONDS };
	static struct dc_dev dev;
	static struct dc_probe res;
	static const char *modes[] = { "none", "file", "raw" };
	struct rusage ru;
	int c, rc;

	while ((c = getopt(argc, argv, "t:d:p")) != -1) {
		switch (c) {
		case 't': opts.max_seconds = strtod(optarg, NULL); break;
		case 'd': opts.probe_dir = optarg; break;
		case 'p': opts.progress = true; break;
		default: usage();
		}
	}
	if (optind != argc - 1)
		usage();
	rc = fill_dev(argv[optind], &dev);
	if (rc) {
		fprintf(stderr, "probe_driver: %s: %s\n", argv[optind], strerror(-rc));
		return 1;
	}
	rc = dc_probe_run(&dev, &opts, &res);
	printf("rc=%d\nmode=%s\nwhere=%s\nskipped=%s\nduration_s=%.3f\nstable=%s\n", rc,
	       modes[res.mode], res.where, res.skipped, res.duration_s,
	       res.stable ? "true" : "false");
	printf("nparts=%u\nnholders=%u\nnmounts=%u\n", dev.nparts, dev.nholders, dev.nmounts);
	if (res.mode != DC_PROBE_NOT_RUN) {
		print_lat("sync", &res.sync);
		print_lat("nosync", &res.nosync);
		printf("flush_cost_us=%.3f\n", res.flush_cost_us);
	}
	getrusage(RUSAGE_SELF, &ru);
	printf("cpu_s=%.6f\n", ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	       ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6);
	return rc < 0 ? 1 : 0;
}
