// SPDX-License-Identifier: GPL-2.0-or-later
/* render_prom.c - Prometheus text format, for node_exporter's textfile collector. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/drive.h"
#include "decide/check.h"
#include "core/names.h"
#include "render/render.h"
#include "thresholds.h"

/*
 * Every family is documented in docs/prometheus.md; the names follow Prometheus'
 * conventions: base units (seconds, bytes, a 0-1 ratio), "_total" on counters only,
 * "_info" for identity with the value 1, one HELP and TYPE per family. A family whose
 * value no drive gave is left out, header and all.
 */

/* Seconds in the year decide counts endurance in. */
#define DC_PROM_YEAR_SECONDS (DC_HOURS_PER_YEAR * 3600.0)

/* The layout of the metrics, in drivecheck_build_info's format_version label: raised
 * when a name, a label or a unit changes (docs/prometheus.md, "Format versions").
 * 2: device is the kernel's name ("sda"), no longer the /dev path. */
#define DC_PROM_FORMAT_VERSION "2"

/*
 * What the metrics say of one drive, made of its check as it is printed (print.c): every
 * family groups all drives, so every drive is held until the end, and this is what is held
 * (about 1.5 KB, where a check is 44 KB). Strings are the labels' values as they stand.
 */
struct dc_prom_row {
	char device[DC_PATH_LEN];     /* the device label (device_label) */
	char dump[DC_PATH_LEN];       /* a replay's folder, or "" */
	bool error;
	char vendor[DC_TEXT_LEN], model[DC_TEXT_LEN], serial[DC_TEXT_LEN];
	char firmware[DC_NAME_LEN];
	enum dc_transport transport;
	enum dc_plp_class plp;
	uint64_t capacity_bytes;
	unsigned char status[DC_ROLE_COUNT];     /* enum dc_status */
	unsigned char unmeasured[DC_ROLE_COUNT]; /* enum dc_unmeasured bits */
	enum dc_health_status health;
	bool plp_failed, plp_degraded, write_through_hazard;
	enum dc_tri cache_enabled;
	struct dc_wear wear;          /* its history left zero: not a metric */
	double years_left;            /* <0 unknown */
	bool have_temperature;
	int temperature_c;
	enum dc_probe_mode probe_mode;
	double probe_duration_s;
	struct dc_latency sync, flush, nosync;
	unsigned nadvisories;
	struct dc_prom_advisory { char id[48]; enum dc_adv_effect effect; } *advisories;
	char devid[DC_CEPH_DEVID_LEN]; /* a drive of Ceph's store: "" else */
	char host[DC_HOST_LEN];
	char ceph_dev[DC_NAME_LEN];
	unsigned ndaemons;
	char (*daemons)[DC_CEPH_DAEMON_LEN]; /* malloc'd, ndaemons of them */
};

/* One metric family being written: its header goes out before its first sample. */
struct fam {
	FILE *out;
	const char *name;
	const char *type;  /* "gauge", "counter", "summary" */
	const char *help;
	bool started;
};

/*
 * A label value, quoted: backslash, quote and newline escaped as the format asks. Bytes
 * outside printable ASCII become '?', so that a serial number with stray bytes still
 * makes valid UTF-8 (the format's requirement) and one stable series.
 */
static void label_value(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '\\' || c == '"') {
			fputc('\\', out);
			fputc(c, out);
		} else if (c == '\n') {
			fputs("\\n", out);
		} else {
			fputc(c >= 0x20 && c < 0x7f ? c : '?', out);
		}
	}
	fputc('"', out);
}

static void label(FILE *out, const char *name, const char *value)
{
	fprintf(out, ",%s=", name);
	label_value(out, value);
}

static void header(struct fam *f)
{
	if (!f->started)
		fprintf(f->out, "# HELP %s %s\n# TYPE %s %s\n", f->name, f->help, f->name, f->type);
	f->started = true;
}

/*
 * The device label: the kernel's name of the disk, "sda" or "nvme0n1" for /dev/sda and
 * /dev/nvme0n1, as node_exporter's node_disk_* series and smartctl_exporter name it, so
 * that a query joins them on (instance, device) without relabelling. What is no node of
 * /dev (an imported report's file, a dump that could not be read) keeps its path.
 */
