import Displays
import Evdev
import InputEvents
import TouchInput

/// The displays there are and the touchscreens, each with the display the matching rules give
/// it and why (`touchbridge screens`).
package struct PanelDisplays {
    /// A touchscreen, what it tells of its display, and the display it got.
    package struct Panel {
        package var node: String
        package var name: String
        /// Its vendor and product ids (0 when it could not be opened).
        package var vendor: UInt16
        package var product: UInt16
        package var facts: PanelFacts
        package var match: DisplayMatch
        /// A pen on a display (its virtual device is a virtual pen).
        package var isPen = false
        /// The noise rules udev's `TOUCHBRIDGE_NOISE_FILTERS` puts on it (`none` without).
        package var noiseFilters = "none"

        package init(
            node: String, name: String, vendor: UInt16, product: UInt16, facts: PanelFacts, match: DisplayMatch,
            isPen: Bool = false, noiseFilters: String = "none"
        ) {
            self.node = node
            self.name = name
            self.vendor = vendor
            self.product = product
            self.facts = facts
            self.match = match
            self.isPen = isPen
            self.noiseFilters = noiseFilters
        }
    }

    /// The DRM connectors, in udev's order.
    package var connectors: [Connector]
    /// The touchscreens, in event-number order.
    package var panels: [Panel]

    package init(connectors: [Connector], panels: [Panel]) {
        self.connectors = connectors
        self.panels = panels
    }

    /// What udev says now; a touchscreen that cannot be opened is matched on udev's word alone.
    package static func live() throws -> PanelDisplays {
        let discovery = try DeviceDiscovery()
        let connectors = discovery.connectors()
        let candidates = discovery.inputDevices().filter { $0.isTouchscreen || $0.isMarkedPanel || $0.isTablet }
        let panels = candidates.filter(\.isInitialized).compactMap { info -> Panel? in
            let d = try? EvdevDevice.openNode(info.devnode).description
            // A tablet is listed only when it is a pen on a display.
            if info.isTablet && !info.isTouchscreen && !(d.map(TouchProtocol.isDisplayPen) ?? false) { return nil }
            let facts = PanelFacts(info: info, description: d)
            return Panel(
                node: info.devnode, name: info.name, vendor: d?.id.vendor ?? 0, product: d?.id.product ?? 0,
                facts: facts, match: DisplayMatch.match(facts, among: connectors),
                isPen: info.isTablet && !info.isTouchscreen,
                noiseFilters: NoiseChoice.udevWords(
                    info.properties["TOUCHBRIDGE_NOISE_FILTERS"],
                    multitouch: d.map { TouchProtocol($0) != .single } ?? true))
        }
        return PanelDisplays(connectors: connectors, panels: panels)
    }

    /// The rotation, clockwise in degrees, the touches of `panel` take from its display's
    /// panel orientation; nil when its display is not turned.
    package func rotation(of panel: Panel) -> Int? {
        guard let o = connectors.first(where: { $0.name == panel.match.output })?.orientation, o != .normal else {
            return nil
        }
        return o.degrees
    }
}
