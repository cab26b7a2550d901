#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""run.py - mutation tests: each mutant of tests/mutants/mutants.txt must make the suite fail.

For every mutant: a copy of the tree gets one change (a line of a decision or parsing file
replaced), is built, and the named checks run on it. A mutant that leaves them green has
"survived": the tests do not pin that line down, and this script fails, naming it. A
mutant is keyed by its `from:` text alone, which must be found exactly once in the whole
of src/ and tools/: a file renamed or moved takes its mutants along, and the file a
mutant changes is said by this script, never by the list. A text found nowhere, or in
two places, fails: the code changed, so the list must change with it. A mutant that does not compile (or link) is an error, not a kill:
the change must be one the compiler takes, or it proves nothing about the tests.

  tests/mutants/run.py [--jobs N] [--list] [NAME-SUBSTRING...]

Checks a mutant may name (tests:): unit, db, replay, import. The copy is built once; each
mutant then compiles its one object and links again (the database too when its file is
dbbuild's), and the build folder is put back as it was, byte for byte, before the next.
The unit tests run one by one and stop at the first that fails: only those whose binary
holds the mutated object (nm: a test linked without it runs unchanged code), those that
killed a mutant of the same file first, each part quickest first; db, replay and import are
their make targets.

Workers: --jobs trees, one mutant at a time each. Under make -jN the workers past the
first each hold a job slot of make's jobserver while they run a mutant, so the suite's
other checks and the mutants share the N slots; under make without -j, one worker.
"""
import argparse
import os
import re
import select
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAKE = os.environ.get("MAKE") or "make"
BUILD = "build"
CHECKS = {"unit", "db", "replay", "import"}


def load(path):
    mutants, cur, last = [], None, None
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        key = line.partition(":")[0]
        if line.startswith("## "):
            cur = {"name": line[3:].strip(), "line": n, "tests": ["unit"]}
            mutants.append(cur)
            last = None
        elif cur is None or not line.strip() or line.startswith("#"):
            last = None
        elif key in ("from", "to", "tests"):
            val = line.partition(":")[2]
            val = val[1:] if val.startswith(" ") else val
            if key == "tests":
                cur["tests"] = val.split()
            else:
                cur[key] = val
            last = key if key in ("from", "to") else None
        elif last:
            cur[last] += "\n" + line      # a continuation line of from: or to:
        else:
            sys.exit(f"{path}:{n}: not part of a mutant: {line!r}")
    for m in mutants:
        for key in ("from", "to"):
            if key not in m:
                sys.exit(f"{path}:{m['line']}: mutant '{m['name']}' has no {key}:")
        for t in m["tests"]:
            if t not in CHECKS:
                sys.exit(f"{path}:{m['line']}: unknown check '{t}'")
    return mutants


def sources():
    """The C sources a mutant may change: src/ and tools/, as git knows them."""
    out = subprocess.run(["git", "-C", TOP, "ls-files", "-co", "--exclude-standard", "src", "tools"],
                         check=True, capture_output=True, text=True).stdout.split()
    return [(f, open(os.path.join(TOP, f), encoding="utf-8").read())
            for f in out if f.endswith((".c", ".h")) and os.path.isfile(os.path.join(TOP, f))]


def place(mutants):
    """Each mutant's file: the one source that holds its from: text, once. Returns the
    mutants that have none, or more than one, each with why."""
    texts = sources()
    bad = []
    for m in mutants:
        hits = [(f, t.count(m["from"])) for f, t in texts if m["from"] in t]
        if len(hits) == 1 and hits[0][1] == 1:
            m["file"] = hits[0][0]
        else:
            where = ", ".join(f"{f} ({n})" for f, n in hits) or "no file"
            bad.append((m, f"'from' found in {where}: it must be in one file, once"))
    return bad


def copy_tree(dst):
    files = subprocess.run(["git", "-C", TOP, "ls-files", "-co", "--exclude-standard"],
                           check=True, capture_output=True, text=True).stdout.split("\n")
    for f in files:
        if not f or not os.path.isfile(os.path.join(TOP, f)):
            continue
        os.makedirs(os.path.join(dst, os.path.dirname(f)), exist_ok=True)
        shutil.copy2(os.path.join(TOP, f), os.path.join(dst, f))


# --- make's jobserver (GNU make 4.x: --jobserver-auth=R,W or fifo:PATH; 3.x/4.0: -fds) ---
class Jobserver:
    """A client of make's jobserver: acquire() takes a job slot, release() gives it back.
    make passes the pipe only to a recipe it knows runs make ($(MAKE) in the line)."""

    def __init__(self, flags):
        self.r = self.w = None
        m = re.search(r"--jobserver-(?:auth|fds)=(\S+)", flags)
        if not m:
            return
        auth = m.group(1)
        try:
            if auth.startswith("fifo:"):
                self.r = os.open(auth[5:], os.O_RDONLY | os.O_NONBLOCK)
                self.w = os.open(auth[5:], os.O_WRONLY)
                self.fds = []
            else:
                r, w = (int(x) for x in auth.split(","))
                if not (stat.S_ISFIFO(os.fstat(r).st_mode) and stat.S_ISFIFO(os.fstat(w).st_mode)):
                    return
                # a description of our own, non-blocking, leaves make's pipe as it was
                self.r = os.open(f"/proc/self/fd/{r}", os.O_RDONLY | os.O_NONBLOCK)
                self.w = w
                self.fds = [r, w]
        except (OSError, ValueError):
            self.r = self.w = None

    def acquire(self, give_up):
        """A token, or None once give_up() is true."""
        while not give_up():
            try:
                token = os.read(self.r, 1)
                if token:
                    return token
            except BlockingIOError:
                pass
            select.select([self.r], [], [], 0.2)
        return None

    def release(self, token):
        os.write(self.w, token)


def child_env():
    """The environment of the makes run here: the caller's variables (make VAR=... check)
    and flags, but no job slots of their own: each is serial, the parallelism is ours."""
    env = dict(os.environ)
    flags = env.get("MAKEFLAGS", "")
    if flags.startswith("-- "):
        head, sep, tail = "", "--", flags[3:]
    else:
        head, sep, tail = flags.partition(" -- ")
    words = [w for w in head.split() if not re.match(r"-j\d*$|--jobserver-", w)]
    env["MAKEFLAGS"] = " ".join(words) + (" -- " + tail if sep else "")
    env.pop("MFLAGS", None)
    return env


ENV = child_env()


def run(cmd, cwd):
    """(exit status, the last lines of its output)"""
    p = subprocess.run(cmd, cwd=cwd, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       stdin=subprocess.DEVNULL)
    tail = p.stdout.decode("utf-8", "replace").strip().splitlines()[-3:]
    return p.returncode, " | ".join(tail)


def make(cwd, *targets):
    return run([MAKE, "--no-print-directory", "-s", f"BUILD={BUILD}", *targets], cwd)


def make_var(cwd, name):
    out = subprocess.run([MAKE, "--no-print-directory", "-s", f"BUILD={BUILD}",
                          "--eval", f"print-var-{name}: ; @echo $({name})", f"print-var-{name}"],
                         cwd=cwd, env=ENV, check=True, capture_output=True, text=True).stdout
    return out.split()


# --- the build folder, put back after each mutant ---
def snapshot(build):
    state = {}
    for root, dirs, files in os.walk(build):
        for f in files:
            p = os.path.join(root, f)
            st = os.lstat(p)
            state[os.path.relpath(p, build)] = (st.st_size, st.st_mtime_ns)
    return state


def restore(build, pristine, state):
    """Make BUILD what PRISTINE is (STATE is its listing): changed files copied back with
    their times, new ones removed."""
    seen = set()
    for root, dirs, files in os.walk(build, topdown=True):
        rel_root = os.path.relpath(root, build)
        for d in list(dirs):
            rel = os.path.normpath(os.path.join(rel_root, d))
            if not os.path.isdir(os.path.join(pristine, rel)):
                shutil.rmtree(os.path.join(root, d))
                dirs.remove(d)
        for f in files:
            rel = os.path.normpath(os.path.join(rel_root, f))
            p = os.path.join(root, f)
            if rel not in state:
                os.unlink(p)
                continue
            seen.add(rel)
            st = os.lstat(p)
            if (st.st_size, st.st_mtime_ns) != state[rel]:
                os.unlink(p)
                shutil.copy2(os.path.join(pristine, rel), p)
    for rel in state.keys() - seen:
        os.makedirs(os.path.dirname(os.path.join(build, rel)), exist_ok=True)
        shutil.copy2(os.path.join(pristine, rel), os.path.join(build, rel))


def defined_symbols(path, external_only=False):
    """The names a binary or object defines (nm), or None if nm cannot read it."""
    p = subprocess.run(["nm", "--defined-only"] + (["-g"] if external_only else []) + [path],
                       capture_output=True, text=True)
    if p.returncode:
        return None
    return {w[2] for w in (line.split() for line in p.stdout.splitlines()) if len(w) == 3}


class Runner:
    def __init__(self, unit_tests, pristine):
        self.unit_tests = unit_tests          # build/tests/test_x, quickest first
        self.pristine = pristine              # the unmutated build folder
        self.linked = {t: defined_symbols(os.path.join(pristine, os.path.relpath(t, BUILD)))
                       for t in unit_tests}
        self.dbbuild = defined_symbols(os.path.join(pristine, "dbbuild"))
        self.reach = {}                       # file -> the unit tests its object is linked into
        self.killers = {}                     # file -> unit tests that killed its mutants
        self.lock = threading.Lock()
        self.how = threading.local()          # what killed this thread's last mutant

    def reached(self, f):
        """The unit tests that can see a change to F. A test is linked from the static
        library, so it holds the object of a source of src/ only if that object defines a
        name the test binary defines too; a test without it runs the very code it ran
        before. Every test, when F is not such a source, when nm cannot tell, or when
        dbbuild holds the object (the database the tests read is then built by it)."""
        with self.lock:
            if f in self.reach:
                return self.reach[f]
        tests = self.unit_tests
        if f.startswith("src/") and f.endswith(".c"):
            syms = defined_symbols(os.path.join(self.pristine, "obj", f[4:-2] + ".o"), True)
            if syms and self.dbbuild is not None and not syms & self.dbbuild and \
                    all(self.linked[t] is not None for t in tests):
                tests = [t for t in tests if syms & self.linked[t]]
        with self.lock:
            self.reach[f] = tests
        return tests

    def unit_order(self, f):
        """The tests that can see F's change: those that killed mutants of F first, then
        the others; each part quickest first."""
        tests = self.reached(f)
        with self.lock:
            first = self.killers.get(f, set())
            return [t for t in tests if t in first] + [t for t in tests if t not in first]

    def killed_by(self, f, test):
        with self.lock:
            self.killers.setdefault(f, set()).add(test)

    def try_mutant(self, m, tree):
        """(mutant, None if killed, else why it fails the run)"""
        path = os.path.join(tree, m["file"])
        orig = open(path, encoding="utf-8").read()
        count = orig.count(m["from"])
        if count != 1:
            return m, f"does not apply: 'from' found {count} times in {m['file']}"
        st = os.stat(path)
        try:
            with open(path, "w", encoding="utf-8") as out:
                out.write(orig.replace(m["from"], m["to"]))
            return m, self.judge(m, tree)
        finally:
            with open(path, "w", encoding="utf-8") as out:
                out.write(orig)
            os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))   # as old as before

    def judge(self, m, tree):
        f = m["file"]
        # 1. compile: the mutant's own object (every object, if it is not a C source of
        #    src/) and dbbuild's link. A failure here is the mutant's, not a test's.
        if f.startswith("src/") and f.endswith(".c"):
            objs = [f"{BUILD}/obj/{f[4:-2]}.o"]
        else:
            objs = ["compile"]
        rc, out = make(tree, *objs, f"{BUILD}/dbbuild")
        if rc:
            return f"ERROR: does not compile: {out}"
        # 2. the database, built by dbbuild with the rules of evidence: a refusal is a kill
        rc, _ = make(tree, f"{BUILD}/drives.sqlite")
        if rc:
            self.how.what = "the database build"
            return None
        if any(t != "unit" for t in m["tests"]):      # the unit tests link on their own
            rc, out = make(tree, "all")
            if rc:
                return f"ERROR: does not link: {out}"
        # 3. the checks it names, until one fails
        for t in m["tests"]:
            if t == "unit":
                order = self.unit_order(f)
                for i, test in enumerate(order):
                    # Each make costs a parse of the Makefiles (its pkg-config calls
                    # included), far more than a test's link: the likeliest killer is
                    # linked alone, and if it lets the mutant live, all the rest at once.
                    if i < 2:
                        rc, out = make(tree, *(order[:1] if i == 0 else order[1:]))
                        if rc:
                            return f"ERROR: a unit test does not link: {out}"
                    rc, _ = run([os.path.join(tree, test)], tree)
                    if rc:
                        self.killed_by(f, test)
                        self.how.what = os.path.basename(test)
                        return None
            elif make(tree, f"check-{t}", "DC_FAIL_FAST=1")[0]:   # a kill needs one failure
                self.how.what = f"check-{t}"
                return None
        return "SURVIVED: " + " and ".join(m["tests"]) + " still pass"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--list", action="store_true", help="check that every mutant applies; build nothing")
    ap.add_argument("--seed", metavar="DIR", help="start from this build folder of the tree (its BUILD)")
    ap.add_argument("-v", "--verbose", action="store_true", help="each mutant's outcome and time, on stderr")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    mutants = load(os.path.join(TOP, "tests", "mutants", "mutants.txt"))
    if a.names:
        mutants = [m for m in mutants if any(s in m["name"] for s in a.names)]
    misplaced = place(mutants)
    if a.list or misplaced:
        for m, why in misplaced:
            print(f"FAIL mutant '{m['name']}': {why}")
        print(f"{len(mutants)} mutants, {len(misplaced)} that do not apply")
        return 1 if misplaced else 0

    flags = os.environ.get("MAKEFLAGS", "")
    js = Jobserver(flags)
    if js.r is not None:
        workers = max(1, a.jobs)                 # past the first, each waits for a slot
    elif "MAKELEVEL" in os.environ and not re.search(r"(^| )-j(\d\d+|[2-9])", flags):
        workers = 1                              # make without -j: one thing at a time
    else:
        workers = max(1, a.jobs)
    workers = min(workers, max(1, len(mutants)))

    tmp = tempfile.mkdtemp(prefix="dc-mutants.")
    try:
        tree0 = os.path.join(tmp, "tree0")
        copy_tree(tree0)
        if a.seed:
            # the caller's build of this very tree (make check-mutants: BUILD, already built),
            # with its times: make below finds it up to date, or brings it up to date
            for part in ("obj", "tests", "libdrivecheck.a", "drivecheck", "dbbuild", "drives.sqlite"):
                src = os.path.join(a.seed, part)
                dst = os.path.join(tree0, BUILD, part)
                if os.path.isdir(src):
                    shutil.copytree(src, dst, symlinks=True)
                elif os.path.isfile(src):
                    os.makedirs(os.path.dirname(dst), exist_ok=True)
                    shutil.copy2(src, dst)
        unit_tests = make_var(tree0, "UNIT_TESTS")
        # The unmutated tree, built once (in parallel as make's slots allow), then copied.
        jobs_cmd = [MAKE, "--no-print-directory", "-s", f"BUILD={BUILD}"]
        if js.r is None:
            jobs_cmd.append(f"-j{workers}")
        p = subprocess.run(jobs_cmd + ["all", f"{BUILD}/dbbuild", *unit_tests], cwd=tree0,
                           stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                           env=dict(os.environ) if js.r is not None else ENV,
                           pass_fds=js.fds if js.r is not None else [])
        if p.returncode:
            sys.exit("run.py: the unmutated tree does not build")
        took = {}
        for t in unit_tests:
            t0 = time.monotonic()
            if run([os.path.join(tree0, t)], tree0)[0]:
                sys.exit(f"run.py: the unmutated tree fails {t}")
            took[t] = time.monotonic() - t0
        unit_tests.sort(key=lambda t: took[t])
        pristine = os.path.join(tmp, "pristine")
        shutil.copytree(os.path.join(tree0, BUILD), pristine, symlinks=True)
        state = snapshot(pristine)
        trees = [tree0]
        for j in range(1, workers):
            t = os.path.join(tmp, f"tree{j}")
            shutil.copytree(tree0, t, symlinks=True)
            trees.append(t)

        runner = Runner(unit_tests, pristine)
        results = [None] * len(mutants)
        queue = list(range(len(mutants)))
        qlock = threading.Lock()

        def worker(j):
            tree = trees[j]
            while True:
                token = None
                if j > 0 and js.r is not None:
                    token = js.acquire(lambda: not queue)
                    if token is None:
                        return
                try:
                    with qlock:
                        if not queue:
                            return
                        i = queue.pop(0)
                    t0 = time.monotonic()
                    results[i] = runner.try_mutant(mutants[i], tree)
                    restore(os.path.join(tree, BUILD), pristine, state)
                    if a.verbose:
                        m, why = results[i]
                        print(f"  {time.monotonic() - t0:5.1f} s  {m['file']}: {m['name']}: {why or 'killed by ' + runner.how.what}",
                              file=sys.stderr, flush=True)
                finally:
                    if token is not None:
                        js.release(token)

        threads = [threading.Thread(target=worker, args=(j,)) for j in range(workers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if any(r is None for r in results):
        sys.exit("run.py: a worker stopped before its mutants were tried")
    bad = [(m, why) for m, why in results if why]
    for m, why in bad:
        print(f"FAIL mutant '{m['name']}' ({m['file']}): {why}")
    print(f"check-mutants: {len(results) - len(bad)} killed, {len(bad)} not")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
