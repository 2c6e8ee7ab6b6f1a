import Pipeline
import Runtime
import Sysfs
import TouchScene

/// What the host asks of whatever feeds its pipeline: whether its time is this machine's, the
/// loop the outputs wait in, the displays' power, a command's time, and what follows a command
/// or comes before a reload. `FrameSource` is the whole of a source.
package protocol HostSource: AnyObject {
    /// Whether the time is this machine's (live): the metrics then measure input latency.
    var isLive: Bool { get }
    /// The loop the outputs wait in; nil for a recording played as fast as possible with
    /// nothing to serve.
    var loop: EventLoop? { get }
    /// The panels' displays' power and backlights; nil when the panels have no display
    /// (recordings).
    var displayPower: DisplayPower? { get }
    /// The time a client's command takes when it is not the pipeline's (a paced recording:
    /// its time now, between frames); nil otherwise.
    func commandTime() -> Double?
    /// After a client's command (a paced recording's wait ends: a deadline may be nearer).
    func commandDone()
    /// On SIGHUP, before the scene is read again (live panels read udev's properties anew).
    func beforeReload()
}
