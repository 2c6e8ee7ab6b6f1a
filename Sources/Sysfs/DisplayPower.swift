import Glibc
import Runtime

/// Whether a panel's display is lit, as sysfs tells it under `root` (`/sys`, or a recorded
/// tree in tests): DRM's `dpms` for its connector (what a compositor or swayidle sets), and
/// its backlight's `bl_power`. (Not `enabled`: a connector nothing has driven yet reads
/// `disabled` while the console or a later compositor may still light it.) The kernel announces none of them, so the
/// daemon reads them as a contact begins; the connector's directory and backlight are found
/// once per connector name.
public final class DisplayPower {
    /// The sysfs root.
    public let root: String
    private var found: [String: (directory: String, backlight: Backlight?)?] = [:]
    /// Names known missing, at most `missesKept` (a client may name any display it likes: a
    /// flood of made-up names cannot grow the daemon).
    private var misses = 0
    static let missesKept = 64

    public init(root: String = "/sys") { self.root = root }

    /// Connector `name`'s directory (`ROOT/class/drm/card0-eDP-1`) and its backlight, found
    /// once; nil when no card has that connector.
    public func connector(_ name: String) -> (directory: String, backlight: Backlight?)? {
        if let known = found[name] { return known }
        let drm = root + "/class/drm"
        let card = Self.entries(drm).first { entry in
            entry.hasPrefix("card") && entry.drop { $0 != "-" }.dropFirst() == name
        }
        let result = card.map { entry in
            let directory = drm + "/" + entry
            return (directory, backlight(connectorDirectory: directory, name: name))
        }
        if result == nil {
            // A connector not found is remembered too (a panel pinned to an absent display
            // asks at every touch), within the bound: past it, the misses are forgotten.
            if misses >= Self.missesKept {
                found = found.filter { $0.value != nil }
                misses = 0
            }
            misses += 1
        }
        found.updateValue(result, forKey: name)
        return result
    }

    /// Forgets what was found, a connector known missing too (udev's news: a card or a display
    /// came or went).
    public func forget() {
        found.removeAll()
        misses = 0
    }

    /// Names remembered, found or not (for tests of the bound).
    var remembered: Int { found.count }

    /// Whether connector `name`'s display is off now: its DPMS off (or standby, suspend), or
    /// its backlight powered off. False when unknown.
    public func isOff(_ name: String) -> Bool {
        guard let c = connector(name) else { return false }
        if let dpms = Self.word(c.directory + "/dpms"), dpms != "On" { return true }
        return c.backlight?.isPoweredOff() ?? false
    }

    /// The backlight of the display on the connector in `directory`: one the connector holds
    /// (a laptop's or all-in-one's panel: `card0-eDP-1/intel_backlight`); else, for a
    /// built-in connector (eDP, LVDS, DSI, DPI), the machine's only backlight (a Raspberry Pi's
    /// display). An external monitor has none the kernel controls.
    func backlight(connectorDirectory directory: String, name: String) -> Backlight? {
        for entry in Self.entries(directory) {
            if let b = Backlight(directory: directory + "/" + entry) { return b }
        }
        let type = name.prefix { $0 != "-" }
        guard ["eDP", "LVDS", "DSI", "DPI"].contains(String(type)) else { return nil }
        let all = Self.entries(root + "/class/backlight").compactMap {
            Backlight(directory: root + "/class/backlight/" + $0)
        }
        return all.count == 1 ? all[0] : nil
    }

    /// Why connector `name` has no backlight to set, for a command's error.
    public func noBacklight(_ name: String) -> String {
        guard connector(name) != nil else { return "no card has a connector \(name)" }
        let type = name.prefix { $0 != "-" }
        if ["HDMI", "DP", "DVI", "VGA"].contains(where: { type.hasPrefix($0) }) {
            return
                "\(name) has no backlight the kernel controls: an external monitor's brightness is set over DDC/CI (ddcutil), which touchbridge does not do"
        }
        return "\(name) has no backlight the kernel controls"
    }

    /// The names in a directory (none when it does not read), sorted.
    static func entries(_ path: String) -> [String] {
        guard let d = opendir(path) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d), names.count < 4096 {
            let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// A one-word attribute, nil when it does not read.
    static func word(_ path: String) -> String? {
        guard let bytes = try? readFileContents(path, limit: 32) else { return nil }
        return String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == " " }).first.map(
            String.init)
    }
}
