import DeviceTools
import Discovery
import Evdev
import InputEvents
import Output
import Pipeline
import Runtime
import TouchBridge
import TouchInput
import TouchKit
import TouchTools

/// What `watch` draws a panel with, chosen as `run` would: the screen, the panel's place and
/// mapping on it, its jitter filter, and with a scene its views and hit testing.
struct WatchSetup {
    var feed: WatchFeed
    var status: WatchStatus
    var screen: Size
    var views: [WatchScreen.ViewBox]
}

extension WatchCommand {
    func setUp(_ d: DeviceDescription, info: InputDeviceInfo?) throws -> WatchSetup {
        var options = panelOptions.options(mapping)
        // A live panel without a screen of its own: its display's mode, as `run` takes it.
        options.takeDisplayMode(
            of: d, node: source, info: info, discovery: info.flatMap { _ in try? DeviceDiscovery() }
        ) {
            Diagnostics.print("touchbridge: \($0)", level: $1)
        }
        let loaded = try scene.map { try Scene.load(path: $0) }
        let placement = options.placement(node: source, name: d.name, info: info) {
            Diagnostics.print("touchbridge: \($0)")
        }
        let layout = options.layout(scene: loaded, placements: [placement], first: d)
        guard let mapper = options.mapper(for: d, placement: placement, screen: layout.screen) else {
            throw fail(DeviceError.unsuitable(path: source, reason: "its position axes have no range"))
        }
        var views: [WatchScreen.ViewBox] = []
        var hitTest: (Point) -> String? = { _ in nil }
        if loaded != nil {
            let instance = SceneInstance(scene: layout.scene, screen: layout.screen, log: HandlerLog(format: .text))
            let app = instance.app
            for w in app.windows { Self.collect(w, window: w, into: &views) }
            hitTest = { p in app.hitTest(p, with: nil).map(\.name) }
        }
        let name = TouchesRun.baseName(source, dropExtension: false)
        let chain = InputChain(description: d, mapper: mapper, placement: placement, warn: { _ in })
        let feed = WatchFeed(description: d, chain: chain, screen: layout.screen, hitTest: hitTest)
        let status = WatchStatus(
            device: d.name, source: name, touchProtocol: Self.shortSummary(feed.touchProtocol, of: d))
        return WatchSetup(feed: feed, status: status, screen: layout.screen, views: views)
    }

    /// The protocol as the title says it (short: the title shares a line with the device).
    private static func shortSummary(_ p: TouchProtocol, of d: DeviceDescription) -> String {
        switch p {
        case .slots(let n): "protocol B, \(n) slots"
        case .groups: "protocol A"
        case .single: d.has(type: Kernel.EV_KEY, code: Kernel.BTN_TOOL_PEN) ? "pen" : "single touch"
        }
    }

    /// The visible views under `v`, in screen points.
    private static func collect(_ v: View, window: Window, into views: inout [WatchScreen.ViewBox]) {
        guard !v.isHidden else { return }
        if v !== window {
            let f = v.convert(v.bounds, to: nil)
            views.append(
                .init(
                    name: v.name,
                    rect: Rect(
                        x: f.minX + window.frame.minX, y: f.minY + window.frame.minY,
                        width: f.width, height: f.height)))
        }
        for s in v.subviews { collect(s, window: window, into: &views) }
    }
}
