# SPDX-License-Identifier: GPL-2.0-or-later
# drivecheck: make, make check, make install (PREFIX, DESTDIR), make deb, WERROR=1,
# SANITIZE=1 (ASan and UBSan) or SANITIZE=thread, V=1
PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
DATADIR   ?= $(PREFIX)/share/drivecheck
MANDIR    ?= $(PREFIX)/share/man
LIBEXECDIR ?= $(PREFIX)/libexec
SYSTEMDUNITDIR ?= $(PREFIX)/lib/systemd/system
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
BUILD     ?= build
VERSION   := $(shell cat VERSION 2>/dev/null || echo 0.0.0)

CC        ?= cc
PKGS      := libnvme libatasmart sqlite3 libcjson blkid
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS))
PKG_LIBS   := $(shell pkg-config --libs $(PKGS))

CFLAGS    ?= -O2 -g
WARN      := -Wall -Wextra -Wmissing-prototypes -Wstrict-prototypes -Wvla \
             -Wformat-security -fno-common
# A header lives beside the .c that defines what it declares, included by its path under src/
# ("device/ata/ata_health.h", "core/raw.h"); include/ holds only headers with no code of their
# own, the vocabulary every stage shares (docs/architecture.md, "Where a header lives").
ALL_CFLAGS := -std=gnu11 $(WARN) $(CPPFLAGS) $(CFLAGS) -Iinclude -Isrc -I$(BUILD) $(PKG_CFLAGS) \
              -DDC_VERSION='"$(VERSION)"' -DDC_DATADIR='"$(DATADIR)"' -D_GNU_SOURCE -pthread
ifeq ($(WERROR),1)
ALL_CFLAGS += -Werror
endif
ifeq ($(SANITIZE),1)
ALL_CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDFLAGS    += -fsanitize=address,undefined
# clang's sanitizer build is also the library the fuzz targets link (tests/fuzz/fuzz.mk):
# it carries libFuzzer's coverage, which a program linked without libFuzzer ignores
ifneq ($(findstring clang,$(CC)),)
ALL_CFLAGS += -fsanitize=fuzzer-no-link
endif
endif
# ThreadSanitizer (make check-tsan): the probes' threads under --jobs and the progress display
ifeq ($(SANITIZE),thread)
ALL_CFLAGS += -fsanitize=thread -fno-omit-frame-pointer
LDFLAGS    += -fsanitize=thread
endif

ifeq ($(V),1)
Q :=
else
Q := @
endif

