/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * json_format.h - the version of the JSON drivecheck writes (docs/json.md, "Changes"): the
 * renderers write it, `drivecheck report` reads it back and refuses another major.
 */
#ifndef DC_JSON_FORMAT_H
#define DC_JSON_FORMAT_H

#define DC_JSON_FORMAT_MAJOR 1
#define DC_JSON_FORMAT_MINOR 7

#endif /* DC_JSON_FORMAT_H */