static const char *device_label(const struct dc_dev *dev)
{
	const char *name = dev->path + 5;

	if (strncmp(dev->path, "/dev/", 5) == 0 && name[0] && !strchr(name, '/'))
		return name;
	return dev->path;
}

/* Starts a sample of a drive: the header if first, then NAME[suffix]{device=...[,dump=...]
 * for more labels to follow. Close with end_*(). */
static void start(struct fam *f, const char *suffix, const struct dc_prom_row *r)
{
	header(f);
	fprintf(f->out, "%s%s{device=", f->name, suffix);
	label_value(f->out, r->device);
	if (r->dump[0])
		label(f->out, "dump", r->dump);
}

static void end_u64(struct fam *f, uint64_t v)
{
	fprintf(f->out, "} %" PRIu64 "\n", v);
}

/* The format spells the values printf would write as "inf" and "nan" its own way. */
static void end_double(struct fam *f, double v)
{
	if (isnan(v))
		fputs("} NaN\n", f->out);
	else if (isinf(v))
		fputs(v > 0 ? "} +Inf\n" : "} -Inf\n", f->out);
	else
		fprintf(f->out, "} %.9g\n", v);
}

/* A 0/1 gauge per readable drive. */
static void flag(struct fam *f, const struct dc_prom_row *r, bool value)
{
	start(f, "", r);
	end_u64(f, value ? 1 : 0);
}

static void render_run(FILE *out)
{
	struct fam build = {
		.out = out, .name = "drivecheck_build_info", .type = "gauge",
		.help = "drivecheck's version and the format version of these metrics (value always 1).",
	};
	struct fam when = {
		.out = out, .name = "drivecheck_last_run_timestamp_seconds", .type = "gauge",
		.help = "When drivecheck wrote this output, Unix time.",
	};
	struct timespec now;

	header(&build);
	fputs("drivecheck_build_info{version=", out);
	label_value(out, DC_VERSION);
	label(out, "format_version", DC_PROM_FORMAT_VERSION);
	end_u64(&build, 1);
	if (clock_gettime(CLOCK_REALTIME, &now) == 0) {
		header(&when);
		fprintf(out, "drivecheck_last_run_timestamp_seconds %.3f\n",
			(double)now.tv_sec + now.tv_nsec / 1e9);
	}
}

static void render_identity(FILE *out, const struct dc_prom_row *reports, unsigned n)
{
	struct fam read_error = {
		.out = out, .name = "drivecheck_device_read_error", .type = "gauge",
		.help = "1 when drivecheck could not read the device at all, else 0.",
	};
	struct fam info = {
		.out = out, .name = "drivecheck_drive_info", .type = "gauge",
		.help = "Drive identity and PLP class (value always 1).",
	};
	struct fam capacity = {
		.out = out, .name = "drivecheck_capacity_bytes", .type = "gauge",
		.help = "Capacity of the device in bytes.",
	};

	for (unsigned i = 0; i < n; i++)
		flag(&read_error, &reports[i], reports[i].error != 0);
	for (unsigned i = 0; i < n; i++) {
		const struct dc_prom_row *r = &reports[i];

		if (r->error)
			continue;
		start(&info, "", r);
		label(out, "vendor", r->vendor);
		label(out, "model", r->model);
		label(out, "serial", r->serial);
		label(out, "firmware", r->firmware);
		label(out, "transport", dc_transport_name(r->transport));
		label(out, "plp_class", dc_plp_name(r->plp));
		end_u64(&info, 1);
	}
	for (unsigned i = 0; i < n; i++) {
		if (reports[i].error || !reports[i].capacity_bytes)
			continue;
		start(&capacity, "", &reports[i]);
		end_u64(&capacity, reports[i].capacity_bytes);
	}
}

/* State set: one series per status, the role's own one 1, the others 0. */
static void render_verdicts(FILE *out, const struct dc_prom_row *reports, unsigned n)
{
	struct fam status = {
		.out = out, .name = "drivecheck_role_status", .type = "gauge",
		.help = "Verdict per role: 1 for the status the drive has, 0 for the others.",
	};
	static const enum dc_status all[] = { DC_PASS, DC_WARN, DC_FAIL, DC_NOT_CHECKED };

	for (unsigned i = 0; i < n; i++) {
		for (unsigned role = 0; role < DC_ROLE_COUNT; role++) {
			enum dc_status is = reports[i].error ? DC_NOT_CHECKED
				: (enum dc_status)reports[i].status[role];

			for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++) {
				start(&status, "", &reports[i]);
				label(out, "role", dc_role_name((enum dc_role)role));
				label(out, "status", dc_status_name(all[k]));
				end_u64(&status, all[k] == is);
			}
		}
	}
}

