/* SPDX-License-Identifier: GPL-2.0-or-later */
/* raw.h - the named raw pages that acquire fills, dump writes and replay reads (struct
 * dc_raw, how each read ended: io_status.h), and the helpers that read them. */
#ifndef DC_RAW_H
#define DC_RAW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/io_status.h"

/*
 * Raw pages, exactly as the device returned them. Acquire fills them, a dump writes
 * them to files of the same name, replay reads them back. Nothing here is decoded.
 */
#define DC_PAGE_NAME_LEN 32
#define DC_MAX_PAGES     24

struct dc_page {
	char name[DC_PAGE_NAME_LEN]; /* one of the DC_PG_* names below */
	uint8_t *data;               /* owned by the dc_raw; NULL unless st.kind is DC_IO_OK */
	size_t len;                  /* bytes */
	struct dc_io_status st;      /* how the read ended */
};

struct dc_raw {
	unsigned npages;
	struct dc_page pages[DC_MAX_PAGES];
};

/* Page names: they are also the file names of a dump (DIR/pages/NAME.bin). */
#define DC_PG_NVME_ID_CTRL      "nvme-id-ctrl"      /* Identify Controller, 4096 bytes */
#define DC_PG_NVME_ID_NS        "nvme-id-ns"        /* Identify Namespace, 4096 bytes */
#define DC_PG_NVME_FEAT_VWC     "nvme-feat-vwc"     /* Get Features 0x06 current, dword0 LE */
#define DC_PG_NVME_FEAT_VWC_CAP "nvme-feat-vwc-cap" /* Get Features 0x06 sel=3 capabilities */
#define DC_PG_NVME_LOG_SMART    "nvme-log-smart"    /* log 0x02, 512 bytes */
#define DC_PG_NVME_LOG_C0       "nvme-log-c0"       /* log 0xC0, 512 bytes (OCP if GUID) */
#define DC_PG_ATA_SMART_BLOB    "ata-smart-blob"    /* libatasmart blob: IDFY, SMST, SMDT, SMTH */
#define DC_PG_ATA_IDENTIFY      "ata-identify"      /* IDENTIFY DEVICE via SG_IO, 512 bytes */
#define DC_PG_ATA_SMART_DATA    "ata-smart-data"    /* SMART READ DATA via SG_IO, 512 bytes */
#define DC_PG_ATA_SMART_THRESHOLDS "ata-smart-thresholds" /* SMART READ THRESHOLDS via SG_IO */
#define DC_PG_SCSI_INQUIRY      "scsi-inquiry"      /* standard INQUIRY */
#define DC_PG_SCSI_VPD_00       "scsi-vpd-00"
#define DC_PG_SCSI_VPD_80       "scsi-vpd-80"
#define DC_PG_SCSI_VPD_83       "scsi-vpd-83"
#define DC_PG_SCSI_VPD_86       "scsi-vpd-86"
#define DC_PG_SCSI_VPD_B1       "scsi-vpd-b1"
#define DC_PG_SCSI_MODE_08      "scsi-mode-08"      /* MODE SENSE(10) caching page, current */
/*
 * Health and wear (docs/health.md). Each holds the device's own bytes, as a spec lays them
 * out; an importer that rebuilds one from another tool's report fills only what the
 * report shows and lists the rest as not in the input.
 */
#define DC_PG_ATA_SMART_STATUS  "ata-smart-status"  /* SMART RETURN STATUS: 2 bytes, LBA mid
						       and LBA high after the command: 4F C2 the
						       drive says it is good, F4 2C a threshold
						       is exceeded (ACS-3 7.48.9) */
#define DC_PG_ATA_DEVSTAT_00    "ata-devstat-00"    /* Device Statistics log (0x04) page 0,
						       the list of pages, 512 bytes */
#define DC_PG_ATA_DEVSTAT_01    "ata-devstat-01"    /* ... page 1, General Statistics */
#define DC_PG_ATA_DEVSTAT_07    "ata-devstat-07"    /* ... page 7, Solid State Device
						       Statistics (percentage used) */
