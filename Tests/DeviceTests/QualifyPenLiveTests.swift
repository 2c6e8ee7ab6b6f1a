import Evdev
import Foundation
import Glibc
import InputEvents
import ProgramTestSupport
import Testing

/// `qualify --pen` live: the pen's session (examples/qualify-pen.evemu) played on a uinput pen
/// as the prompts ask for it, each mark hovered over before the tip touches it.
extension QualifyLiveTests {
    @Test func aPensLiveSessionAnsweredOnAUinputPenPassesWithItsHoverOffset() throws {
        let path = repositoryDirectory + "/examples/qualify-pen.evemu"
        let recording = try EvemuParser(file: path).parse(Array(try String(contentsOfFile: path, encoding: .utf8).utf8))
        let (pen, _) = try createDevice(recording.description)
        let criteria = try QualifyLiveTests.paceFreeCriteria()
        defer { unlink(criteria) }
        let p = try Spawned(touchbridgeExecutable, ["qualify", "--pen", "--criteria", criteria, pen.devnode])
        // The hover before a mark's touch belongs to its gesture (the pen comes near, then touches).
        let gestures = Self.gestures(of: recording)
        #expect(gestures.count == 9 + 4 + 1 + 1, "the marks, the lines, the rest, and the last one's going away")
        for (i, g) in gestures.enumerated() where i < 14 {
            #expect(
                eventually { p.errors.components(separatedBy: "touchbridge: qualify: ").count - 1 >= i + 1 },
                "\(p.errors)")
            if i < 9 { #expect(p.errors.contains("hold the pen over the mark")) }
            var last = g.first?.first?.time.inSeconds ?? 0
            for f in g {
                let t = f[0].time.inSeconds
                usleep(UInt32(min(0.05, max(0, t - last)) * 1e6))
                last = t
                try pen.frame(f.filter { $0.type != Kernel.EV_SYN }.map { ($0.type, $0.code, $0.value) })
            }
        }
        #expect(p.wait(timeout: 30) == 0, "the session ends with the rest: \(p.output)\n\(p.errors)")
        #expect(p.output.hasSuffix("PASS\n"), "\(p.output)")
        #expect(p.output.contains("pass  hoverOffset  0.2 mm max"), "\(p.output)")
        #expect(QualifyLiveTests.measuredReportRate(p.output) ?? 0 > 0, "the rate is measured: \(p.output)")
    }
}