/*
 * What each role's verdict could not weigh (docs/design.md: nothing unmeasured passes):
 * 1 for a flush cost never timed or a health never read, so that a dashboard tells the
 * drives that warn for a missing measurement from the ones that warn for what was seen.
 */
static void render_unmeasured(FILE *out, const struct dc_prom_row *reports, unsigned n)
{
	struct fam unmeasured = {
		.out = out, .name = "drivecheck_role_unmeasured", .type = "gauge",
		.help = "1 when the role's verdict could not weigh this (flush-cost: no durable write "
			"was timed; health: the drive's own health verdict was not read), else 0.",
	};

	for (unsigned i = 0; i < n; i++) {
		if (reports[i].error)
			continue;
		for (unsigned role = 0; role < DC_ROLE_COUNT; role++)
			for (unsigned b = 0; b < DC_UNMEASURED_KINDS; b++) {
				start(&unmeasured, "", &reports[i]);
				label(out, "role", dc_role_name((enum dc_role)role));
				label(out, "what", dc_enum_name(&dc_unmeasured_names, (int)b, "?"));
				end_u64(&unmeasured, (reports[i].unmeasured[role] >> b) & 1);
			}
	}
}

/* The drive's own verdict (docs/health.md), a state set like the roles'. */
static void render_health(FILE *out, const struct dc_prom_row *reports, unsigned n)
{
	struct fam status = {
		.out = out, .name = "drivecheck_health_status", .type = "gauge",
		.help = "The drive's own health verdict (SMART status, failing attributes, NVMe critical "
			"warnings, SCSI exceptions): 1 for the status it has, 0 for the others.",
	};
	static const enum dc_health_status all[] = {
		DC_HEALTH_OK, DC_HEALTH_WARNING, DC_HEALTH_FAILING, DC_HEALTH_UNKNOWN,
	};

	for (unsigned i = 0; i < n; i++) {
		if (reports[i].error)
			continue;
		for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); k++) {
			start(&status, "", &reports[i]);
			label(out, "status", dc_health_status_name(all[k]));
			end_u64(&status, all[k] == reports[i].health);
		}
	}
}

/* One series per firmware advisory that hits a drive (db/advisories). */
static void render_advisories(FILE *out, const struct dc_prom_row *reports, unsigned n)
{
	struct fam adv = {
		.out = out, .name = "drivecheck_firmware_advisory", .type = "gauge",
		.help = "1 for each known firmware defect that hits the drive (advisory, effect: "
			"data-loss, drive-loss, hang, performance, other).",
	};

	for (unsigned i = 0; i < n; i++) {
		if (reports[i].error)
			continue;
		for (unsigned k = 0; k < reports[i].nadvisories; k++) {
			start(&adv, "", &reports[i]);
			label(out, "advisory", reports[i].advisories[k].id);
			label(out, "effect", dc_adv_effect_name(reports[i].advisories[k].effect));
			end_u64(&adv, 1);
		}
	}
}

static void render_safety(FILE *out, const struct dc_prom_row *reports, unsigned n)
{
	struct fam failed = {
		.out = out, .name = "drivecheck_plp_failed", .type = "gauge",
		.help = "1 when the drive reports that its power-loss protection (backup power) has failed.",
	};
	struct fam degraded = {
		.out = out, .name = "drivecheck_plp_degraded", .type = "gauge",
		.help = "1 when the drive reports its power-loss protection worn, or not judgeable.",
	};
	struct fam hazard = {
		.out = out, .name = "drivecheck_write_through_hazard", .type = "gauge",
		.help = "1 when the kernel drops flushes (write through) on a drive whose volatile cache may "
			"be on and whose completed writes are not shown to survive a power cut.",
	};
	struct fam cache = {
		.out = out, .name = "drivecheck_volatile_write_cache_enabled", .type = "gauge",
		.help = "1 when the drive's volatile write cache is enabled, 0 when it is off or absent.",
	};

	for (unsigned i = 0; i < n; i++)
		if (!reports[i].error)
			flag(&failed, &reports[i], reports[i].plp_failed);
	for (unsigned i = 0; i < n; i++)
		if (!reports[i].error)
			flag(&degraded, &reports[i], reports[i].plp_degraded);
	for (unsigned i = 0; i < n; i++)
		if (!reports[i].error)
			flag(&hazard, &reports[i], reports[i].write_through_hazard);
	for (unsigned i = 0; i < n; i++) {
		enum dc_tri on = reports[i].cache_enabled;

		if (reports[i].error || on == DC_TRI_UNKNOWN)
			continue;
		/* a drive with no volatile cache has none enabled */
		flag(&cache, &reports[i], on == DC_TRI_YES);
	}
}