#define DC_PG_SCSI_LOG_00       "scsi-log-00"       /* LOG SENSE replies (SPC-4 7.3), PC 01b
						       cumulative: supported pages */
#define DC_PG_SCSI_LOG_02       "scsi-log-02"       /* write error counters */
#define DC_PG_SCSI_LOG_03       "scsi-log-03"       /* read error counters */
#define DC_PG_SCSI_LOG_0D       "scsi-log-0d"       /* temperature */
#define DC_PG_SCSI_LOG_11       "scsi-log-11"       /* solid state media: percentage used */
#define DC_PG_SCSI_LOG_15       "scsi-log-15"       /* background scan results: accumulated
						       power-on minutes (parameter 0000h) */
#define DC_PG_SCSI_LOG_2F       "scsi-log-2f"       /* informational exceptions: ASC, ASCQ
						       of the latest one, temperature */
/* Import only: the fields of rebuilt pages that the imported format does not carry, one
 * "PAGE.FIELD<TAB>why<LF>" line each ("nvme-id-ctrl.vwc<TAB>smartctl's text does not print
 * it"). A parser asks dc_raw_lacks() before it reads such a field: a zero there is not
 * the drive's answer. */
#define DC_PG_NOT_IN_INPUT      "not-in-input"

/* raw.c */
/* Adds a page; copies len bytes of data (takes no ownership) when st is NULL or says
 * DC_IO_OK, and keeps st (the page of a failed read holds no data). Returns 0, -ENOSPC
 * when the table is full, -ENOMEM. */
int dc_raw_add(struct dc_raw *raw, const char *name, const void *data, size_t len,
	       const struct dc_io_status *st);
/* The status of a call that failed with err (-errno, or errno: either sign), or of a page
 * an import's format does not carry. */
struct dc_io_status dc_io_errno(int err);
struct dc_io_status dc_io_nvme(unsigned nvme_status);
struct dc_io_status dc_io_not_in_input(void);
/* Returns the page of that name, or NULL. A page that was not read is returned too. */
const struct dc_page *dc_raw_find(const struct dc_raw *raw, const char *name);
/* Returns the page data when it was read whole (DC_IO_OK) and holds at least min_len bytes. */
const uint8_t *dc_raw_get(const struct dc_raw *raw, const char *name, size_t min_len);
void dc_raw_free(struct dc_raw *raw);
/* Why FIELD ("PAGE.FIELD") of a rebuilt page is not in the input (copied into why), or
 * NULL when nothing says so: always NULL for a live drive or a dump. */
const char *dc_raw_lacks(const struct dc_raw *raw, const char *field, char *why, size_t len);
/* Describes how a read ended for a person: "not supported by the device or driver (...)",
 * "permission denied (needs root)", "ILLEGAL REQUEST: invalid field in CDB (sense
 * 5/24/00)" (sense.h), "Invalid Log Page (NVMe status 0x4109)" (libnvme's name for the
 * status), "not in the input". */
const char *dc_raw_strerror(const struct dc_io_status *st, char *buf, size_t len);
/* The same for the cache switch's answer (device/protocol.h: set_cache): -errno, or >0 the
 * status an NVMe controller gave. */
const char *dc_errno_text(int err, char *buf, size_t len);
/* The first page the kernel refused this process (a command needing a capability it
 * lacks): -EACCES or -EPERM, else 0. The errno itself, never read back from the words. */
int dc_raw_refused(const struct dc_raw *raw);
/* Why opening a device node gave err (-EACCES or -EPERM), in words for a parenthesis:
 * to a user who is not root, "needs root"; to root (as_root: the euid was 0), what
 * refuses root, which more root cannot mend: EPERM is a device cgroup (a container not
 * granted the device), EACCES a security module (SELinux, AppArmor) or a user namespace. */
const char *dc_open_denied_text(int err, bool as_root);

#endif /* DC_RAW_H */
