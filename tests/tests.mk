# SPDX-License-Identifier: GPL-2.0-or-later
# tests.mk - `make check`: everything a user needs to trust the build. Included by the Makefile.
#
#   check-unit    parsers, model matching, the verdict table (C, no devices)
#   check-db      the database build checks, look-ups, bad databases (CLI)
#   check-cli     the command line on loop devices made by the test
#   check-output  a cut output is never believed: every command > /dev/full exits 7, the
#                 textfile wrapper on a full tmpfs keeps the old file (tests/cli/output.sh)
#   check-sysroot enumeration and transports on a fake sysfs tree (--sysroot)
#   check-probe   the probe's safety and its two worlds, on loop devices
#   check-replay  every captured drive in data/ replayed against its expected output
#   check-prom    --prometheus under promtool, the alert rules, the systemd timer and wrapper
#   check-ceph    "available" on loop devices; OSD specs under Ceph's own validator
#   check-live-prom  node_exporter and Prometheus on 127.0.0.1 scraping the textfile, the alerts
#   check-grafana the Grafana dashboard names only what --prometheus writes
#   check-fuzz    a short libFuzzer run of every parser and importer
#   check-import  drivecheck import: bad files, joins, and real smartctl reports number by number
#   check-report  drivecheck report: hosts' JSON merged, counts, worst first, bad files, exit codes
#   check-asan    unit, db, cli, import, report and replay again under ASan and UBSan
#   check-layers  no file calls a stage above its own, no two files call each other (nm)
#   check-tsan    the parallel probes, a killed probe and the cache experiment under TSan
#   check-werror  warning-free builds with gcc and clang
#   check-mutants each mutant of tests/mutants/mutants.txt makes the suite fail
#   e2e           the QEMU lab: real kernel drivers, emulated NVMe, SATA and SCSI
#   check-deb     make deb, lintian, apt-get install, the installed files, apt-get remove (root)
#   check-ansible contrib/ansible's playbook against localhost, and the fleet report it made

# The tests run the tools `make test-deps` installs from Debian, so /usr/bin comes first on
# their PATH: a version manager's python3 found earlier (pyenv's shim costs about 130 ms a
# start, and the suite starts python some 400 times) or another copy of a tool is not what
# a test runs, and Debian's python3 is the one that sees the python3-* packages.
export PATH := /usr/bin:$(PATH)

# The sanitizer build (check-asan below), named before the .mk files that use it.
ASAN_BUILD := build-asan
ASAN_MAKE = $(MAKE) --no-print-directory BUILD=$(ASAN_BUILD) SANITIZE=1 CC=clang WERROR=1

UNIT_TESTS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/test_*.c))

# Each test is compiled once (its headers tracked with -MMD -MP) and linked again only when
# the library changes: a mutant costs one object and the links, not every test's compile.
$(BUILD)/tests/obj/%.o: tests/unit/%.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) -Itests/unit -MMD -MP -c -o $@ $<

-include $(UNIT_TESTS:$(BUILD)/tests/%=$(BUILD)/tests/obj/%.d)
# kept, not removed as intermediate files: the next link needs no compile
.SECONDARY: $(UNIT_TESTS:$(BUILD)/tests/%=$(BUILD)/tests/obj/%.o)

$(BUILD)/tests/%: $(BUILD)/tests/obj/%.o $(BUILD)/libdrivecheck.a
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $< $(BUILD)/libdrivecheck.a $(LDFLAGS) $(PKG_LIBS) -lm

check-unit: $(UNIT_TESTS)
	$(Q)set -e; for t in $(UNIT_TESTS); do $$t; done
	@echo "check-unit: $(words $(UNIT_TESTS)) passed, 0 failed"

check-db: $(BUILD)/drivecheck $(BUILD)/dbbuild
	$(Q)BUILD=$(BUILD) tests/db/run.sh

check-cli: $(BUILD)/drivecheck
	$(Q)BUILD=$(BUILD) tests/cli/run.sh

