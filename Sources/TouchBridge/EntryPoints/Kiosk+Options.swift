import Host
import TouchInput
import TouchKit

extension Kiosk {
    /// What an app sets of the loop it runs in: the screen, how the panels map onto it, whether
    /// they are read exclusively, and how recordings are played. The daemon's outputs (the
    /// event socket, virtual devices, metrics) are `touchbridge run`'s, not an app's.
    public struct Options: Sendable {
        /// The screen in points; nil: the panels' placements, else the first panel's display's
        /// mode, else the panel's own size at 96 dpi.
        public var screen: Size?
        /// The screen's rotation clockwise, for panels without one of their own; nil: their
        /// display's panel orientation, else none.
        public var rotation: ScreenMapper.Rotation?
        /// Overrides the panels' `LIBINPUT_CALIBRATION_MATRIX`.
        public var calibration: ScreenMapper.Calibration?
        /// Read the panels exclusively (`EVIOCGRAB`): no other reader, the compositor
        /// included, sees their touches.
        public var grab = false
        /// Read keyboards and media keys (a remote control) as presses.
        public var keys = false
        /// Recordings only: play at the recorded pace instead of as fast as possible.
        public var realtime = false

        /// The defaults: the panels' own mapping, shared, recordings as fast as possible.
        public init() {}

        /// The loop's options with these set and everything else as `run` has it by default.
        var runOptions: RunOptions {
            var o = RunOptions()
            o.screen = screen
            o.rotation = rotation
            o.calibration = calibration
            o.grab = grab
            o.keys = keys
            o.realtime = realtime
            return o
        }
    }
}
