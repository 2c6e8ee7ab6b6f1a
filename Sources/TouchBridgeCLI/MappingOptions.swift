import ArgumentParser
import Discovery
import Evdev
import InputEvents
import Output
import RunCommandLine
import Runtime
import TouchBridge
import TouchInput
import TouchKit

/// The screen-mapping options `touches` and `run` share.
struct MappingOptions: ParsableArguments {
    // Unconditional: a value such as -800x480 is the option's, refused with the range it takes,
    // not taken for another option.
    @Option(parsing: .unconditional, help: ArgumentHelp(RunOption.mappingHelp.screen, valueName: "WxH"))
    var screen: String?

    @Option(help: ArgumentHelp(RunOption.mappingHelp.rotate, valueName: "DEGREES"))
    var rotate: Int?

    @Option(help: ArgumentHelp(RunOption.mappingHelp.calibration, valueName: "MATRIX"))
    var calibration: String?

    @Option(help: ArgumentHelp(RunOption.mappingHelp.output, valueName: "NAME"))
    var output: String?

    func validate() throws { try Self.check(screen: screen, rotate: rotate, calibration: calibration) }

    static func check(screen: String?, rotate: Int?, calibration: String?) throws {
        do { try RunChecks.mapping(screen: screen, rotate: rotate, calibration: calibration) } catch {
            throw ValidationError(error.message)
        }
    }

    /// Refuses `--output` with a recording (`source`), which has no display.
    func checkOutput(source: String) throws {
        if output != nil && RunInvocation.isRecording(source) { throw ValidationError(RunChecks.outputForRecordings) }
    }

    var rotation: ScreenMapper.Rotation? { rotate.flatMap(ScreenMapper.Rotation.init(rawValue:)) }
    var matrix: ScreenMapper.Calibration? { calibration.flatMap { ScreenMapper.Calibration(parsing: $0) } }
    var screenSize: (width: Double, height: Double)? { screen.flatMap(parseScreen).map { (width: $0.0, height: $0.1) } }
}

extension MappingOptions {
    /// Where the touchscreen `d` read from `source` lands and how its contacts map, as `run`
    /// places it (its udev properties, then these options; a live panel without `--screen` on
    /// its display's mode); a panel whose position axes have no range is refused as `run`
    /// refuses it.
    func place(_ d: DeviceDescription, source: String, info: InputDeviceInfo?) throws -> (
        placement: PanelPlacement, mapper: ScreenMapper
    ) {
        var options = RunOptions()
        options.rotation = rotation
        options.calibration = matrix
        options.screen = screenSize.map { Size(width: $0.width, height: $0.height) }
        options.output = output
        options.takeDisplayMode(
            of: d, node: source, info: info, discovery: info.flatMap { _ in try? DeviceDiscovery() }
        ) {
            Diagnostics.print("touchbridge: \($0)", level: $1)
        }
        let placement = options.placement(node: source, name: d.name, info: info) {
            Diagnostics.print("touchbridge: \($0)")
        }
        let display = options.displayMode.map { (width: $0.width, height: $0.height) }
        let screen = placement.rect.map { (width: $0.size.width, height: $0.size.height) } ?? screenSize ?? display
        guard
            let mapper = ScreenMapper(
                device: d, calibration: placement.calibration, rotation: placement.rotation, screen: screen)
        else {
            throw fail(DeviceError.unsuitable(path: source, reason: "its position axes have no range"))
        }
        let from = placement.rect != nil ? "its rectangle" : options.screenInForce(scene: nil, first: d).source
        Diagnostics.print(
            "touchbridge: \(source): screen \(Int(mapper.width))x\(Int(mapper.height)) (\(from))", level: .info)
        return (placement, mapper)
    }
}

/// Where panels land and how their contacts are corrected, as `run`, `touches` and `watch`
/// share them: what a tester sees is what the daemon does.
struct PanelOptions: ParsableArguments {
    @Option(
        name: .customLong("panel"),
        help: ArgumentHelp(RunOption.panelHelp.panel, valueName: "MATCH=x,y,w,h[@rotation]"))
    var panels: [String] = []

    @Option(
        name: .customLong("hysteresis"),
        help: ArgumentHelp(RunOption.panelHelp.hysteresis, valueName: "[MATCH=]MM"))
    var hysteresis: [String] = []

    @Option(
        name: .customLong("mask"),
        help: ArgumentHelp(RunOption.panelHelp.mask, valueName: "[MATCH=]\"x y w h[; x y w h …]\""))
    var masks: [String] = []

    @Option(
        name: .customLong("panel-device"),
        help: ArgumentHelp(RunOption.panelHelp.panelDevice, valueName: "MATCH"))
    var panelDevices: [String] = []

    func validate() throws {
        try Self.check(panels: panels, hysteresis: hysteresis, masks: masks)
        do { try RunChecks.panelDevices(panelDevices) } catch { throw ValidationError(error.message) }
    }

    static func check(panels: [String], hysteresis: [String], masks: [String]) throws {
        do { try RunChecks.panels(panels: panels, hysteresis: hysteresis, masks: masks) } catch {
            throw ValidationError(error.message)
        }
    }

    /// These options and `mapping`'s, as the daemon's options.
    func options(_ mapping: MappingOptions) -> RunOptions {
        RunChecks.options(
            screen: mapping.screen, rotate: mapping.rotate, calibration: mapping.calibration,
            output: mapping.output, panels: panels, hysteresis: hysteresis, masks: masks, panelDevices: panelDevices)
    }
}

/// The coverage grid of `health` and `picture`: `COLUMNSxROWS`, each 1 to 200.
struct GridOption: ParsableArguments {
    @Option(name: .customLong("grid"), help: "The coverage grid, COLUMNSxROWS.")
    var text: String = "16x9"

    func validate() throws {
        guard Self.parse(text) != nil else {
            throw ValidationError("--grid takes COLUMNSxROWS, each 1 to 200, e.g. 16x9")
        }
    }

    /// The grid's columns and rows (checked by `validate`).
    var size: (columns: Int, rows: Int) { Self.parse(text) ?? (16, 9) }

    static func parse(_ s: String) -> (columns: Int, rows: Int)? {
        let parts = s.split(separator: "x")
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), (1...200).contains(c),
            (1...200).contains(r)
        else { return nil }
        return (c, r)
    }
}
