import ControlProtocol
import Pipeline
import StrictJSON

/// The first line every event-socket client gets: what a client that comes late needs to
/// know of the state, in one JSON object (`"event":"hello"`).
package enum HelloLine {
    /// Writes the hello line for `pipeline` (its screen, devices, scene, the kinds the socket
    /// `serves` and the touches down: null unless it serves `touches`, the one kind whose
    /// readers may learn a finger's place).
    package static func write(
        _ pipeline: TouchPipeline, screen: Size, sceneFile: String?, serves: HandlerLog.Kinds, time: Double,
        into b: inout TextBuffer
    ) {
        var w = JSONWriter(capacity: 1024)
        w.object { o in
            o.fixed("t", time, decimals: 6)
            o.string("event", SocketProtocol.Event.hello.rawValue)
            o.integer("protocol", SocketProtocol.version)
            o.string("schema", SocketProtocol.schemaID)
            o.array("screen") { a in
                a.number(nil, screen.width, maxDecimals: 3)
                a.number(nil, screen.height, maxDecimals: 3)
            }
            o.array("devices") { list in
                for p in pipeline.panels {
                    list.object { d in
                        d.string("device", p.node)
                        d.string("name", p.name)
                        d.string("kind", "touchscreen")
                        d.string("protocol", p.tracker.touchProtocol.summary)
                    }
                }
                for a in pipeline.auxiliaries {
                    list.object { d in
                        d.string("device", a.node)
                        d.string("name", a.name)
                        d.string("kind", a.kind.rawValue)
                    }
                }
            }
            o.string("scene", sceneFile)
            o.strings("windows", pipeline.scene.app.windows.map(\.name))
            o.strings("serves", HandlerLog.Kind.allCases.filter(serves.contains).map(\.name))
            if serves.contains(.touches) { touches(of: pipeline, into: &o) } else { o.json("touches", nil) }
            o.bool("idle", pipeline.isIdle)
            o.bool("locked", pipeline.lockedUntil != nil)
        }
        b.append(bytes: w.buffer.bytes)
        b.append("\n")
    }

    /// The touches down, with their places: `[{"id":…,"location":…,"view":…,…}]`.
    private static func touches(of pipeline: TouchPipeline, into o: inout JSONWriter) {
        let nodes = Dictionary(pipeline.panels.map { ($0.number, $0.node) }, uniquingKeysWith: { a, _ in a })
        o.array("touches") { list in
            for t in pipeline.scene.app.activeTouches.sorted(by: { $0.identifier < $1.identifier }) {
                list.object { touch in
                    touch.integer("id", Int(t.identifier))
                    let at = t.location(in: nil)
                    touch.array("location") { xy in
                        xy.number(nil, at.x, maxDecimals: 3)
                        xy.number(nil, at.y, maxDecimals: 3)
                    }
                    touch.string("view", t.view?.name)
                    touch.string("device", nodes[t.device] ?? "")
                    touch.integer("slot", t.slot >= 0 ? Int(t.slot) : nil)
                }
            }
        }
    }
}

extension HelloLine {
    /// One line for a person from a `hello` line: the protocol, the devices, the scene and the
    /// touches down; nil when `line` is not a hello line.
    package static func summary(of line: [UInt8]) -> String? {
        guard let root = try? JSONParser.parse(line), case .string(let event)? = root.child("event")?.value,
            event == SocketProtocol.Event.hello.rawValue
        else {
            return nil
        }
        var parts: [String] = []
        if case .number(let p)? = root.child("protocol")?.value { parts.append("protocol \(Int(p))") }
        if case .array(let devices)? = root.child("devices")?.value {
            let names = devices.compactMap { d -> String? in
                if case .string(let n)? = d.child("device")?.value { return n }
                return nil
            }
            parts.append(names.isEmpty ? "no device" : names.joined(separator: ", "))
        }
        if case .string(let s)? = root.child("scene")?.value { parts.append("scene \(s)") }
        if case .array(let t)? = root.child("touches")?.value {
            parts.append("\(t.count) touch\(t.count == 1 ? "" : "es") down")
        }
        if case .bool(true)? = root.child("idle")?.value { parts.append("idle") }
        return parts.joined(separator: "; ")
    }
}

extension HelloLine {
    /// The message of an `error` line the socket sends before it closes a client; nil for
    /// any other line.
    package static func errorMessage(of line: [UInt8]) -> String? {
        guard line.count < 8192, let root = try? JSONParser.parse(line),
            case .string(let event)? = root.child("event")?.value,
            event == SocketProtocol.Event.error.rawValue, case .string(let message)? = root.child("error")?.value
        else { return nil }
        return message
    }
}
