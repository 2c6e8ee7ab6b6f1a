import ControlProtocol
import Pipeline
import StrictJSON
import TextBuffers
import TouchKit
import TouchScene

/// The first line every event-socket client gets: what a client that comes late needs to
/// know of the state, in one JSON object (`Key.event:"hello"`).
package enum HelloLine {
    private typealias Key = SocketProtocol.Key

    /// Writes the hello line for `pipeline` (its screen, devices, scene, the kinds the socket
    /// `serves` and the touches down: null unless it serves `touches`, the one kind whose
    /// readers may learn a finger's place).
    package static func write(
        _ pipeline: TouchPipeline, screen: Size, sceneFile: String?, serves: HandlerLog.Kinds, time: Double,
        into b: inout TextBuffer
    ) {
        var w = JSONWriter(capacity: 1024)
        w.object { o in
            o.fixed(Key.time, time, decimals: 6)
            o.string(Key.event, SocketProtocol.Event.hello.rawValue)
            o.integer(Key.version, SocketProtocol.version)
            o.string(Key.schema, SocketProtocol.schemaID)
            o.array(Key.screen) { a in
                a.number(nil, screen.width, maxDecimals: 3)
                a.number(nil, screen.height, maxDecimals: 3)
            }
            o.array(Key.devices) { list in
                for p in pipeline.panels {
                    list.object { d in
                        d.string(Key.device, p.node)
                        d.string(Key.name, p.name)
                        d.string(Key.kind, SocketProtocol.touchscreenKind)
                        d.string(Key.touchProtocol, p.tracker.touchProtocol.summary)
                    }
                }
                for a in pipeline.auxiliaries {
                    list.object { d in
                        d.string(Key.device, a.node)
                        d.string(Key.name, a.name)
                        d.string(Key.kind, a.kind.rawValue)
                    }
                }
            }
            o.string(Key.scene, sceneFile)
            o.strings(Key.windows, pipeline.scene.app.windows.map(\.name))
            o.strings(Key.serves, HandlerLog.Kind.allCases.filter(serves.contains).map(\.name))
            if serves.contains(.touches) { touches(of: pipeline, into: &o) } else { o.json(Key.touches, nil) }
            o.bool(Key.idle, pipeline.isIdle)
            o.bool(Key.locked, pipeline.lockedUntil != nil)
        }
        b.append(bytes: w.buffer.bytes)
        b.append("\n")
    }

    /// The touches down, with their places: `[{Key.id:…,Key.location:…,Key.view:…,…}]`.
    private static func touches(of pipeline: TouchPipeline, into o: inout JSONWriter) {
        let nodes = Dictionary(pipeline.panels.map { ($0.number, $0.node) }, uniquingKeysWith: { a, _ in a })
        o.array(Key.touches) { list in
            for t in pipeline.scene.app.activeTouches.sorted(by: { $0.identifier < $1.identifier }) {
                list.object { touch in
                    touch.integer(Key.id, Int(t.identifier))
                    let at = t.location(in: nil)
                    touch.array(Key.location) { xy in
                        xy.number(nil, at.x, maxDecimals: 3)
                        xy.number(nil, at.y, maxDecimals: 3)
                    }
                    touch.string(Key.view, t.view?.name)
                    touch.string(Key.device, nodes[t.device] ?? "")
                    touch.integer(Key.slot, t.slot >= 0 ? Int(t.slot) : nil)
                }
            }
        }
    }
}

extension HelloLine {
    /// One line for a person from a `hello` line: the protocol, the devices, the scene and the
    /// touches down; nil when `line` is not a hello line.
    package static func summary(of line: [UInt8]) -> String? {
        guard let hello = HelloFacts.read(line) else { return nil }
        var parts: [String] = []
        if let p = hello.version { parts.append("protocol \(p)") }
        parts.append(hello.devices.isEmpty ? "no device" : hello.devices.map(\.node).joined(separator: ", "))
        if let s = hello.scene { parts.append("scene \(s)") }
        if let t = hello.touchesDown { parts.append("\(t) touch\(t == 1 ? "" : "es") down") }
        if hello.idle { parts.append("idle") }
        return parts.joined(separator: "; ")
    }
}

extension HelloLine {
    /// The message of an `error` line the socket sends before it closes a client; nil for
    /// any other line.
    package static func errorMessage(of line: [UInt8]) -> String? {
        guard line.count < 8192, let root = try? JSONParser.parse(line),
            case .string(let event)? = root.child(SocketProtocol.Key.event)?.value,
            event == SocketProtocol.Event.error.rawValue,
            case .string(let message)? = root.child(SocketProtocol.Key.error)?.value
        else { return nil }
        return message
    }
}
