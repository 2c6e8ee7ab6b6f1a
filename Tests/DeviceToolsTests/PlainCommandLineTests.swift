import DeviceTools
import Testing
import TouchBridge
import TouchKit

/// The daemon's program runs a plain `evtest` and `touches` itself: these readers take exactly
/// such command lines and leave everything else (help, another command's option, a mistake) to
/// the whole interface, which answers it as it always has.
@Suite("Plain tool command lines")
struct PlainCommandLineTests {
    @Test func evtestTakesOneSourceAndItsGrab() {
        #expect(
            EvtestDump.parse(["/dev/input/event3"]).map { ($0.source, $0.grab) } ?? ("", true) == (
                "/dev/input/event3", false
            ))
        #expect(EvtestDump.parse(["--grab", "x.evemu"])?.grab == true)
        #expect(EvtestDump.parse(["x.evemu", "--grab"])?.source == "x.evemu")
    }

    @Test(arguments: [[], ["a.evemu", "b.evemu"], ["--device", "1", "x.evemu"], ["-h"], ["--help", "x"], ["--grab"]])
    func evtestLeavesTheRestToTheInterface(_ arguments: [String]) {
        #expect(EvtestDump.parse(arguments) == nil, "\(arguments)")
    }

    @Test func touchesTakesRunsMappingAndPanelOptions() throws {
        let t = try #require(
            TouchesRun.parse([
                "--json", "--screen", "800x480", "--rotate", "90", "--mask", "0 0 10 10", "--device", "1", "x.evemu",
            ]))
        #expect(t.source == "x.evemu")
        #expect(t.json)
        #expect(t.device == 1)
        #expect(t.options.screen == Size(width: 800, height: 480))
        #expect(t.options.rotation == .quarter)
        #expect(t.options.rules.corrections.map(\.option) == ["--mask"])
        let plain = try #require(TouchesRun.parse(["x.evemu"]))
        #expect(!plain.json)
        #expect(plain.options.screen == nil)
        #expect(plain.device == nil)
    }

    @Test(arguments: [
        [], ["a.evemu", "b.evemu"], ["--scene", "missing.json", "x.evemu"], ["--rotate", "45", "x.evemu"],
        ["--screen", "wide", "x.evemu"], ["--help"], ["--bogus", "x.evemu"], ["--virtual-touchscreen", "x.evemu"],
    ])
    func touchesLeavesTheRestToTheInterface(_ arguments: [String]) {
        #expect(TouchesRun.parse(arguments) == nil, "\(arguments)")
    }

    @Test func aDevicesNameInTheLinesIsItsPathsLastPart() {
        #expect(TouchesRun.baseName("/dev/input/event3", dropExtension: false) == "event3")
        #expect(TouchesRun.baseName("examples/kiosk.evemu", dropExtension: true) == "kiosk")
        #expect(TouchesRun.baseName(".hidden", dropExtension: true) == ".hidden")
    }
}
