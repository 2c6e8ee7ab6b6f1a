import Testing
import TouchInput

@testable import TouchBridgeCLI

/// The udev rule `calibrate --write` writes as root: a panel's name from a hostile USB device
/// cannot end the rule's line nor write one of its own.
@Suite("calibrate --write's rule")
struct CalibrationRuleTests {
    @Test func aHostileNameMatchesAsAGlobAndItsCommentStaysOneLine() {
        let evil = "Evil\nACTION==\"add\", RUN+=\"/bin/sh\"\n<0>"
        let matrix = ScreenMapper.Calibration.identity
        let rule = CalibrationReport.udevRule(name: evil, idPath: nil, matrix: matrix)
        #expect(!rule.contains("\n"), "\(rule)")
        #expect(rule.contains(#"ATTRS{name}=="Evil?ACTION==?add?, RUN+=?/bin/sh??<0>""#), "\(rule)")
        let comment = CalibrationReport.ruleComment(name: evil, residuals: "residual mean 0 pt")
        #expect(!comment.contains("\n"), "\(comment)")
        #expect(comment.hasPrefix("# touchbridge calibrate: Evil\\u{A}ACTION"), "\(comment)")
        #expect(
            CalibrationReport.udevRule(name: "x", idPath: "pci-0000:00:14.0-usb-0:2:1.0", matrix: matrix).contains(
                #"ENV{ID_PATH}=="pci-0000:00:14.0-usb-0:2:1.0""#))
    }
}