static void render_wear(FILE *out, const struct dc_prom_row *reports, unsigned n)
{
	struct fam used = {
		.out = out, .name = "drivecheck_endurance_used_ratio", .type = "gauge",
		.help = "Rated endurance used, 0-1 (NVMe percentage used / 100; may exceed 1).",
	};
	struct fam left = {
		.out = out, .name = "drivecheck_endurance_remaining_seconds", .type = "gauge",
		.help = "Time until the endurance is spent at the write rate so far: rated, or "
			"(no rating) what drives of the family took.",
	};
	struct fam written = {
		.out = out, .name = "drivecheck_host_written_bytes_total", .type = "counter",
		.help = "Bytes the host has written to the drive over its life, as the drive counts them.",
	};
	struct fam power_on = {
		.out = out, .name = "drivecheck_power_on_seconds_total", .type = "counter",
		.help = "Power-on time of the drive over its life (the drive counts hours).",
	};
	struct fam unsafe = {
		.out = out, .name = "drivecheck_unsafe_shutdowns_total", .type = "counter",
		.help = "Power losses without a clean shutdown, as the drive counts them.",
	};
	struct fam media = {
		.out = out, .name = "drivecheck_media_errors_total", .type = "counter",
		.help = "Unrecovered media errors, as the drive counts them.",
	};
	struct fam temp = {
		.out = out, .name = "drivecheck_temperature_celsius", .type = "gauge",
		.help = "The drive's temperature now.",
	};

	for (unsigned i = 0; i < n; i++) {
		const struct dc_prom_row *r = &reports[i];
		const struct dc_wear *w = &r->wear;

		if (r->error)
			continue;
		if (w->have_percent_used) {
			start(&used, "", r);
			end_double(&used, w->percent_used / 100.0);
		}
	}
	for (unsigned i = 0; i < n; i++) {
		if (reports[i].error || reports[i].years_left < 0)
			continue;
		start(&left, "", &reports[i]);
		end_double(&left, reports[i].years_left * DC_PROM_YEAR_SECONDS);
	}
	for (unsigned i = 0; i < n; i++) {
		if (reports[i].error || !reports[i].wear.have_written)
			continue;
		start(&written, "", &reports[i]);
		end_u64(&written, reports[i].wear.host_written_bytes);
	}
	for (unsigned i = 0; i < n; i++) {
		if (reports[i].error || !reports[i].wear.have_power_on)
			continue;
		start(&power_on, "", &reports[i]);
		end_u64(&power_on, reports[i].wear.power_on_hours * 3600);
	}
	for (unsigned i = 0; i < n; i++) {
		if (reports[i].error || !reports[i].wear.have_unsafe_shutdowns)
			continue;
		start(&unsafe, "", &reports[i]);
		end_u64(&unsafe, reports[i].wear.unsafe_shutdowns);
	}
	for (unsigned i = 0; i < n; i++) {
		if (reports[i].error || !reports[i].wear.have_media_errors)
			continue;
		start(&media, "", &reports[i]);
		end_u64(&media, reports[i].wear.media_errors);
	}
	for (unsigned i = 0; i < n; i++) {
		if (reports[i].error || !reports[i].have_temperature)
			continue;
		start(&temp, "", &reports[i]);
		end_double(&temp, reports[i].temperature_c);
	}
}

