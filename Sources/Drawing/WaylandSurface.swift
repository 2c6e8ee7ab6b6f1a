import CWaylandClient
import Glibc
import Marks
import WaylandProtocols

/// Marks in a Wayland compositor: a layer-shell overlay on the panel's output where the
/// compositor offers one (sway, labwc, Hyprland), else a fullscreen window on it (cage, weston,
/// GNOME). Shared-memory buffers drawn by `Painter`; the loop dispatches its messages.
package final class WaylandSurface: DrawingSurface {
    /// An output the compositor announced, with what it said of itself.
    struct Output {
        let proxy: OpaquePointer
        let id: UInt32
        var name: String?
        var width = 0
        var height = 0
        /// Buffer pixels a surface point takes on it (HiDPI outputs: 2).
        var scale: Int32 = 1
    }

    let display: OpaquePointer
    let socket: String
    let target: DrawingTarget
    /// Touches go through to what runs beneath (`spots`), instead of to the surface.
    let passesInput: Bool
    var registry: OpaquePointer?
    var compositor: OpaquePointer?
    var shm: OpaquePointer?
    var wmBase: OpaquePointer?
    var layerShell: OpaquePointer?
    var outputs: [Output] = []
    var surface: OpaquePointer?
    var layerSurface: OpaquePointer?
    var xdgSurface: OpaquePointer?
    var toplevel: OpaquePointer?
    var configuredSize: (width: Int, height: Int)?
    /// The toplevel's size from its configure, applied at the xdg_surface's.
    var pendingToplevelSize: (width: UInt32, height: UInt32) = (0, 0)
    var buffers: [ShmBuffer] = []
    var scene: MarkScene?
    var dirty = false
    var reading = false
    /// A round trip's answer came (`roundtrip`).
    var synced = false
    package private(set) var isClosed = false
    package private(set) var description = ""
    /// Who hears the touches delivered to the surface and when its frames were presented
    /// (`touchbridge latency`); with none, no seat or presentation is bound.
    package private(set) weak var observer: SurfaceObserver?
    var seat: OpaquePointer?
    var touch: OpaquePointer?
    /// Whether the compositor's seat has announced touch, so that touches can reach the surface.
    package var hasTouch: Bool { touch != nil }
    var presentation: OpaquePointer?
    /// The clock presentation times are on (`wp_presentation.clock_id`).
    package internal(set) var presentationClock: Int32?
    /// The frames committed so far, and each pending feedback's frame.
    package internal(set) var frames = 0
    var feedbacks: [OpaquePointer: Int] = [:]

    /// Connects to the compositor at `socket` and puts a surface on the target's output; throws
    /// when it does not answer or offers no shell to show one.
    package init(
        socket: String, target: DrawingTarget, passesInput: Bool, observer: SurfaceObserver? = nil
    ) throws(DrawingError) {
        display = try Self.connect(socket)
        self.socket = socket
        self.target = target
        self.passesInput = passesInput
        self.observer = observer
        do throws(DrawingError) {
            try start()
        } catch {
            teardown()
            throw error
        }
    }

    deinit { teardown() }

    package var fd: Int32? { isClosed ? nil : wl_display_get_fd(display) }

    private func start() throws(DrawingError) {
        guard let r = wl_display_get_registry(display) else { throw DrawingError("no registry") }
        registry = r
        wl_registry_add_listener(r, registryListener, opaque)
        // The globals, then what each output says of itself (its name, its mode).
        try roundtrip()
        try roundtrip()
        guard let compositor, shm != nil else {
            throw DrawingError("the compositor on \(socket) offers no wl_compositor or wl_shm")
        }
        let output = chosenOutput()
        // A compositor that names its outputs and shows none of the panel's: the marks belong
        // on that display, which another surface (KMS) may still reach.
        let names = outputs.compactMap(\.name)
        if let c = target.connector, !names.isEmpty, !names.contains(c) {
            throw DrawingError("the compositor on \(socket) shows \(names.joined(separator: ", ")), not \(c)")
        }
        guard let s = wl_compositor_create_surface(compositor) else { throw DrawingError("no surface") }
        surface = s
        if passesInput, let region = wl_compositor_create_region(compositor) {
            wl_surface_set_input_region(s, region)
            wl_region_destroy(region)
        }
        let on = output?.name.map { " on \($0)" } ?? ""
        if let layerShell {
            layerSurface = zwlr_layer_shell_v1_get_layer_surface(
                layerShell, s, output?.proxy, ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue, "touchbridge")
            guard let layerSurface else { throw DrawingError("no layer surface") }
            zwlr_layer_surface_v1_add_listener(layerSurface, layerSurfaceListener, opaque)
            let all =
                ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue
                | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue
            zwlr_layer_surface_v1_set_anchor(layerSurface, all)
            zwlr_layer_surface_v1_set_exclusive_zone(layerSurface, -1)
            zwlr_layer_surface_v1_set_size(layerSurface, 0, 0)
            description = "an overlay\(on) (layer shell, \(socket))"
        } else if let wmBase {
            guard let x = xdg_wm_base_get_xdg_surface(wmBase, s), let t = xdg_surface_get_toplevel(x) else {
                throw DrawingError("no window")
            }
            xdgSurface = x
            toplevel = t
            xdg_surface_add_listener(x, xdgSurfaceListener, opaque)
            xdg_toplevel_add_listener(t, toplevelListener, opaque)
            xdg_toplevel_set_title(t, "touchbridge")
            xdg_toplevel_set_app_id(t, "touchbridge")
            xdg_toplevel_set_fullscreen(t, output?.proxy)
            description = "a fullscreen window\(on) (\(socket))"
        } else {
            throw DrawingError("the compositor on \(socket) offers neither layer shell nor xdg-shell")
        }
        wl_surface_commit(s)
        // The first configure answers the first commit.
        var rounds = 0
        while configuredSize == nil && !isClosed && rounds < 4 {
            try roundtrip()
            rounds += 1
        }
        guard configuredSize != nil, !isClosed else {
            throw DrawingError("the compositor on \(socket) did not give the surface a size")
        }
    }

    /// The output whose name is the panel's connector; with none named or found, the only output
    /// there is; else nil, and the compositor chooses.
    private func chosenOutput() -> Output? {
        if let c = target.connector, let o = outputs.first(where: { $0.name == c }) { return o }
        return outputs.count == 1 ? outputs.first : nil
    }

    var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The largest buffer a compositor may ask for: its output's mode (the pixels it shows),
    /// within what the machine's display connectors can show (8192 a side without any), whatever
    /// size it configures or its output claims.
    var largestBuffer: (width: Int, height: Int) {
        let hardware = Self.displayLimit
        guard let o = chosenOutput(), o.width > 0, o.height > 0 else { return hardware }
        return (min(o.width, hardware.width), min(o.height, hardware.height))
    }

    /// The connectors' largest mode, read once.
    static let displayLimit: (width: Int, height: Int) = ConnectorModes.largest() ?? (8192, 8192)

    /// The size configured, or else the output's mode, or the screen's; kept within what a buffer may take.
    func take(width: UInt32, height: UInt32) {
        let fallback = chosenOutput().map { ($0.width, $0.height) } ?? (0, 0)
        let cap = largestBuffer
        var w = Int(min(width, 16384))
        var h = Int(min(height, 16384))
        if w == 0 { w = fallback.0 > 0 ? fallback.0 : Int(target.screenWidth) }
        if h == 0 { h = fallback.1 > 0 ? fallback.1 : Int(target.screenHeight) }
        w = min(max(w, 1), cap.width)
        h = min(max(h, 1), cap.height)
        configuredSize = (w, h)
        dirty = true
        redraw()
    }

    package func show(_ scene: MarkScene) {
        self.scene = scene
        dirty = true
        redraw()
    }

    /// Draws the scene in a free buffer of the configured size, when there is a scene, a size and a free buffer.
    func redraw() {
        guard dirty, !isClosed, let scene, let logical = configuredSize, let surface else { return }
        // On a HiDPI output the buffer has its pixels, the surface its points.
        let scale = Int(min(max(chosenOutput()?.scale ?? 1, 1), 4))
        let cap = largestBuffer
        let size = (width: min(logical.width * scale, cap.width), height: min(logical.height * scale, cap.height))
        buffers.removeAll { !$0.busy && ($0.width != size.width || $0.height != size.height) }
        let free = buffers.first { !$0.busy }
        let buffer: ShmBuffer
        if let free {
            buffer = free
        } else {
            guard buffers.count < 3, let shm,
                let made = try? ShmBuffer(shm: shm, width: size.width, height: size.height)
            else { return }
            buffers.append(made)
            buffer = made
        }
        let geometry = SurfaceGeometry.compositor(
            screenWidth: target.screenWidth, screenHeight: target.screenHeight, turn: target.turn,
            width: Double(size.width), height: Double(size.height))
        Painter(geometry: geometry, backdrop: passesInput ? .clear : .opaque).paint(
            scene, into: buffer.pixels, width: size.width, height: size.height, stride: buffer.stride)
        buffer.busy = true
        wl_surface_set_buffer_scale(surface, Int32(scale))
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, Int32(logical.width), Int32(logical.height))
        frames += 1
        askFeedback(surface, frame: frames)
        wl_surface_commit(surface)
        dirty = false
        wl_display_flush(display)
        observer?.committed(frame: frames)
    }

    package func willWait() {
        guard !isClosed else { return }
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { return fail() }
        }
        reading = true
        wl_display_flush(display)
    }

    package func didWait(readable: Bool) {
        guard !isClosed else { return }
        if reading {
            reading = false
            if readable {
                if wl_display_read_events(display) < 0 { return fail() }
            } else {
                wl_display_cancel_read(display)
            }
        }
        if wl_display_dispatch_pending(display) < 0 { return fail() }
        redraw()
    }

    /// The compositor went away or ended the surface: the tool goes on in the terminal.
    func fail() {
        if reading { wl_display_cancel_read(display) }
        reading = false
        isClosed = true
    }

    package func close() {
        teardown()
    }

    private func teardown() {
        if reading { wl_display_cancel_read(display) }
        reading = false
        buffers.removeAll()
        if let layerSurface { zwlr_layer_surface_v1_destroy(layerSurface) }
        if let toplevel { xdg_toplevel_destroy(toplevel) }
        if let xdgSurface { xdg_surface_destroy(xdgSurface) }
        if let surface { wl_surface_destroy(surface) }
        layerSurface = nil
        toplevel = nil
        xdgSurface = nil
        surface = nil
        // The globals' proxies too: `spots --follow` opens and closes a surface per panel plugged.
        for o in outputs { wl_proxy_destroy(o.proxy) }
        outputs.removeAll()
        for f in feedbacks.keys { wp_presentation_feedback_destroy(f) }
        feedbacks.removeAll()
        if let touch { wl_touch_release(touch) }
        touch = nil
        for proxy in [presentation, seat].compactMap({ $0 }) { wl_proxy_destroy(proxy) }
        (presentation, seat) = (nil, nil)
        for proxy in [layerShell, wmBase, shm, compositor, registry].compactMap({ $0 }) { wl_proxy_destroy(proxy) }
        (layerShell, wmBase, shm, compositor, registry) = (nil, nil, nil, nil, nil)
        if !isClosed { wl_display_flush(display) }
        isClosed = true
        if !disconnected {
            disconnected = true
            wl_display_disconnect(display)
        }
    }

    private var disconnected = false
}
