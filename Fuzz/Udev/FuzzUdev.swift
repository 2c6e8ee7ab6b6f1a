import Discovery
import Evdev
import Host
import InputEvents
import Pipeline
import PipelineChecks
import TouchBridge
import TouchInput
import TouchKit

/// A panel's udev properties (`TOUCHBRIDGE_SCREEN_RECT`, `TOUCHBRIDGE_MASK`,
/// `TOUCHBRIDGE_ROTATION`, `TOUCHBRIDGE_HYSTERESIS_MM`, `TOUCHBRIDGE_NOISE_FILTERS`,
/// `LIBINPUT_CALIBRATION_MATRIX`, `LIBINPUT_FUZZ_*`) are outside data a local rule writes: from arbitrary `KEY=VALUE` lines
/// (up to the first NUL), the placement is either refused value by value or within range, and
/// an arbitrary stream through a panel placed so never traps nor breaks the pipeline's invariants.
func fuzzUdev(_ bytes: [UInt8]) {
    let cut = bytes.firstIndex(of: 0) ?? bytes.count
    var properties: [String: String] = [:]
    for line in String(decoding: bytes[..<cut], as: UTF8.self).split(separator: "\n") {
        guard let eq = line.firstIndex(of: "=") else { continue }
        properties[String(line[..<eq])] = String(line[line.index(after: eq)...])
    }
    var input = FuzzInput(Array(bytes[min(cut + 1, bytes.count)...]))
    let device = input.device()
    let info = InputDeviceInfo(recordedAt: "fuzz", name: device.name, udevProperties: properties)
    let placement = RunOptions().placement(node: "fuzz", name: device.name, info: info) { message in
        guard !message.isEmpty else { fatalError("invariant: a refused value is said") }
    }
    if let r = placement.rect {
        let figures = [r.minX, r.minY, r.width, r.height]
        guard figures.allSatisfy({ abs($0) <= screenSideLimit }), r.width > 0, r.height > 0 else {
            fatalError("invariant: a panel's rectangle is within range (\(r))")
        }
    }
    guard (placement.corrections[Masks.self]?.count ?? 0) <= maskRectLimit else {
        fatalError("invariant: a mask has at most \(maskRectLimit)")
    }
    if let n = placement.noise {
        let s = n.settings
        guard
            [s.farApartMM, s.alignedMM, s.samePointMM, s.varianceMM, s.debounce, s.edgeUnits].allSatisfy({
                $0.isFinite && $0 > 0
            }), s.pressureFraction <= 1, s.palmFraction <= 1, s.repeatTolerance < 1
        else { fatalError("invariant: a noise rule's setting is within range (\(s))") }
    }
    let instance = SceneInstance(
        scene: CheckScenes.standard, screen: Size(width: 800, height: 480), log: HandlerLog(format: .json))
    let checker = InvariantChecker(instance)
    let pipeline = TouchPipeline(scene: instance)
    let size = placement.rect.map { ($0.width, $0.height) } ?? (800, 480)
    guard
        let mapper = ScreenMapper(
            device: device, calibration: placement.calibration, rotation: placement.rotation, screen: size)
    else { return }
    let panel = pipeline.addPanel(node: "fuzz", description: device, mapper: mapper, placement: placement, time: 1)
    checker.play(&input, on: panel, of: pipeline, limit: 5_000)
}

/// libFuzzer's callback.
func entry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzUdev(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main struct Main {
    static func main() { fuzzMain(name: "fuzz-udev", entry, fuzzUdev) }
}
