import ArgumentParser
import DeviceTools
import Evdev
import Glibc
import InputEvents
import Output
import TouchBridge
import TouchInput

struct TouchesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touches",
        abstract: "Show what a panel reports after contact tracking and screen mapping.",
        discussion: """
            One line per contact change per frame (began, moved, stationary, ended, cancelled), with \
            the position and previous position in screen points, then a frame line. Contacts already \
            on the glass at start are reported as beginning then, marked 'initial'. On SIGINT/SIGTERM, \
            unplug, or the end of a recording, remaining contacts end as cancelled.
            """)

    @OptionGroup var reading: SourceArgument
    /// The event node or recording named.
    var source: String { reading.source }

    @Flag(help: "JSON Lines instead of text.")
    var json = false

    @Option(
        help: ArgumentHelp(
            "A scene file: the panel is mapped onto its screen, as run maps it (only the screen is used).",
            valueName: "FILE"))
    var scene: String?

    @OptionGroup(title: "Screen mapping, as run maps a panel (the screen in force is said on standard error)")
    var mapping: MappingOptions

    @OptionGroup(title: "Panel placement and corrections, as run takes them (--hysteresis 0: raw contacts)")
    var panelOptions: PanelOptions

    func validate() throws { try mapping.checkOutput(source: source) }

    func run() throws {
        do {
            let loaded = try scene.map { try Scene.load(path: $0) }
            let touches = TouchesRun(
                source: source, device: reading.device, json: json, options: panelOptions.options(mapping),
                scene: loaded)
            try touches.run()
        } catch { throw fail(error) }
    }
}
