import Discovery
import InputEvents
import Pipeline

/// Where `run`'s input comes from, in front of the one `Runner`: live panels (udev and evdev)
/// or recordings. A source opens its devices and reads them in its loop; the runner places
/// them, builds the host and puts them in the pipeline; the host asks the source what only
/// it knows (`HostSource`).
package protocol FrameSource: HostSource {
    /// The options in force: the command line's, and for live panels without a screen of
    /// their own the first panel's display's size.
    var options: RunOptions { get }
    /// The panels there are at the start, in order, and where each is placed.
    func startingPanels() -> [(SourcePanel, PanelPlacement)]
    /// The panels in service now, for the rules that match none of them.
    var panelsInService: [(node: String, name: String, info: InputDeviceInfo?)] { get }
    /// Put the panels and the other devices into service once the host is built (the runner
    /// has added each starting panel to the pipeline by then).
    func start(_ runner: Runner) throws
    /// Plays until the input ends (recordings) or SIGINT or SIGTERM, then ends what is down.
    func play() throws
}

/// A panel a source has at the start, before the runner places it: its node, what libevdev
/// (or a recording) says of it, udev's record when there is one, and the key its virtual
/// devices are kept by across unplugs.
package struct SourcePanel {
    package let node: String
    package let description: DeviceDescription
    package let info: InputDeviceInfo?
    /// `ID_PATH` live (a panel plugged back into its port gets its devices again), the node
    /// for a recording.
    package let key: String

    package init(node: String, description: DeviceDescription, info: InputDeviceInfo?, key: String) {
        self.node = node
        self.description = description
        self.info = info
        self.key = key
    }
}