check-output: $(BUILD)/drivecheck
	$(Q)BUILD=$(BUILD) tests/cli/output.sh

check-sysroot: $(BUILD)/drivecheck
	$(Q)BUILD=$(BUILD) tests/sysroot/run.sh

# make install honours PREFIX and DESTDIR, and the installed binary runs on its own.
check-install: $(BUILD)/drivecheck $(BUILD)/drives.sqlite
	$(Q)d=$$(mktemp -d) && trap 'rm -rf $$d' EXIT && \
	$(MAKE) --no-print-directory -s install DESTDIR=$$d PREFIX=/opt/dc BUILD=$(BUILD) && \
	test -x $$d/opt/dc/bin/drivecheck && test -s $$d/opt/dc/share/drivecheck/drives.sqlite && \
	test -s $$d/opt/dc/share/man/man8/drivecheck.8 && \
	test -x $$d/opt/dc/libexec/drivecheck/drivecheck-textfile && \
	grep -q 'DRIVECHECK:-/opt/dc/bin/drivecheck}' $$d/opt/dc/libexec/drivecheck/drivecheck-textfile && \
	grep -q '^ExecStart=/opt/dc/libexec/drivecheck/drivecheck-textfile ' \
		$$d/opt/dc/lib/systemd/system/drivecheck-textfile.service && \
	test -s $$d/opt/dc/lib/systemd/system/drivecheck-textfile.timer && \
	test -s $$d/opt/dc/share/drivecheck/prometheus/drivecheck.rules.yml && \
	python3 -m json.tool $$d/opt/dc/share/drivecheck/grafana/drivecheck.json >/dev/null && \
	bash -n $$d/opt/dc/share/bash-completion/completions/drivecheck && \
	$$d/opt/dc/bin/drivecheck --db $$d/opt/dc/share/drivecheck/drives.sqlite --version | grep -q families && \
	echo "check-install: 1 passed, 0 failed"

# The Prometheus side: the metrics of every captured drive under promtool, the alert
# rules and their tests, the systemd units and the textfile wrapper (tests/prom/check.sh).
check-prom: $(BUILD)/drivecheck $(BUILD)/drives.sqlite
	$(Q)BUILD=$(BUILD) MAKE="$(MAKE)" tests/prom/check.sh

# The same metrics the way a user's servers see them: Debian's node_exporter and prometheus
# on 127.0.0.1, the textfile wrapper, the alert rules (tests/prom/live.sh). Fails when a
# server is missing; bounded in time, and the servers are stopped at the end.
check-live-prom: $(BUILD)/drivecheck
	$(Q)BUILD=$(BUILD) timeout 120 tests/prom/live.sh

# contrib/grafana/drivecheck.json: valid JSON in Grafana's shape, naming only the metrics,
# labels and label values drivecheck --prometheus writes for the replayed dumps
# (tests/prom/grafana_check.py; check-live-prom runs its queries on Prometheus).
check-grafana: $(BUILD)/drivecheck
	$(Q)python3 tests/prom/grafana_check.py static $(BUILD)/drivecheck contrib/grafana/drivecheck.json

# The Debian package, installed and removed again: needs root (CI is root), never skipped.
check-deb:
	$(Q)BUILD=$(BUILD) tests/deb/check.sh

# contrib/ansible/drivecheck.yml with ansible-playbook against localhost (the binary into a
# folder of the test, the probe off): never skipped.
check-ansible: $(BUILD)/drivecheck
	$(Q)BUILD=$(BUILD) tests/ansible/check.sh

-include tests/probe/probe.mk
-include tests/replay/replay.mk
-include tests/fuzz/fuzz.mk
-include tests/import/import.mk
-include tests/report/report.mk
-include tests/e2e/e2e.mk
-include tests/ceph/ceph.mk
-include tests/ceph-health/ceph-health.mk

