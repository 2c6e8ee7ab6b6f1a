/// A flag of a tool both programs run, declared once: the daemon's program reads a plain
/// command line by these names, and the interface's command declares its flags from them
/// (name and help), so the two never disagree.
package struct ToolFlag: Sendable {
    /// The long name, without its dashes.
    package let name: String
    /// What it does, as `--help` says it.
    package let help: String

    /// Whether `argument` is this flag (`--name`).
    package func names(_ argument: String) -> Bool { argument.hasPrefix("--") && argument.dropFirst(2) == name }
}

extension DeviceList {
    /// `list`'s flags.
    package enum Flag {
        package static let json = ToolFlag(name: "json", help: "One JSON object per device and line.")
        package static let touchscreens = ToolFlag(name: "touchscreens", help: "Only touchscreens.")
        package static let paths = ToolFlag(
            name: "paths", help: "Print only the device nodes, one per line (for scripts).")
    }
}

extension EvtestDump {
    /// `evtest`'s flags.
    package enum Flag {
        package static let grab = ToolFlag(name: "grab", help: "Grab the device for exclusive access while dumping.")
    }
}
