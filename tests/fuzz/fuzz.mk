# SPDX-License-Identifier: GPL-2.0-or-later
# fuzz.mk - libFuzzer targets for every parser (clang), and a short run of each for CI.
FUZZ_TARGETS := nvme ata scsi model
FUZZ_TARGETS += ata_smart
FUZZ_TARGETS += import_smartctl_json
FUZZ_TARGETS += import_nvme_cli import_fio
FUZZ_TARGETS += import_smartctl_text
FUZZ_TARGETS += host_json
FUZZ_TARGETS += dump
# The JSON readers: big inputs too (their arrays: bigseeds.py), beside the short ones.
FUZZ_JSON    := import_smartctl_json import_nvme_cli import_fio host_json dump
FUZZ_BIG_LEN := 2200000
FUZZ_SECONDS ?= 15
FUZZ_CC      ?= clang
FUZZ_CFLAGS  := -std=gnu11 -g -O1 -pthread -fno-sanitize-recover=undefined \
                -Iinclude -Isrc -Itests/fuzz $(PKG_CFLAGS) -DDC_VERSION='"fuzz"' -D_GNU_SOURCE
FUZZ_FLAGS   := $(FUZZ_CFLAGS) -fsanitize=fuzzer,address,undefined
# The targets link the sanitizer build's library (tests/tests.mk: build-asan, clang with
# ASan, UBSan and libFuzzer's coverage; the embedded database in it): one object set for
# the fuzz targets, the ASan checks and clang's -Werror. The targets call only parsers,
# the decision and the JSON renderer, never device I/O.
FUZZ_LIB := $(ASAN_BUILD)/libdrivecheck.a

# Brought up to date by its own make (run once: nothing to do after check-prereqs); within
# that make, the Makefile's own rule builds it.
ifneq ($(BUILD),$(ASAN_BUILD))
$(FUZZ_LIB): FORCE
	+$(Q)$(ASAN_MAKE) $@
endif

-include $(FUZZ_TARGETS:%=$(BUILD)/fuzz/fuzz_%.d)

$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_LIB)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  FUZZ    $@")
	$(Q)$(FUZZ_CC) $(FUZZ_FLAGS) -MMD -MP -MF $@.d -MT $@ -o $@ $< $(FUZZ_LIB) $(PKG_LIBS) -lm

fuzz-build: $(FUZZ_TARGETS:%=$(BUILD)/fuzz/fuzz_%)

# Seeds: the captured drives' pages (tests/fuzz/mkseeds.py), rebuilt when they change.
$(BUILD)/fuzz/seeds.stamp: tests/fuzz/mkseeds.py $(wildcard data/dumps/*/pages/*.bin)
	@mkdir -p $(dir $@)
	$(Q)rm -rf $(BUILD)/fuzz/seeds-* && python3 tests/fuzz/mkseeds.py data/dumps $(BUILD)/fuzz && touch $@

# Seeds of the importers: the sample files (data/import, and the QEMU lab's nvme-cli outputs),
# made after seeds.stamp, whose rule empties every seeds- folder.
IMPORT_NVME_SEEDS := $(wildcard data/import/nvme-cli/*.json data/e2e/ref/*/id-*.json \
                       data/e2e/ref/*/smart-log.json data/e2e/ref/*/feature-6.txt)
IMPORT_FIO_SEEDS  := $(wildcard data/import/fio/*.json)
$(BUILD)/fuzz/seeds-import.stamp: $(BUILD)/fuzz/seeds.stamp $(IMPORT_NVME_SEEDS) $(IMPORT_FIO_SEEDS)
	@mkdir -p $(BUILD)/fuzz/seeds-import_nvme_cli $(BUILD)/fuzz/seeds-import_fio
	$(Q)i=0; for f in $(IMPORT_NVME_SEEDS); do i=$$((i+1)); cp "$$f" $(BUILD)/fuzz/seeds-import_nvme_cli/$$i; done
	$(Q)i=0; for f in $(IMPORT_FIO_SEEDS); do i=$$((i+1)); cp "$$f" $(BUILD)/fuzz/seeds-import_fio/$$i; done
	$(Q)touch $@
fuzz-run-import_nvme_cli fuzz-run-import_fio: $(BUILD)/fuzz/seeds-import.stamp

# Short runs from the seed corpora, one make target each (make -j runs them side by side,
# each FUZZ_SECONDS on a job slot of its own); any crash fails.
check-fuzz: $(FUZZ_TARGETS:%=fuzz-run-%)
	@echo "check-fuzz: $(words $(FUZZ_TARGETS)) passed, 0 failed"

$(FUZZ_TARGETS:%=fuzz-run-%): fuzz-run-%: $(BUILD)/fuzz/fuzz_% $(BUILD)/fuzz/seeds.stamp
	$(Q)mkdir -p $(BUILD)/fuzz/corpus-$*
	$(Q)$(BUILD)/fuzz/fuzz_$* -max_total_time=$(FUZZ_SECONDS) -print_final_stats=0 \
		-max_len=$(if $(filter $*,$(FUZZ_JSON)),$(FUZZ_BIG_LEN),9000) \
		$(BUILD)/fuzz/corpus-$* $(BUILD)/fuzz/seeds-$* \
		$(if $(filter $*,$(FUZZ_JSON)),$(BUILD)/fuzz/big-$*) 2>$(BUILD)/fuzz/$*.log \
		|| { tail -40 $(BUILD)/fuzz/$*.log; exit 1; }
	@echo "fuzz_$*: $$(grep -o 'Done [0-9]* runs' $(BUILD)/fuzz/$*.log || echo ran), no crash"

.PHONY: FORCE fuzz-build check-fuzz $(FUZZ_TARGETS:%=fuzz-run-%)

# Seeds of the smartctl -j importer: its sample files and the QEMU lab's smartctl -x -j output.
$(BUILD)/fuzz/seeds-import_smartctl_json.stamp: $(BUILD)/fuzz/seeds.stamp \
		$(wildcard data/import/smartctl-json/*.json data/import/smartctl-json/bad/*.json \
			   data/e2e/ref/*/smartctl.json)
	$(Q)d=$(BUILD)/fuzz/seeds-import_smartctl_json && rm -rf $$d && mkdir -p $$d && \
	for f in $(filter %.json,$^); do cp $$f $$d/$$(echo $$f | tr / _); done && touch $@