# The parts that exist in this tree (each sub-folder brings its own .mk).
CHECK_FAST := check-unit check-db check-cli check-output check-sysroot check-install check-import
ifneq ($(wildcard tests/report/report.mk),)
CHECK_FAST += check-report
endif
ifneq ($(wildcard tests/replay/replay.mk),)
CHECK_FAST += check-replay
endif
CHECK_ALL := check-werror db-check $(CHECK_FAST) check-prom check-live-prom check-grafana \
             check-fuzz check-mutants check-deb check-ansible check-tsan check-layers
ifneq ($(wildcard tests/ceph/ceph.mk),)
CHECK_ALL += check-ceph
endif
ifneq ($(wildcard tests/ceph-health/ceph-health.mk),)
CHECK_ALL += check-ceph-health
endif
ifneq ($(wildcard tests/probe/probe.mk),)
CHECK_ALL += check-probe
endif
ifneq ($(wildcard tests/e2e/e2e.mk),)
CHECK_ALL += check-e2e-replay e2e
endif

# The build is warning-free with gcc and with clang. gcc's is the default build itself:
# each of its compiles kept what it printed (.warn, the Makefile), and none may have
# printed anything, which is what a WERROR=1 build refuses; clang's has its own folder.
WERROR_OBJS := $(filter-out $(BUILD)/obj/drives_db.o,$(LIB_OBJS)) $(BUILD)/obj/cli/main.o \
               $(BUILD)/obj/tools/dbbuild.o
check-werror: all $(WERROR_OBJS:.o=.warn)
	$(Q)w=$$(for f in $(WERROR_OBJS:.o=.warn); do [ -s $$f ] && echo $$f; done); \
	if [ -n "$$w" ]; then cat $$w >&2; echo "check-werror: $(CC) warned ($$w)" >&2; exit 1; fi
	+$(Q)$(ASAN_MAKE) all
	@echo "check-werror: 2 passed, 0 failed"

# Mutation tests on copies of the tree (tests/mutants/run.py): none may survive, and each
# must compile. $(MAKE) in the line hands run.py make's job slots (its workers share them).
# The tree's copies start from this build (--seed), so it is made first.
check-mutants: $(BUILD)/drivecheck $(BUILD)/dbbuild $(UNIT_TESTS)
	$(Q)MAKE="$(MAKE)" python3 tests/mutants/run.py --jobs 2 --seed $(BUILD)

# One sanitizer build, with clang (build-asan): the fast checks run again on it under ASan
# and UBSan, the fuzz targets link its library (it has libFuzzer's coverage), and it is
# clang's half of check-werror (WERROR=1). make check builds it first (check-prereqs), so
# that the checks that share it only read it.
asan-build:
	+$(Q)$(ASAN_MAKE) all $(ASAN_BUILD)/dbbuild $(ASAN_BUILD)/drives.sqlite \
		$(UNIT_TESTS:$(BUILD)/%=$(ASAN_BUILD)/%)

# The fast checks again under ASan and UBSan, side by side as make's job slots allow, each
# one's output whole (-Otarget).
check-asan:
	+$(Q)$(ASAN_MAKE) -Otarget $(CHECK_FAST)
	@echo "check-asan: $(words $(CHECK_FAST)) passed, 0 failed"

