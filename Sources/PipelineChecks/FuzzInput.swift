import Glibc
import InputEvents
import TouchInput

/// Reads a fuzzer's bytes as choices: numbers in ranges, taken from the front, zero once
/// the bytes run out. (The same bytes always give the same choices, so an input replays.)
public struct FuzzInput {
    private let bytes: [UInt8]
    private var i = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isAtEnd: Bool { i >= bytes.count }

    public mutating func byte() -> UInt8 {
        defer { i += 1 }
        return i < bytes.count ? bytes[i] : 0
    }

    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        var v: UInt64 = 0
        for _ in 0..<(span > 0xffff ? 4 : span > 0xff ? 2 : 1) { v = v << 8 | UInt64(byte()) }
        return range.lowerBound + Int(v % span)
    }

    public mutating func int32() -> Int32 {
        var v: UInt32 = 0
        for _ in 0..<4 { v = v << 8 | UInt32(byte()) }
        return Int32(bitPattern: v)
    }

    /// A device description: protocol B with 1–64 slots (and sometimes a palm axis), protocol
    /// A with or without tracking ids, single touch (sometimes a touch controller in mouse
    /// mode: `BTN_LEFT`, no `BTN_TOUCH`; or a pen with tilt and height), or a "fake MT"
    /// device; odd axis ranges.
    public mutating func device() -> DeviceDescription {
        let k = Kernel.self
        var abs: [UInt16]
        var extra: [UInt16: AbsInfo] = [:]
        switch int(0...4) {
        case 0, 1:
            abs = [
                k.ABS_X, k.ABS_Y, k.ABS_MT_SLOT, k.ABS_MT_POSITION_X, k.ABS_MT_POSITION_Y, k.ABS_MT_TRACKING_ID,
                k.ABS_MT_PRESSURE, k.ABS_MT_TOUCH_MAJOR,
            ]
            if int(0...1) == 1 { abs.append(k.ABS_MT_TOOL_TYPE) }
            extra[k.ABS_MT_SLOT] = AbsInfo(minimum: 0, maximum: Int32(int(0...63)))
        case 2:
            abs =
                [k.ABS_X, k.ABS_Y, k.ABS_MT_POSITION_X, k.ABS_MT_POSITION_Y]
                + (int(0...1) == 1 ? [k.ABS_MT_TRACKING_ID] : [])
        case 3:
            abs =
                [k.ABS_X, k.ABS_Y, k.ABS_PRESSURE]
                + (int(0...1) == 1 ? [k.ABS_TILT_X, k.ABS_TILT_Y, k.ABS_DISTANCE] : [])
        default: abs = [k.ABS_X, k.ABS_Y, k.ABS_MT_SLOT - 1, k.ABS_MT_SLOT, k.ABS_MT_POSITION_X, k.ABS_MT_POSITION_Y]
        }
        var info: [UInt16: AbsInfo] = [:]
        for c in abs {
            let lo = Int32(int(-100...100))
            let span = Int32(int(0...70_000))
            info[c] = AbsInfo(minimum: lo, maximum: lo + span, fuzz: Int32(int(0...8)), resolution: Int32(int(0...50)))
        }
        for (c, a) in extra { info[c] = a }
        let single = abs.starts(with: [k.ABS_X, k.ABS_Y, k.ABS_PRESSURE])
        let keys: [UInt16]
        switch single ? int(0...2) : 0 {
        case 1: keys = [k.BTN_LEFT, k.BTN_RIGHT]  // a touch controller in mouse mode
        case 2: keys = [k.BTN_TOOL_PEN, k.BTN_TOOL_RUBBER, k.BTN_TOUCH, k.BTN_STYLUS, k.BTN_STYLUS2]  // a pen
        default: keys = [k.BTN_TOUCH]
        }
        return DeviceDescription(
            name: "fuzz", id: InputID(bustype: 3, vendor: 1, product: 1, version: 1),
            properties: BitSet(keys.contains(k.BTN_LEFT) ? [] : [k.INPUT_PROP_DIRECT]),
            codes: [k.EV_KEY: BitSet(keys), k.EV_ABS: BitSet(abs)], absInfo: info)
    }

    /// An event biased towards touch traffic, with garbage mixed in; and whether it is part
    /// of libevdev's resync.
    public mutating func event(time: inout Int64) -> (InputEvent, Bool) {
        let k = Kernel.self
        let kind = int(0...15)
        let sync = int(0...15) == 0
        var type = k.EV_ABS
        var code: UInt16 = 0
        var value: Int32 = 0
        switch kind {
        case 0...2:
            type = k.EV_SYN
            code = k.SYN_REPORT
            time += Int64(int(0...600_000))
        case 3:
            type = k.EV_SYN
            code = [k.SYN_MT_REPORT, k.SYN_DROPPED][int(0...1)]
        case 4:
            code = k.ABS_MT_SLOT
            value = Int32(int(-3...70))
        case 5:
            code = k.ABS_MT_TRACKING_ID
            value = Int32(int(-2...20))
        case 6, 7:
            code = [k.ABS_MT_POSITION_X, k.ABS_MT_POSITION_Y][int(0...1)]
            value = Int32(int(-200...70_500))
        case 8:
            code =
                [
                    k.ABS_X, k.ABS_Y, k.ABS_PRESSURE, k.ABS_MT_PRESSURE, k.ABS_MT_TOUCH_MAJOR, k.ABS_TILT_X,
                    k.ABS_DISTANCE,
                ][
                    int(0...6)]
            value = int32()
        case 9:
            code = k.ABS_MT_TOOL_TYPE
            value = Int32(int(0...2))
        case 10:
            type = k.EV_KEY
            code = [k.BTN_TOUCH, k.BTN_LEFT, k.BTN_TOOL_PEN, k.BTN_TOOL_RUBBER, k.BTN_STYLUS][int(0...4)]
            value = Int32(int(0...2))
        default:
            type = UInt16(int(0...0x1f))
            code = UInt16(int(0...0x2ff))
            value = int32()
        }
        return (InputEvent(time: EventTime(totalMicroseconds: time), type: type, code: code, value: value), sync)
    }
}

/// Without libFuzzer, a fuzzer's executable replays files (crash inputs, the corpus) through
/// its harness: `fuzz-evemu FILE|DIR…`. Returns the number of inputs run.
public func replayFuzzInputs(_ arguments: [String], _ harness: ([UInt8]) -> Void) -> Int {
    var count = 0
    for path in arguments {
        var files = [path]
        if let dir = opendir(path) {
            files = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if !name.hasPrefix(".") { files.append(path + "/" + name) }
            }
            closedir(dir)
        }
        for f in files.sorted() {
            guard let fp = fopen(f, "rb") else { continue }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = fread(&chunk, 1, chunk.count, fp)
                if n == 0 { break }
                bytes += chunk[0..<n]
            }
            fclose(fp)
            harness(bytes)
            count += 1
        }
    }
    return count
}

#if FUZZING
    // The C symbol libFuzzer defines, by its own name.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    @_silgen_name("LLVMFuzzerRunDriver")
    private func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32
#endif

/// The fuzzers' entry: under libFuzzer (built with `-DFUZZING`), its driver with this
/// process's arguments; otherwise the given files replayed through `harness`.
public func fuzzMain(
    name: String, _ entry: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32,
    _ harness: ([UInt8]) -> Void
) -> Never {
    #if FUZZING
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, entry))
    #else
        let n = replayFuzzInputs(Array(CommandLine.arguments.dropFirst()), harness)
        print("\(name): \(n) inputs replayed, every invariant held")
        exit(0)
    #endif
}
