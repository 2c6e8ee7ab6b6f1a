import InputEvents
import TouchInput
import TouchKit

/// How `touchbridge run` was asked to work.
public struct RunOptions: Sendable {
    public var format: HandlerLog.Format = .text
    /// The screen in points; nil: the scene's, else the first panel's own size.
    public var screen: Size?
    public var rotation: ScreenMapper.Rotation = .none
    /// Overrides the devices' `LIBINPUT_CALIBRATION_MATRIX`.
    public var calibration: ScreenMapper.Calibration?
    public var grab = false
    public var adoptInitialTouches = false
    /// Recordings only: play at the recorded pace instead of as fast as possible.
    public var realtime = false

    public init() {}

    /// The screen size: the option, else the scene's, else the panel's own at 96 dpi.
    func screenSize(scene: Scene?, first: DeviceDescription?) -> Size {
        if let screen { return screen }
        if let s = scene?.screenSize { return Size(width: s.width, height: s.height) }
        if let d = first, let m = ScreenMapper(device: d, rotation: rotation) { return Size(width: m.width, height: m.height) }
        return Size(width: 1920, height: 1080)
    }

    /// The mapper of a device onto the screen, with its udev calibration unless overridden.
    func mapper(for d: DeviceDescription, udevCalibration: ScreenMapper.Calibration?, screen: Size) -> ScreenMapper? {
        ScreenMapper(device: d, calibration: calibration ?? udevCalibration ?? .identity, rotation: rotation,
                     screen: (screen.width, screen.height))
    }
}

/// Why a device cannot feed touches, or nil when it can: it needs absolute positions, and
/// single-touch devices need `BTN_TOUCH`.
func touchscreenProblem(_ d: DeviceDescription) -> String? {
    let proto = TouchProtocol(d)
    let codes = proto.positionCodes
    guard d.has(type: Kernel.EV_ABS, code: codes.x), d.has(type: Kernel.EV_ABS, code: codes.y),
          proto != .single || d.has(type: Kernel.EV_KEY, code: Kernel.BTN_TOUCH) else {
        return "not a touchscreen (no absolute touch positions with BTN_TOUCH)"
    }
    return nil
}

/// How a device reports contacts, for the ready line on stderr.
func describe(_ p: TouchProtocol) -> String {
    switch p {
    case let .slots(n): return "multitouch protocol B, \(n) slots"
    case .groups: return "multitouch protocol A"
    case .single: return "single touch"
    }
}
