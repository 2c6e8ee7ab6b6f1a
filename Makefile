# touchbridge — the two commands of the README:
#   make run    install what is missing, build in release mode, run
#   make test   install what tests need, run the unit tests, then the device tests
#               on real kernel devices (directly where /dev/uinput is writable, else in a VM),
#               then the service installed as README says under systemd as PID 1 (in the VM)

SHELL := /bin/bash
# The architecture the release build is for: this machine's, or arm64 from an amd64 machine
# (`make deb ARCH=arm64`, docs/raspberry-pi.md): Debian sid's Swift in a chroot, a Debian 12
# arm64 sysroot and a Swift SDK bundle (scripts/cross/prepare), a scratch path of its own
# (.build-arm64), the arm64 programs run under qemu-user where the build runs one (completions,
# the manual). The native build's commands are unchanged by it.
BUILD_ARCH := $(shell dpkg --print-architecture 2>/dev/null)
ARCH ?= $(BUILD_ARCH)
ifeq ($(ARCH),$(BUILD_ARCH))
SCRATCH := .build
SWIFT_BUILD := swift build
RUN_TARGET :=
else ifeq ($(ARCH)-$(BUILD_ARCH),arm64-amd64)
SCRATCH := .build-arm64
SWIFT_BUILD := scripts/cross/swift build --scratch-path $(SCRATCH)
CROSS_SYSROOT := $(shell . scripts/cross/common.sh && echo "$$cross_sysroot")
RUN_TARGET := qemu-aarch64-static -L $(CROSS_SYSROOT)
export DEB_HOST_ARCH := $(ARCH)
else
$(error ARCH=$(ARCH): this machine ($(BUILD_ARCH)) builds for itself, and for arm64 when it is amd64)
endif
BIN_RELEASE := $(SCRATCH)/release/touchbridge
# The whole command-line interface, which `touchbridge` hands every command but a plain `run`
# (installed in $(LIBEXECDIR)/touchbridge/).
CLI_RELEASE := $(SCRATCH)/release/touchbridge-cli
# The MQTT bridge (`touchbridge mqtt`), a program of its own: the only one on the network, the
# only one linking libmosquitto (installed beside the interface).
MQTT_RELEASE := $(SCRATCH)/release/touchbridge-mqtt
# The build users get: the Swift standard library linked statically (BENCHMARKS.md: 3.3 MiB
# less RSS, start-up 8.6 → 5.5 ms, the same throughput), relocations read-only after start
# (Debian's hardening: -z relro is the linker's default, -z now added), and the same bytes
# whichever directory it is built in (REPRODUCIBLE). Linked by the toolchain's lld: relative
# relocations packed (-z pack-relative-relocs: 4 KiB instead of 570 KiB read at every start).
# The daemon's program also has the functions it runs packed together (the list written by
# scripts/release/hot-functions) and exports no symbols (BENCHMARKS.md, "The daemon's start").
RELEASE_BUILD = $(SWIFT_BUILD) -c release --static-swift-stdlib --disable-local-rpath $(RELEASE_SWIFT_FLAGS) -Xswiftc -use-ld=lld -Xlinker -z -Xlinker now \
  -Xlinker -z -Xlinker pack-relative-relocs $(STATIC_CXX_LINK) $(REPRODUCIBLE) $(DEB_C_FLAGS)
# The compiler's flags of the release build, passed here rather than in Package.swift (SwiftPM
# refuses a package with unsafe flags when an app takes it by URL and version): no run-time
# exclusivity checks (they were 28 % of the daemon's instructions an event, BENCHMARKS.md; debug
# builds and so every test run keep them), generic types' metadata reached through accessors
# rather than by demangling names at run time (0.9 M instructions of the daemon's start-up), and
# each function in its own section, so that the daemon's link can pack the ones it runs.
RELEASE_SWIFT_FLAGS := -Xswiftc -enforce-exclusivity=unchecked -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
  -Xswiftc -Xfrontend -Xswiftc -function-sections
