/// One device of a `libinput record` file: what the kernel said of it, the udev properties
/// it carried (`ID_INPUT_*`, `LIBINPUT_CALIBRATION_MATRIX`, `LIBINPUT_FUZZ_*`), and its events.
public struct LibinputRecordDevice: Sendable {
    /// The node it was recorded from.
    public var node: String
    /// Its name, ids, properties, codes and axes, as its recording.
    public var recording: Recording
    /// udev's properties, `KEY=VALUE` as recorded.
    public var udevProperties: [String: String]
}

/// Reads `libinput record` files (format version 1): the YAML libinput's bug reports and
/// tools use, written by one program in one layout. The parser knows that layout — nested
/// mappings by indentation, block lists, flow lists of numbers, quoted names, comments — and
/// nothing else of YAML: a file it cannot place is refused with its line, never guessed at.
public struct LibinputRecordParser {
    public let file: String

    public init(file: String) { self.file = file }

    /// Whether `bytes` (a file's start) look like a `libinput record` file rather than evemu.
    public static func recognizes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // A plain scan: the daemon asks this of every recording at start-up, and a generic
        // split over lines cost it a million instructions of run-time type lookups.
        var i = 0
        var lines = 0
        while i < bytes.count && lines < 8 {
            var end = i
            while end < bytes.count && bytes[end] != 0x0a { end += 1 }
            if end > i {
                let line = UnsafeBufferPointer(rebasing: bytes[i..<end])
                if starts(line, with: "# libinput record") || starts(line, with: "version:") { return true }
                if line[0] != UInt8(ascii: "#") { return false }
                lines += 1
            }
            i = end + 1
        }
        return false
    }

    private static func starts(_ line: UnsafeBufferPointer<UInt8>, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard line.count >= count else { return false }
        let p = prefix.utf8Start
        for k in 0..<count where line[k] != p[k] { return false }
        return true
    }

    /// The recordings a file holds: its devices for a `libinput record` file, else the one
    /// evemu recording.
    public static func recordings(in bytes: [UInt8], file: String) throws(RecordingError) -> [Recording] {
        let isRecord = bytes.withUnsafeBufferPointer { recognizes(UnsafeBufferPointer(rebasing: $0.prefix(4096))) }
        guard isRecord else { return [try EvemuParser(file: file).parse(bytes)] }
        return try LibinputRecordParser(file: file).parse(bytes).map(\.recording)
    }

    /// Every device of the file, in its order.
    public func parse(_ bytes: [UInt8]) throws(RecordingError) -> [LibinputRecordDevice] {
        var state = State(file: file)
        var number = 0
        for line in bytes.split(separator: 0x0a, omittingEmptySubsequences: false) {
            number += 1
            try state.take(String(decoding: line, as: UTF8.self), line: number)
        }
        return try state.finish(line: number)
    }

    /// The parse under way: the keys open at each indentation, the devices so far.
    private struct State {
        let file: String
        var stack: [(indent: Int, key: String)] = []
        var version: Int?
        var devices: [Building] = []

        struct Building {
            var node = ""
            var name: String?
            var id: [Int]?
            var codes: [UInt16: BitSet] = [:]
            /// The line of each type's codes, for an axis declared there without its absinfo.
            var codesLines: [UInt16: Int] = [:]
            var absInfo: [UInt16: AbsInfo] = [:]
            var properties: [UInt16] = []
            var udev: [String: String] = [:]
            var events: [InputEvent] = []
        }

        init(file: String) { self.file = file }

        func fail(_ line: Int, _ expected: String) -> RecordingError {
            RecordingError(file: file, line: line, expected: expected)
        }

        /// Where the line sits: the keys open above it.
        var path: [String] { stack.map(\.key) }

        mutating func take(_ raw: String, line: Int) throws(RecordingError) {
            let text = Self.withoutComment(raw)
            guard text.contains(where: { $0 != " " }) else { return }
            let indent = text.prefix { $0 == " " }.count
            let content = String(text.dropFirst(indent))
            if content.hasPrefix("- ") || content == "-" {
                stack.removeAll { $0.indent > indent }
                let rest = content == "-" ? "" : String(content.dropFirst(2))
                try item(rest, line: line)
                // An item that opens a mapping (`- node: …`, `- evdev:`): its keys sit two further in.
                if let colon = Self.keyEnd(rest) {
                    try pair(
                        key: String(rest[..<colon]), value: Self.value(after: colon, in: rest), indent: indent + 2,
                        line: line)
                }
                return
            }
            guard let colon = Self.keyEnd(content) else {
                throw fail(line, "a key (`name: value`) or a list item (`- …`) in libinput record's layout")
            }
            stack.removeAll { $0.indent >= indent }
            try pair(
                key: String(content[..<colon]), value: Self.value(after: colon, in: content), indent: indent, line: line
            )
        }

        /// The device being read, for what a line says of it; a line under `devices:` before
        /// any device's `- node:` entry is refused with its line.
        func current(_ line: Int, _ what: String) throws(RecordingError) -> Int {
            guard let last = devices.indices.last else {
                throw fail(line, "a device's entry (`- node: /dev/input/eventN`) before its \(what)")
            }
            return last
        }

        /// A list item: a device, a udev property, an event.
        mutating func item(_ rest: String, line: Int) throws(RecordingError) {
            switch path {
            case ["devices"]:
                devices.append(Building())
            case ["devices", "udev", "properties"]:
                let d = try current(line, "udev properties")
                guard let eq = rest.firstIndex(of: "=") else { throw fail(line, "a udev property as KEY=VALUE") }
                devices[d].udev[String(rest[..<eq])] = String(rest[rest.index(after: eq)...])
            case ["devices", "events", "evdev"]:
                let d = try current(line, "events")
                let n = try numbers(rest, line: line)
                guard n.count == 5, n[0] >= 0, n[1] >= 0, n[1] < 1_000_000, (0...0xffff).contains(n[2]),
                    (0...0xffff).contains(n[3]),
                    let value = Int32(exactly: n[4])
                else {
                    throw fail(line, "an event as [seconds, microseconds, type, code, value]")
                }
                let time = EventTime(totalMicroseconds: Int64(n[0]) * 1_000_000 + Int64(n[1]))
                devices[d].events.append(InputEvent(time: time, type: UInt16(n[2]), code: UInt16(n[3]), value: value))
            default:
                break  // quirks, libinput's own events, lists of sections not read
            }
        }

        /// `key: value` at `indent`, under the keys open above it.
        mutating func pair(key: String, value: String, indent: Int, line: Int) throws(RecordingError) {
            let at = path
            stack.append((indent, key))
            if at.isEmpty {
                if key == "version" {
                    guard value == "1" else {
                        throw fail(line, "version: 1 (the libinput record format this reads), not '\(value)'")
                    }
                    version = 1
                }
                return
            }
            guard at.first == "devices" else { return }
            let d = try current(line, "`\(key):`")
            switch (at.dropFirst().map { $0 }, key) {
            case ([], "node"):
                devices[d].node = Self.unquoted(value)
            case (["evdev"], "name"):
                devices[d].name = Self.unquoted(value)
            case (["evdev"], "id"):
                let n = try numbers(value, line: line)
                guard n.count == 4, n.allSatisfy({ (0...0xffff).contains($0) }) else {
                    throw fail(line, "id: [bustype, vendor, product, version]")
                }
                devices[d].id = n
            case (["evdev"], "properties"):
                devices[d].properties = try numbers(value, line: line).map { v throws(RecordingError) in
                    guard (0...31).contains(v) else { throw fail(line, "input properties between 0 and 31") }
                    return UInt16(v)
                }
            case (["evdev", "codes"], _):
                guard let type = UInt16(key), type <= Kernel.EV_MAX else {
                    throw fail(line, "an event type number as the key")
                }
                var bits = BitSet(capacity: Int(Kernel.maxCode(ofType: type) ?? 0x2ff) + 1)
                for c in try numbers(value, line: line) {
                    guard (0...0x2ff).contains(c) else { throw fail(line, "event codes of type \(type)") }
                    bits.insert(UInt16(c))
                }
                devices[d].codes[type] = bits
                devices[d].codesLines[type] = line
            case (["evdev", "absinfo"], _):
                let n = try numbers(value, line: line)
                guard let code = UInt16(key), code <= Kernel.ABS_MAX, n.count == 5, let a = Int32(exactly: n[0]),
                    let b = Int32(exactly: n[1]),
                    let fuzz = Int32(exactly: n[2]), let flat = Int32(exactly: n[3]), let res = Int32(exactly: n[4])
                else {
                    throw fail(line, "an axis as CODE: [minimum, maximum, fuzz, flat, resolution]")
                }
                guard a <= b else { throw fail(line, "an axis minimum (\(a)) no larger than its maximum (\(b))") }
                devices[d].absInfo[code] = AbsInfo(minimum: a, maximum: b, fuzz: fuzz, flat: flat, resolution: res)
            default:
                break
            }
        }

        /// Integers of a flow list `[1, 2, 0x3]`.
        func numbers(_ text: String, line: Int) throws(RecordingError) -> [Int] {
            let t = text.trimmingSpaces()
            guard t.hasPrefix("["), t.hasSuffix("]") else { throw fail(line, "a list of numbers in brackets") }
            var out: [Int] = []
            for part in t.dropFirst().dropLast().split(separator: ",") {
                let p = String(part).trimmingSpaces()
                let n =
                    p.hasPrefix("0x")
                    ? Int(p.dropFirst(2), radix: 16)
                    : p.hasPrefix("-0x") ? Int(p.dropFirst(3), radix: 16).map { -$0 } : Int(p)
                guard let n else { throw fail(line, "a number, not '\(p)'") }
                out.append(n)
            }
            return out
        }

        func finish(line: Int) throws(RecordingError) -> [LibinputRecordDevice] {
            guard version != nil else { throw fail(1, "version: 1 (is this a libinput record file?)") }
            guard !devices.isEmpty else { throw fail(line, "a device under devices:") }
            return try devices.map { b throws(RecordingError) in
                guard let name = b.name, let id = b.id else { throw fail(line, "each device's evdev: name and id") }
                // libinput record writes an axis's range for every axis a device declares.
                for code in b.codes[Kernel.EV_ABS] ?? BitSet() where b.absInfo[code] == nil {
                    throw fail(
                        b.codesLines[Kernel.EV_ABS] ?? line,
                        "an absinfo entry `\(code): [minimum, maximum, fuzz, flat, resolution]` for each axis this line declares"
                    )
                }
                let d = DeviceDescription(
                    name: name,
                    id: InputID(
                        bustype: UInt16(id[0]), vendor: UInt16(id[1]), product: UInt16(id[2]), version: UInt16(id[3])),
                    properties: BitSet(b.properties), codes: b.codes, absInfo: b.absInfo)
                var r = Recording(description: d, events: b.events)
                r.udevProperties = b.udev
                return LibinputRecordDevice(node: b.node, recording: r, udevProperties: b.udev)
            }
        }

        /// The line without its comment (a `#` outside double quotes).
        static func withoutComment(_ s: String) -> Substring {
            var quoted = false
            var escaped = false
            for i in s.indices {
                let c = s[i]
                if escaped {
                    escaped = false
                    continue
                }
                if c == "\\" && quoted {
                    escaped = true
                    continue
                }
                if c == "\"" { quoted.toggle() }
                if c == "#" && !quoted { return s[..<i] }
            }
            return s[...]
        }

        /// Where a `key:` ends (the colon), for a key that is a plain word or number.
        static func keyEnd(_ s: String) -> String.Index? {
            guard let colon = s.firstIndex(of: ":") else { return nil }
            let key = s[..<colon]
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
                return nil
            }
            let after = s.index(after: colon)
            return after == s.endIndex || s[after] == " " ? colon : nil
        }

        static func value(after colon: String.Index, in s: String) -> String {
            String(s[s.index(after: colon)...]).trimmingSpaces()
        }

        /// A double-quoted YAML string's text (`\"` and `\\` undone); plain text as it is.
        static func unquoted(_ s: String) -> String {
            guard s.count >= 2, s.hasPrefix("\""), s.hasSuffix("\"") else { return s }
            var out = ""
            var escaped = false
            for c in s.dropFirst().dropLast() {
                if escaped {
                    out.append(c)
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                } else {
                    out.append(c)
                }
            }
            return out
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" || s.first == "\r" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" || s.last == "\r" { s = s.dropLast() }
        return String(s)
    }
}
