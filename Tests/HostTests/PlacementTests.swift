import Discovery
import Evdev
import Foundation
import HostTestSupport
import InputEvents
import PipelineTestSupport
import Testing
import TouchInput
import TouchKit

@testable import Host
@testable import Pipeline
@testable import TouchScene

/// Per-panel mapping onto a screen space, the jitter filter and masked regions, from the
/// command line and from udev properties.
@Suite("Panels in the screen space")
struct PlacementTests {
    @Test func panelRulesParse() throws {
        let (m, r, rot) = try #require(PanelRules.parsePanel("/dev/input/event4=800,0,480,800@90"))
        #expect(m.pattern == "/dev/input/event4")
        #expect(r == Rect(x: 800, y: 0, width: 480, height: 800))
        #expect(rot == .quarter)
        #expect(
            PanelRules.parsePanel("pci-0000:00:14.0-usb-0:3:1.0=0,0,1920,1080")?.0.pattern
                == "pci-0000:00:14.0-usb-0:3:1.0")
        #expect(PanelRules.parsePanel("ILITEK Multi-Touch=0,0,10,10")?.1 == Rect(x: 0, y: 0, width: 10, height: 10))
        for bad in ["0,0,800,480", "=0,0,800,480", "a=0,0,800", "a=0,0,800,480@45", "a=0,0,-5,480", "a=0,0,800,480,1"] {
            #expect(PanelRules.parsePanel(bad) == nil, "\(bad)")
        }
        #expect(Hysteresis.rule("0.8")?.settings[Hysteresis.self] == 0.8)
        #expect(Hysteresis.rule("0.8")?.match.pattern == nil)
        #expect(Hysteresis.rule("event4=1.5")?.match.pattern == "event4")
        #expect(Hysteresis.rule("event4=1.5")?.option == "--hysteresis")
        #expect(Hysteresis.rule("-1") == nil)
        #expect(Hysteresis.rule("inf") == nil)
        #expect(
            Masks.rule("0 0 60 60; 1860 1020 60 60")?.settings[Masks.self] == [
                Rect(x: 0, y: 0, width: 60, height: 60),
                Rect(x: 1860, y: 1020, width: 60, height: 60),
            ])
        #expect(Masks.rule("0 0 60") == nil)
    }

    @Test func theCommandLineWinsOverUdevWhichWinsOverTheDefaults() {
        var options = RunOptions()
        options.rotation = .half
        var info = InputDeviceInfo(
            devnode: "/dev/input/event7", syspath: "", name: "P", kinds: ["touchscreen"], calibration: nil,
            calibrationText: "0 -1 1 1 0 0", widthMM: nil, heightMM: nil, idPath: "platform-x", isInitialized: true)
        var warnings: [String] = []
        let plain = options.placement(node: "/dev/input/event7", name: "P", info: nil) { warnings.append($0) }
        #expect(plain.rect == nil)
        #expect(plain.rotation == .half)
        #expect(plain.calibration == .identity)
        #expect(plain.corrections[Hysteresis.self] == nil)
        info.properties = [
            "TOUCHBRIDGE_SCREEN_RECT": "10 20 300 200", "TOUCHBRIDGE_ROTATION": "270",
            "TOUCHBRIDGE_HYSTERESIS_MM": "0.5", "TOUCHBRIDGE_MASK": "10 20 5 5",
        ]
        let udev = options.placement(node: "/dev/input/event7", name: "P", info: info) { warnings.append($0) }
        #expect(udev.rect == Rect(x: 10, y: 20, width: 300, height: 200))
        #expect(udev.rotation == .threeQuarters)
        #expect(udev.calibration == ScreenMapper.Calibration([0, -1, 1, 1, 0, 0]))
        #expect(udev.corrections[Hysteresis.self] == 0.5)
        #expect(udev.corrections[Masks.self] == [Rect(x: 10, y: 20, width: 5, height: 5)])
        options.rules.rects = [(PanelMatch("platform-x"), Rect(x: 0, y: 0, width: 50, height: 50), .quarter)]
        options.rules.corrections = [Hysteresis.rule("Other=3")!]
        let cli = options.placement(node: "/dev/input/event7", name: "P", info: info) { warnings.append($0) }
        #expect(cli.rect == Rect(x: 0, y: 0, width: 50, height: 50), "--panel by ID_PATH")
        #expect(cli.rotation == .quarter, "--panel by ID_PATH")
        #expect(cli.corrections[Hysteresis.self] == 0.5, "a rule for another panel does not apply")
        info.properties = [
            "TOUCHBRIDGE_SCREEN_RECT": "wide", "TOUCHBRIDGE_ROTATION": "45", "TOUCHBRIDGE_HYSTERESIS_MM": "-2",
            "TOUCHBRIDGE_MASK": "0 0 60",
        ]
        let refused = RunOptions().placement(node: "/dev/input/event7", name: "P", info: info) { warnings.append($0) }
        #expect(refused.corrections == PanelSettings(), "a malformed correction's setting is left out")
        #expect(
            warnings == [
                "/dev/input/event7: ignoring TOUCHBRIDGE_ROTATION=\"45\" (expected 0, 90, 180 or 270)",
                "/dev/input/event7: ignoring TOUCHBRIDGE_SCREEN_RECT=\"wide\" (expected \"x y w h\" in points)",
                "/dev/input/event7: ignoring TOUCHBRIDGE_HYSTERESIS_MM=\"-2\" (expected MM, millimetres)",
                "/dev/input/event7: ignoring TOUCHBRIDGE_MASK=\"0 0 60\" "
                    + "(expected \"x y w h[; x y w h …]\", rectangles in screen points)",
            ])
    }

    func options(_ args: (inout RunOptions) -> Void) -> RunOptions {
        var o = RunOptions()
        args(&o)
        return o
    }

    func run(_ paths: [String], _ o: RunOptions, scene: Scene? = nil) throws -> [String] {
        let sink = MemorySink()
        try Runner(recordings: paths, scene: scene, options: o, sink: sink).run()
        return sink.lines.map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
    }

    @Test func twoRecordedPanelsLandOnTheirOwnScreensOfTheDefaultScene() throws {
        var a = TestRecording()
        var b = TestRecording(description: examplePanel(name: "right"))
        a.tap(at: 1, id: 1, 400, 240)
        b.tap(at: 1.5, id: 1, 200, 120)
        let (pa, pb) = (try a.file("left"), try b.file("right"))
        let log = try run(
            [pa, pb],
            options {
                $0.rules.rects = [
                    (PanelMatch(pa), Rect(x: 0, y: 0, width: 800, height: 480), nil),
                    (PanelMatch("right"), Rect(x: 800, y: 0, width: 800, height: 480), .half),
                ]
            }
        ).filter { $0.hasPrefix("touchesBegan") }
        // "right" is turned 180°: (200, 120) on its panel is (600, 360) in its window.
        #expect(
            log == [
                "touchesBegan screen #1 began (400.00,240.00) prev (400.00,240.00) taps 1",
                "touchesBegan screen2 #2 began (600.00,360.00) prev (600.00,360.00) taps 1",
            ])
    }

    @Test func recordingsThatOverlapInTimePlayFrameByFrameInTimeOrder() throws {
        // Each held while the other lands and lifts; "right" goes on alone once "left" ends.
        var a = TestRecording()
        var b = TestRecording(description: examplePanel(name: "right"))
        a.tap(at: 1, id: 1, 100, 100, hold: 1)
        b.tap(at: 1.5, id: 1, 200, 200, hold: 1)
        b.tap(at: 3, id: 2, 300, 300)
        let (pa, pb) = (try a.file("left"), try b.file("right"))
        let log = try run([pa, pb], options { _ in }).filter {
            $0.hasPrefix("touchesBegan") || $0.hasPrefix("touchesEnded")
        }
        #expect(
            log.map { $0.split(separator: " ").prefix(4).joined(separator: " ") } == [
                "touchesBegan screen #1 began", "touchesBegan screen #2 began", "touchesEnded screen #1 ended",
                "touchesEnded screen #2 ended", "touchesBegan screen #3 began", "touchesEnded screen #3 ended",
            ], "\(log)")
    }

    @Test func aSceneWithAWindowPerScreenGetsEachTouchInTheWindowUnderIt() throws {
        let s = try scene(
            #"""
            { "screen": [1600, 480], "windows": [
              { "name": "Left", "frame": [0, 0, 800, 480], "root": { "name": "L", "consumes": ["touchesBegan", "touchesEnded"] } },
              { "name": "Right", "frame": [800, 0, 800, 480], "root": { "name": "R", "consumes": ["touchesBegan", "touchesEnded"] } } ] }
            """#)
        var a = TestRecording()
        a.tap(at: 1, id: 1, 100, 100)
        a.tap(at: 2, id: 2, 700, 100)
        let log = try run([try a.file()], options { _ in }, scene: s).filter { $0.hasPrefix("touchesBegan") }
        // The panel covers the whole 1600×480 screen: x doubles.
        #expect(
            log == [
                "touchesBegan L #1 began (200.00,100.00) prev (200.00,100.00) taps 1",
                "touchesBegan R #2 began (600.00,100.00) prev (600.00,100.00) taps 1",
            ])
    }

    @Test func aContactThatBeginsInAMaskIsIgnoredUntilItLifts() throws {
        var r = TestRecording()
        r.down(at: 1, id: 1, 10, 10)  // the cracked corner
        r.move(at: 1.1, 400, 240)  // sliding out of it changes nothing
        r.up(at: 1.2)
        r.tap(at: 2, id: 2, 400, 240)
        let log = try run(
            [try r.file()],
            options {
                $0.screen = Size(width: 800, height: 480)
                $0.rules.corrections = [Masks.rule("0 0 60 60")!]
            }
        ).filter { $0.hasPrefix("touches") }
        #expect(
            log == [
                "touchesBegan screen #2 began (400.00,240.00) prev (400.00,240.00) taps 1",
                "touchesEnded screen #2 ended (400.00,240.00) prev (400.00,240.00) taps 1",
            ])
    }

    @Test func theJitterFilterLetsALongPressThroughOnTheNoisyRecording() throws {
        let s = try Scene.read(path: "\(examplesDirectory)/noisy-press.json")
        let path = "\(examplesDirectory)/noisy-press.evemu"
        let raw = try run([path], options { _ in }, scene: s)
        // Up to 3.5 mm on each axis, 4.9 mm diagonally: libinput's ellipse needs a 5 mm margin.
        let filtered = try run([path], options { $0.rules.corrections = [Hysteresis.rule("5")!] }, scene: s)
        let four = try run([path], options { $0.rules.corrections = [Hysteresis.rule("4")!] }, scene: s)
        #expect(
            four.filter { $0.hasPrefix("touchesMoved") }.count == 2, "4 mm: the two diagonal jumps leave the ellipse")
        #expect(raw.filter { $0.hasPrefix("touchesMoved") }.count > 20, "the resting finger jitters")
        #expect(raw.contains { $0.hasPrefix("gesture hold on Hold failed") })
        #expect(!raw.contains("action held from hold -> AppDelegate"))
        #expect(filtered.filter { $0.hasPrefix("touchesMoved") }.isEmpty, "filtered: it rests")
        #expect(filtered.contains { $0.hasPrefix("gesture hold on Hold began") })
        #expect(filtered.contains("action held from hold -> AppDelegate"))
        #expect(filtered.contains("action pressed from press -> AppDelegate"), "a clean tap still taps")
    }
}