# Debian's compiler and linker flags with all of its hardening (dpkg-buildflags, hardening=+all:
# stack protector, _FORTIFY_SOURCE, relro and now), in every release build, the package's and
# make install's alike: CFLAGS and CPPFLAGS to clang (the C target, and the C headers Swift
# imports), LDFLAGS' -Wl, options to the linker.
comma := ,
BUILDFLAGS = $(shell DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --get $(1) 2>/dev/null)
DEB_C_FLAGS = $(foreach f,$(call BUILDFLAGS,CFLAGS) $(call BUILDFLAGS,CPPFLAGS),-Xcc $(f)) \
  $(foreach f,$(filter -Wl$(comma)%,$(call BUILDFLAGS,LDFLAGS)),$(foreach g,$(subst $(comma), ,$(patsubst -Wl$(comma)%,%,$(f))),-Xlinker $(g)))
# The C++ runtime the Swift runtime is written against, linked statically too (libstdc++ and
# libgcc's unwinder): the toolchain's link line names `-lstdc++`, which the linker resolves in the
# first directory of its search path that has the library, so a directory holding only the
# archive, put first, makes it the static one (BENCHMARKS.md, "The C++ runtime linked in":
# start-up −1.6 M instructions, peak RSS −0.8 MiB; glibc's libm stays shared).
STATIC_CXX_DIR := $(SCRATCH)/static-cxx
STATIC_CXX_LINK = -Xswiftc -Xclang-linker -Xswiftc -L$(CURDIR)/$(STATIC_CXX_DIR) -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
DAEMON_LINK = -Xlinker --symbol-ordering-file=$(CURDIR)/scripts/release/hot-functions.txt -Xlinker --no-warn-symbol-ordering \
  -Xlinker --no-export-dynamic -Xlinker -Map=$(CURDIR)/$(SCRATCH)/touchbridge.map
# What would make a binary depend on its checkout's path (docs/service.md, "Reproducible"): the
# path in the debug information (mapped to "."), the version plugin's output folder, which
# SwiftPM names after the checkout's directory (mapped to one name), the imported C modules'
# cache paths, whose hashes depend on the path (no "breadcrumbs" to them), and the hash of each
# module's LLVM IR the compiler keeps for incremental builds (whose module names the path).
PLUGIN_OUTPUTS := $(SCRATCH)/plugins/outputs
PACKAGE_IDENTITY := $(shell basename '$(CURDIR)' | tr A-Z a-z)
REPRODUCIBLE := -Xswiftc -file-prefix-map -Xswiftc $(PLUGIN_OUTPUTS)/$(PACKAGE_IDENTITY)=$(PLUGIN_OUTPUTS)/touchbridge \
  -Xswiftc -file-prefix-map -Xswiftc $(CURDIR)/$(PLUGIN_OUTPUTS)/$(PACKAGE_IDENTITY)=$(PLUGIN_OUTPUTS)/touchbridge \
  -Xswiftc -file-prefix-map -Xswiftc $(CURDIR)=. -Xcc -ffile-prefix-map=$(CURDIR)=. \
  -Xswiftc -Xfrontend -Xswiftc -no-clang-module-breadcrumbs -Xswiftc -Xfrontend -Xswiftc -disable-incremental-llvm-codegen
DEMO_SCENE := examples/kiosk.json
DEMO_RECORDING := examples/kiosk.evemu

# Debian packages: building, running, packaging (make deb) and (for tests) the VM and the
# reference tools.
BUILD_PKGS := libevdev-dev libudev-dev libncurses-dev libstdc++-12-dev pkg-config acl \
              libcairo2-dev libwayland-dev libdrm-dev libmosquitto-dev
DEB_PKGS := $(BUILD_PKGS) debhelper dpkg-dev fakeroot lintian python3-debian
TEST_PKGS := $(DEB_PKGS) qemu-system-x86 linux-image-amd64 busybox-static udev kmod systemd man-db \
             evtest evemu-tools libinput-tools python3 python3-click python3-pyroute2 python3-jsonschema python3-prometheus-client \
             mosquitto mosquitto-clients openssl socat tmux cage wev seatd xwayland sway grim fonts-dejavu-core

