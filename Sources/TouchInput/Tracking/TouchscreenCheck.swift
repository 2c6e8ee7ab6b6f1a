import InputEvents

/// Why a device cannot feed touches, or nil when it can: it needs absolute positions, and
/// single-touch devices need `BTN_TOUCH`. Every command that reads touches asks this.
public func touchscreenProblem(_ d: DeviceDescription) -> String? {
    let proto = TouchProtocol(d)
    let codes = proto.positionCodes
    guard d.has(type: Kernel.EV_ABS, code: codes.x), d.has(type: Kernel.EV_ABS, code: codes.y),
        proto != .single || d.has(type: Kernel.EV_KEY, code: Kernel.BTN_TOUCH)
    else {
        return "not a touchscreen (no absolute touch positions with BTN_TOUCH)"
    }
    guard d.absInfo[codes.x] != nil, d.absInfo[codes.y] != nil else {
        return "its position axes have no range (no absinfo), so no point can be placed on a screen"
    }
    return nil
}

extension TouchProtocol {
    /// How a device reports contacts, for the lines that say what was found.
    public var summary: String {
        switch self {
        case .slots(let n): return "multitouch protocol B, \(n) slots"
        case .groups: return "multitouch protocol A"
        case .single: return "single touch"
        }
    }
}
