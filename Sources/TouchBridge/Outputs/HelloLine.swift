import ControlProtocol
import InputEvents
import StrictJSON
import TouchKit

/// The first line every event-socket client gets: what a client that comes late needs to
/// know of the state, in one JSON object (`"event":"hello"`).
package enum HelloLine {
    /// Writes the hello line for `pipeline` (its screen, devices, scene, the kinds the socket
    /// `serves` and the touches down: null unless it serves `touches`, the one kind whose
    /// readers may learn a finger's place).
    static func write(
        _ pipeline: TouchPipeline, screen: Size, sceneFile: String?, serves: HandlerLog.Kinds, time: Double,
        into b: inout TextBuffer
    ) {
        b.append("{\"t\":")
        b.append(fixed: time, decimals: 6)
        b.append(",\"event\":\"hello\",\"protocol\":")
        b.append(decimal: SocketProtocol.version)
        b.append(",\"schema\":")
        b.append(jsonString: SocketProtocol.schemaID)
        b.append(",\"screen\":[")
        b.append(compact: screen.width)
        b.append(",")
        b.append(compact: screen.height)
        b.append("],\"devices\":[")
        var first = true
        func device(_ node: String, _ name: String, _ kind: String, _ detail: String?) {
            if !first { b.append(",") }
            first = false
            b.append("{\"device\":")
            b.append(jsonString: node)
            b.append(",\"name\":")
            b.append(jsonString: name)
            b.append(",\"kind\":")
            b.append(jsonString: kind)
            if let detail {
                b.append(",\"protocol\":")
                b.append(jsonString: detail)
            }
            b.append("}")
        }
        for p in pipeline.panels { device(p.node, p.name, "touchscreen", p.tracker.touchProtocol.summary) }
        for a in pipeline.auxiliaries { device(a.node, a.name, a.kind.rawValue, nil) }
        b.append("],\"scene\":")
        if let sceneFile { b.append(jsonString: sceneFile) } else { b.append("null") }
        b.append(",\"windows\":[")
        for (i, w) in pipeline.scene.app.windows.enumerated() {
            if i > 0 { b.append(",") }
            b.append(jsonString: w.name)
        }
        b.append("],\"serves\":[")
        for (i, k) in HandlerLog.Kind.allCases.filter(serves.contains).enumerated() {
            if i > 0 { b.append(",") }
            b.append(jsonString: k.name)
        }
        b.append("],\"touches\":")
        if serves.contains(.touches) { touches(of: pipeline, into: &b) } else { b.append("null") }
        b.append(",\"idle\":")
        b.append(pipeline.isIdle ? "true" : "false")
        b.append(",\"locked\":")
        b.append(pipeline.lockedUntil == nil ? "false" : "true")
        b.append("}\n")
    }

    /// The touches down, with their places: `[{"id":…,"location":…,"view":…,…}]`.
    private static func touches(of pipeline: TouchPipeline, into b: inout TextBuffer) {
        b.append("[")
        let nodes = Dictionary(pipeline.panels.map { ($0.number, $0.node) }, uniquingKeysWith: { a, _ in a })
        for (i, t) in pipeline.scene.app.activeTouches.sorted(by: { $0.identifier < $1.identifier }).enumerated() {
            if i > 0 { b.append(",") }
            b.append("{\"id\":")
            b.append(decimal: Int64(t.identifier))
            b.append(",\"location\":")
            b.append(jsonPoint: t.location(in: nil))
            b.append(",\"view\":")
            if let v = t.view { b.append(jsonString: v.name) } else { b.append("null") }
            b.append(",\"device\":")
            b.append(jsonString: nodes[t.device] ?? "")
            b.append(",\"slot\":")
            if t.slot >= 0 { b.append(decimal: t.slot) } else { b.append("null") }
            b.append("}")
        }
        b.append("]")
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
