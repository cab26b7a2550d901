-- SPDX-License-Identifier: GPL-2.0-or-later
-- schema.sql - the drive database as built from db/vendors/*.txt and db/advisories/*.txt
-- and db/observed/*.tsv (see db/README.md). Version 3 added the firmware advisories, version 4
-- the observed endurance.
PRAGMA user_version = 4;

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
	plp            TEXT NOT NULL CHECK (plp IN ('full', 'data-at-rest', 'at-least-data-at-rest',
	                                            'none', 'unknown')),
	plp_note       TEXT,
	-- 1 when the class is "none" inferred for a client family: a vendor or review source
	-- places it in the client line, no source claims protection, and no list of drives
	-- with protection (db/lists/) names it
	plp_inferred   INTEGER NOT NULL DEFAULT 0 CHECK (plp_inferred IN (0, 1)),
	-- why the row stands although a source disagrees (db/README.md), or NULL
	dispute        TEXT,
	-- why the rated and the observed endurance differ more than tenfold (make db-check), or NULL
	endurance_note TEXT,
	dwpd           REAL CHECK (dwpd IS NULL OR (dwpd > 0 AND dwpd < 1000)),
	warranty_years REAL CHECK (warranty_years IS NULL OR (warranty_years > 0 AND warranty_years < 20)),
	file           TEXT NOT NULL,   -- where the stanza lives, for error messages
	line           INTEGER NOT NULL
);

-- Every family cites at least one source, and the class it states rests on sources that
-- may prove it (checked by dbbuild: db/README.md, "What may prove what").
CREATE TABLE source (
	family_id INTEGER NOT NULL REFERENCES family(id),
	kind      TEXT NOT NULL CHECK (kind IN ('vendor', 'device', 'review', 'compilation',
	                                        'distributor', 'community')),
	-- what this source says: a PLP class, or only endurance, or only what the part is
	claim     TEXT NOT NULL CHECK (claim IN ('full', 'data-at-rest', 'at-least-data-at-rest',
	                                         'none', 'inferred-none', 'client-line', 'not-listed',
	                                         'endurance', 'identity')),
	strength  INTEGER NOT NULL,        -- the kind's rank: vendor 6 ... community 1
	backs     INTEGER NOT NULL CHECK (backs IN (0, 1)), -- supports the family's class
	title     TEXT NOT NULL CHECK (length(title) > 0),
	url       TEXT NOT NULL CHECK (url LIKE 'http%'),
	revision  TEXT,                    -- the document's revision or date
	location  TEXT                     -- where in it the fact stands
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
CREATE INDEX source_family ON source(family_id);
CREATE INDEX tbw_family ON tbw(family_id);

-- ---- firmware advisories (issue 22): db/advisories/*.txt, db/README.md ----

-- One known firmware defect: one stanza of an advisory file.
CREATE TABLE advisory (
	id          INTEGER PRIMARY KEY,
	advisory    TEXT NOT NULL UNIQUE,          -- e.g. HPE-A00092491
	vendor      TEXT NOT NULL,
	title       TEXT NOT NULL CHECK (length(title) > 0),
	bulletin    TEXT NOT NULL CHECK (length(bulletin) > 0), -- the vendor's document it rests on
	interface   TEXT CHECK (interface IS NULL OR interface IN ('sata', 'sas', 'nvme')),
	effect      TEXT NOT NULL CHECK (effect IN ('data-loss', 'drive-loss', 'hang',
	                                            'performance', 'other')),
	effect_note TEXT NOT NULL CHECK (length(effect_note) > 0),
	hours       INTEGER CHECK (hours IS NULL OR hours > 0), -- power-on hours of the failure point
	hours_note  TEXT,
	fixed       TEXT,                          -- the firmware that fixes it, or NULL: none named
	file        TEXT NOT NULL,
	line        INTEGER NOT NULL
);

-- Globs on the normalised model string (src/core/model.c), as for the families.
CREATE TABLE advisory_model (
	advisory_id INTEGER NOT NULL REFERENCES advisory(id),
	pattern     TEXT NOT NULL
);

-- Globs on the normalised firmware revision, within the advisory's own models: affected
-- (1), or not affected (0: the fix and later releases where 'affected' is wide).
CREATE TABLE advisory_firmware (
	advisory_id INTEGER NOT NULL REFERENCES advisory(id),
	pattern     TEXT NOT NULL,
	affected    INTEGER NOT NULL CHECK (affected IN (0, 1))
);

-- The capacities an advisory names (decimal GB); none: every capacity of its models.
CREATE TABLE advisory_capacity (
	advisory_id INTEGER NOT NULL REFERENCES advisory(id),
	gb          REAL NOT NULL CHECK (gb > 0)
);

-- Every advisory cites sources, one of which backs it (dbbuild: src/lookup/source_rules.c).
CREATE TABLE advisory_source (
	advisory_id INTEGER NOT NULL REFERENCES advisory(id),
	kind      TEXT NOT NULL CHECK (kind IN ('vendor', 'device', 'review', 'compilation',
	                                        'distributor', 'community')),
	claim     TEXT NOT NULL CHECK (claim IN ('bulletin', 'cites-bulletin', 'report', 'identity')),
	strength  INTEGER NOT NULL,
	backs     INTEGER NOT NULL CHECK (backs IN (0, 1)),
	title     TEXT NOT NULL CHECK (length(title) > 0),
	url       TEXT NOT NULL CHECK (url LIKE 'http%'),
	revision  TEXT,
	location  TEXT
);

-- Drives the advisory must hit (hit = 1) or leave alone (0), checked by dbbuild --check:
-- real model and firmware strings where a report shows one, else marked synthetic.
CREATE TABLE advisory_example (
	advisory_id    INTEGER NOT NULL REFERENCES advisory(id),
	model          TEXT NOT NULL,
	firmware       TEXT NOT NULL,
	capacity_bytes INTEGER,
	hit            INTEGER NOT NULL CHECK (hit IN (0, 1)),
	seen           TEXT NOT NULL               -- where the strings come from, or 'synthetic'
);

CREATE INDEX advisory_model_id ON advisory_model(advisory_id);
CREATE INDEX advisory_firmware_id ON advisory_firmware(advisory_id);
CREATE INDEX advisory_source_id ON advisory_source(advisory_id);

-- ---- observed endurance (issue 29): db/observed/*.tsv, db/README.md ----

-- Where observed figures come from: one corpus of real reports, at one commit, read by one
-- tool. The table's header says it (dbbuild --observed).
CREATE TABLE observed_source (
	id       INTEGER PRIMARY KEY,
	title    TEXT NOT NULL CHECK (length(title) > 0),  -- the corpus, by name
	url      TEXT NOT NULL CHECK (url LIKE 'http%'),
	revision TEXT NOT NULL CHECK (length(revision) > 0), -- "commit 66faf203..."
	licence  TEXT NOT NULL CHECK (length(licence) > 0),  -- the corpus's, with its attribution
	tool     TEXT NOT NULL CHECK (length(tool) > 0),     -- what derived the figures, its version
	date     TEXT NOT NULL,
	file     TEXT NOT NULL
);

-- Full-drive writes that a family's drives took to 100% of their own wear indicator, in
-- the source's reports: what those fleets' workloads took, with their write amplification;
-- never a rating. One row for the whole family (capacity_bytes NULL), one per capacity.
CREATE TABLE observed_endurance (
	family_id      INTEGER NOT NULL REFERENCES family(id),
	source_id      INTEGER NOT NULL REFERENCES observed_source(id),
	-- to three significant digits; a drive belongs within 2%. NULL: the whole family
	capacity_bytes INTEGER CHECK (capacity_bytes IS NULL OR capacity_bytes > 0),
	drives         INTEGER NOT NULL CHECK (drives >= 5),
	dw_p25         INTEGER NOT NULL CHECK (dw_p25 >= 0),
	dw_median      INTEGER NOT NULL CHECK (dw_median > 0 AND dw_median >= dw_p25),
	dw_p75         INTEGER NOT NULL CHECK (dw_p75 >= dw_median),
	wear_median    INTEGER NOT NULL CHECK (wear_median BETWEEN 0 AND 255), -- percent used
	wrapped        INTEGER NOT NULL CHECK (wrapped BETWEEN 0 AND drives),
	model          TEXT NOT NULL,   -- the model string most of the drives report
	-- the rated TBW the family's tbw lines give that model, set by the build (NULL: none),
	-- to hold a capacity's rating beside what its drives took (db-check, --min-dwpd)
	rated_tbw_tb   REAL CHECK (rated_tbw_tb IS NULL OR rated_tbw_tb > 0),
	line           INTEGER NOT NULL
);

CREATE INDEX observed_family ON observed_endurance(family_id);

-- Rated against observed, per observed row: the rated full-drive writes are DWPD x 365 x
-- warranty years where the family states both, else the rated TBW of the row's model over
-- its capacity (a capacity row only); NULL when neither. make db-check holds the two within
-- 10x of each other, unless the family's endurance_note says why they differ.
CREATE VIEW observed_vs_rated AS
SELECT o.rowid AS observed_id, f.id AS family_id, o.capacity_bytes, o.drives, o.dw_median,
       CASE WHEN f.dwpd IS NOT NULL AND f.warranty_years IS NOT NULL
            THEN f.dwpd * 365 * f.warranty_years
            WHEN o.capacity_bytes IS NOT NULL AND o.rated_tbw_tb IS NOT NULL
            THEN o.rated_tbw_tb * 1e12 / o.capacity_bytes END AS rated_dw,
       CASE WHEN f.dwpd IS NOT NULL AND f.warranty_years IS NOT NULL
            THEN 'DWPD x 365 x warranty years'
            WHEN o.capacity_bytes IS NOT NULL AND o.rated_tbw_tb IS NOT NULL
            THEN 'TBW / capacity' END AS rated_by
FROM observed_endurance o JOIN family f ON f.id = o.family_id;
