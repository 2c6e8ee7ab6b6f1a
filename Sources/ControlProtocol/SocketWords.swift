/// The words of the socket's own lines, said once for every end: the daemon writes the hello
/// line, the answers and the state with them; `listen`, the MQTT bridge and doctor read them.
extension SocketProtocol {
    /// Where the daemon's event socket is when the service runs it, and where its readers look
    /// unless told otherwise.
    package static let defaultPath = "/run/touchbridge/events.sock"

    /// The members of the hello line, the answers and the `state` answer.
    package enum Key {
        package static let time = "t"
        package static let event = "event"
        package static let version = "protocol"
        package static let schema = "schema"
        package static let screen = "screen"
        package static let devices = "devices"
        package static let device = "device"
        package static let name = "name"
        package static let kind = "kind"
        package static let touchProtocol = "protocol"
        package static let scene = "scene"
        package static let windows = "windows"
        package static let serves = "serves"
        package static let touches = "touches"
        package static let id = "id"
        package static let location = "location"
        package static let view = "view"
        package static let slot = "slot"
        package static let idle = "idle"
        package static let locked = "locked"
        package static let lockSeconds = "lockSeconds"
        package static let panels = "panels"
        package static let display = "display"
        package static let displayOn = "displayOn"
        package static let brightness = "brightness"
        package static let displays = "displays"
        package static let changed = "changed"
        package static let pending = "pending"
        package static let error = "error"
        package static let action = "action"
        package static let command = "command"
    }

    /// A device's `kind` in the hello line: a touchscreen, else what the auxiliary device is.
    package static let touchscreenKind = "touchscreen"

    /// The handler log's events a reader of the socket follows the kiosk's state by.
    package enum LogEvent {
        package static let idle = "idle"
        package static let wake = "wake"
        package static let lock = "lock"
        package static let unlock = "unlock"
        package static let action = "action"
        package static let deviceAdded = "deviceAdded"
        package static let deviceRemoved = "deviceRemoved"
    }
}
