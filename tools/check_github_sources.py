#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_github_sources.py - re-reads every source of db/vendors/*.txt that is a file in a
GitHub repository, at the commit it cites: the file and the cited lines exist, and the
cited lines name the row's family (a word of the family name, the fixed start of a match
pattern, or an example model; "D3-S4510/4520" counts as naming D3-S4520). For a device
report (kind "device") the report as a whole must name the model. A check that fails is a
row to read again by hand, not proof that it is wrong.

  tools/check_github_sources.py CLONES OWNER/NAME...

CLONES holds a git clone of each repository as CLONES/OWNER+NAME (or CLONES/OWNER+NAME/repo);
sources in other repositories, and web pages, are not checked here. Exit 1 when any check
fails."""
import glob
import os
import re
import subprocess
import sys
import urllib.parse

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if len(sys.argv) < 3:
    sys.exit(__doc__)
MIRRORS = {}
for r in sys.argv[2:]:
    d = os.path.join(sys.argv[1], r.replace("/", "+"))
    MIRRORS[r] = os.path.join(d, "repo") if os.path.isdir(os.path.join(d, "repo")) else d

def stanzas(path):
    cur = {}
    for line in open(path):
        line = line.rstrip("\n")
        if not line.strip():
            if cur: yield cur
            cur = {}
            continue
        if line.startswith("#") or ":" not in line: continue
        k, v = line.split(":", 1)
        cur.setdefault(k.strip(), []).append(v.strip())
    if cur: yield cur

def lines_cited(where):
    """Numbers right after 'line'/'lines', joined by 'and', ',' or '-': 'lines 21 and 35-37'."""
    out = []
    for m in re.finditer(r"\blines?\s+((?:\d+(?:\s*[-–]\s*\d+)?(?:\s*(?:,|and|&)\s*)?)+)", where):
        for a, b in re.findall(r"(\d+)(?:\s*[-–]\s*(\d+))?", m.group(1)):
            out += list(range(int(a), int(b or a) + 1))
    return out

def expand(text):
    """'D3-S4510/4520' also as 'D3-S4520'; 'PM1723/1735' also as 'PM1735'."""
    extra = []
    for m in re.finditer(r"([A-Za-z0-9-]+)((?:/[A-Za-z0-9-]+)+)", text):
        first = m.group(1)
        for alt in m.group(2).split("/")[1:]:
            if 0 < len(alt) <= len(first):
                extra.append(first[: len(first) - len(alt)] + alt)
    return text + " " + " ".join(extra)

def norm(s): return re.sub(r"[^a-z0-9]", "", s.lower())

bad = ok = skipped = 0
# The lists of drives with power-loss protection (db/lists/): every name a list file gives
# must stand in the lines it cites, at its commit (each word of its model part, case,
# '-' and '/' aside). The rows' "not-listed" citations of a list are held against the names by
# dbbuild, not here: the cited file is meant NOT to name the row's family.
MAKERS = {"intel", "solidigm", "crucial", "micron", "samsung", "kingston", "kioxia", "toshiba", "seagate"}
for f in sorted(glob.glob(os.path.join(TOP, "db/lists/*.txt"))):
    keys = {}
    for line in open(f):
        if ":" in line and not line.startswith("#"):
            k, v = line.split(":", 1)
            keys.setdefault(k.strip(), []).append(v.strip())
    url, where = (keys.get("url") or [""])[0], (keys.get("where") or [""])[0]
    m = re.match(r"https://github.com/([^/]+/[^/]+)/blob/([0-9a-f]{7,40})/(.+)", url)
    if not m or m.group(1) not in MIRRORS: continue
    r = subprocess.run(["git", "-C", MIRRORS[m.group(1)], "show",
                        f"{m.group(2)}:{urllib.parse.unquote(m.group(3))}"], capture_output=True)
    if r.returncode:
        bad += 1; print(f"MISSING list {f.split('/')[-1]}: {url}"); continue
    text = r.stdout.decode("utf-8", "replace").splitlines()
    nums = [n for n in lines_cited(where) if n <= len(text)]
    cited = norm(expand(" ".join(text[n - 1] for n in nums)))
    for name in keys.get("name", []):
        words = [norm(w.split("*")[0]) for w in re.split(r"[ /-]+", name) if w.lower() not in MAKERS]
        if words and all(w in cited for w in words if w): ok += 1
        else: bad += 1; print(f"LIST-NAME-NOT-CITED {f.split('/')[-1]} '{name}' in {where}")
for f in sorted(glob.glob(os.path.join(TOP, "db/vendors/*.txt"))):
    for st in stanzas(f):
        fam = (st.get("family") or ["?"])[0]
        names = set()
        for t in re.split(r"[ /,()]+", fam):
            if len(norm(t)) >= 3: names.add(norm(t))
        for m in st.get("match", []) + st.get("example", []):
            stem = norm(m.split("*")[0].split("?")[0].split("[")[0])
            if len(stem) >= 4: names.add(stem)
        for src in st.get("source", []):
            parts = [p.strip() for p in src.split("|")]
            kind_claim, url = parts[0], parts[2] if len(parts) > 2 else ""
            if kind_claim.endswith(" not-listed"): skipped += 1; continue
            where = parts[4] if len(parts) > 4 else ""
            m = re.match(r"https://github.com/([^/]+/[^/]+)/blob/([0-9a-f]{7,40})/(.+)", url)
            if not m or m.group(1) not in MIRRORS: continue
            repo, commit, path = m.group(1), m.group(2), urllib.parse.unquote(m.group(3)).split("#")[0]
            r = subprocess.run(["git", "-C", MIRRORS[repo], "show", f"{commit}:{path}"], capture_output=True)
            if r.returncode:
                bad += 1; print(f"MISSING {f.split('/')[-1]} {fam} [{kind_claim}] {repo}@{commit}:{path}: {r.stderr.decode()[:100]}"); continue
            text = r.stdout.decode("utf-8", "replace").splitlines()
            nums = lines_cited(where)
            anchor = re.search(r"#L(\d+)(?:-L(\d+))?", parts[2])
            if anchor: nums += list(range(int(anchor.group(1)), int(anchor.group(2) or anchor.group(1)) + 1))
            if not nums:
                body = norm(" ".join(text))
                hit = any(n in body for n in names)
                if hit: ok += 1
                else: bad += 1; print(f"NOT-IN-FILE {f.split('/')[-1]} {fam} [{kind_claim}] {repo}:{path} names {sorted(names)}")
                continue
            if max(nums) > len(text):
                bad += 1; print(f"PAST-END {f.split('/')[-1]} {fam} [{kind_claim}] {path} lines {nums[:5]} of {len(text)}"); continue
            cited = norm(expand(" ".join(text[n - 1] for n in nums)))
            if any(n in cited for n in names) or (kind_claim.startswith("device") and
                                                  any(n in norm(" ".join(text)) for n in names)):
                ok += 1
            else:
                # a rule line (inclusion rule) is cited beside the family's line: accept if any cited line names it
                bad += 1
                print(f"LINES-DONT-NAME {f.split('/')[-1]} {fam} [{kind_claim}] {path} lines {nums[:6]}: " +
                      " / ".join(text[n - 1].strip()[:80] for n in nums[:3]))
print(f"{ok} sources read and naming their family, {bad} to look at "
      f"({skipped} not-listed citations of db/lists/ left to dbbuild)")
sys.exit(1 if bad else 0)
