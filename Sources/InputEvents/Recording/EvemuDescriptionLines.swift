extension EvemuLineParser {
    /// A description line (`N:`, `I:`, `P:`, `B:`, `A:`, `L:`, `S:`) into `state`; what a
    /// malformed one expected goes through `fail`.
    func parseDescription(
        _ letter: UInt8, tag: ArraySlice<UInt8>, line: ArraySlice<UInt8>, number: Int, _ fields: inout Fields,
        state: inout State, _ fail: (String) -> RecordingError
    ) throws(RecordingError) {
        switch letter {
        case UInt8(ascii: "N"):
            guard state.name == nil else { throw fail("one device name line only") }
            var rest = line.drop { $0 != UInt8(ascii: ":") }.dropFirst()
            while rest.first == UInt8(ascii: " ") || rest.first == UInt8(ascii: "\t") { rest = rest.dropFirst() }
            // Trailing white space and carriage returns are not part of a name (a file that
            // went through an editor with Windows line ends, say).
            while let c = rest.last, c == 0x20 || c == 0x09 || c == 0x0d { rest = rest.dropLast() }
            state.name = String(decoding: rest, as: UTF8.self)
            state.nameLine = number
        case UInt8(ascii: "I"):
            guard state.name != nil else { throw fail("the device name line 'N: NAME' before 'I:'") }
            guard state.id == nil else { throw fail("one 'I:' line only") }
            let what = "'I: BUS VENDOR PRODUCT VERSION' (four hex numbers of up to 4 digits)"
            var v: [UInt16] = []
            for _ in 0..<4 {
                guard let f = fields.next(), let n = hex(f, maxDigits: 4) else { throw fail(what) }
                v.append(UInt16(n))
            }
            guard fields.atEnd else { throw fail(what) }
            state.id = InputID(bustype: v[0], vendor: v[1], product: v[2], version: v[3])
        case UInt8(ascii: "P"):
            try requireHeader(state, fail)
            let bytes = try hexBytes(&fields, count: 8, what: "'P: ' and 8 hex bytes of input properties", fail)
            state.propertyBytes += bytes
            if state.propertyBytes.count > 8, bytes.contains(where: { $0 != 0 }) {
                throw fail("no input property above INPUT_PROP_MAX (0x1f)")
            }
        case UInt8(ascii: "B"):
            try parseCodes(&fields, state: &state, fail)
        case UInt8(ascii: "A"):
            try parseAxis(&fields, state: &state, fail)
        case UInt8(ascii: "L"), UInt8(ascii: "S"):
            try requireHeader(state, fail)
            let what = "'\(quoted(tag)) CODE STATE' (a hex code and a decimal state)"
            guard let c = fields.next(), hex(c, maxDigits: 4) != nil, let s = fields.next(), decimal(s) != nil,
                fields.atEnd
            else { throw fail(what) }
        default:
            break
        }
    }

    /// A `B:` line: eight bytes of one event type's code mask.
    private func parseCodes(_ fields: inout Fields, state: inout State, _ fail: (String) -> RecordingError)
        throws(RecordingError)
    {
        try requireHeader(state, fail)
        let what = "'B: TYPE' and 8 hex bytes of event codes"
        guard let f = fields.next(), let t = hex(f, maxDigits: 2) else { throw fail(what) }
        guard t <= Int(Kernel.EV_MAX) else {
            throw fail("an event type from 00 to 1f in 'B:', not \(hexString(t))")
        }
        let type = UInt16(t)
        let bytes = try hexBytes(&fields, count: 8, what: what, fail)
        let offset = state.maskBytes[type, default: []].count * 8
        guard type == Kernel.EV_SYN || Kernel.maxCode(ofType: type) != nil || bytes.allSatisfy({ $0 == 0 }) else {
            throw fail(
                "event codes only for the event types evemu knows (00–05, 11, 12, 14, 15), not \(hexString(t))")
        }
        let limit = type == Kernel.EV_SYN ? Int(Kernel.EV_MAX) : Int(Kernel.maxCode(ofType: type) ?? 0)
        for (i, byte) in bytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 && offset + i * 8 + bit > limit {
                throw fail("no code above \(hexString(limit)) for event type \(hexString(t))")
            }
        }
        state.maskBytes[type, default: []] += bytes
    }

    /// An `A:` line: one axis' range (with its resolution from evemu 1.2 on).
    private func parseAxis(_ fields: inout Fields, state: inout State, _ fail: (String) -> RecordingError)
        throws(RecordingError)
    {
        try requireHeader(state, fail)
        let needed = (state.version.major, state.version.minor) > (1, 1) ? 6 : 5
        let what =
            needed == 6
            ? "'A: CODE MIN MAX FUZZ FLAT RESOLUTION' (a hex code and five decimal numbers)"
            : "'A: CODE MIN MAX FUZZ FLAT' (a hex code and four or five decimal numbers)"
        guard let f = fields.next(), let c = hex(f, maxDigits: 2) else { throw fail(what) }
        guard c <= Int(Kernel.ABS_MAX) else {
            throw fail("an axis code from 00 to 3f in 'A:', not \(hexString(c))")
        }
        var v: [Int32] = []
        while let f = fields.next() {
            guard let n = decimal(f) else { throw fail(what + "; '\(quoted(f))' is not a 32-bit integer") }
            v.append(n)
        }
        guard v.count == needed - 1 || (needed == 5 && v.count == 5) else { throw fail(what) }
        guard v[0] <= v[1] else { throw fail("an axis minimum (\(v[0])) no larger than its maximum (\(v[1]))") }
        state.absInfo[UInt16(c)] = AbsInfo(
            minimum: v[0], maximum: v[1], fuzz: v[2], flat: v[3],
            resolution: v.count > 4 ? v[4] : 0)
    }
}
