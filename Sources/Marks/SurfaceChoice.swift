/// Which surface marks are drawn on, chosen by what the machine has: a Wayland compositor's
/// window, the display itself through KMS when no compositor holds it, else the terminal only.
public enum SurfaceChoice: Equatable, Sendable {
    /// A compositor's socket (an absolute path).
    case wayland(socket: String)
    /// The DRM card node and connector to scan out on.
    case kms(card: String, connector: String)
    /// No drawing: the terminal's prompts only, and why (nil when asked with --no-draw).
    case terminal(reason: String?)

    /// What the choice is made from.
    public struct Facts: Equatable, Sendable {
        /// `--no-draw`.
        public var noDraw = false
        /// The sockets of running compositors: $XDG_RUNTIME_DIR/$WAYLAND_DISPLAY first, then
        /// those found under /run/user.
        public var waylandSockets: [String] = []
        /// The panel's display: its card node (`/dev/dri/card0`) and connector (`HDMI-A-1`).
        public var display: (card: String, connector: String)?
        /// Whether a program holds the display's card as DRM master (a compositor, a console
        /// server), which KMS cannot take it from.
        public var masterHeld = false

        public init() {}

        public static func == (a: Facts, b: Facts) -> Bool {
            a.noDraw == b.noDraw && a.waylandSockets == b.waylandSockets && a.display?.card == b.display?.card
                && a.display?.connector == b.display?.connector && a.masterHeld == b.masterHeld
        }
    }

    /// The surfaces to try in order: each compositor, then KMS, ending with the terminal.
    public static func candidates(_ f: Facts) -> [SurfaceChoice] {
        if f.noDraw { return [.terminal(reason: nil)] }
        var out: [SurfaceChoice] = f.waylandSockets.map { .wayland(socket: $0) }
        if let d = f.display, !f.masterHeld {
            out.append(.kms(card: d.card, connector: d.connector))
        }
        out.append(.terminal(reason: reason(f)))
        return out
    }

    /// Why nothing can be drawn when no surface opens.
    static func reason(_ f: Facts) -> String {
        let compositor =
            f.waylandSockets.isEmpty
            ? "no Wayland compositor runs" : "no compositor answered on \(f.waylandSockets.joined(separator: ", "))"
        guard let d = f.display else {
            return compositor + " and the panel's display is not known (touchbridge screens)"
        }
        if f.masterHeld { return compositor + " and another program holds \(d.card) (DRM master)" }
        return compositor + " and \(d.connector) on \(d.card) could not be taken"
    }
}
