/// What a touchscreen tells about the display it sits on: what the matching rules read.
public struct PanelFacts: Sendable, Equatable {
    /// The device's name (`ELAN Touchscreen`).
    public var name: String
    /// Its bus (`BUS_USB` 0x03, `BUS_I2C` 0x18, `BUS_HOST` 0x19, `BUS_SPI` 0x1C, …).
    public var bus: UInt16
    /// Its active area in millimetres, when known (the axes' resolution, udev's
    /// `ID_INPUT_WIDTH_MM`/`HEIGHT_MM`, or its calibration).
    public var size: (width: Double, height: Double)?
    /// The display it is pinned to (`--output`, or udev's `TOUCHBRIDGE_OUTPUT`).
    public var pin: String?
    /// Its USB vendor's name, when it is a USB device (udev's `ID_VENDOR_FROM_DATABASE`).
    public var usbVendor: String?

    public init(
        name: String, bus: UInt16, size: (width: Double, height: Double)? = nil, pin: String? = nil,
        usbVendor: String? = nil
    ) {
        self.name = name
        self.bus = bus
        self.size = size
        self.pin = pin
        self.usbVendor = usbVendor
    }

    public static func == (a: PanelFacts, b: PanelFacts) -> Bool {
        a.name == b.name && a.bus == b.bus && a.size?.width == b.size?.width && a.size?.height == b.size?.height
            && a.pin == b.pin && a.usbVendor == b.usbVendor
    }

    /// On the machine's own bus (I2C, SPI, the platform's): a laptop's or a tablet's own panel.
    public var isBuiltIn: Bool { bus == 0x18 || bus == 0x19 || bus == 0x1C }
}

/// Which display a touchscreen was given and by which rule, or why it was given none.
public struct DisplayMatch: Sendable, Equatable {
    /// The rules, in the order they are tried (after mutter's input mapper).
    public enum Rule: String, Sendable, CaseIterable {
        /// `--output NAME`, or udev's `TOUCHBRIDGE_OUTPUT`.
        case pinned
        /// A panel on the machine's own bus to the built-in display (eDP, LVDS, DSI).
        case builtIn
        /// The display whose picture is the panel's size, within 5 % each way.
        case size
        /// The display whose EDID maker or model the device's name or USB vendor names.
        case edid
        /// The only display connected.
        case onlyDisplay
    }

    /// The display's connector name, nil when none was given.
    public var output: String?
    /// The rule that gave it.
    public var rule: Rule?
    /// What decided it, or why nothing could: said to the user, never guessed silently.
    public var why: String

    /// The display for `panel` among `connectors`, by the first rule that gives exactly one; a
    /// rule that finds several says so and the next is tried.
    public static func match(_ panel: PanelFacts, among connectors: [Connector]) -> DisplayMatch {
        let connected = connectors.filter(\.connected)
        if let pin = panel.pin {
            guard let c = connectors.first(where: { $0.name == pin }) else {
                return DisplayMatch(output: nil, rule: nil, why: "pinned to \(pin), which is not a display here")
            }
            return DisplayMatch(output: c.name, rule: .pinned, why: "pinned to \(c.name)")
        }
        var ties: [String] = []
        for rule in [Rule.builtIn, .size, .edid, .onlyDisplay] {
            let found = candidates(rule, panel, connected)
            if found.count == 1 { return DisplayMatch(output: found[0].name, rule: rule, why: reason(rule, found[0])) }
            if found.count > 1 { ties.append("\(rule.rawValue): \(found.map(\.name).joined(separator: ", "))") }
        }
        let said = ties.isEmpty ? "" : " (several fit: \(ties.joined(separator: " / ")))"
        let none = connected.isEmpty ? "no display is connected" : "no rule picks one display"
        return DisplayMatch(output: nil, rule: nil, why: none + said)
    }

    private static func candidates(_ rule: Rule, _ panel: PanelFacts, _ connected: [Connector]) -> [Connector] {
        switch rule {
        case .pinned: return []
        case .builtIn: return panel.isBuiltIn ? connected.filter(\.isBuiltIn) : []
        case .size:
            guard let s = panel.size else { return [] }
            return connected.filter { c in c.size.map { fits(s, $0) } ?? false }
        case .edid: return connected.filter { c in c.edid.map { names(panel, $0) } ?? false }
        case .onlyDisplay: return connected.count == 1 ? connected : []
        }
    }

    /// Within 5 % each way, the panel either way round (a portrait panel on a landscape
    /// display's mode is the same glass).
    static func fits(_ panel: (width: Double, height: Double), _ display: PhysicalSize) -> Bool {
        func near(_ a: Double, _ b: Int) -> Bool { b > 0 && abs(a - Double(b)) <= 0.05 * Double(b) }
        return (near(panel.width, display.width) && near(panel.height, display.height))
            || (near(panel.width, display.height) && near(panel.height, display.width))
    }

    /// The EDID's model in the device's name or USB vendor as a word, or its maker's three
    /// letters as a word's start (`DEL` in `Dell`).
    static func names(_ panel: PanelFacts, _ edid: EDID) -> Bool {
        let said = (panel.name + " " + (panel.usbVendor ?? "")).uppercased()
        // Words as a name spells them: a part number keeps its dots and dashes (`B156XTN02.2`).
        let words = said.split { $0.isWhitespace || $0 == "," || $0 == "(" || $0 == ")" || $0 == "/" }.map(String.init)
        let model = edid.model.uppercased()
        return words.contains { $0 == model || $0.hasPrefix(edid.make.uppercased()) }
    }

    private static func reason(_ rule: Rule, _ c: Connector) -> String {
        switch rule {
        case .pinned: return "pinned to \(c.name)"
        case .builtIn: return "a built-in panel, on the built-in display \(c.name)"
        case .size:
            let s = c.size.map { "\($0.width)x\($0.height) mm" } ?? ""
            return "the panel's size is \(c.name)'s picture (\(s)), within 5 %"
        case .edid: return "the device names \(c.name)'s maker or model (\(c.edid?.model ?? ""))"
        case .onlyDisplay: return "\(c.name) is the only display connected"
        }
    }
}
