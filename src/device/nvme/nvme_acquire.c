// SPDX-License-Identifier: GPL-2.0-or-later
/* nvme_acquire.c - NVMe admin commands through libnvme; every libnvme call is here. */
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <libnvme.h>

#include "core/raw.h"
#include "device/protocol.h"

/* libnvme 1.3 returns >0 for an NVMe status, or -1 with errno: turn it into one int. */
static int nvme_err(int ret)
{
	if (ret < 0)
		return errno ? -errno : -EIO;
	return ret;
}

/* The same as a page's status: an errno, or the controller's status. */
static struct dc_io_status nvme_st(int ret)
{
	struct dc_io_status ok = { .kind = DC_IO_OK };

	if (ret < 0)
		return dc_io_errno(errno);
	return ret ? dc_io_nvme((unsigned)ret) : ok;
}

static int add(struct dc_raw *raw, const char *name, const void *data, size_t len, int ret)
{
	struct dc_io_status st = nvme_st(ret);

	return dc_raw_add(raw, name, data, len, &st);
}

static int add_dword(struct dc_raw *raw, const char *name, int ret, __u32 result)
{
	__le32 le = htole32(result);

	return add(raw, name, &le, sizeof(le), ret);
}

int dc_nvme_acquire(const struct dc_dev *dev, struct dc_raw *raw)
{
	union {
		struct nvme_id_ctrl ctrl;
		struct nvme_id_ns ns;
		struct nvme_smart_log smart;
		__u8 bytes[NVME_IDENTIFY_DATA_SIZE];
	} buf;
	__u32 nsid = 0, result = 0;
	int fd, ret, rc = 0;

	fd = open(dev->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;

	memset(&buf, 0, sizeof(buf));
	ret = nvme_identify_ctrl(fd, &buf.ctrl);
	rc = add(raw, DC_PG_NVME_ID_CTRL, buf.bytes, sizeof(buf.ctrl), ret);
	if (rc)
		goto out;

	ret = nvme_get_nsid(fd, &nsid);
	if (ret == 0) {
		memset(&buf, 0, sizeof(buf));
		ret = nvme_identify_ns(fd, nsid, &buf.ns);
		rc = add(raw, DC_PG_NVME_ID_NS, buf.bytes, sizeof(buf.ns), ret);
	} else {
		rc = add(raw, DC_PG_NVME_ID_NS, NULL, 0, ret);
	}
	if (rc)
		goto out;

	ret = nvme_get_features_volatile_wc(fd, NVME_GET_FEATURES_SEL_CURRENT, &result);
	rc = add_dword(raw, DC_PG_NVME_FEAT_VWC, ret, result);
	if (rc)
		goto out;
	result = 0;
	ret = nvme_get_features_volatile_wc(fd, NVME_GET_FEATURES_SEL_SUPPORTED, &result);
	rc = add_dword(raw, DC_PG_NVME_FEAT_VWC_CAP, ret, result);
	if (rc)
		goto out;

	memset(&buf, 0, sizeof(buf));
	ret = nvme_get_log_smart(fd, NVME_NSID_ALL, false, &buf.smart);
	rc = add(raw, DC_PG_NVME_LOG_SMART, buf.bytes, sizeof(buf.smart), ret);
	if (rc)
		goto out;

	/* 0xC0 is vendor-specific: the parser keeps it only if it carries the OCP GUID. */
	memset(&buf, 0, sizeof(buf));
	ret = nvme_get_log_simple(fd, (enum nvme_cmd_get_log_lid)0xC0, 512, buf.bytes);
	rc = add(raw, DC_PG_NVME_LOG_C0, buf.bytes, 512, ret);
out:
	close(fd);
	return rc;
}

/* The cache experiment: Set Features 0x06 (Volatile Write Cache), not saved. */
int dc_nvme_set_cache(const struct dc_dev *dev, bool on, enum dc_tri *now,
		      struct dc_io_status *st)
{
	__u32 result = 0;
	int fd, ret;

	if (now)
		*now = DC_TRI_UNKNOWN;
	if (st)
		*st = (struct dc_io_status){ .kind = DC_IO_OK };
	fd = open(dev->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ret = nvme_set_features_volatile_wc(fd, on, false, &result);
	if (st)
		*st = nvme_st(ret);
	ret = nvme_err(ret);
	if (ret == 0 && now) {
		result = 0;
		if (nvme_get_features_volatile_wc(fd, NVME_GET_FEATURES_SEL_CURRENT, &result) == 0)
			*now = (result & 1) ? DC_TRI_YES : DC_TRI_NO;
	}
	close(fd);
	return ret;
}