/* One phase of the probe as a summary: its quantiles, then the sum and count of that run. */
static void latency(struct fam *f, const struct dc_prom_row *r, const char *sync,
		    const struct dc_latency *l)
{
	const struct { const char *q; double us; } qs[] = {
		{ "0.5", l->p50_us }, { "0.9", l->p90_us }, { "0.99", l->p99_us },
		{ "0.999", l->p999_us }, { "1", l->max_us },
	};

	if (!l->count)
		return;
	for (size_t k = 0; k < sizeof(qs) / sizeof(qs[0]); k++) {
		start(f, "", r);
		label(f->out, "sync", sync);
		label(f->out, "quantile", qs[k].q);
		end_double(f, qs[k].us / 1e6);
	}
	start(f, "_sum", r);
	label(f->out, "sync", sync);
	end_double(f, l->mean_us * l->count / 1e6);
	start(f, "_count", r);
	label(f->out, "sync", sync);
	end_u64(f, l->count);
}

static void render_probe(FILE *out, const struct dc_prom_row *reports, unsigned n)
{
	struct fam duration = {
		.out = out, .name = "drivecheck_probe_duration_seconds", .type = "gauge",
		.help = "How long the sync-write probe ran on the drive.",
	};
	struct fam lat = {
		.out = out, .name = "drivecheck_probe_write_latency_seconds", .type = "summary",
		.help = "4 KiB write latency at queue depth 1 in the last probe, by how the write was made "
			"durable: dsync (RWF_DSYNC), fdatasync (write, then fdatasync), none (O_DIRECT).",
	};

	for (unsigned i = 0; i < n; i++) {
		if (reports[i].error || reports[i].probe_mode == DC_PROBE_NOT_RUN)
			continue;
		start(&duration, "", &reports[i]);
		end_double(&duration, reports[i].probe_duration_s);
	}
	for (unsigned i = 0; i < n; i++) {
		const struct dc_prom_row *p = &reports[i];

		if (reports[i].error || p->probe_mode == DC_PROBE_NOT_RUN)
			continue;
		latency(&lat, &reports[i], "dsync", &p->sync);
		latency(&lat, &reports[i], "fdatasync", &p->flush);
		latency(&lat, &reports[i], "none", &p->nosync);
	}
}

/*
 * Which Ceph daemons a drive of Ceph's store is under (docs/prometheus.md): one series per
 * daemon, its ceph_daemon label as Ceph's own exporter names OSDs ("osd.3"), so that an
 * alert joins a drive's verdict to the OSDs on it.
 */
static void render_ceph(FILE *out, const struct dc_prom_row *reports, unsigned n)
{
	struct fam daemon = {
		.out = out, .name = "drivecheck_ceph_daemon_info", .type = "gauge",
		.help = "A Ceph daemon on the drive, from Ceph's device health store: ceph_daemon as "
			"Ceph names it (osd.3), devid, host and its kernel name there (value always 1).",
	};

	for (unsigned i = 0; i < n; i++) {
		const struct dc_prom_row *r = &reports[i];

		for (unsigned k = 0; k < r->ndaemons; k++) {
			start(&daemon, "", r);
			label(out, "ceph_daemon", r->daemons[k]);
			label(out, "devid", r->devid);
			label(out, "hostname", r->host);
			label(out, "ceph_device", r->ceph_dev);
			end_u64(&daemon, 1);
		}
	}
}

/* ---------------------------------------------------------------- the rows held */

struct dc_prom_rows {
	unsigned n, cap;
	struct dc_prom_row *v;
};

struct dc_prom_rows *dc_prom_rows_new(unsigned hint)
{
	struct dc_prom_rows *rows = calloc(1, sizeof(*rows));

	if (!rows)
		return NULL;
	rows->cap = hint ? hint : 1;
	rows->v = malloc(rows->cap * sizeof(*rows->v));
	if (!rows->v) {
		free(rows);
		return NULL;
	}
	return rows;
}

static void copy(char *dst, size_t len, const char *src)
{
	snprintf(dst, len, "%s", src);
}