# Installation (make install / make uninstall), with the usual PREFIX and DESTDIR.
PREFIX ?= /usr/local
DESTDIR ?=
SYSCONFDIR ?= /etc
BINDIR := $(PREFIX)/bin
LIBEXECDIR := $(PREFIX)/libexec
MANDIR := $(PREFIX)/share/man/man1
UDEVRULESDIR ?= $(SYSCONFDIR)/udev/rules.d
UNITDIR ?= $(SYSCONFDIR)/systemd/system
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
BASHCOMPDIR := $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR := $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR := $(PREFIX)/share/fish/vendor_completions.d
MANUAL_ARGS := --date 2026-11-22 --authors touchbridge
MANUAL := $(SCRATCH)/manual/touchbridge.1
# What the release binary and the manual are built from: `make install` on an up-to-date tree
# (as in the service test's VM) copies files and builds nothing.
RELEASE_INPUTS := Package.swift scripts/release/hot-functions.txt $(shell find Sources -type f 2>/dev/null)

.PHONY: arm64-test arm64-package arm64-checks hooks installed-test bench-start bench-hop bench-latency format lint docs example-test url-app-test run test build deps test-deps unit-test device-test service-test install-check install install-files uninstall manual release deb deb-test deb-reproducible fuzz soak sanitize clean bench bench-e2e bench-instr bench-socket bench-watch

run: deps $(STATIC_CXX_DIR)/libstdc++.a
	$(RELEASE_BUILD) $(DAEMON_LINK) --product touchbridge
	$(RELEASE_BUILD) --product touchbridge-cli
	@node=$$($(BIN_RELEASE) list --touchscreens --paths | head -n 1); \
	if [ -n "$$node" ]; then \
	  echo "touchbridge: running the demo kiosk scene on $$node (interrupt to exit)" >&2; \
	  exec $(BIN_RELEASE) run --scene $(DEMO_SCENE) "$$node"; \
	else \
	  echo "touchbridge: no touchscreen is connected; playing the demo recording $(DEMO_RECORDING) through $(DEMO_SCENE)" >&2; \
	  exec $(BIN_RELEASE) run --realtime --scene $(DEMO_SCENE) $(DEMO_RECORDING); \
	fi

# No compiler warning in the debug build nor in the release builds (amd64's and arm64's).
# The builds come first; then the device tests' VM runs beside the service's, the package's and
# the arm64 package's (each VM takes one core), with no compiler competing for the cores.
test: test-deps
	scripts/no-warnings swift build --build-tests
	$(MAKE) --no-print-directory NO_WARNINGS=scripts/no-warnings unit-test install-check $(BIN_RELEASE)
	swift build --package-path examples/swift-kiosk
	$(MAKE) --no-print-directory NO_WARNINGS=scripts/no-warnings arm64-package
	$(MAKE) --no-print-directory -j2 --output-sync=target NO_WARNINGS=scripts/no-warnings device-test installed-test

# The service as installed from the checkout, then the package, then the arm64 package (built
# before, with both cores, so that no compiler competes with the VMs): one VM after the other,
# beside the device tests'.
installed-test:
	$(MAKE) --no-print-directory service-test
	$(MAKE) --no-print-directory deb-test
	$(MAKE) --no-print-directory arm64-checks

# The commit-msg hook (scripts/commit-msg): subjects of at most 72 characters, then a body.
hooks:
	install -m 755 scripts/commit-msg .git/hooks/commit-msg

unit-test: lint
	swift test --skip-build
	python3 scripts/check-log-schema.py
	scripts/broker-test/run.sh
	/usr/bin/python3 scripts/check-metrics.py
	python3 scripts/check-picture.py
	python3 scripts/check-docs.py
	python3 scripts/check-layers.py
	python3 scripts/check-imports.py
	python3 scripts/check-architecture.py
	python3 scripts/check-package.py
	python3 scripts/check-tests.py
	$(MAKE) --no-print-directory docs example-test url-app-test
	@for f in evemu scene tracker pipeline libinput qualify edid udev subscription doctor mqtt hid report; do .build/debug/fuzz-$$f Fuzz/findings/$$f Fuzz/corpus/$$f || exit 1; done

