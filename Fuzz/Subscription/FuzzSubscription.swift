import ControlProtocol
import EventSocket
import PipelineChecks
import TouchScene

/// A socket client's line is outside data from any member of the socket's group: on arbitrary
/// bytes, with the socket serving an arbitrary set of kinds (the first two bytes), it is a
/// subscription to served kinds only, a command (in range, reading back as itself) or a
/// refusal that says what was expected.
func fuzzSubscription(_ bytes: [UInt8]) {
    let mask = bytes.count >= 2 ? UInt16(bytes[0]) | UInt16(bytes[1]) << 8 : HandlerLog.Kinds.all.rawValue
    let served = HandlerLog.Kinds(rawValue: mask & HandlerLog.Kinds.all.rawValue)
    switch ClientLine.parse(Array(bytes.dropFirst(2)), serving: served) {
    case .success(.command(.success(let c))):
        if case .lock(let s?) = c, !(s > 0 && s <= ControlCommand.longestLock) {
            fatalError("invariant: a lock in range (\(s))")
        }
        if case .brightness(let v, _) = c, !(v >= 0 && v <= 1) { fatalError("invariant: a brightness in range (\(v))") }
        guard ClientLine.parse(Array(c.line.utf8.dropLast())) == .success(.command(.success(c))) else {
            fatalError("invariant: a command's own line reads back as itself (\(c.line))")
        }
    case .success(.command(.failure(let e))):
        guard !e.description.isEmpty else { fatalError("invariant: a refused command says what was expected") }
    case .success(.subscription(let s)):
        guard served.isSuperset(of: s.kinds) else { fatalError("invariant: only served kinds (\(s.kinds), \(served))") }
        guard (try? Subscription.parse(Array(s.line.utf8.dropLast()), serving: served).get()) == s else {
            fatalError("invariant: a subscription's own line reads back as itself (\(s.line))")
        }
    case .failure(let e):
        guard !e.description.isEmpty else { fatalError("invariant: a refusal says what was expected") }
    }
}

/// libFuzzer's callback.
func entry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzSubscription(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main struct Main {
    static func main() { fuzzMain(name: "fuzz-subscription", entry, fuzzSubscription) }
}
