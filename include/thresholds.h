/* SPDX-License-Identifier: GPL-2.0-or-later */
/* thresholds.h - every number the verdict uses, with the reference behind it. */
#ifndef DC_THRESHOLDS_H
#define DC_THRESHOLDS_H

/*
 * Flush cost: the probe's median 4 KiB O_DSYNC write at queue depth 1, in microseconds.
 *
 * SATA/SAS. Public fio runs (--sync=1 --iodepth=1, 4 KiB, docs/thresholds.md): a PLP
 * Micron 5100 averaged 460 us, a consumer SanDisk Ultra 3D 1730 us. "Fast" sits well
 * above the PLP drive, "slow" below the consumer one.
 */
#define DC_SATA_FLUSH_FAST_US   800.0
#define DC_SATA_FLUSH_SLOW_US  1500.0
/*
 * NVMe. PLP NVMe drives complete a flushed 4 KiB write in tens of microseconds
 * (docs/design.md); consumer NVMe (980/990 PRO) take a millisecond or more under DRBD and
 * Ceph (public cluster write-ups, docs/thresholds.md).
 */
#define DC_NVME_FLUSH_FAST_US   200.0
#define DC_NVME_FLUSH_SLOW_US  1000.0
/*
 * Anything else (virtio, loop, USB, unknown): the host decides what a flush costs; use
 * the SATA bounds, which are the looser pair.
 */
#define DC_OTHER_FLUSH_FAST_US  DC_SATA_FLUSH_FAST_US
#define DC_OTHER_FLUSH_SLOW_US  DC_SATA_FLUSH_SLOW_US

/*
 * etcd: its maintainers and OpenShift's documentation ("Recommended etcd practices")
 * gate a disk on the 99th percentile of the WAL's fdatasync under 10 ms
 * (etcd_disk_wal_fsync_duration_seconds). The probe's write-then-fdatasync p99.
 */
#define DC_ETCD_FSYNC_P99_MAX_US 10000.0
/*
 * FUA and flush: where one is fast and the other slow, or one takes more than this many
 * times the other, the drive handles one of them differently (the Vitastor author's
 * advice: measure both, keep the worse). A finding, and a warning for every role.
 */
#define DC_SYNC_MODES_DISAGREE_RATIO 3.0
/*
 * The cache experiment (--try-cache-off): with the cache off, durable writes must be at
 * least this many times faster for drivecheck to advise keeping it off. Ceph's hardware
 * recommendations report PLP drives going from hundreds to thousands of sync writes a
 * second with the cache off; a gain under 2x is within what two runs of the probe on a
 * busy machine may differ by, and not worth a udev rule.
 */
#define DC_CACHE_OFF_GAIN_RATIO 2.0

/* Endurance. Ceph's DB/WAL and a ZFS SLOG take every synchronous write. */
#define DC_DB_WAL_MIN_DWPD       1.0  /* read-intensive drives (<1 DWPD) wear out first */
#define DC_SLOG_MIN_DWPD         3.0  /* mixed-use and up: an SLOG writes every sync write
					 (a note, not a warning: an SLOG is judged on S and F) */
/*
 * A TBW, or an observed endurance, spread over this many years to compare it with a DWPD when
 * the row states no warranty: five years, the longest warranty of all but one row of the
 * database (the others say 3 or 5), so the figure is the least the rating can mean for such
 * a warranty and --min-dwpd errs towards leaving a family out.
 */
#define DC_WARRANTY_YEARS_UNSTATED 5.0
#define DC_WEAR_WARN_PERCENT    80u   /* of rated endurance used */
#define DC_WEAR_FAIL_PERCENT   100u   /* rated endurance spent (NVMe "percentage used") */
#define DC_YEARS_LEFT_WARN       1.0  /* at the observed write rate */
/*
 * The wear indicator (NVMe "percentage used", ATA Device Statistics page 7, SCSI log page
 * 0x11) is a whole percentage, and vendors round it up or down, so a reading of p says the
 * true wear is between p - 1 and p + 1. Under 3% that spread is as large as the reading:
 * 1% may be 0.01% or 2%, and a rate drawn from it says "100 years" or "2 years" alike.
 * From 3% on, years left are drawn from p + 1, a lower bound (docs/design.md).
 */
#define DC_WEAR_RATE_MIN_PERCENT 3u
/*
 * A wear rate over several readings (Ceph's stored samples) is drawn from the first and
 * the newest percentage, each up to a point off: over 3 points of change and 30 days, the
 * rounding is at most two thirds of the change, and the rate an upper bound of it.
 */
#define DC_HISTORY_MIN_POINTS    3u
#define DC_HISTORY_MIN_DAYS     30.0
#define DC_HOURS_PER_YEAR     8766.0  /* the year endurance is counted in: 365.25 days */

/*
 * Capacitor health (OCP log 0xC0 bytes 128-129, a percentage). The OCP specification
 * names no warning level, and the drive's own failure signals (health 0, SMART critical
 * warning bit 4) fail every role. Under 80% is reported as worn: the usual end-of-life
 * criterion for a capacitor is 20% of its capacitance lost. Our choice, documented in
 * docs/thresholds.md; it warns, it never fails.
 */
#define DC_CAP_HEALTH_WARN_PERCENT 80u

#endif /* DC_THRESHOLDS_H */