# ThreadSanitizer over what runs threads: probes side by side (--jobs, one progress display
# on a terminal, a probe killed mid-run) and the cache experiment against its pretend drive.
# A report ends the program (exit 66) and is kept in build-tsan/reports: any file there
# fails the check, whether or not the test that ran the program noticed.
TSAN_RUN = TSAN_OPTIONS="halt_on_error=1 exitcode=66 log_path=$(abspath build-tsan)/reports/tsan"
check-tsan:
	$(Q)$(MAKE) --no-print-directory BUILD=build-tsan SANITIZE=thread build-tsan/drivecheck \
		build-tsan/tests/test_cache_experiment build-tsan/tests/test_latency_stats
	$(Q)rm -rf build-tsan/reports && mkdir -p build-tsan/reports
	$(Q)$(TSAN_RUN) build-tsan/tests/test_cache_experiment
	$(Q)$(TSAN_RUN) build-tsan/tests/test_latency_stats
	$(Q)set -e; for t in t6_parallel t4_kill; do \
		$(TSAN_RUN) BUILD=$(abspath build-tsan) bash tests/probe/$$t.sh; done
	$(Q)if [ -n "$$(ls build-tsan/reports)" ]; then cat build-tsan/reports/* >&2; \
		echo "check-tsan: ThreadSanitizer reported (build-tsan/reports)" >&2; exit 1; fi
	@echo "check-tsan: 4 passed, 0 failed"

# make check: every check of CHECK_ALL and check-asan. They run side by side, CHECK_JOBS
# at once unless make was given -j (make -j1 check: one after another); the longest start
# first, so that the job slots stay full. What all of them use (the build, dbbuild, the
# unit tests, and the sanitizer build that check-asan, check-fuzz and check-werror share)
# is made once before; the others' builds have folders of their own (build-tsan,
# build/deb, the mutants' copies).
# Each check's output is shown whole when it ends and kept in $(CHECK_LOGS)/; a table in
# CHECK_ALL's order closes the run (tests/check-run.sh), and every check runs even when
# one fails.
CHECK_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CHECK_LOGS := $(BUILD)/check-logs
CHECK_LONGEST := e2e check-mutants check-asan check-fuzz check-probe check-deb check-tsan \
                 check-prom check-werror check-ansible check-replay check-cli
CHECK_ORDER := $(filter $(CHECK_ALL) check-asan,$(CHECK_LONGEST)) \
               $(filter-out $(CHECK_LONGEST),$(CHECK_ALL) check-asan)

# The checks that spend most of their time waiting (on loop devices' flushes, on a
# probe's time bound, on a scrape) run one after another in a lane of their own beside the
# job slots, so that their waiting does not hold a slot the others' processor work could
# use; their output follows the others'. Under CHECK_JOBS=1 or make -j1 they take their
# turn instead.
CHECK_WAITING = $(if $(filter 1,$(CHECK_JOBS))$(filter -j1,$(MAKEFLAGS)),,$(filter $(CHECK_ALL),check-probe check-cli check-live-prom))
CHECK_JOBFLAG = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(CHECK_JOBS))

check:
	$(Q)rm -rf $(CHECK_LOGS)
	$(Q)$(MAKE) --no-print-directory -Otarget $(CHECK_JOBFLAG) check-prereqs
	$(Q)(for c in $(CHECK_WAITING); do \
		tests/check-run.sh run $(CHECK_LOGS) $$c $(MAKE) --no-print-directory >/dev/null; \
	done) & lane=$$!; \
	$(MAKE) --no-print-directory -Otarget $(CHECK_JOBFLAG) \
		$(patsubst %,check-run-%,$(filter-out $(CHECK_WAITING),$(CHECK_ORDER))); \
	wait $$lane; for c in $(CHECK_WAITING); do cat $(CHECK_LOGS)/$$c.log; done
	$(Q)tests/check-run.sh summary $(CHECK_LOGS) $(CHECK_ALL) check-asan
	@echo "make check: all passed"

check-prereqs: all $(BUILD)/dbbuild $(BUILD)/drives.sqlite $(UNIT_TESTS) $(WERROR_OBJS:.o=.warn) \
	asan-build

$(CHECK_ORDER:%=check-run-%): check-run-%: check-prereqs
	$(Q)tests/check-run.sh run $(CHECK_LOGS) $* $(MAKE) --no-print-directory

.PHONY: check-tsan check-layers

# The one direction of docs/architecture.md, held against the built objects' symbols.
check-layers: all
	$(Q)python3 tools/check_layers.py $(BUILD)
.PHONY: check check-prereqs $(CHECK_ORDER:%=check-run-%) check-unit check-db check-cli check-output \
	check-sysroot check-asan check-install check-werror check-mutants check-prom check-live-prom \
	check-grafana check-deb check-ansible
