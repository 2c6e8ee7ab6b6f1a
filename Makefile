# touchbridge — the two commands of the README:
#   make run    install what is missing, build in release mode, run
#   make test   install what tests need, run the unit tests, then the device tests
#               on real kernel devices (directly where /dev/uinput is writable, else in a VM)

SHELL := /bin/bash
BIN_RELEASE := .build/release/touchbridge
DEMO_SCENE := examples/kiosk.json
DEMO_RECORDING := examples/kiosk.evemu

# Debian packages: building, running, and (for tests) the VM and the reference tools.
BUILD_PKGS := libevdev-dev libudev-dev pkg-config
TEST_PKGS := $(BUILD_PKGS) qemu-system-x86 linux-image-amd64 busybox-static udev kmod \
             evtest evemu-tools libinput-tools python3 python3-jsonschema

.PHONY: run test build deps test-deps unit-test device-test clean

run: deps
	swift build -c release --product touchbridge
	@node=$$($(BIN_RELEASE) list --touchscreens --paths | head -n 1); \
	if [ -n "$$node" ]; then \
	  echo "touchbridge: running the demo kiosk scene on $$node (interrupt to exit)" >&2; \
	  exec $(BIN_RELEASE) run --scene $(DEMO_SCENE) "$$node"; \
	else \
	  echo "touchbridge: no touchscreen is connected; playing the demo recording $(DEMO_RECORDING) through $(DEMO_SCENE)" >&2; \
	  exec $(BIN_RELEASE) run --realtime --scene $(DEMO_SCENE) $(DEMO_RECORDING); \
	fi

test: test-deps
	swift build --build-tests
	$(MAKE) --no-print-directory unit-test device-test

unit-test:
	swift test --skip-build
	python3 scripts/check-log-schema.py

# Device tests need a writable /dev/uinput; without one they run in the project's VM.
device-test:
	@if [ -w /dev/uinput ]; then \
	  TOUCHBRIDGE_REQUIRE_UINPUT=1 swift test --skip-build --no-parallel --filter DeviceTests; \
	else \
	  echo "device tests: no writable /dev/uinput here, running them in a VM (scripts/vm/run)"; \
	  scripts/vm/run --timeout 1200 'TOUCHBRIDGE_REQUIRE_UINPUT=1 .build/debug/touchbridgePackageTests.xctest --testing-library swift-testing --no-parallel --filter DeviceTests'; \
	fi

deps:
	@scripts/apt-ensure $(BUILD_PKGS)

test-deps:
	@scripts/apt-ensure $(TEST_PKGS)

build: deps
	swift build

clean:
	rm -rf .build
