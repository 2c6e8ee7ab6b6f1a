import InputEvents

/// Which jitter filter a panel gets, and why: libinput's fuzz filter by default (half the
/// multitouch position axes' fuzz, from udev's `LIBINPUT_FUZZ_*` where libinput's rule moved
/// it there, else the device's own), the user's margin in millimetres instead, or none.
public enum JitterSetting: Equatable, Sendable {
    /// libinput's default: the position axes' fuzz; `fromUdev`: `LIBINPUT_FUZZ_35`/`_36`.
    case fuzz(x: Int32, y: Int32, fromUdev: Bool)
    /// `--hysteresis` or `TOUCHBRIDGE_HYSTERESIS_MM`.
    case millimetres(Double)
    /// No filtering, and why.
    case off(String)

    /// The setting for a device: `millimetres` (the user's) wins, 0 being off; else the fuzz
    /// of `ABS_MT_POSITION_X`/`_Y` (`udevFuzz` by axis code first). Single-touch panels get no
    /// default filter: libinput filters only multitouch slots.
    public static func choose(for d: DeviceDescription, udevFuzz: [UInt16: Int32], millimetres: Double?)
        -> JitterSetting
    {
        if let mm = millimetres { return mm > 0 ? .millimetres(mm) : .off("0 mm asked") }
        guard TouchProtocol(d) != .single else { return .off("single touch: libinput filters multitouch slots only") }
        let cx = Kernel.ABS_MT_POSITION_X
        let cy = Kernel.ABS_MT_POSITION_Y
        let fromUdev = udevFuzz[cx] != nil || udevFuzz[cy] != nil
        let x = udevFuzz[cx] ?? d.absInfo[cx]?.fuzz ?? 0
        let y = udevFuzz[cy] ?? d.absInfo[cy]?.fuzz ?? 0
        guard x / 2 > 0 && y / 2 > 0 else {
            return .off(x == 0 && y == 0 ? "no fuzz" : "fuzz \(x),\(y): a margin of 0 on an axis")
        }
        return .fuzz(x: x, y: y, fromUdev: fromUdev)
    }

    /// The filter for a panel mapped by `mapper`.
    public func filter(mapper: ScreenMapper) -> JitterFilter {
        switch self {
        case .fuzz(let x, let y, _): return JitterFilter(fuzz: (x, y))
        case .millimetres(let mm): return JitterFilter(millimetres: mm, mapper: mapper)
        case .off: return JitterFilter()
        }
    }

    /// For `list`'s table: `fuzz 8,8`, `0.5 mm`, `off`.
    public var short: String {
        switch self {
        case .fuzz(let x, let y, _): return "fuzz \(x),\(y)"
        case .millimetres(let mm): return (mm == mm.rounded() ? String(Int(mm)) : String(mm)) + " mm"
        case .off: return "off"
        }
    }

    /// For `list`, the state report and `health`: `libinput's fuzz filter (fuzz 8,8 from
    /// LIBINPUT_FUZZ, margin 4x4 units)`, `hysteresis 0.5 mm (margin 5x5 units)`, `off (no fuzz)`.
    public func summary(mapper: ScreenMapper?) -> String {
        let m = mapper.map { filter(mapper: $0).margin }
        let units = m.map { ", margin \(Int($0.x))x\(Int($0.y)) units" } ?? ""
        switch self {
        case .fuzz(let x, let y, let fromUdev):
            return "libinput's fuzz filter (fuzz \(x),\(y) from \(fromUdev ? "LIBINPUT_FUZZ" : "the device")\(units))"
        case .millimetres(let mm):
            let text = mm == mm.rounded() ? String(Int(mm)) : String(mm)
            return "hysteresis \(text) mm\(m == nil ? "" : " (" + units.dropFirst(2) + ")")"
        case .off(let why):
            return "off (\(why))"
        }
    }
}
