/// The input devices' names as the JSON log writes them, each in memory of its own: a touch's
/// device goes into its line as one copy, without the reference counting that looking a name
/// up in an array of arrays costs on every touch of every frame.
final class DeviceNameBytes {
    /// By device number: the name's JSON string bytes, or an empty buffer (unknown device).
    private var names: [UnsafeMutableBufferPointer<UInt8>] = []
    /// `""`, what a touch from an unknown device shows.
    private let unknown: UnsafeMutableBufferPointer<UInt8>
    /// The most bytes any name set so far takes (a bound for sizing a line).
    private(set) var longest = 2
    /// Changes whenever a name is set or removed: bytes copied from a line that named a
    /// device are good only while it stays the same (`TouchLineCaches`).
    private(set) var generation: UInt64 = 0

    init() {
        unknown = .allocate(capacity: 2)
        _ = unknown.initialize(from: [UInt8(ascii: "\""), UInt8(ascii: "\"")])
    }

    deinit {
        for n in names { n.baseAddress?.deallocate() }
        unknown.deallocate()
    }

    func set(_ number: Int, json: [UInt8]) {
        guard number >= 0 else { return }
        remove(number)
        generation &+= 1
        while names.count <= number { names.append(UnsafeMutableBufferPointer(start: nil, count: 0)) }
        let b = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(json.count, 1))
        _ = b.initialize(from: json)
        names[number] = UnsafeMutableBufferPointer(rebasing: b[0..<json.count])
        longest = max(longest, json.count)
    }

    func remove(_ number: Int) {
        guard number >= 0 && number < names.count, let p = names[number].baseAddress else { return }
        generation &+= 1
        p.deallocate()
        names[number] = UnsafeMutableBufferPointer(start: nil, count: 0)
    }

    /// The JSON string of device `number`'s name, `""` when it has none.
    @inline(__always)
    func json(_ number: Int) -> UnsafeBufferPointer<UInt8> {
        names.withUnsafeBufferPointer { n in
            number >= 0 && number < n.count && n[number].baseAddress != nil
                ? UnsafeBufferPointer(n[number]) : UnsafeBufferPointer(unknown)
        }
    }
}
