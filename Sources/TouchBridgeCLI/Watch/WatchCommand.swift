import ArgumentParser
import DeviceTools
import Evdev
import Glibc
import InputEvents
import Output
import Sysexits
import TouchBridge
import TouchInput
import TouchKit

struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "A live picture of a panel in the terminal: contacts, trails, rate, jitter, coverage.",
        discussion: """
            Draws the panel's screen rectangle at its aspect ratio in braille dots (2x4 a cell), each \
            contact a blob labelled with its touch id and slot and a trail of its last half second: \
            'o' where a touch began, '□' where it ended, 'x' where it was cancelled. With --scene, the \
            views' outlines and names, and the view each touch was hit-tested to. Below: the report \
            rate now and since start, contacts down and the most at once, SYN_DROPPED, the resting \
            jitter of the finger resting now (as health measures it) and the coverage so far. \
            Keys: q quits, c clears the trails and counters, p pauses the picture (the counters go \
            on). A recording plays at its recorded pace (--speed), then the last picture stays until \
            q. Contacts a --mask ignores are not drawn, as run never sees them. Needs a terminal (40x12 or \
            larger, NO_COLOR for no colour), and works over SSH.
            """)

    @OptionGroup var reading: SourceArgument
    /// The event node or recording named.
    var source: String { reading.source }

    @Option(help: "A scene file (JSON): draw its views and name the view each touch is hit-tested to.")
    var scene: String?

    @Flag(help: "Grab the device (EVIOCGRAB) so nothing else sees its touches while watching.")
    var grab = false

    @Option(help: "Play a recording this many times faster than recorded.")
    var speed: Double = 1

    @Option(
        help: ArgumentHelp(
            "Play a recording only up to this many seconds into it, then hold the picture.", valueName: "SECONDS"))
    var until: Double?

    @OptionGroup(
        title:
            "Screen mapping, as run maps a panel (default screen: the scene's, else the mode of the display a live panel is on, else its size at 96 dpi; the title says the screen in force)"
    )
    var mapping: MappingOptions

    @OptionGroup(title: "Panel placement and corrections, as run takes them")
    var panelOptions: PanelOptions

    func validate() throws {
        try mapping.checkOutput(source: source)
        guard speed > 0, speed.isFinite else { throw ValidationError("--speed takes a number above 0, e.g. 2") }
        if let until, !SceneDuration.isValid(until, allowingZero: true) {
            throw ValidationError("--until takes \(SceneDuration.expected(allowingZero: true))")
        }
    }

    func run() throws {
        do { try Terminal.check() } catch {
            Diagnostics.print("touchbridge: \(error)", level: .error)
            throw ExitCode(Sysexits.usage)
        }
        let (input, d, info) = try InputSource.openTouchscreen(
            source, device: reading.device, rules: panelOptions.options(mapping).rules)
        if case .device = input, until != nil {
            Diagnostics.print("touchbridge: --until is for recordings; a live panel is watched until q", level: .error)
            throw ExitCode(Sysexits.usage)
        }
        let session: WatchSession
        let feedInput: WatchSession.Input
        do {
            var setup = try setUp(d, info: info)
            switch input {
            case .recording(let r, _):
                feedInput = .recording(r, speed: speed, until: until)
            case .device(let device):
                if grab { try device.grab() }
                setup.feed.open(device)
                feedInput = .device(device)
            }
            session = try WatchSession(
                feed: setup.feed, status: setup.status, screen: setup.screen, views: setup.views,
                terminal: try Terminal())
        } catch let problem as Terminal.Problem {
            Diagnostics.print("touchbridge: \(problem)", level: .error)
            throw ExitCode(Sysexits.usage)
        } catch {
            throw fail(error)
        }
        do { try session.run(feedInput) } catch { throw fail(error) }
    }
}