# The project's formatting (.swift-format: the toolchain's swift format, 4-space indentation, lines of
# at most 120 columns): `make format` applies it; `make lint`, part of `make test`, fails on any
# difference from it or breach of its rules.
SWIFT_TREES := Sources Tests Fuzz Benchmarks Plugins examples Package.swift
format:
	swift format format --in-place --recursive --parallel $(SWIFT_TREES)

lint:
	swift format lint --strict --recursive --parallel $(SWIFT_TREES)

# The DocC catalogs of the API modules (TouchKit, TouchScene, TouchBridge), warnings as errors, into
# .build/docs/*.doccarchive; fails when a public symbol has no summary.
docs:
	swift package --disable-sandbox --allow-writing-to-directory .build/docs generate-documentation \
	  --target TouchKit --target TouchScene --target TouchBridge --warnings-as-errors --output-path .build/docs \
	  --experimental-documentation-coverage --coverage-summary-level brief --enable-inherited-docs > .build/docs.log 2>&1 \
	  || { cat .build/docs.log; exit 1; }
	python3 scripts/doc-coverage.py .build/docs --require-all

# The example kiosk app in Swift (examples/swift-kiosk, its own package on this one by path):
# built, and its test run on its recording.
example-test:
	swift build --build-tests --package-path examples/swift-kiosk
	swift test --skip-build --package-path examples/swift-kiosk

# The library as a Swift app takes it: the example app on a bare clone of this checkout, by URL
# and the version `touchbridge --version` prints (scripts/url-app-test).
url-app-test:
	scripts/url-app-test

# The unit tests under AddressSanitizer (with LeakSanitizer), then the daemon built with it
# running 60 s on a uinput panel under constant touch, checked for leaks at exit (in the VM
# where /dev/uinput is not writable). UndefinedBehaviorSanitizer is not offered by Swift on
# Linux, and the C shims are header-only module maps.
sanitize: test-deps
	swift build --build-tests --sanitize=address --scratch-path .build-asan
	LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/sanitize/lsan.supp swift test --skip-build --sanitize=address --scratch-path .build-asan
	swift build --build-tests
	@if [ -w /dev/uinput ]; then sh scripts/sanitize/daemon-leaks.sh; \
	else scripts/vm/run --timeout 900 'sh scripts/sanitize/daemon-leaks.sh'; fi

# Long runs: the invariants over 10 million random events per scene, an hour of activity at
# full speed and ten minutes live in the VM, memory and descriptors sampled (RELIABILITY.md).
soak: test-deps
	scripts/soak/run.sh

# Microbenchmarks (ordo-one/benchmark, their own package in Benchmarks/): time and mallocs
# per operation of the per-event work, the hit test and scene decoding.
bench: deps
	cd Benchmarks && swift package benchmark

# What the event socket costs: instructions per event by clients and format (callgrind), and
# peak memory with 64 clients that never read.
bench-socket: $(BIN_RELEASE)
	scripts/bench/socket.sh $(BIN_RELEASE)

# `watch` on a uinput panel in a terminal (tmux) in the VM, the release build users get, at
# 1 kHz with 5 and with 10 fingers, WATCH_BOOTS boots each: frames read, SYN_DROPPED, terminal
# writes and CPU (BENCHMARKS.md, "watch").
WATCH_BOOTS ?= 3
bench-watch: $(BIN_RELEASE) test-deps
	swift build --build-tests
	@for n in 5 10; do for b in $$(seq $(WATCH_BOOTS)); do \
	  scripts/vm/run --timeout 600 "TOUCHBRIDGE_REQUIRE_UINPUT=1 TOUCHBRIDGE_WATCH_BINARY=$(BIN_RELEASE) TOUCHBRIDGE_WATCH_INTERVAL_US=1000 TOUCHBRIDGE_WATCH_FINGERS=$$n .build/debug/touchbridgePackageTests.xctest --testing-library swift-testing --filter WatchLiveTests/aFlood" \
	    | grep -E "watch flood|passed|failed|Expectation" || exit 1; \
	done; done