fuzz-run-import_smartctl_json: $(BUILD)/fuzz/seeds-import_smartctl_json.stamp

# Seeds of the smartctl text importer: the real reports of data/import/linuxhw (folder names
# hold spaces, so the copy finds them itself), data/import/smartctl-text and data/dumps.
$(BUILD)/fuzz/seeds-import_smartctl_text.stamp: $(BUILD)/fuzz/seeds.stamp data/import/README.md \
		$(wildcard data/dumps/*/smartctl.txt data/import/smartctl-text/*.txt)
	$(Q)d=$(BUILD)/fuzz/seeds-import_smartctl_text && rm -rf $$d && mkdir -p $$d && \
	i=0 && find data/import/linuxhw data/import/smartctl-text data/dumps -name '*.txt' | sort | \
	while read -r f; do i=$$((i + 1)); cp "$$f" $$d/$$i; done && touch $@
fuzz-run-import_smartctl_text: $(BUILD)/fuzz/seeds-import_smartctl_text.stamp

# Seeds of drivecheck report's reader: the expected outputs, compact (-max_len), and a few
# older and odd documents.
$(BUILD)/fuzz/seeds-host_json.stamp: $(BUILD)/fuzz/seeds.stamp $(wildcard tests/expected/*.json)
	$(Q)d=$(BUILD)/fuzz/seeds-host_json && rm -rf $$d && mkdir -p $$d && \
	for f in $(filter %.json,$^); do jq -c '. + {host: "h"}' $$f >$$d/$$(basename $$f); done && \
	printf '{"json_format_version":[1,1],"drivecheck_version":"x","devices":[{"path":"/dev/sda","errors":["gone"]}]}' >$$d/old && \
	touch $@
fuzz-run-host_json: $(BUILD)/fuzz/seeds-host_json.stamp

# Seeds of the SMART decoder: the captured drives' libatasmart blobs, as they are.
$(BUILD)/fuzz/seeds-ata_smart.stamp: $(BUILD)/fuzz/seeds.stamp $(wildcard data/dumps/*/pages/ata-smart-blob.bin)
	$(Q)d=$(BUILD)/fuzz/seeds-ata_smart && rm -rf $$d && mkdir -p $$d && \
	for f in $(filter %.bin,$^); do cp $$f $$d/$$(echo $$f | tr / _); done && touch $@
fuzz-run-ata_smart: $(BUILD)/fuzz/seeds-ata_smart.stamp

# Seeds of the dump reader: the captured drives' device.json, and the QEMU lab's.
$(BUILD)/fuzz/seeds-dump.stamp: $(BUILD)/fuzz/seeds.stamp \
		$(wildcard data/dumps/*/device.json data/e2e/dump/*/device.json)
	$(Q)d=$(BUILD)/fuzz/seeds-dump && rm -rf $$d && mkdir -p $$d && \
	for f in $(filter %.json,$^); do cp $$f $$d/$$(echo $$f | tr / _); done && touch $@
fuzz-run-dump: $(BUILD)/fuzz/seeds-dump.stamp

# Big seeds of each JSON reader, from three of its own seeds (bigseeds.py); the report
# reader's also holds the document of a million numbers where drives should be.
$(FUZZ_JSON:%=$(BUILD)/fuzz/big-%.stamp): $(BUILD)/fuzz/big-%.stamp: tests/fuzz/bigseeds.py \
		$(BUILD)/fuzz/seeds.stamp
	$(Q)d=$(BUILD)/fuzz/big-$* && rm -rf $$d && mkdir -p $$d && \
	python3 tests/fuzz/bigseeds.py $$d 1500000 $$(ls -d $(BUILD)/fuzz/seeds-$*/* | sort | head -n 3) \
		>/dev/null && \
	$(if $(filter host_json,$*),python3 tests/fuzz/bigseeds.py --million $$d/million && )touch $@
$(BUILD)/fuzz/big-host_json.stamp: $(BUILD)/fuzz/seeds-host_json.stamp
$(BUILD)/fuzz/big-dump.stamp: $(BUILD)/fuzz/seeds-dump.stamp
$(BUILD)/fuzz/big-import_smartctl_json.stamp: $(BUILD)/fuzz/seeds-import_smartctl_json.stamp
$(BUILD)/fuzz/big-import_nvme_cli.stamp $(BUILD)/fuzz/big-import_fio.stamp: $(BUILD)/fuzz/seeds-import.stamp
$(FUZZ_JSON:%=fuzz-run-%): fuzz-run-%: $(BUILD)/fuzz/big-%.stamp
