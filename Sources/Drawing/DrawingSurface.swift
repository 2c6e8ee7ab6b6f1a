import Marks
import TouchInput

/// A place marks are drawn: a compositor's window or overlay, or a display taken through KMS.
/// It shows the last scene given; a tool's loop waits on `fd` beside its devices.
package protocol DrawingSurface: AnyObject {
    /// What it is, for the one line a tool says (`a layer-shell overlay on Virtual-1`).
    var description: String { get }
    /// The descriptor to wait on for the compositor's messages; nil when there are none (KMS).
    var fd: Int32? { get }
    /// Whether the surface was taken away (the compositor closed it or went away).
    var isClosed: Bool { get }
    /// Shows `scene`, now or as soon as a buffer is free.
    func show(_ scene: MarkScene)
    /// Called before the loop sleeps: what is queued goes out.
    func willWait()
    /// Called after the loop woke: `readable` when `fd` was.
    func didWait(readable: Bool)
    /// Gives the display back (the console's picture, or the compositor's).
    func close()
}

/// The panel's screen and its display, as a surface needs them to place marks.
package struct DrawingTarget: Sendable {
    /// The panel's screen, upright, in points.
    package var screenWidth: Double
    package var screenHeight: Double
    /// The display's turn (its panel orientation).
    package var turn: ScreenMapper.Rotation
    /// The connector's name (`Virtual-1`), when the display is known.
    package var connector: String?
    /// Its card node (`/dev/dri/card0`), when known.
    package var card: String?

    package init(
        screenWidth: Double, screenHeight: Double, turn: ScreenMapper.Rotation, connector: String?, card: String?
    ) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.turn = turn
        self.connector = connector
        self.card = card
    }
}
