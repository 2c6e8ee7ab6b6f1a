import InputEvents

/// Why a device cannot feed touches, or nil when it can: it needs absolute positions, and
/// single-touch devices need their contact key (`BTN_TOUCH`; `BTN_LEFT` for a touch controller
/// in mouse mode that was marked as a panel). Every command that reads touches asks this.
public func touchscreenProblem(_ d: DeviceDescription, contactKey: UInt16 = Kernel.BTN_TOUCH) -> String? {
    let proto = TouchProtocol(d)
    let codes = proto.positionCodes
    let positions = d.has(type: Kernel.EV_ABS, code: codes.x) && d.has(type: Kernel.EV_ABS, code: codes.y)
    guard positions, proto != .single || d.has(type: Kernel.EV_KEY, code: contactKey) else {
        if positions && proto == .single && d.has(type: Kernel.EV_KEY, code: Kernel.BTN_LEFT) {
            return "not a touchscreen (absolute positions with BTN_LEFT: an absolute mouse, or a touch controller "
                + "in mouse mode, which is read when marked as a panel: udev's TOUCHBRIDGE_PANEL=1 or --panel-device)"
        }
        return "not a touchscreen (no absolute touch positions with BTN_TOUCH)"
    }
    guard d.absInfo[codes.x] != nil, d.absInfo[codes.y] != nil else {
        return "its position axes have no range (no absinfo), so no point can be placed on a screen"
    }
    return nil
}

extension TouchProtocol {
    /// A pen on a display (a pen node, `BTN_TOOL_PEN`, and direct: `INPUT_PROP_DIRECT`), which
    /// touchbridge reads like a touchscreen; a pen tablet on a desk is not one.
    public static func isDisplayPen(_ d: DeviceDescription) -> Bool {
        PenTracker.isPen(d) && d.has(property: Kernel.INPUT_PROP_DIRECT)
    }

    /// The key whose press is the contact of `d`: `BTN_LEFT` for a single-touch device with no
    /// `BTN_TOUCH` that the integrator `marked` as a panel (a touch controller in mouse mode:
    /// PenMount, Elo, IRTOUCH), never guessed; else `BTN_TOUCH`.
    public static func contactKey(of d: DeviceDescription, marked: Bool) -> UInt16 {
        guard marked, TouchProtocol(d) == .single, d.has(type: Kernel.EV_ABS, code: Kernel.ABS_X),
            d.has(type: Kernel.EV_ABS, code: Kernel.ABS_Y), !d.has(type: Kernel.EV_KEY, code: Kernel.BTN_TOUCH),
            d.has(type: Kernel.EV_KEY, code: Kernel.BTN_LEFT)
        else { return Kernel.BTN_TOUCH }
        return Kernel.BTN_LEFT
    }

    /// How a device reports contacts, for the lines that say what was found.
    public var summary: String {
        switch self {
        case .slots(let n): return "multitouch protocol B, \(n) slots"
        case .groups: return "multitouch protocol A"
        case .single: return "single touch"
        }
    }

    /// The summary of a single-touch device read in mouse mode (`contactKey` `BTN_LEFT`) or of
    /// a pen (`d`) says so.
    public func summary(contactKey: UInt16, of d: DeviceDescription) -> String {
        if contactKey == Kernel.BTN_LEFT { return "single touch, BTN_LEFT as the contact (mouse mode)" }
        if self == .single && PenTracker.isPen(d) { return "pen: its tip is the contact, hovering reported" }
        return summary
    }
}