# touchbridge beside evtest, libinput and a C floor on one uinput panel in the VM, pooled over
# E2E_BOOTS boots; the table is printed (E2E_APPEND=1 appends it to BENCHMARKS.md, whose current tables are then updated from it).
E2E_BOOTS ?= 3
bench-e2e: test-deps
	scripts/bench/e2e/run $(E2E_BOOTS)

# Instructions per frame on the live path, the same panel and frames, each tool under callgrind
# in the VM (two runs subtracted, so start-up drops out): a count that does not move with the
# host, beside libinput's and the floors'.
# The tools' start beside evtest's, in one VM boot (BENCHMARKS.md, "The tools").
bench-start: test-deps
	scripts/bench/tool-start/run

# The virtual touchscreen's hop to a Wayland client (cage and wev in the VM): p50 and p99.
bench-hop: test-deps
	scripts/bench/hop/run

# Touch to photon under sway in the VM, sway reading a panel itself and through the virtual
# touchscreen (`touchbridge latency`): each stage's p50, p95 and p99.
bench-latency: test-deps
	scripts/bench/latency/run

bench-instr: test-deps
	@scripts/apt-ensure valgrind
	scripts/bench/e2e/instructions

# Fuzzing with libFuzzer and AddressSanitizer: FUZZ_SECONDS each (FUZZERS to pick some).
FUZZ_SECONDS ?= 60
FUZZERS ?= evemu scene tracker pipeline libinput qualify edid udev subscription doctor mqtt hid report
fuzz: deps
	scripts/fuzz/run $(FUZZ_SECONDS) $(FUZZERS)

# Device tests need a writable /dev/uinput; without one they run in the project's VM.
# The VM's displays in the device tests: one QEMU virtio GPU each, with an EDID; the third's
# panel is mounted turned (the kernel's panel orientation), as a TV standing in portrait.
VM_DISPLAYS := 1280x800,1920x1080,1600x900:left_side_up
device-test:
	swift build --package-path examples/swift-kiosk
	@if [ -w /dev/uinput ]; then \
	  TOUCHBRIDGE_REQUIRE_UINPUT=1 swift test --skip-build --no-parallel --filter DeviceTests; \
	else \
	  echo "device tests: no writable /dev/uinput here, running them in a VM (scripts/vm/run)"; \
	  scripts/vm/run --timeout 1800 --displays $(VM_DISPLAYS) 'TOUCHBRIDGE_REQUIRE_UINPUT=1 TOUCHBRIDGE_VM_DISPLAYS=$(VM_DISPLAYS) .build/debug/touchbridgePackageTests.xctest --testing-library swift-testing --no-parallel --filter DeviceTests'; \
	fi
	@# doctor with QEMU's USB tablet as the machine's only input device: always a VM of its own.
	scripts/vm/run --usb-tablet --timeout 600 'TOUCHBRIDGE_REQUIRE_UINPUT=1 TOUCHBRIDGE_VM_USB_TABLET=1 .build/debug/touchbridgePackageTests.xctest --testing-library swift-testing --no-parallel --filter DoctorUSBTabletLiveTests'

# The service as README's install section says, under systemd as PID 1 in the VM (a real udev,
# journald, watchdog and sandbox): the steps are read from README and run as written, over an
# installation of the previous steps, then uninstalled and installed afresh (scripts/service-test).
service-test: $(MANUAL) $(BIN_RELEASE)
	scripts/vm/run --systemd --timeout 900 --displays 1280x800,1600x900:left_side_up 'sh scripts/service-test/in-vm.sh'

# A fresh install into a scratch DESTDIR: every file in place, the unit verified by systemd
# with the installed binary and manual page, its security rating at most 1.0.
install-check:
	@scripts/install-check