SRCS      := $(sort $(shell find src -name '*.c'))
LIB_SRCS  := $(filter-out src/cli/main.c,$(SRCS))
LIB_OBJS  := $(LIB_SRCS:src/%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/drives_db.o
DBSRC     := $(sort $(wildcard db/vendors/*.txt))
# Lists of drives with power-loss protection read whole: what an inferred "none" is held against.
DBLISTS   := $(sort $(wildcard db/lists/*.txt))
DBSRC     += $(sort $(wildcard db/advisories/*.txt))
# Observed endurance: what real drives of a family took (db/README.md), read after the families.
DBOBSERVED := $(sort $(wildcard db/observed/*.tsv))

all: $(BUILD)/drivecheck

# Every object records the headers it read (-MMD -MP): a changed header rebuilds exactly
# the objects that include it.
# Each compile's diagnostics are kept beside its object (.warn) as well as shown:
# check-werror holds this build to none, what a WERROR=1 build would refuse.
DIAG_COLOR := $(shell [ -t 2 ] && echo -fdiagnostics-color=always)
define compile
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(ALL_CFLAGS) $(DIAG_COLOR) -MMD -MP -MT $(1).o -MT $(1).warn -c -o $(1).o $< 2>$(1).warn; \
	s=$$?; cat $(1).warn >&2; exit $$s
endef

$(BUILD)/obj/%.o $(BUILD)/obj/%.warn: src/%.c
	$(call compile,$(BUILD)/obj/$*)

# tools/ are built from objects too (dbbuild shares the library's, compiled once).
$(BUILD)/obj/tools/%.o $(BUILD)/obj/tools/%.warn: tools/%.c
	$(call compile,$(BUILD)/obj/tools/$*)

-include $(SRCS:src/%.c=$(BUILD)/obj/%.d) $(BUILD)/obj/tools/dbbuild.d

$(BUILD)/obj:
	$(Q)mkdir -p $@

$(BUILD)/libdrivecheck.a: $(LIB_OBJS)
	@$(if $(Q),echo "  AR      $@")
	$(Q)rm -f $@ && ar rcs $@ $^

$(BUILD)/drivecheck: $(BUILD)/obj/cli/main.o $(BUILD)/libdrivecheck.a
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $^ $(LDFLAGS) $(PKG_LIBS) -lm -lpthread

# The drive database: db/vendors/*.txt -> SQLite file -> embedded in the binary.
# dbbuild shares the matcher, the names, the rules of evidence and the SMART attribute
# table with drivecheck itself (db-check holds the table against the families).
DBBUILD_SRCS := tools/dbbuild.c src/core/model.c src/core/names.c src/lookup/source_rules.c src/device/ata/ata_attrs.c \
                src/lookup/advisory.c
DBBUILD_OBJS := $(patsubst src/%.c,$(BUILD)/obj/%.o,$(DBBUILD_SRCS:tools/%.c=$(BUILD)/obj/tools/%.o))
$(BUILD)/dbbuild: $(DBBUILD_OBJS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $(DBBUILD_OBJS) $(LDFLAGS) $(shell pkg-config --libs sqlite3)

$(BUILD)/drives.sqlite: $(BUILD)/dbbuild db/schema.sql $(DBSRC) $(DBLISTS) $(DBOBSERVED)
	@$(if $(Q),echo "  DB      $@")
	$(Q)$(BUILD)/dbbuild $(addprefix --list ,$(DBLISTS)) $(addprefix --observed ,$(DBOBSERVED)) -o $@ db/schema.sql $(DBSRC)

$(BUILD)/obj/drives_db.o: $(BUILD)/drives.sqlite
	@$(if $(Q),echo "  EMBED   $<")
	$(Q)cd $(BUILD) && ld -r -b binary -z noexecstack -o obj/drives_db.o drives.sqlite

# Every object and dbbuild, nothing run (tests/mutants/run.py: a mutant that does not compile).
compile: $(filter-out $(BUILD)/obj/drives_db.o,$(LIB_OBJS)) $(BUILD)/obj/cli/main.o $(BUILD)/dbbuild

db-check: $(BUILD)/dbbuild
	$(Q)$(BUILD)/dbbuild --check --attr-rules --models data/enterprise-models.tsv $(addprefix --list ,$(DBLISTS)) $(addprefix --observed ,$(DBOBSERVED)) -o $(BUILD)/drives-check.sqlite db/schema.sql $(DBSRC)
	@echo "db-check: 1 passed, 0 failed"

# Debian 12 packages: to build, and to run every test (loop devices, the QEMU lab, fuzzers,
# the Debian package). libnvme.pc requires json-c and openssl: pkg-config --cflags wants both.
DEPS      := gcc make binutils pkg-config libnvme-dev libjson-c-dev libssl-dev libatasmart-dev \
             libsqlite3-dev libcjson-dev libblkid-dev
DEB_DEPS  := dpkg-dev debhelper fakeroot lintian bash-completion man-db
TEST_DEPS := $(DEPS) clang jq sqlite3 fdisk e2fsprogs util-linux mount kmod cpio dmsetup \
             fio time python3 qemu-system-x86 linux-image-amd64 busybox-static nbdkit \
             smartmontools nvme-cli sg3-utils sdparm hdparm strace prometheus systemd python3-yaml ansible \
             python3-ceph-common prometheus-node-exporter \
             $(DEB_DEPS)

deps:
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(DEPS)

deb-deps:
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(DEPS) $(DEB_DEPS)

test-deps:
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(TEST_DEPS)

include tests/tests.mk

install: $(BUILD)/drivecheck $(BUILD)/drives.sqlite
	install -D -m 0755 $(BUILD)/drivecheck $(DESTDIR)$(BINDIR)/drivecheck
	install -D -m 0644 $(BUILD)/drives.sqlite $(DESTDIR)$(DATADIR)/drives.sqlite
	install -D -m 0644 docs/drivecheck.8 $(DESTDIR)$(MANDIR)/man8/drivecheck.8
	install -D -m 0644 contrib/bash-completion/drivecheck $(DESTDIR)$(BASHCOMPDIR)/drivecheck
	@# node_exporter's textfile: the wrapper, its service and timer, the alert rules
	install -d $(DESTDIR)$(LIBEXECDIR)/drivecheck $(DESTDIR)$(SYSTEMDUNITDIR)
	sed 's|@BINDIR@|$(BINDIR)|g' contrib/drivecheck-textfile.in \
		>$(DESTDIR)$(LIBEXECDIR)/drivecheck/drivecheck-textfile
	chmod 0755 $(DESTDIR)$(LIBEXECDIR)/drivecheck/drivecheck-textfile
	sed 's|@LIBEXECDIR@|$(LIBEXECDIR)|g' contrib/systemd/drivecheck-textfile.service.in \
		>$(DESTDIR)$(SYSTEMDUNITDIR)/drivecheck-textfile.service
	chmod 0644 $(DESTDIR)$(SYSTEMDUNITDIR)/drivecheck-textfile.service
	install -m 0644 contrib/systemd/drivecheck-textfile.timer $(DESTDIR)$(SYSTEMDUNITDIR)/
	install -D -m 0644 contrib/prometheus/drivecheck.rules.yml \
		$(DESTDIR)$(DATADIR)/prometheus/drivecheck.rules.yml
	@# the Grafana dashboard over those metrics, to import into Grafana
	install -D -m 0644 contrib/grafana/drivecheck.json $(DESTDIR)$(DATADIR)/grafana/drivecheck.json

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/drivecheck $(DESTDIR)$(DATADIR)/drives.sqlite \
	      $(DESTDIR)$(MANDIR)/man8/drivecheck.8 \
	      $(DESTDIR)$(LIBEXECDIR)/drivecheck/drivecheck-textfile \
	      $(DESTDIR)$(SYSTEMDUNITDIR)/drivecheck-textfile.service \
	      $(DESTDIR)$(SYSTEMDUNITDIR)/drivecheck-textfile.timer \
	      $(DESTDIR)$(DATADIR)/prometheus/drivecheck.rules.yml \
	      $(DESTDIR)$(DATADIR)/grafana/drivecheck.json \
	      $(DESTDIR)$(BASHCOMPDIR)/drivecheck

# The Debian package (debian/), built with dpkg-buildpackage in a copy of this tree under
# $(DEB_DIR), where the .deb, .buildinfo and .changes land: nothing is written outside the
# tree, and the build's own `make clean` leaves $(BUILD) alone.
DEB_DIR   ?= $(BUILD)/deb
DEB_TREE  := $(DEB_DIR)/drivecheck-$(VERSION)

deb:
	$(Q)v=$$(dpkg-parsechangelog -S Version) && test "$$v" = "$(VERSION)" || \
	  { echo "deb: debian/changelog says $$v, VERSION says $(VERSION)" >&2; exit 1; }
	$(Q)rm -rf $(DEB_DIR) && mkdir -p $(DEB_TREE)
	$(Q)tar -c --exclude=./.git --exclude=./build --exclude='./build-*' --exclude=./$(BUILD) \
	  --exclude=__pycache__ . | tar -x -C $(DEB_TREE)
	$(Q)cd $(DEB_TREE) && dpkg-buildpackage -us -uc -b -j2
	$(Q)rm -rf $(DEB_TREE)
	@ls $(DEB_DIR)/*.deb $(DEB_DIR)/*.changes

clean:
	rm -rf $(BUILD)

.PHONY: all compile install uninstall clean db-check deps deb-deps test-deps deb
