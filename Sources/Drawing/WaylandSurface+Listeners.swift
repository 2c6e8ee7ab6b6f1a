import CWaylandClient
import TextBuffers
import WaylandProtocols

/// The surface a listener's `data` names.
func surface(_ data: UnsafeMutableRawPointer?) -> WaylandSurface? {
    data.map { Unmanaged<WaylandSurface>.fromOpaque($0).takeUnretainedValue() }
}

extension WaylandSurface {
    /// A global announced: the ones marks need are bound, at versions this client speaks.
    func bind(_ registry: OpaquePointer?, id: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_compositor":
            compositor = OpaquePointer(
                wl_registry_bind(registry, id, touchbridge_wl_compositor_interface(), min(version, 4)))
        case "wl_shm":
            shm = OpaquePointer(wl_registry_bind(registry, id, touchbridge_wl_shm_interface(), 1))
        case "xdg_wm_base":
            wmBase = OpaquePointer(wl_registry_bind(registry, id, touchbridge_xdg_wm_base_interface(), 1))
            if let wmBase { xdg_wm_base_add_listener(wmBase, wmBaseListener, opaque) }
        case "zwlr_layer_shell_v1":
            layerShell = OpaquePointer(wl_registry_bind(registry, id, touchbridge_layer_shell_interface(), 1))
        case "wl_seat" where observer != nil && seat == nil:
            seat = OpaquePointer(wl_registry_bind(registry, id, touchbridge_wl_seat_interface(), min(version, 5)))
            if let seat { wl_seat_add_listener(seat, seatListener, opaque) }
        case "wp_presentation" where observer != nil:
            presentation = OpaquePointer(wl_registry_bind(registry, id, touchbridge_presentation_interface(), 1))
            if let presentation { wp_presentation_add_listener(presentation, presentationListener, opaque) }
        case "wl_output":
            guard
                let o = OpaquePointer(
                    wl_registry_bind(registry, id, touchbridge_wl_output_interface(), min(version, 4)))
            else { return }
            outputs.append(Output(proxy: o, id: id))
            wl_output_add_listener(o, outputListener, opaque)
        default: break
        }
    }

    func output(_ proxy: OpaquePointer?, update: (inout Output) -> Void) {
        guard let i = outputs.firstIndex(where: { $0.proxy == proxy }) else { return }
        update(&outputs[i])
    }
}

nonisolated(unsafe) let registryListener = Listener.make(
    wl_registry_listener(
        global: { data, registry, id, interface, version in
            guard let interface else { return }
            surface(data)?.bind(registry, id: id, interface: String(cString: interface), version: version)
        },
        global_remove: { _, _, _ in }))

nonisolated(unsafe) let outputListener = Listener.make(
    wl_output_listener(
        geometry: { _, _, _, _, _, _, _, _, _, _ in },
        mode: { data, proxy, flags, width, height, _ in
            guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
            surface(data)?.output(proxy) {
                $0.width = Int(max(0, width))
                $0.height = Int(max(0, height))
            }
        },
        done: { _, _ in },
        scale: { data, proxy, factor in surface(data)?.output(proxy) { $0.scale = factor } },
        name: { data, proxy, name in
            guard let name else { return }
            // A compositor's text: bounded, and printable wherever it is said.
            surface(data)?.output(proxy) { $0.name = String(String(cString: name).prefix(64)).printable }
        },
        description: { _, _, _ in }))

nonisolated(unsafe) let wmBaseListener = Listener.make(
    xdg_wm_base_listener(ping: { _, base, serial in xdg_wm_base_pong(base, serial) }))

nonisolated(unsafe) let xdgSurfaceListener = Listener.make(
    xdg_surface_listener(configure: { data, xdgSurface, serial in
        xdg_surface_ack_configure(xdgSurface, serial)
        guard let s = surface(data) else { return }
        s.take(width: s.pendingToplevelSize.width, height: s.pendingToplevelSize.height)
    }))

nonisolated(unsafe) let toplevelListener = Listener.make(
    xdg_toplevel_listener(
        configure: { data, _, width, height, _ in
            surface(data)?.pendingToplevelSize = (UInt32(max(0, width)), UInt32(max(0, height)))
        },
        close: { data, _ in surface(data)?.fail() },
        configure_bounds: { _, _, _, _ in },
        wm_capabilities: { _, _, _ in }))

nonisolated(unsafe) let layerSurfaceListener = Listener.make(
    zwlr_layer_surface_v1_listener(
        configure: { data, layer, serial, width, height in
            zwlr_layer_surface_v1_ack_configure(layer, serial)
            surface(data)?.take(width: width, height: height)
        },
        closed: { data, _ in surface(data)?.fail() }))
