import Glibc
import ProgramTestSupport
import Runtime
import Testing

@testable import Sysfs

/// The panel's display as sysfs tells it, on trees laid out as the kernel does on three kiosks:
/// a laptop-style eDP panel with its own backlight, a Raspberry Pi's DSI display whose
/// backlight is the machine's only one, and an HDMI monitor with none.
@Suite("Display power and backlight")
struct DisplayPowerTests {
    /// A sysfs tree under a fresh directory: `files` by path, with their contents.
    func tree(_ files: [String: String]) -> String { makeFileTree(files) }

    /// The attribute's first line.
    func read(_ path: String) -> String {
        guard let bytes = try? readFileContents(path, limit: 64) else { return "" }
        // sysfs takes a write whole; a plain file keeps what a shorter write did not cover.
        return String(String(decoding: bytes, as: UTF8.self).prefix { $0 != "\n" })
    }

    var laptop: [String: String] {
        [
            "class/drm/card0-eDP-1/dpms": "On\n", "class/drm/card0-eDP-1/enabled": "enabled\n",
            "class/drm/card0-eDP-1/status": "connected\n",
            "class/drm/card0-eDP-1/intel_backlight/max_brightness": "19393\n",
            "class/drm/card0-eDP-1/intel_backlight/brightness": "9696\n",
            "class/drm/card0-eDP-1/intel_backlight/bl_power": "0\n",
            "class/drm/card0-HDMI-A-1/dpms": "Off\n", "class/drm/card0-HDMI-A-1/status": "disconnected\n",
            "class/backlight/acpi_video0/max_brightness": "100\n",
        ]
    }

    @Test func aPanelsOwnBacklightIsFoundUnderItsConnectorAndReadAsALevel() throws {
        let power = DisplayPower(root: tree(laptop))
        let backlight = try #require(power.connector("eDP-1")?.backlight)
        #expect(backlight.name == "intel_backlight")
        #expect(backlight.maxBrightness == 19393)
        #expect(abs((backlight.level() ?? 0) - 0.5) < 0.001)
        #expect(!power.isOff("eDP-1"))
        #expect(power.isOff("HDMI-A-1"), "its DPMS is off")
        #expect(!power.isOff("DP-3"), "no such connector: not known to be off")
    }

    @Test func settingTheLevelWritesTheBacklightsStepsAndBlPowerTurnsItOff() throws {
        let root = tree(laptop)
        let power = DisplayPower(root: root)
        let backlight = try #require(power.connector("eDP-1")?.backlight)
        #expect(backlight.set(level: 0.25) == nil)
        #expect(read(root + "/class/drm/card0-eDP-1/intel_backlight/brightness") == "4848")
        #expect(backlight.set(level: 1) == nil)
        #expect(read(root + "/class/drm/card0-eDP-1/intel_backlight/brightness") == "19393")
        #expect(backlight.setPower(on: false) == nil)
        #expect(read(root + "/class/drm/card0-eDP-1/intel_backlight/bl_power") == "4")
        #expect(power.isOff("eDP-1"), "a backlight powered off is a dark display")
        #expect(backlight.setPower(on: true) == nil)
        #expect(!power.isOff("eDP-1"))
    }

    @Test func aBuiltInConnectorWithoutItsOwnTakesTheMachinesOnlyBacklight() throws {
        let pi = tree([
            "class/drm/card1-DSI-1/dpms": "On\n", "class/drm/card1-DSI-1/status": "connected\n",
            "class/drm/card1-HDMI-A-1/dpms": "On\n", "class/drm/card1-HDMI-A-1/status": "connected\n",
            "class/backlight/10-0045/max_brightness": "255\n", "class/backlight/10-0045/brightness": "255\n",
            "class/backlight/10-0045/bl_power": "0\n",
        ])
        let power = DisplayPower(root: pi)
        #expect(power.connector("DSI-1")?.backlight?.name == "10-0045")
        #expect(power.connector("HDMI-A-1")?.backlight == nil, "an HDMI monitor's is not the Pi's display's")
        #expect(power.noBacklight("HDMI-A-1").contains("DDC/CI"), "\(power.noBacklight("HDMI-A-1"))")
        #expect(power.noBacklight("DP-9") == "no card has a connector DP-9")
    }

    @Test func twoBacklightsAndNoneUnderTheConnectorIsNoGuess() {
        let two = tree([
            "class/drm/card0-eDP-1/dpms": "On\n",
            "class/backlight/acpi_video0/max_brightness": "100\n",
            "class/backlight/amdgpu_bl1/max_brightness": "255\n",
        ])
        #expect(DisplayPower(root: two).connector("eDP-1")?.backlight == nil)
    }

    @Test func aBacklightWhoseNumbersAreOutOfRangeIsNone() {
        let bad = tree([
            "class/drm/card0-eDP-1/dpms": "On\n",
            "class/drm/card0-eDP-1/weird_backlight/max_brightness": "0\n",
            "class/drm/card0-eDP-1/huge_backlight/max_brightness": "99999999999\n",
        ])
        #expect(DisplayPower(root: bad).connector("eDP-1")?.backlight == nil)
    }

    @Test(.enabled(if: geteuid() != 0, "root writes any file, so no mode refuses it"))
    func aBacklightThisUserMayNotWriteSaysWhatGrantsIt() throws {
        let root = tree(laptop)
        chmod(root + "/class/drm/card0-eDP-1/intel_backlight/brightness", 0o444)
        let backlight = try #require(DisplayPower(root: root).connector("eDP-1")?.backlight)
        let failure = try #require(backlight.set(level: 0.5))
        #expect(failure.1 == 77)
        #expect(failure.0.contains("touchbridge-control"), "\(failure.0)")
    }

    @Test func aConnectorThatCameLaterIsFoundOnceToldToForget() throws {
        let root = tree(["class/drm/card0-eDP-1/dpms": "On\n"])
        let power = DisplayPower(root: root)
        #expect(power.connector("HDMI-A-1") == nil)
        mkdir(root + "/class/drm/card0-HDMI-A-1", 0o755)
        let fd = open(root + "/class/drm/card0-HDMI-A-1/dpms", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = write(fd, "Off\n", 4)
        close(fd)
        #expect(!power.isOff("HDMI-A-1"), "not looked for again until udev says the displays changed")
        power.forget()
        #expect(power.isOff("HDMI-A-1"))
    }

    @Test func namesOfDisplaysThatDoNotExistAreRememberedWithinABound() throws {
        let power = DisplayPower(root: tree(laptop))
        #expect(power.connector("eDP-1") != nil)
        for i in 0..<10_000 { #expect(power.connector("HDMI-A-\(i + 2)") == nil) }
        #expect(power.remembered <= DisplayPower.missesKept + 1, "\(power.remembered) names kept")
        #expect(power.connector("eDP-1") != nil, "a display that exists stays found")
    }
}