# The release binaries, then the manual page from the command line's own help: the generator
# swift-argument-parser's plugin runs, on the release build's program (scripts/release/manual;
# the plugin itself would build every product once more, its own way, minutes for nothing), that
# of another architecture under qemu-user.
$(MANUAL): $(BIN_RELEASE)
	scripts/release/manual $(SCRATCH) $(CLI_RELEASE) $(dir $@) $(if $(RUN_TARGET),--under $(RUN_TARGET)) -- $(MANUAL_ARGS)
ifeq ($(SCRATCH),.build)
$(STATIC_CXX_DIR)/libstdc++.a:
	@mkdir -p $(STATIC_CXX_DIR)
	@a=$$(clang -print-file-name=libstdc++.a); [ -f "$$a" ] || { echo "libstdc++.a not found (apt-get install libstdc++-12-dev)" >&2; exit 1; }; \
	  ln -sf "$$a" $@
else
$(STATIC_CXX_DIR)/libstdc++.a:
	@mkdir -p $(STATIC_CXX_DIR)
	@a=$(CROSS_SYSROOT)/usr/lib/gcc/aarch64-linux-gnu/12/libstdc++.a; [ -f "$$a" ] || { echo "$$a not found (scripts/cross/prepare)" >&2; exit 1; }; \
	  ln -sf "$$a" $@
endif
$(BIN_RELEASE): $(RELEASE_INPUTS) $(STATIC_CXX_DIR)/libstdc++.a
	$(NO_WARNINGS) $(RELEASE_BUILD) $(DAEMON_LINK) --product touchbridge
	$(NO_WARNINGS) $(RELEASE_BUILD) --product touchbridge-cli
	$(NO_WARNINGS) $(RELEASE_BUILD) --product touchbridge-mqtt
	@# What each program links, read from the file (readelf works for either architecture).
	@for p in touchbridge touchbridge-cli touchbridge-mqtt; do \
	  if readelf -d $(SCRATCH)/release/$$p | grep NEEDED | grep -q 'libswift\|libstdc++\|libgcc_s'; then echo "$$p: not statically linked" >&2; exit 1; fi; \
	done
	@# The daemon's program gives the standard library its argv itself (Sources/DaemonArguments);
	@# refused if the runtime's own reader, which reads /proc/self/maps at every start, came back.
	@if nm $@ | grep -q argvGrabber; then echo "touchbridge: the runtime's argv reader is linked (Sources/DaemonArguments no longer replaces it)" >&2; exit 1; fi
	@touch $@

# The completion scripts come from the command line's own parser: the daemon's program hands the
# request to it; another architecture's is run under qemu-user directly (qemu-user runs no
# program the one it runs starts).
COMPLETIONS := $(if $(RUN_TARGET),$(RUN_TARGET) $(CLI_RELEASE),$(BIN_RELEASE))

# Installing on the machine itself (no DESTDIR) also creates the system user and group the unit
# and the udev rule name (systemd-sysusers; a group of that name from an earlier install is kept);
# the Debian package (make deb) runs systemd-sysusers in its postinst.
# The socket's readers' group, when this install creates it, takes in the members of
# 'touchbridge' (who read the socket before it had a group of its own).
install: deps install-files
	@if [ -z "$(DESTDIR)" ]; then \
	  fresh=; getent group touchbridge-events >/dev/null || fresh=yes; \
	  systemd-sysusers $(SYSUSERSDIR)/touchbridge.conf && id touchbridge && \
	  if [ -n "$$fresh" ]; then $(LIBEXECDIR)/touchbridge/join-events-group; fi; \
	fi

# The release binary and its manual, as `make install` and the package use them.
release: $(MANUAL) $(BIN_RELEASE)

