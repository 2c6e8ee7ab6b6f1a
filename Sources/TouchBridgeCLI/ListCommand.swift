import ArgumentParser
import DeviceTools

/// `list`'s command line for the argument parser (help, completions, mistakes); the listing is
/// `DeviceList`'s, which the daemon's program also runs for a plain command line.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List input devices, touchscreens first-class: node, name, kind, slots, ranges, size, calibration.")

    @Flag(help: "One JSON object per device and line.")
    var json = false

    @Flag(help: "Only touchscreens.")
    var touchscreens = false

    @Flag(help: "Print only the device nodes, one per line (for scripts).")
    var paths = false

    func run() throws {
        do { try DeviceList(json: json, touchscreens: touchscreens, paths: paths).run() } catch { throw fail(error) }
    }
}
