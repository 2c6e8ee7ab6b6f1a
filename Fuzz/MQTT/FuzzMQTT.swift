import ControlProtocol
import MQTTBridge
import PipelineChecks

/// What the MQTT bridge reads from outside: the daemon's socket lines, a message on a command
/// topic (anyone who may publish on the broker), its credentials file and the broker's address.
/// On arbitrary bytes (the first picks the reader) each gives a state, a command line or an
/// error that says what was expected — never a crash, never a command out of range, never a
/// password said back.
func fuzzMQTT(_ bytes: [UInt8]) {
    guard let first = bytes.first else { return }
    let rest = Array(bytes.dropFirst())
    switch first % 4 {
    case 0:
        var state = KioskState()
        for line in rest.split(separator: 10, omittingEmptySubsequences: true) { _ = state.take(Array(line)) }
        guard state.panels >= 0 else { fatalError("invariant: a count of panels") }
    case 1:
        let topics = BridgeTopics(id: "fuzz")
        // Each command's topic, one that names no command, and the brightness topic.
        let names = ControlCommand.Name.allCases.map(\.rawValue) + ["dance"]
        let topic = rest.first.map {
            Int($0) % (names.count + 1) == names.count
                ? topics.brightnessSet : topics.base + "/command/" + names[Int($0) % (names.count + 1)]
        }
        guard let topic else { return }
        switch BridgeCommand.line(topic: topic, payload: Array(rest.dropFirst()), topics: topics, lockSeconds: 60) {
        case .success(let line):
            guard line.hasPrefix("{\"command\":\""), line.hasSuffix("}\n"), line.utf8.count < 128 else {
                fatalError("invariant: one short command line (\(line))")
            }
        case .failure(let e):
            guard !e.description.isEmpty else { fatalError("invariant: a refusal says why") }
        }
    case 3:
        let text = String(decoding: rest, as: UTF8.self)
        guard case .failure(let e) = BrokerAddress.parse(text) else { return }
        let scheme = text.hasPrefix("mqtt://") ? 7 : text.hasPrefix("mqtts://") ? 8 : 0
        let authority = text.dropFirst(scheme).prefix { $0 != "/" }
        if let at = authority.lastIndex(of: "@"), authority[..<at].count >= 16,
            e.description.contains(String(authority[..<at]))
        {
            fatalError("invariant: no credentials said back (\(e))")
        }
    default:
        switch BridgeCredentials.parse(String(decoding: rest, as: UTF8.self), file: "creds") {
        case .success(let c):
            if c.password != nil && c.username == nil { fatalError("invariant: a password has its username") }
        case .failure(let e):
            guard e.description.hasPrefix("creds") else { fatalError("invariant: the file is named (\(e))") }
        }
    }
}

/// libFuzzer's callback.
func entry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzMQTT(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main struct Main {
    static func main() { fuzzMain(name: "fuzz-mqtt", entry, fuzzMQTT) }
}
