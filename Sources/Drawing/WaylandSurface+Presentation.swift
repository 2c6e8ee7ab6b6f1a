import CWaylandClient
import Glibc
import WaylandProtocols

extension WaylandSurface {
    /// Asks when the frame about to be committed is shown, when someone listens.
    func askFeedback(_ surface: OpaquePointer, frame: Int) {
        guard observer != nil, let presentation, feedbacks.count < 64,
            let f = wp_presentation_feedback(presentation, surface)
        else { return }
        feedbacks[f] = frame
        wp_presentation_feedback_add_listener(f, feedbackListener, opaque)
    }

    /// A feedback's answer: its frame told to the observer, the proxy let go.
    func answered(_ feedback: OpaquePointer?, presented: (seconds: Double, refresh: Double, hardware: Bool)?) {
        guard let feedback, let frame = feedbacks.removeValue(forKey: feedback) else { return }
        wp_presentation_feedback_destroy(feedback)
        if let p = presented {
            observer?.presented(frame: frame, seconds: p.seconds, refresh: p.refresh, hardware: p.hardware)
        } else {
            observer?.discarded(frame: frame)
        }
    }

    /// The seat's capabilities: its touch, once it has one.
    func seatHas(_ capabilities: UInt32) {
        guard touch == nil, let seat, capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0 else { return }
        touch = wl_seat_get_touch(seat)
        if let touch { wl_touch_add_listener(touch, touchListener, opaque) }
    }

    func touchedDown(x: wl_fixed_t, y: wl_fixed_t) {
        guard let size = configuredSize else { return }
        observer?.touchDown(x: Double(x) / 256, y: Double(y) / 256, width: size.width, height: size.height)
    }
}

nonisolated(unsafe) let presentationListener = Listener.make(
    wp_presentation_listener(clock_id: { data, _, clock in surface(data)?.presentationClock = Int32(bitPattern: clock) }
    ))

nonisolated(unsafe) let feedbackListener = Listener.make(
    wp_presentation_feedback_listener(
        sync_output: { _, _, _ in },
        presented: { data, feedback, secondsHigh, secondsLow, nanoseconds, refresh, _, _, flags in
            let seconds = Double(UInt64(secondsHigh) << 32 | UInt64(secondsLow)) + Double(nanoseconds) / 1e9
            let hardware = flags & WP_PRESENTATION_FEEDBACK_KIND_HW_CLOCK.rawValue != 0
            surface(data)?.answered(feedback, presented: (seconds, Double(refresh) / 1e9, hardware))
        },
        discarded: { data, feedback in surface(data)?.answered(feedback, presented: nil) }))

nonisolated(unsafe) let seatListener = Listener.make(
    wl_seat_listener(
        capabilities: { data, _, capabilities in surface(data)?.seatHas(capabilities) },
        name: { _, _, _ in }))

nonisolated(unsafe) let touchListener = Listener.make(
    wl_touch_listener(
        down: { data, _, _, _, _, _, x, y in surface(data)?.touchedDown(x: x, y: y) },
        up: { _, _, _, _, _ in },
        motion: { _, _, _, _, _, _ in },
        frame: { _, _ in },
        cancel: { _, _ in },
        shape: { _, _, _, _, _ in },
        orientation: { _, _, _, _ in }))
