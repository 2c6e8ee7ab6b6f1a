import ArgumentParser
import DeviceTools

/// `list`'s command line for the argument parser (help, completions, mistakes); the listing is
/// `DeviceList`'s, which the daemon's program also runs for a plain command line.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List input devices, touchscreens first-class: node, name, kind, slots, ranges, size, calibration.")

    @Flag(name: .tool(DeviceList.Flag.json), help: .tool(DeviceList.Flag.json))
    var json = false

    @Flag(name: .tool(DeviceList.Flag.touchscreens), help: .tool(DeviceList.Flag.touchscreens))
    var touchscreens = false

    @Flag(name: .tool(DeviceList.Flag.paths), help: .tool(DeviceList.Flag.paths))
    var paths = false

    func run() throws {
        do { try DeviceList(json: json, touchscreens: touchscreens, paths: paths).run() } catch { throw fail(error) }
    }
}

extension NameSpecification {
    /// A flag's name as the tools declare it (`ToolFlag`).
    static func tool(_ flag: ToolFlag) -> NameSpecification { .customLong(flag.name) }
}

extension ArgumentHelp {
    /// A flag's help as the tools declare it (`ToolFlag`).
    static func tool(_ flag: ToolFlag) -> ArgumentHelp { ArgumentHelp(flag.help) }
}
