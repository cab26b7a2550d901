// SPDX-License-Identifier: GPL-2.0-or-later
/* inspect.c - one device through its back-end: acquire raw pages, then parse them. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/drive.h"
#include "device/inspect.h"
#include "core/names.h"
#include "core/raw.h"
#include "device/protocol.h"

int dc_inspect_acquire(const struct dc_dev *dev, struct dc_raw *raw)
{
	const struct dc_protocol_ops *ops = dc_protocol_ops_for(dev->protocol);

	if (!ops->acquire)
		return 0; /* nothing to ask: sysfs is all there is */
	return ops->acquire(dev, raw);
}

static void fill_from_sysfs(const struct dc_dev *dev, struct dc_drive *d)
{
	bool any = false;

	if (!d->model[0] && dev->model[0]) {
		snprintf(d->model, sizeof(d->model), "%s", dev->model);
		any = true;
	}
	if (!d->vendor[0] && dev->vendor[0] && dev->protocol != DC_PROTO_ATA)
		snprintf(d->vendor, sizeof(d->vendor), "%s", dev->vendor); /* libata says "ATA" */
	if (!d->serial[0] && dev->serial[0]) {
		snprintf(d->serial, sizeof(d->serial), "%s", dev->serial);
		any = true;
	}
	if (!d->firmware[0] && dev->firmware[0]) {
		snprintf(d->firmware, sizeof(d->firmware), "%s", dev->firmware);
		any = true;
	}
	if (any && !d->identity_source[0])
		snprintf(d->identity_source, sizeof(d->identity_source), "sysfs");
	/* The device's own rotation rate beats the kernel's flag, which is often a default. */
	if (d->rotational == DC_TRI_UNKNOWN)
		d->rotational = dev->rotational;
}

int dc_inspect_parse(const struct dc_dev *dev, const struct dc_raw *raw, int acquire_err,
		     struct dc_drive *d)
{
	const struct dc_protocol_ops *ops = dc_protocol_ops_for(dev->protocol);
	int rc = 0;

	dc_drive_init(d);

	/* acquire_err comes from a live scan only, this process's own open: its euid says
	 * whether more root could help */
	if (acquire_err == -EACCES || acquire_err == -EPERM)
		dc_drive_add_error(d, "%s: permission denied: reading %s data (%s)", dev->path,
				   ops->name, dc_open_denied_text(acquire_err, geteuid() == 0));
	else if (acquire_err == -ENOENT || acquire_err == -ENXIO || acquire_err == -ENODEV)
		dc_drive_add_error(d, "%s: device vanished while being read", dev->path);
	else if (acquire_err)
		dc_drive_add_error(d, "%s: cannot read %s data: %s", dev->path, ops->name,
				   strerror(-acquire_err));
	/* a parser that could not decode at all (out of memory) says so: the facts it
	 * gives are not the pages' whole answer */
	if (ops->parse && raw->npages) {
		rc = ops->parse(raw, d);
		if (rc)
			dc_drive_add_error(d, "%s: cannot decode the %s pages: %s", dev->path,
					   ops->name, strerror(-rc));
	} else if (ops->parse && !acquire_err)
		dc_drive_add_error(d, "%s: no %s pages were read", dev->path, ops->name);
	else if (!ops->acquire)
		dc_drive_add_error(d, "%s (%s): no identify or SMART command set; sysfs facts only",
				   dev->path, dc_transport_name(dev->transport));
	fill_from_sysfs(dev, d);
	return rc;
}
