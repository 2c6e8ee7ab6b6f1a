import Host
import InputEvents
import Pipeline
import TouchInput

extension LiveSource {
    /// Plays one short touch (down, two moves, up) of a panel's kind through a throwaway
    /// pipeline with the built-in scene and the daemon's log format, and discards its log:
    /// the first real touch then finds the code it runs already loaded (and, under
    /// emulation, translated) instead of paying for it while the kernel's buffer fills.
    /// Nothing reaches the outputs, the metrics or the real scene. Once per daemon.
    func rehearseFirstTouch(on panel: Panel) {
        guard !rehearsed else { return }
        rehearsed = true
        let (throwaway, _) = options.makePipeline(
            content: .scene(nil, file: nil), placements: [panel.placement],
            first: panel.description, configuration: TouchPipeline.Configuration())
        let stand = throwaway.addPanel(
            node: panel.node, description: panel.description, mapper: panel.mapper,
            placement: panel.placement, time: 0)
        for e in Self.rehearsalEvents(for: panel.description) { throwaway.process(e, from: stand) }
        throwaway.removePanel(stand, at: EventTime(seconds: 1, microseconds: 0))
    }

    /// A touch down at the middle of the panel, two moves and the lift, in the panel's
    /// protocol (slots, `SYN_MT_REPORT` groups or `BTN_TOUCH` with `ABS_X/ABS_Y`).
    package static func rehearsalEvents(for d: DeviceDescription) -> [InputEvent] {
        let touchProtocol = TouchProtocol(d)
        let (cx, cy) = touchProtocol.positionCodes
        let hasButton = d.codes[Kernel.EV_KEY]?.contains(Kernel.BTN_TOUCH) ?? false
        func middle(_ code: UInt16) -> Int32 {
            guard let a = d.absInfo[code] else { return 0 }
            return a.minimum / 2 + a.maximum / 2
        }
        func step(_ code: UInt16) -> Int32 {
            guard let a = d.absInfo[code] else { return 1 }
            return max(1, (a.maximum / 2 - a.minimum / 2) / 50)
        }
        var events: [InputEvent] = []
        var microseconds: Int32 = 0
        func put(_ type: UInt16, _ code: UInt16, _ value: Int32) {
            events.append(
                InputEvent(
                    time: EventTime(seconds: 0, microseconds: microseconds), type: type, code: code, value: value))
        }
        for frame in 0..<4 {
            let down = frame < 3
            let x = middle(cx) + Int32(frame) * step(cx)
            let y = middle(cy) + Int32(frame) * step(cy)
            switch touchProtocol {
            case .slots:
                put(Kernel.EV_ABS, Kernel.ABS_MT_SLOT, 0)
                if frame == 0 { put(Kernel.EV_ABS, Kernel.ABS_MT_TRACKING_ID, 1) }
                if down {
                    put(Kernel.EV_ABS, cx, x)
                    put(Kernel.EV_ABS, cy, y)
                } else {
                    put(Kernel.EV_ABS, Kernel.ABS_MT_TRACKING_ID, -1)
                }
            case .groups:
                if down {
                    put(Kernel.EV_ABS, cx, x)
                    put(Kernel.EV_ABS, cy, y)
                }
                put(Kernel.EV_SYN, Kernel.SYN_MT_REPORT, 0)
            case .single:
                if down {
                    put(Kernel.EV_ABS, cx, x)
                    put(Kernel.EV_ABS, cy, y)
                }
            }
            if hasButton && (frame == 0 || !down) { put(Kernel.EV_KEY, Kernel.BTN_TOUCH, down ? 1 : 0) }
            put(Kernel.EV_SYN, Kernel.SYN_REPORT, 0)
            microseconds += 10_000
        }
        return events
    }
}
