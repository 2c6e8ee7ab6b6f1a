import Discovery
import Displays
import Drawing
import Evdev
import Glibc
import InputEvents
import Marks
import TouchInput

/// A tool's marks on the panel's display: the scene it shows and the surface it shows it on,
/// or none (the terminal's prompts only), said once.
package final class MarkBoard {
    package var scene = MarkScene()
    private let surface: DrawingSurface?
    private let say: (String) -> Void
    /// Whether the loss of the surface was said (once).
    private var lossSaid = false

    private init(surface: DrawingSurface?, say: @escaping (String) -> Void) {
        self.surface = surface
        self.say = say
    }

    /// Opens the surface for the panel's screen `target`; `say` gets the one line telling where
    /// marks are drawn, or why they are not (nothing with `noDraw`).
    package static func open(
        target: DrawingTarget, passesInput: Bool, noDraw: Bool, say: @escaping (String) -> Void
    ) -> MarkBoard {
        let (surface, reason) = SurfaceOpening.open(target: target, passesInput: passesInput, noDraw: noDraw)
        if let surface {
            say("drawing on \(surface.description)")
        } else if let reason {
            say("nothing drawn on the display (\(reason)), the prompts here say where to touch")
        }
        return MarkBoard(surface: surface, say: say)
    }

    /// Whether marks are being drawn.
    package var isDrawing: Bool { surface.map { !$0.isClosed } ?? false }

    /// Shows the scene as it is now.
    package func show() { surface?.show(scene) }

    package var fd: Int32? { isDrawing ? surface?.fd : nil }
    package func willWait() { surface?.willWait() }
    package func didWait(readable: Bool) {
        surface?.didWait(readable: readable)
        if let surface, surface.isClosed, !lossSaid {
            lossSaid = true
            say("\(surface.description) was taken away (the compositor ended or closed it), the prompts here go on")
        }
    }

    /// Shows the scene for `seconds` (a result, read on the panel), answering the compositor meanwhile.
    package func linger(seconds: Double) {
        guard isDrawing else { return }
        show()
        let end = monotonicSeconds() + seconds
        while isDrawing {
            let left = end - monotonicSeconds()
            if left <= 0 { break }
            willWait()
            var pfd = pollfd(fd: fd ?? -1, events: Int16(POLLIN), revents: 0)
            let rc = poll(&pfd, 1, Int32(left * 1000) + 1)
            didWait(readable: rc > 0 && pfd.revents != 0)
        }
    }

    /// Gives the display back.
    package func close() { surface?.close() }

    private func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

extension DrawingTarget {
    /// The panel's screen of `mapper` on the display udev's facts match it to (or `pin`, `--output`).
    package static func of(
        _ d: DeviceDescription, info: InputDeviceInfo?, mapper: ScreenMapper, pin: String?
    ) -> DrawingTarget {
        let found = info.flatMap { i in (try? DeviceDiscovery()).flatMap { $0.display(of: d, info: i, pin: pin) } }
        let display = found?.display
        let turn = display?.orientation.flatMap { ScreenMapper.Rotation(rawValue: $0.degrees) } ?? .none
        return DrawingTarget(
            screenWidth: mapper.width, screenHeight: mapper.height, turn: turn, connector: display?.name,
            card: display.map { "/dev/dri/" + $0.card })
    }
}
