import ArgumentParser
import Discovery
import Evdev
import Host
import InputEvents
import Output
import Pipeline
import RunCommandLine
import Runtime
import TouchBridge
import TouchInput
import TouchKit

/// The screen-mapping options `touches` and `run` share, declared here for the argument parser
/// with `run`'s help and read by `run`'s own table (`RunOption.options(_:)`): each property is
/// the option of its name, so nothing else names it (`runOptionsGiven`).
struct MappingOptions: ParsableArguments {
    // Unconditional: a value such as -800x480 is the option's, refused with the range it takes,
    // not taken for another option.
    @Option(parsing: .unconditional, help: ArgumentHelp(run: "screen"))
    var screen: String?

    @Option(help: ArgumentHelp(run: "rotate"))
    var rotate: Int?

    @Option(help: ArgumentHelp(run: "calibration"))
    var calibration: String?

    @Option(help: ArgumentHelp(run: "output"))
    var output: String?

    func validate() throws { _ = try RunOption.readOptions(runOptionsGiven) }

    /// Refuses `--output` with a recording (`source`), which has no display.
    func checkOutput(source: String) throws {
        if output != nil && RunInvocation.isRecording(source) { throw ValidationError(RunChecks.outputForRecordings) }
    }

    /// The daemon's options these make (validated already, so read without a mistake).
    var options: RunOptions { (try? RunOption.readOptions(runOptionsGiven)) ?? RunOptions() }
    var rotation: ScreenMapper.Rotation? { options.rotation }
    var matrix: ScreenMapper.Calibration? { options.calibration }
    var screenSize: (width: Double, height: Double)? { options.screen.map { (width: $0.width, height: $0.height) } }
}

extension MappingOptions {
    /// Where the touchscreen `d` read from `source` lands and how its contacts map, as `run`
    /// places it (its udev properties, then these options; a live panel without `--screen` on
    /// its display's mode); a panel whose position axes have no range is refused as `run`
    /// refuses it.
    func place(_ d: DeviceDescription, source: String, info: InputDeviceInfo?) throws -> (
        placement: PanelPlacement, mapper: ScreenMapper
    ) {
        var options = self.options
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
/// share them: what a tester sees is what the daemon does. Each property is the option of its
/// name (`panelDevice`: `--panel-device`), repeatable.
struct PanelOptions: ParsableArguments {
    @Option(help: ArgumentHelp(run: "panel"))
    var panel: [String] = []

    @Option(help: ArgumentHelp(run: "hysteresis"))
    var hysteresis: [String] = []

    @Option(help: ArgumentHelp(run: "mask"))
    var mask: [String] = []

    @Option(help: ArgumentHelp(run: "panel-device"))
    var panelDevice: [String] = []

    func validate() throws { _ = try RunOption.readOptions(runOptionsGiven) }

    /// These options and `mapping`'s, as the daemon's options.
    func options(_ mapping: MappingOptions) -> RunOptions {
        (try? RunOption.readOptions(mapping.runOptionsGiven + runOptionsGiven)) ?? RunOptions()
    }
}

extension ParsableArguments {
    /// The values given to the options these arguments declare, each property standing for
    /// `run`'s option of its name (`panelDevice`: `panel-device`), in declaration order: read
    /// from the properties themselves, so an option is named once, where it is declared.
    var runOptionsGiven: [(name: String, value: String)] {
        Mirror(reflecting: self).children.flatMap { child -> [(name: String, value: String)] in
            guard let label = child.label, label.hasPrefix("_") else { return [] }
            let name = Self.optionName(label.dropFirst())
            switch child.value {
            case let o as Option<String?>: return o.wrappedValue.map { [(name, $0)] } ?? []
            case let o as Option<Int?>: return o.wrappedValue.map { [(name, String($0))] } ?? []
            case let o as Option<[String]>: return o.wrappedValue.map { (name, $0) }
            // A declaration of this file, never input: a kind of option added here must be read here.
            default: preconditionFailure("--\(name): an option of a kind runOptionsGiven does not read")
            }
        }
    }

    /// A property's name as its option's: `panelDevice` is `panel-device`.
    static func optionName(_ property: Substring) -> String {
        property.reduce(into: "") { name, c in
            if c.isUppercase { name += "-" + c.lowercased() } else { name.append(c) }
        }
    }
}

extension ArgumentHelp {
    /// The help and value name `run`'s table gives the option called `name`.
    init(run name: String) {
        let option = RunOption.named(Substring(name))
        self.init(option?.help ?? "", valueName: option?.valueName)
    }
}

extension RunOption {
    /// `RunOption.options(_:)`, its mistake as the argument parser says one (exit 64).
    static func readOptions(_ given: [(name: String, value: String)]) throws -> RunOptions {
        do { return try options(given) } catch { throw ValidationError(error.message) }
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
