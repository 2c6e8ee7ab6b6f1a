import Glibc
import InputEvents
import Testing

@testable import TouchInput

/// The W3C Pointer Events conversion from a pen's tilts to its altitude and azimuth.
@Suite("Pen angles")
struct PenAnglesTests {
    func degrees(_ d: Double) -> Double { d * .pi / 180 }
    func near(_ a: (altitude: Double, azimuth: Double), _ alt: Double, _ az: Double) -> Bool {
        abs(a.altitude - alt) < 1e-9 && abs(a.azimuth - az) < 1e-9
    }

    @Test func theConversionsCases() {
        #expect(near(PenAngles.angles(tiltX: 0, tiltY: 0), .pi / 2, 0), "upright")
        #expect(near(PenAngles.angles(tiltX: degrees(30), tiltY: 0), degrees(60), 0), "towards +x")
        #expect(near(PenAngles.angles(tiltX: degrees(-30), tiltY: 0), degrees(60), .pi), "towards -x")
        #expect(near(PenAngles.angles(tiltX: 0, tiltY: degrees(45)), degrees(45), .pi / 2), "down the screen")
        #expect(near(PenAngles.angles(tiltX: 0, tiltY: degrees(-45)), degrees(45), 3 * .pi / 2), "up the screen")
        // Both at 45°: the pen leans along the diagonal, at atan(1/√2) from the glass.
        #expect(near(PenAngles.angles(tiltX: degrees(45), tiltY: degrees(45)), atan(1 / 2.0.squareRoot()), .pi / 4))
        #expect(near(PenAngles.angles(tiltX: degrees(90), tiltY: degrees(10)), 0, 0), "flat on the glass")
    }

    @Test func theAxisResolutionAndTheScreensRotation() {
        // Wacom's tilt axes: hundredths of a degree, 5730 units a radian.
        let wacom = AbsInfo(minimum: -9000, maximum: 9000, resolution: 5730)
        #expect(abs(PenAngles.radians(5730, axis: wacom) - 1) < 1e-12)
        #expect(
            abs(PenAngles.radians(45, axis: AbsInfo(minimum: -64, maximum: 63)) - .pi / 4) < 1e-12,
            "degrees without a resolution")
        #expect(abs(PenAngles.turned(.pi / 4, by: .quarter) - 3 * .pi / 4) < 1e-12)
        #expect(abs(PenAngles.turned(3 * .pi / 2, by: .threeQuarters) - .pi) < 1e-12)
    }
}
