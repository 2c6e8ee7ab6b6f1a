import TextBuffers

/// The configuration that makes a compositor (or X) map a touch device to its display: what
/// `touchbridge screens --config` prints, since matching is what kiosk compositors leave to the
/// integrator.
public enum CompositorConfig: String, Sendable, CaseIterable {
    /// sway's `input IDENTIFIER map_to_output NAME` (its config file).
    case sway
    /// labwc's `<touch deviceName=… mapToOutput=…/>` (rc.xml).
    case labwc
    /// weston's (and cage's) `WL_OUTPUT` udev property on the device (a udev rule).
    case weston
    /// X11's `xinput map-to-output`, with the X server's output names.
    case x11

    /// Where the lines go.
    public var header: String {
        switch self {
        case .sway: return "# in sway's config (~/.config/sway/config)"
        case .labwc: return "<!-- in labwc's rc.xml, inside <labwc_config> -->"
        case .weston: return "# a udev rule (/etc/udev/rules.d/71-touchbridge-outputs.rules), then: udevadm trigger"
        case .x11: return "# in the X session (xinput, from xinput's package)"
        }
    }

    /// The line that maps the device `name` (with its `vendor` and `product` ids) to `output`.
    public func line(device name: String, vendor: UInt16, product: UInt16, output: String) -> String {
        switch self {
        case .sway:
            let identifier = "\(vendor):\(product):" + String(name.printable.map { $0 == " " ? "_" : $0 })
            return "input \"\(Self.escaped(identifier, "\\\""))\" map_to_output \(output)"
        case .labwc:
            return "<touch deviceName=\"\(Self.xml(name.printable))\" mapToOutput=\"\(Self.xml(output))\" />"
        case .weston:
            return "SUBSYSTEM==\"input\", KERNEL==\"event*\", ATTRS{name}==\"\(name.udevPattern)\", "
                + "ENV{WL_OUTPUT}=\"\(output)\""
        case .x11:
            return "xinput map-to-output \"\(Self.escaped(name.printable, "\\\"$`"))\" \(Self.x11Output(output))"
        }
    }

    /// A comment saying why a device gets no line.
    public func unmatched(device name: String, why: String) -> String {
        let name = name.printable
        return self == .labwc
            ? "<!-- \(Self.xml(name)): no display (\(why)) -->" : "# \(name): no display (\(why))"
    }

    /// The X server's (modesetting's) name of a DRM connector: the same but for HDMI-A (`HDMI`),
    /// Component (`CTV`) and Unknown (`None`).
    public static func x11Output(_ drm: String) -> String {
        for (kernel, x) in [("HDMI-A-", "HDMI-"), ("Component-", "CTV-"), ("Unknown-", "None-")]
        where drm.hasPrefix(kernel) {
            return x + drm.dropFirst(kernel.count)
        }
        return drm
    }

    private static func escaped(_ s: String, _ special: String) -> String {
        var out = ""
        for c in s {
            if special.contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    private static func xml(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
