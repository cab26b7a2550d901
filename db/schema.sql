-- SPDX-License-Identifier: GPL-2.0-or-later
-- schema.sql - the drive database as built from db/vendors/*.txt (see db/README.md).
PRAGMA user_version = 1;

CREATE TABLE meta (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
);

-- One product family: one stanza of a vendor file.
CREATE TABLE family (
	id             INTEGER PRIMARY KEY,
	vendor         TEXT NOT NULL,
	family         TEXT NOT NULL,
	interface      TEXT NOT NULL CHECK (interface IN ('sata', 'sas', 'nvme')),
	form_factor    TEXT,
	class          TEXT NOT NULL CHECK (class IN ('datacenter', 'client')),
	plp            TEXT NOT NULL CHECK (plp IN ('full', 'data-at-rest', 'none', 'unknown')),
	plp_note       TEXT,
	dwpd           REAL CHECK (dwpd IS NULL OR (dwpd > 0 AND dwpd < 1000)),
	warranty_years REAL CHECK (warranty_years IS NULL OR (warranty_years > 0 AND warranty_years < 20)),
	file           TEXT NOT NULL,   -- where the stanza lives, for error messages
	line           INTEGER NOT NULL
);

-- Every family cites at least one source (checked by dbbuild).
CREATE TABLE source (
	family_id INTEGER NOT NULL REFERENCES family(id),
	title     TEXT NOT NULL CHECK (length(title) > 0),
	url       TEXT NOT NULL CHECK (url LIKE 'http%')
);

-- Glob patterns on the normalised model string; weight = literal characters.
CREATE TABLE pattern (
	family_id INTEGER NOT NULL REFERENCES family(id),
	pattern   TEXT NOT NULL,
	weight    INTEGER NOT NULL
);

-- Terabytes written over the warranty, for the models a pattern matches.
CREATE TABLE tbw (
	family_id INTEGER NOT NULL REFERENCES family(id),
	pattern   TEXT NOT NULL,
	tbw_tb    REAL NOT NULL CHECK (tbw_tb > 0),
	weight    INTEGER NOT NULL
);

-- Real model strings each family must match (checked by dbbuild --check).
CREATE TABLE example (
	family_id INTEGER NOT NULL REFERENCES family(id),
	model     TEXT NOT NULL
);

CREATE INDEX pattern_family ON pattern(family_id);
CREATE INDEX tbw_family ON tbw(family_id);
