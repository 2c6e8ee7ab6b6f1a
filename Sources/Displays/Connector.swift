/// A DRM connector as the kernel lists it (`/sys/class/drm/cardN-NAME`): its name as
/// compositors use it (`HDMI-A-1`, `eDP-1`, `Virtual-1`), whether a display is connected, the
/// modes the display offers and its EDID.
public struct Connector: Sendable, Equatable {
    /// The card it belongs to (`card0`).
    public var card: String
    /// Its name as compositors use it.
    public var name: String
    /// Whether the kernel sees a display on it.
    public var connected: Bool
    /// Its power as DRM keeps it (`On`, `Off`, `Standby`, `Suspend`: the `dpms` attribute), when said.
    public var dpms: String?
    /// The modes the kernel lists for it, the preferred one first.
    public var modes: [Mode]
    /// The display's EDID, when it has one that reads.
    public var edid: EDID?
    /// Why the EDID it has does not read, when it does not.
    public var edidProblem: EDIDError?
    /// How its panel is mounted, when the kernel says (DRM's "panel orientation" property,
    /// which is not in sysfs: `DeviceDiscovery` reads it from the card); nil when unknown.
    public var orientation: PanelOrientation?
    /// Why the orientation could not be read (the card node's permissions), when it could not.
    public var orientationProblem: String?

    /// Whether a display is on it and lit: connected, and its power not off.
    public var isLit: Bool { connected && (dpms ?? "On") == "On" }

    /// The kind of connector: its name without the number (`HDMI-A`, `eDP`).
    public var type: String {
        guard let dash = name.lastIndex(of: "-"), name[name.index(after: dash)...].allSatisfy(\.isNumber) else {
            return name
        }
        return String(name[..<dash])
    }

    /// A laptop's or an all-in-one's own panel: embedded DisplayPort, LVDS or DSI.
    public var isBuiltIn: Bool { Self.builtInTypes.contains(type) }
    static let builtInTypes: Set<String> = ["eDP", "LVDS", "DSI"]

    /// The mode a compositor starts the display in: the kernel's first, else the EDID's.
    public var preferredMode: Mode? { modes.first ?? edid?.preferredMode }

    /// The picture's size, from the EDID; nil without one (then no panel can match it by size).
    public var size: PhysicalSize? { edid?.size }

    /// The connector of the sysfs entry `entry` (`card0-HDMI-A-1`), its attributes (`status`,
    /// `modes`, `edid`) read through `read`, nil for an attribute that cannot be read; nil for
    /// an entry that is no connector (`card0`, `renderD128`, `version`).
    public init?(entry: String, read: (String) -> [UInt8]?) {
        guard entry.hasPrefix("card"), let dash = entry.firstIndex(of: "-") else { return nil }
        let number = entry[entry.index(entry.startIndex, offsetBy: 4)..<dash]
        guard !number.isEmpty, number.allSatisfy(\.isNumber), entry.index(after: dash) < entry.endIndex else {
            return nil
        }
        card = String(entry[..<dash])
        name = String(entry[entry.index(after: dash)...])
        connected = Self.line(read("status")) == "connected"
        dpms = Self.line(read("dpms"))
        modes = Self.lines(read("modes")).compactMap(Self.mode)
        edid = nil
        edidProblem = nil
        orientation = nil
        orientationProblem = nil
        if let bytes = read("edid"), !bytes.isEmpty {
            do { edid = try EDID(parsing: bytes) } catch { edidProblem = error }
        }
    }

    /// `1920x1080` (an interlaced mode's trailing `i` aside).
    static func mode(_ line: Substring) -> Mode? {
        let parts = line.split(separator: "x", maxSplits: 1)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1].prefix { $0.isNumber }), w > 0, h > 0
        else { return nil }
        return Mode(width: w, height: h)
    }

    private static func lines(_ bytes: [UInt8]?) -> [Substring] {
        guard let bytes else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    }

    private static func line(_ bytes: [UInt8]?) -> String? { lines(bytes).first.map(String.init) }
}
