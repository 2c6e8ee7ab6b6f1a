import Displays
import PipelineChecks

/// The EDID reader and a connector's attributes on arbitrary bytes (a display's EDID is outside
/// data): either an EDID with a three-letter maker, a positive size and mode where it has them,
/// or the reason it is none; a connector never traps on what its attributes hold.
func fuzzEDID(_ bytes: [UInt8]) {
    do {
        let e = try EDID(parsing: bytes)
        guard e.make.count == 3 else { fatalError("invariant: a maker is three letters (\(e.make))") }
        if let s = e.size, s.width <= 0 || s.height <= 0 { fatalError("invariant: a size is positive (\(s))") }
        if let m = e.preferredMode, m.width < 0 || m.height < 0 {
            fatalError("invariant: a mode is not negative (\(m))")
        }
        _ = e.model
    } catch {
        guard !error.description.isEmpty else { fatalError("invariant: a refusal says what was expected") }
    }
    let half = bytes.count / 2
    let c = Connector(
        entry: "card0-HDMI-A-1",
        read: { name in
            switch name {
            case "status": return Array(bytes[..<half])
            case "modes": return Array(bytes[half...])
            default: return bytes
            }
        })
    guard let c, c.name == "HDMI-A-1" else { fatalError("invariant: a connector's entry names it") }
    for m in c.modes where m.width <= 0 || m.height <= 0 { fatalError("invariant: a listed mode is positive (\(m))") }
}

/// libFuzzer's callback.
func entry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzEDID(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main struct Main {
    static func main() { fuzzMain(name: "fuzz-edid", entry, fuzzEDID) }
}
