import Pipeline
import Runtime

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
    var displays: (any DisplayControl)? { get }
    /// The time a client's command takes when it is not the pipeline's (a paced recording:
    /// its time now, between frames); nil otherwise.
    func commandTime() -> Double?
    /// After a client's command (a paced recording's wait ends: a deadline may be nearer).
    func commandDone()
    /// On SIGHUP, before the scene is read again (live panels read udev's properties anew).
    func beforeReload()
}

/// What the control socket asks of the panels' displays, by connector name (`eDP-1`): whether
/// one is off, its backlight's level, and setting it. Live panels answer from sysfs.
package protocol DisplayControl: AnyObject {
    /// Whether the display is off (blanked or its backlight powered down).
    func isOff(_ output: String) -> Bool
    /// The display's backlight level from 0 to 1; nil when it has none the kernel controls.
    func brightness(of output: String) -> Double?
    /// Sets the display's backlight level (0 to 1); nil when set, or why not.
    func setBrightness(_ level: Double, of output: String) -> BrightnessRefusal?
}

/// Why a display's backlight was not set.
package enum BrightnessRefusal: Error, Equatable {
    /// The display has no backlight the kernel controls (said why).
    case noBacklight(String)
    /// Writing the level failed (said why).
    case failed(String)
}
