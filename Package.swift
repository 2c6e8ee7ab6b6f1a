// swift-tools-version:6.1
import PackageDescription

// No build flags here: SwiftPM refuses a package with unsafe flags when an app takes it by URL
// and version. The release build users get (make run, make install, make deb) passes its own
// (RELEASE_SWIFT_FLAGS in the Makefile).

let package = Package(
    name: "touchbridge",
    products: [
        // The daemon's program: runs `run` itself and hands every other command to the whole
        // interface, touchbridge-cli (installed in libexec), so the daemon links neither the
        // argument parser nor Foundation (BENCHMARKS.md, "The daemon's start").
        .executable(name: "touchbridge", targets: ["TouchBridgeDaemon"]),
        .executable(name: "touchbridge-cli", targets: ["TouchBridgeCLI"]),
        // The API for apps: the headless UIKit, and the loop around it (README, "The API").
        .library(name: "TouchKit", targets: ["TouchKit"]),
        .library(name: "TouchBridge", targets: ["TouchBridge"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `make docs`: the DocC catalogs of TouchKit and TouchBridge (a plugin: nothing of it
        // is linked into the product).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // System libraries, found with pkg-config (libevdev-dev, libudev-dev).
        .systemLibrary(
            name: "CEvdev", pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(
            name: "CUdev", pkgConfig: "libudev",
            providers: [.apt(["libudev-dev"])]),
        // The kernel's device structures Glibc's Swift module leaves out (uinput, DRM): Evdev's.
        .systemLibrary(name: "CLinux"),
        // The event loop's descriptors Glibc's Swift module leaves out (epoll, timerfd, signalfd,
        // posix_spawn's closefrom): Runtime's.
        .systemLibrary(name: "CLoop"),
        // The terminal of `touchbridge watch` (libncurses-dev: /usr/include/ncursesw); only
        // the command line links it. Not through pkg-config, whose -D_XOPEN_SOURCE SwiftPM
        // refuses with a warning on every build.
        .systemLibrary(name: "CNcurses"),

        // Pure Swift: lines of text built in reused byte buffers, numbers written without
        // Foundation (the logs, the tools' formats, the outputs).
        .target(name: "TextBuffers"),

        // Pure Swift: kernel event values, device descriptions, evemu and evtest formats.
        // Re-exports TextBuffers, in which its formats are written.
        .target(name: "InputEvents", dependencies: ["TextBuffers"]),

        // Pure Swift: contact tracking (protocol B, A, single touch) and screen mapping.
        .target(name: "TouchInput", dependencies: ["InputEvents"]),

        // Pure Swift: the headless UIKit (geometry, responders, views, touches, events).
        .target(name: "TouchKit"),

        // Where text goes: standard output in whole writes, diagnostics on standard error
        // (with journald priorities), the sink protocol tests replace.
        .target(name: "Output", dependencies: ["TextBuffers"]),

        // The event loop: epoll, timers, signals, sockets and systemd's notifications, for every
        // stage that waits on a descriptor (devices, the socket, commands); why a call failed.
        .target(name: "Runtime", dependencies: ["CLoop"]),

        // The kernel side: libevdev devices, libudev discovery, recordings.
        .target(name: "Evdev", dependencies: ["CEvdev", "CUdev", "CLinux", "Runtime", "InputEvents", "Displays"]),

        // uinput devices that re-create a panel for other programs (`--virtual-touchscreen`,
        // `--virtual-pointer`): the window's touches as a touchscreen, pointer gestures as a mouse.
        .target(name: "VirtualDevices", dependencies: ["Evdev", "Runtime", "InputEvents", "TouchInput", "TouchKit"]),

        // Pure Swift: the displays, as DRM connectors and their EDIDs, that touchscreens are
        // matched to.
        .target(name: "Displays"),

        // The scene stage: a window built from a scene file (views, recognizers, controls,
        // commands) and the handler log its calls write. Needs only TouchKit and the event values.
        // A strict JSON parser and decoder that says where (file:line) and what was expected:
        // scene files, qualify's criteria, a socket client's line, the hello line's fields.
        .target(name: "StrictJSON"),

        .target(name: "TouchScene", dependencies: ["InputEvents", "TouchKit", "Output", "StrictJSON"]),

        // `run --socket`: the handler log served to any number of clients, each with its own
        // bounded queue and subscription.
        .target(name: "EventSocket", dependencies: ["Runtime", "InputEvents", "Output", "TouchScene", "StrictJSON"]),

        // The scene's `commands`: programs started for its actions, read and reaped in the loop.
        .target(name: "SceneCommands", dependencies: ["Runtime", "InputEvents", "Output", "TouchScene"]),

        // The runtime: devices and recordings → contacts → touches → the scene → the log's
        // outputs (standard output, the event socket, commands, virtual touchscreens, metrics);
        // the daemon's event loop and `Kiosk`. Re-exports TouchScene for apps.
        .target(
            name: "TouchBridge",
            dependencies: [
                "InputEvents", "TouchInput", "TouchKit", "TouchScene", "Evdev", "Runtime", "Output", "VirtualDevices",
                "EventSocket", "SceneCommands", "Displays", "StrictJSON",
            ]),

        // What only the command line's tools draw: `watch`'s model and screen, `picture`'s SVG.
        // Not part of a library product.
        .target(
            name: "TouchTools",
            dependencies: [
                "InputEvents", "TouchInput", "TouchKit", "TouchScene", "TouchBridge", "PanelHealth", "Evdev",
                "Displays", "StrictJSON", "Doctor", "Runtime",
            ]),

        // Pure Swift: `doctor`'s readings of sysfs, the kernel's log and udev's facts, and its
        // verdict on each link of a touch device's chain.
        .target(name: "Doctor", dependencies: ["TextBuffers"]),

        // Pure Swift: a panel's health figures from its events and contact frames (`health`).
        .target(name: "PanelHealth", dependencies: ["InputEvents", "TouchInput"]),

        // Random streams and the pipeline's invariants, for the tests, `make soak` and the fuzzers.
        .target(name: "PipelineChecks", dependencies: ["TouchBridge", "TouchKit", "TouchInput", "InputEvents"]),

        // `run`'s command line as values, read without the argument parser, checked and run:
        // what the daemon's program and the whole interface share.
        .target(name: "RunCommandLine", dependencies: ["TouchBridge", "TouchInput", "TouchKit", "Output"]),

        // What a tool reads (a node, or a recording standing in for it) until it is stopped, and
        // the evtest dump, which the daemon's program also runs from a plain command line.
        .target(
            name: "DeviceTools",
            dependencies: ["Evdev", "Runtime", "InputEvents", "TouchInput", "Output", "RunCommandLine", "TouchBridge"]),

        // The daemon's program's own argv for the standard library (glibc's constructor arguments),
        // instead of the statically linked runtime's reading of /proc/self/maps at every start.
        .target(name: "DaemonArguments"),

        // `touchbridge`: the daemon's program (a plain `run` line), the rest handed to touchbridge-cli.
        .executableTarget(
            name: "TouchBridgeDaemon",
            dependencies: ["RunCommandLine", "DeviceTools", "TouchBridge", "Evdev", "Output", "DaemonArguments"]),

        .executableTarget(
            name: "TouchBridgeCLI",
            dependencies: [
                "RunCommandLine", "DeviceTools", "Evdev", "Runtime", "InputEvents", "Output", "TouchInput", "TouchKit",
                "TouchBridge", "Displays", "VirtualDevices", "EventSocket",
                "TouchTools", "PanelHealth", "CNcurses", "Doctor",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["VersionPlugin"]),

        // `touchbridge --version`: debian/changelog's release,
        // written as Swift before every build (scripts/version).
        .plugin(name: "VersionPlugin", capability: .buildTool()),

        // Microbenchmarks live in their own package (Benchmarks/, ordo-one/benchmark), so
        // neither the product nor its tests build the benchmark tooling.
        // Fuzzers (`make fuzz`: built with -sanitize=fuzzer,address -DFUZZING); built plainly,
        // each replays inputs (crashes, its corpus) through its harness.
        .executableTarget(
            name: "fuzz-evemu", dependencies: ["InputEvents", "Evdev", "PipelineChecks"], path: "Fuzz/Evemu"),
        .executableTarget(
            name: "fuzz-scene", dependencies: ["TouchBridge", "TouchKit", "Evdev", "Runtime", "PipelineChecks"],
            path: "Fuzz/Scene"
        ),
        .executableTarget(
            name: "fuzz-libinput", dependencies: ["InputEvents", "TouchInput", "PipelineChecks"], path: "Fuzz/Libinput"),
        .executableTarget(
            name: "fuzz-qualify",
            dependencies: ["InputEvents", "TouchInput", "PanelHealth", "TouchBridge", "TouchTools", "PipelineChecks"],
            path: "Fuzz/Qualify"),
        .executableTarget(name: "fuzz-edid", dependencies: ["Displays", "PipelineChecks"], path: "Fuzz/EDID"),
        .executableTarget(name: "fuzz-doctor", dependencies: ["Doctor", "PipelineChecks"], path: "Fuzz/Doctor"),
        .executableTarget(
            name: "fuzz-udev",
            dependencies: ["TouchBridge", "TouchKit", "TouchInput", "InputEvents", "Evdev", "PipelineChecks"],
            path: "Fuzz/Udev"),
        .executableTarget(
            name: "fuzz-subscription", dependencies: ["EventSocket", "TouchScene", "PipelineChecks"],
            path: "Fuzz/Subscription"),
        .executableTarget(
            name: "fuzz-tracker", dependencies: ["TouchInput", "InputEvents", "PipelineChecks", "PanelHealth"],
            path: "Fuzz/Tracker"),
        .executableTarget(
            name: "fuzz-pipeline",
            dependencies: ["TouchBridge", "TouchKit", "TouchInput", "InputEvents", "PipelineChecks"],
            path: "Fuzz/Pipeline"),

        // `make soak`: the invariants over millions of random events.
        .executableTarget(name: "touchbridge-soak", dependencies: ["PipelineChecks", "TouchBridge"]),

        // A test target per library module; the daemon's program and the command line are tested
        // as users run them (DeviceTests, and the CLI's own target for its argument errors).
        .testTarget(name: "TextBuffersTests", dependencies: ["TextBuffers"]),
        .testTarget(name: "InputEventsTests", dependencies: ["InputEvents", "TextBuffers"]),
        .testTarget(
            name: "TouchInputTests", dependencies: ["TouchInput", "InputEvents", "TextBuffers", "PipelineChecks"]),
        .testTarget(name: "TouchKitTests", dependencies: ["TouchKit"]),
        .testTarget(name: "OutputTests", dependencies: ["Output", "InputEvents"]),
        // The command line's own parts (the daemon's fast reading of `run`), against the argument parser.
        .testTarget(
            name: "TouchBridgeCLITests",
            dependencies: [
                "TouchBridgeCLI", "RunCommandLine", "Displays", "TextBuffers", "TouchTools", "TouchBridge",
                "TouchInput", "TouchKit", "Output",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "TouchSceneTests", dependencies: ["TouchScene", "TouchKit", "InputEvents", "TextBuffers"]),
        .testTarget(
            name: "TouchToolsTests",
            dependencies: [
                "TouchTools", "TouchBridge", "TouchScene", "TouchKit", "TouchInput", "InputEvents", "Evdev",
                "PanelHealth",
            ]),
        .testTarget(name: "DisplaysTests", dependencies: ["Displays"]),
        .testTarget(name: "DoctorTests", dependencies: ["Doctor", "InputEvents", "Evdev"], exclude: ["Trees"]),
        .testTarget(name: "DeviceToolsTests", dependencies: ["DeviceTools", "TouchBridge", "TouchKit"]),
        .testTarget(
            name: "VirtualDevicesTests", dependencies: ["VirtualDevices", "TouchKit", "TouchInput", "InputEvents"]),
        .testTarget(
            name: "PanelHealthTests",
            dependencies: ["PanelHealth", "TouchInput", "InputEvents", "Evdev", "PipelineChecks"]),
        .testTarget(
            name: "TouchBridgeTests",
            dependencies: [
                "TouchBridge", "TouchScene", "TouchTools", "PanelHealth", "TouchKit", "TouchInput", "InputEvents",
                "Evdev", "Runtime", "Output", "PipelineChecks", "Displays", "VirtualDevices", "ProgramTestSupport",
            ],
            resources: [.copy("Golden")]),
        .testTarget(name: "EventSocketTests", dependencies: ["EventSocket", "Runtime", "Output", "TouchScene"]),
        .testTarget(
            name: "EvdevTests", dependencies: ["Evdev", "Runtime", "InputEvents"],
            resources: [.copy("Recordings")]),
        // The programs as users run them, on recordings: their output, exit codes and messages.
        .testTarget(
            name: "CommandTests", dependencies: ["ProgramTestSupport", "Evdev", "Runtime", "InputEvents"],
            exclude: ["Golden"]),
        // Real kernel devices through uinput; skipped (with a reason) where /dev/uinput
        // is not writable. `make test` runs them inside a VM there.
        .testTarget(
            name: "DeviceTests",
            dependencies: [
                "ProgramTestSupport", "Evdev", "Runtime", "InputEvents", "TouchInput", "Displays", "PipelineChecks",
            ]),
        // What the two program test targets share: running the programs, sockets, a terminal.
        .target(name: "ProgramTestSupport", dependencies: ["Evdev", "Runtime"], path: "Tests/ProgramTestSupport"),
    ],
    swiftLanguageModes: [.v6]
)