# The files of an installation, put in place under DESTDIR with the paths of PREFIX and the
# *DIR variables; debian/rules calls it with Debian's paths.
install-files: $(MANUAL) $(BIN_RELEASE)
	@# A release binary rebuilt by hand without the static standard library is rebuilt here.
	@if ldd $(BIN_RELEASE) 2>/dev/null | grep -q libswiftCore; then $(RELEASE_BUILD) $(DAEMON_LINK) --product touchbridge; fi
	@if ldd $(CLI_RELEASE) 2>/dev/null | grep -q libswiftCore; then $(RELEASE_BUILD) --product touchbridge-cli; fi
	@if ! [ -x $(MQTT_RELEASE) ] || ldd $(MQTT_RELEASE) 2>/dev/null | grep -q libswiftCore; then $(RELEASE_BUILD) --product touchbridge-mqtt; fi
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBEXECDIR)/touchbridge $(DESTDIR)$(MANDIR) $(DESTDIR)$(UDEVRULESDIR) $(DESTDIR)$(UNITDIR) $(DESTDIR)$(SYSUSERSDIR) \
	  $(DESTDIR)$(SYSCONFDIR)/touchbridge $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 755 $(BIN_RELEASE) $(DESTDIR)$(BINDIR)/touchbridge
	install -m 755 $(CLI_RELEASE) $(DESTDIR)$(LIBEXECDIR)/touchbridge/touchbridge-cli
	install -m 755 $(MQTT_RELEASE) $(DESTDIR)$(LIBEXECDIR)/touchbridge/touchbridge-mqtt
	install -m 755 scripts/install/join-events-group $(DESTDIR)$(LIBEXECDIR)/touchbridge/join-events-group
	install -m 644 $(MANUAL) $(DESTDIR)$(MANDIR)/touchbridge.1
	install -m 644 systemd/touchbridge.sysusers $(DESTDIR)$(SYSUSERSDIR)/touchbridge.conf
	install -m 644 udev/70-touchbridge.rules $(DESTDIR)$(UDEVRULESDIR)/70-touchbridge.rules
	for unit in touchbridge touchbridge-mqtt; do \
	  sed -e 's|/usr/local/bin/touchbridge|$(BINDIR)/touchbridge|' -e 's|/etc/touchbridge/|$(SYSCONFDIR)/touchbridge/|' \
	    systemd/$$unit.service > $(DESTDIR)$(UNITDIR)/$$unit.service && chmod 644 $(DESTDIR)$(UNITDIR)/$$unit.service; \
	done
	@# bash sources completions: the generator's #! line is dropped.
	$(COMPLETIONS) --generate-completion-script bash | sed '1{/^#!/d;}' > $(DESTDIR)$(BASHCOMPDIR)/touchbridge
	$(COMPLETIONS) --generate-completion-script zsh > $(DESTDIR)$(ZSHCOMPDIR)/_touchbridge
	$(COMPLETIONS) --generate-completion-script fish > $(DESTDIR)$(FISHCOMPDIR)/touchbridge.fish
	@if [ -e $(DESTDIR)$(SYSCONFDIR)/touchbridge/scene.json ]; then \
	  echo "kept $(DESTDIR)$(SYSCONFDIR)/touchbridge/scene.json (it exists)"; \
	else \
	  install -m 644 systemd/scene.json $(DESTDIR)$(SYSCONFDIR)/touchbridge/scene.json; \
	fi

# The Debian package: debian/ driven by dpkg-buildpackage and debhelper around the release build,
# checked with lintian (no error, no warning that debian/*.lintian-overrides does not explain);
# the .deb's path is the last line printed (scripts/deb/build).
deb: deps
	@scripts/apt-ensure $(DEB_PKGS)
	@$(if $(RUN_TARGET),scripts/cross/prepare &&) ARCH=$(ARCH) scripts/deb/build

# The arm64 package (make deb ARCH=arm64, built on amd64), checked as the amd64 one is: its
# programs under qemu-user on a Debian 12 arm64 root give this machine's build's exact bytes
# (scripts/cross/same-output), and it installs on Debian 12 arm64 under systemd as PID 1 in
# qemu-system-aarch64, where a panel's plug starts it and an app gets its tap (scripts/deb/in-vm.sh,
# the amd64 package's test). arm64-package builds it; arm64-checks checks the one built.
arm64-test:
	$(MAKE) --no-print-directory arm64-package
	$(MAKE) --no-print-directory arm64-checks