int dc_prom_rows_add(struct dc_prom_rows *rows, const struct dc_check *r)
{
	struct dc_prom_row *row;

	if (rows->n == rows->cap) {
		/* more drives than the head said: room for as many again */
		unsigned cap = rows->cap * 2;
		struct dc_prom_row *v = cap > rows->cap ? realloc(rows->v, cap * sizeof(*v)) : NULL;

		if (!v)
			return -ENOMEM;
		rows->v = v;
		rows->cap = cap;
	}
	row = &rows->v[rows->n];
	memset(row, 0, sizeof(*row));
	copy(row->device, sizeof(row->device), device_label(&r->dev));
	copy(row->dump, sizeof(row->dump), r->replayed_from);
	row->error = r->error != 0;
	copy(row->vendor, sizeof(row->vendor), r->drive.vendor);
	copy(row->model, sizeof(row->model), r->drive.model);
	copy(row->serial, sizeof(row->serial), r->drive.serial);
	copy(row->firmware, sizeof(row->firmware), r->drive.firmware);
	row->transport = r->dev.transport;
	row->plp = r->result.plp;
	row->capacity_bytes = r->dev.capacity_bytes;
	for (unsigned k = 0; k < DC_ROLE_COUNT; k++) {
		row->status[k] = (unsigned char)r->result.verdicts[k].status;
		row->unmeasured[k] = (unsigned char)r->result.verdicts[k].unmeasured;
	}
	row->health = r->result.health.status;
	row->plp_failed = dc_drive_has_evidence(&r->drive, DC_EV_PLP_FAILED);
	row->plp_degraded = dc_drive_has_evidence(&r->drive, DC_EV_PLP_DEGRADED);
	row->write_through_hazard = r->result.write_through_hazard;
	row->cache_enabled = r->drive.cache_enabled;
	row->wear = r->drive.wear;
	memset(&row->wear.history, 0, sizeof(row->wear.history));
	row->years_left = r->result.endurance_years_left;
	row->have_temperature = r->drive.smart.have_temperature;
	row->temperature_c = r->drive.smart.temperature_c;
	row->probe_mode = r->probe.mode;
	row->probe_duration_s = r->probe.duration_s;
	row->sync = r->probe.sync;
	row->flush = r->probe.flush;
	row->nosync = r->probe.nosync;
	if (r->nadvisories && !r->error) {
		row->advisories = calloc(r->nadvisories, sizeof(*row->advisories));
		if (!row->advisories)
			return -ENOMEM;
		for (unsigned k = 0; k < r->nadvisories; k++) {
			copy(row->advisories[k].id, sizeof(row->advisories[k].id), r->advisories[k].id);
			row->advisories[k].effect = r->advisories[k].effect;
		}
		row->nadvisories = r->nadvisories;
	}
	if (r->ceph.present && r->ceph.ndaemons) {
		row->daemons = calloc(r->ceph.ndaemons, sizeof(*row->daemons));
		if (!row->daemons) {
			free(row->advisories);
			return -ENOMEM;
		}
		memcpy(row->daemons, r->ceph.daemons, r->ceph.ndaemons * sizeof(*row->daemons));
		row->ndaemons = r->ceph.ndaemons;
		copy(row->devid, sizeof(row->devid), r->ceph.devid);
		copy(row->host, sizeof(row->host), r->host);
		copy(row->ceph_dev, sizeof(row->ceph_dev),
		     r->ceph.nlocations ? r->ceph.locations[0].dev : "");
	}
	rows->n++;
	return 0;
}

void dc_prom_rows_free(struct dc_prom_rows *rows)
{
	if (!rows)
		return;
	for (unsigned i = 0; i < rows->n; i++) {
		free(rows->v[i].advisories);
		free(rows->v[i].daemons);
	}
	free(rows->v);
	free(rows);
}

int dc_render_prom(FILE *out, const struct dc_prom_rows *rows)
{
	const struct dc_prom_row *reports = rows->v;
	unsigned n = rows->n;

	render_run(out);
	render_identity(out, reports, n);
	render_verdicts(out, reports, n);
	render_unmeasured(out, reports, n);
	render_health(out, reports, n);
	render_advisories(out, reports, n);
	render_safety(out, reports, n);
	render_wear(out, reports, n);
	render_probe(out, reports, n);
	render_ceph(out, reports, n);
	/* a cut exposition is a file node_exporter refuses whole: the caller must know;
	 * the stream's buffer written out here, so that its error is seen here too */
	errno = 0;
	if (fflush(out) != 0 || ferror(out))
		return errno ? -errno : -EIO;
	return 0;
}
