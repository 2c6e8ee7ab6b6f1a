import TouchKit

/// A shared, ordered record of what handlers were called.
final class CallLog {
    var lines: [String] = []
    func add(_ s: String) { lines.append(s) }
}

/// A view that logs point(inside:) answers and touch calls; `handles` stops forwarding.
final class LoggingView: View {
    let log: CallLog
    var handles = false
    var logsPointInside = true
    var insideOverride: ((Point) -> Bool)?

    init(_ name: String, frame: Rect, log: CallLog) {
        self.log = log
        super.init(frame: frame, name: name)
    }

    override func point(inside point: Point, with event: Event?) -> Bool {
        let r = insideOverride?(point) ?? super.point(inside: point, with: event)
        if logsPointInside { log.add("\(name).pointInside \(r ? "yes" : "no")") }
        return r
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
        log.add("\(name).touchesBegan \(touches.count)")
        if !handles { super.touchesBegan(touches, with: event) }
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
        log.add("\(name).touchesMoved \(touches.count)")
        if !handles { super.touchesMoved(touches, with: event) }
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        log.add("\(name).touchesEnded \(touches.count)")
        if !handles { super.touchesEnded(touches, with: event) }
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
        log.add("\(name).touchesCancelled \(touches.count)")
        if !handles { super.touchesCancelled(touches, with: event) }
    }
}

/// A responder that logs touches reaching it (as a controller, window or delegate would).
final class LoggingResponder: Responder {
    let name: String
    let log: CallLog
    init(_ name: String, log: CallLog) {
        self.name = name
        self.log = log
    }
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { log.add("\(name).touchesBegan") }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { log.add("\(name).touchesEnded") }
    override func motionBegan(_ motion: Event.Subtype, with event: Event?) { log.add("\(name).motionBegan") }
    override func remoteControlReceived(with event: Event?) { log.add("\(name).remoteControlReceived") }
}

/// A window on a 400×800 screen inside an application, with a root controller.
func makeScreen(log: CallLog, controller: ViewController = ViewController(name: "Controller")) -> (
    Application, Window, ViewController
) {
    let app = Application()
    let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 800), name: "Window")
    app.addWindow(window)
    window.rootViewController = controller
    window.makeKeyAndVisible()
    return (app, window, controller)
}

func touch(_ app: Application, _ id: UInt64, _ phase: Touch.Phase, _ x: Double, _ y: Double, at t: Double) {
    app.handleTouches([TouchUpdate(identifier: id, phase: phase, location: Point(x: x, y: y))], timestamp: t)
}

func close(_ a: Point, _ b: Point, _ eps: Double = 1e-9) -> Bool { abs(a.x - b.x) < eps && abs(a.y - b.y) < eps }
