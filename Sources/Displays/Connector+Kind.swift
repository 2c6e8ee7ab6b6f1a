extension Connector {
    /// The kernel's connector kinds (`DRM_MODE_CONNECTOR_*`) by the names it gives them, in
    /// its numbering (include/uapi/drm/drm_mode.h; the names from drm_connector.c).
    static let kernelKinds = [
        "Unknown", "VGA", "DVI-I", "DVI-D", "DVI-A", "Composite", "SVIDEO", "LVDS", "Component", "DIN", "DP",
        "HDMI-A", "HDMI-B", "TV", "eDP", "Virtual", "DSI", "DPI", "Writeback", "SPI", "USB",
    ]

    /// Its kind in the kernel's numbering and its number among the card's connectors of that
    /// kind, as its name says (`HDMI-A-1`: 11 and 1): how the card's own list names it, for a
    /// kernel that does not give sysfs its id. Nil for a name of no kind the kernel has.
    public var kernelKind: (type: UInt32, number: UInt32)? {
        guard let type = Self.kernelKinds.firstIndex(of: self.type), let dash = name.lastIndex(of: "-"),
            let number = UInt32(name[name.index(after: dash)...])
        else { return nil }
        return (UInt32(type), number)
    }
}