arm64-package: test-deps
	@$(MAKE) --no-print-directory deb ARCH=arm64 > /dev/null
arm64-checks: test-deps $(BIN_RELEASE)
	@deb=$$(ls .build-arm64/deb/touchbridge_*_arm64.deb) && \
	scripts/cross/same-output $$deb && \
	scripts/cross/prepare-vm $$deb > /dev/null && \
	scripts/vm/run --arch arm64 --systemd --timeout 1800 "sh scripts/deb/in-vm.sh $$PWD/$$deb"

# The package as a kiosk gets it, under systemd as PID 1 in the VM with no Swift toolchain
# visible: installed with apt, started by a panel plugged in, upgraded keeping an edited scene,
# removed and purged (scripts/deb/in-vm.sh).
deb-test: test-deps
	@deb=$$($(MAKE) --no-print-directory deb) && \
	scripts/vm/run --systemd --timeout 900 "sh scripts/deb/in-vm.sh $$deb"

# Two packages of this commit built from two fresh clones in different directories, compared
# byte for byte (scripts/deb/reproducible); ARCH=arm64 for the arm64 package's.
deb-reproducible: deps
	@scripts/apt-ensure $(DEB_PKGS)
	ARCH=$(ARCH) scripts/deb/reproducible

# Removes what install created: on the machine itself the service is stopped and disabled first,
# and the system user and group go too. The scene file is configuration: uninstall leaves it.
uninstall:
	@if [ -z "$(DESTDIR)" ] && [ -d /run/systemd/system ]; then systemctl disable --now touchbridge.service 2>/dev/null || true; fi
	rm -f $(DESTDIR)$(BINDIR)/touchbridge $(DESTDIR)$(LIBEXECDIR)/touchbridge/touchbridge-cli $(DESTDIR)$(LIBEXECDIR)/touchbridge/join-events-group \
	  $(DESTDIR)$(LIBEXECDIR)/touchbridge/touchbridge-mqtt $(DESTDIR)$(UNITDIR)/touchbridge-mqtt.service \
	  $(DESTDIR)$(MANDIR)/touchbridge.1 $(DESTDIR)$(SYSUSERSDIR)/touchbridge.conf \
	  $(DESTDIR)$(UDEVRULESDIR)/70-touchbridge.rules $(DESTDIR)$(UNITDIR)/touchbridge.service \
	  $(DESTDIR)$(BASHCOMPDIR)/touchbridge $(DESTDIR)$(ZSHCOMPDIR)/_touchbridge $(DESTDIR)$(FISHCOMPDIR)/touchbridge.fish
	rmdir $(DESTDIR)$(LIBEXECDIR)/touchbridge 2>/dev/null || true
	@if [ -z "$(DESTDIR)" ]; then \
	  if id -u touchbridge >/dev/null 2>&1; then userdel touchbridge && echo "removed the user touchbridge"; fi; \
	  if getent group touchbridge >/dev/null; then groupdel touchbridge && echo "removed the group touchbridge"; fi; \
	  if getent group touchbridge-events >/dev/null; then groupdel touchbridge-events && echo "removed the group touchbridge-events"; fi; \
	  if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi; \
	  udevadm control --reload-rules 2>/dev/null || true; \
	fi
	@echo "left $(DESTDIR)$(SYSCONFDIR)/touchbridge/scene.json in place"

# The manual page ($(MANUAL)), from the command line's own help.
manual: $(MANUAL)

deps:
	@scripts/apt-ensure $(BUILD_PKGS)

test-deps:
	@scripts/apt-ensure $(TEST_PKGS)
	@scripts/py-ensure

build: deps
	swift build

clean:
	rm -rf .build

# The Wayland protocols' client code (Sources/WaylandProtocols), regenerated with wayland-scanner
# from Debian's wayland-protocols and protocols/; committed, as SwiftPM cannot run the scanner.
.PHONY: protocols
protocols:
	@scripts/apt-ensure wayland-protocols libwayland-dev
	@python3 scripts/wayland-protocols.py
