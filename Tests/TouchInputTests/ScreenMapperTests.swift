import InputEvents
import Testing

@testable import TouchInput

@Suite("Screen mapping in libinput's convention")
struct ScreenMapperTests {
    let x = AbsInfo(minimum: 0, maximum: 999)
    let y = AbsInfo(minimum: 0, maximum: 499)
    /// 80 % across, 20 % down, with range = max - min + 1.
    var touch: DevicePoint { DevicePoint(x: 800, y: 100) }

    func close(_ a: ScreenPoint, _ b: ScreenPoint) -> Bool { max(abs(a.x - b.x), abs(a.y - b.y)) < 1e-9 }

    @Test(arguments: [
        (ScreenMapper.Rotation.none, "1 0 0 0 1 0", 0.8, 0.2), (.quarter, "0 -1 1 1 0 0", 0.8, 0.8),
        (.half, "-1 0 1 0 -1 1", 0.2, 0.8), (.threeQuarters, "0 1 0 -1 0 1", 0.2, 0.2),
    ])
    func libinputPresetsAndRotationAgree(
        _ rotation: ScreenMapper.Rotation, _ preset: String, _ ex: Double, _ ey: Double
    ) throws {
        let matrix = try #require(ScreenMapper.Calibration(parsing: preset))
        let byMatrix = ScreenMapper(x: x, y: y, calibration: matrix, width: 1, height: 1)
        let byRotation = ScreenMapper(x: x, y: y, rotation: rotation, width: 1, height: 1)
        #expect(close(byMatrix.map(touch), ScreenPoint(x: ex, y: ey)), "matrix \(preset)")
        #expect(close(byRotation.map(touch), ScreenPoint(x: ex, y: ey)), "--rotate \(rotation.rawValue)")
    }

    @Test func normalisesWithTheAxisMinimumAndRangePlusOne() {
        let m = ScreenMapper(
            x: AbsInfo(minimum: 100, maximum: 1123), y: AbsInfo(minimum: -512, maximum: 511), width: 1920, height: 1080)
        #expect(close(m.map(DevicePoint(x: 100, y: -512)), ScreenPoint(x: 0, y: 0)))
        #expect(close(m.map(DevicePoint(x: 612, y: 0)), ScreenPoint(x: 960, y: 540)))
    }

    @Test func valuesOutsideTheRangeAreNotClamped() {
        let m = ScreenMapper(x: x, y: y, width: 100, height: 100)
        let outside = m.map(DevicePoint(x: -100, y: 600))
        #expect(close(outside, ScreenPoint(x: -10, y: 120)))
    }

    @Test func calibratedPositionsKeepWholeDeviceUnitsLikeLibinput() throws {
        // 90° on a 4096×2304 panel: y' = 2304/4096 · x = 562.5 units, which libinput keeps as 562.
        let m = ScreenMapper(
            x: AbsInfo(minimum: 0, maximum: 4095), y: AbsInfo(minimum: 0, maximum: 2303),
            calibration: try #require(.init(parsing: "0 -1 1 1 0 0")), width: 100, height: 100)
        let q = m.map(DevicePoint(x: 1000, y: 500))
        #expect(abs(q.y - 562.0 / 2304 * 100) < 1e-9)
        #expect(abs(q.x - 3207.0 / 4096 * 100) < 1e-9)
    }

    @Test func calibrationParsingRejectsAnythingButSixNumbers() {
        #expect(ScreenMapper.Calibration(parsing: "1 0 0 0 1") == nil)
        #expect(ScreenMapper.Calibration(parsing: "1 0 0 0 1 x") == nil)
        #expect(ScreenMapper.Calibration(parsing: "1 0 0 0 1 nan") == nil)
        #expect(ScreenMapper.Calibration(parsing: "1.0 0 0.5 0 1.0 0") != nil)
    }

    @Test func defaultScreenIsThePanelAt96DPIElseFullHD() throws {
        let withResolution = try #require(ScreenMapper(device: Panels.multitouch()))
        // 4096 units at 16 units/mm = 256 mm = 967.6 points at 96 dpi.
        #expect(withResolution.width == 968)
        #expect(withResolution.height == 968)
        let rotated = try #require(ScreenMapper(device: Panels.single(), rotation: .quarter))
        #expect(rotated.width == 1080, "no resolution: 1920×1080, turned with the panel")
        #expect(rotated.height == 1920, "no resolution: 1920×1080, turned with the panel")
        let given = try #require(ScreenMapper(device: Panels.single(), screen: (800, 480)))
        #expect(given.width == 800)
        #expect(given.height == 480)
    }
}
