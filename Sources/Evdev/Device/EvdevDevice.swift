import CEvdev
import Glibc
import InputEvents
import Runtime

/// An open `/dev/input/eventN` node, read through libevdev. A class because it owns the file
/// descriptor and the libevdev handle.
public final class EvdevDevice {
    public let path: String
    public let fd: Int32
    private let dev: OpaquePointer
    public private(set) var isGrabbed = false
    /// Whether `closeTogether` closed it already.
    private var isClosed = false

    /// How events are read. `.synced` is libevdev's view (state-tracked, SYN_DROPPED resynced,
    /// driver bugs such as double tracking IDs filtered); `.raw` is exactly what the kernel
    /// delivers, as evtest and evemu-record show it.
    public enum ReadMode: Sendable { case synced, raw }

    /// Why a read loop returned.
    /// `drained`: the kernel's buffer is empty; `more`: the budget of one call was read and
    /// more is waiting (the descriptor stays readable, so the loop comes back to it after its
    /// other sources); `unplugged`: the device is gone.
    public enum ReadStatus: Sendable, Equatable { case drained, more, unplugged }

    /// Events one `read` call hands out at most (a resync is always read to its end): a
    /// device that floods cannot keep a loop from its timers, signals and other devices.
    public static let eventsPerRead = 2048

    /// Opens the node read-only and non-blocking. `clock` sets the timestamps' clock right
    /// away: changing it later makes the kernel flush whatever was already queued.
    public init(path: String, clock: clockid_t? = nil) throws(DeviceError) {
        self.path = path
        var st = stat()
        if stat(path, &st) != 0 {
            let e = errno
            if e == ENOENT || e == ENOTDIR { throw .notFound(path: path, touchscreens: []) }
            if e == EACCES { throw .permissionDenied(path: path) }
            throw .system(path: path, call: "stat", errno: e)
        }
        if (st.st_mode & S_IFMT) != S_IFCHR { throw .notEvdev(path: path) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            let e = errno
            switch e {
            case ENOENT: throw .notFound(path: path, touchscreens: [])
            case EACCES, EPERM: throw .permissionDenied(path: path)
            case ENODEV, ENXIO: throw .notFound(path: path, touchscreens: [])  // a stale node
            default: throw .system(path: path, call: "open", errno: e)
            }
        }
        if let clock {
            var id = clock
            // EVIOCSCLOCKID, before libevdev reads any state: nothing is queued yet to lose.
            if ioctl(fd, UInt(0x4004_45a0), &id) != 0 {
                let e = errno
                close(fd)
                if e == ENOTTY || e == EINVAL { throw .notEvdev(path: path) }
                throw .system(path: path, call: "EVIOCSCLOCKID", errno: e)
            }
        }
        guard let handle = libevdev_new() else {
            close(fd)
            throw .system(path: path, call: "libevdev_new", errno: ENOMEM)
        }
        // libevdev's own notices (driver bugs it works around) go to LibevdevMessages.
        touchbridge_evdev_set_log(handle, libevdevLog)
        let rc = libevdev_set_fd(handle, fd)
        guard rc == 0 else {
            libevdev_free(handle)
            close(fd)
            if rc == -ENODEV { throw .unplugged(path: path) }
            if rc == -ENOTTY || rc == -EINVAL { throw .notEvdev(path: path) }
            throw .system(path: path, call: "libevdev_new_from_fd", errno: -rc)
        }
        self.fd = fd
        self.dev = handle
    }

    deinit {
        guard !isClosed else { return }
        // Closing the node releases a grab anyway; ungrabbing first only keeps the order.
        if isGrabbed { _ = libevdev_grab(dev, LIBEVDEV_UNGRAB) }
        libevdev_free(dev)
        close(fd)
    }

    /// Closes `devices` at once. The kernel waits out an RCU grace period or two as it releases
    /// an evdev node (10 ms in the project's VM), so closing a list of them one after another
    /// costs that for each; closed on threads of their own, they wait out the same ones.
    public static func closeTogether(_ devices: [EvdevDevice]) {
        var threads: [pthread_t] = []
        for d in devices where !d.isClosed {
            d.isClosed = true
            if d.isGrabbed { _ = libevdev_grab(d.dev, LIBEVDEV_UNGRAB) }
            libevdev_free(d.dev)
            var thread = pthread_t()
            if pthread_create(&thread, nil, closeDescriptor, UnsafeMutableRawPointer(bitPattern: Int(d.fd) + 1)) == 0 {
                threads.append(thread)
            } else {
                close(d.fd)
            }
        }
        for t in threads { pthread_join(t, nil) }
    }

    /// What the device is and supports, as libevdev read it at open.
    public var description: DeviceDescription {
        var codes: [UInt16: BitSet] = [:]
        for type in UInt16(0)...Kernel.EV_MAX where libevdev_has_event_type(dev, UInt32(type)) != 0 {
            var bits = BitSet()
            if let max = Kernel.maxCode(ofType: type) {
                for code in 0...max where libevdev_has_event_code(dev, UInt32(type), UInt32(code)) != 0 {
                    bits.insert(code)
                }
            }
            codes[type] = bits
        }
        var abs: [UInt16: AbsInfo] = [:]
        for code in codes[Kernel.EV_ABS] ?? BitSet() {
            if let a = libevdev_get_abs_info(dev, UInt32(code))?.pointee {
                abs[code] = AbsInfo(
                    value: a.value, minimum: a.minimum, maximum: a.maximum,
                    fuzz: a.fuzz, flat: a.flat, resolution: a.resolution)
            }
        }
        var props = BitSet()
        for p in 0...Kernel.INPUT_PROP_MAX where libevdev_has_property(dev, UInt32(p)) != 0 { props.insert(p) }
        var delay: Int32 = 0
        var period: Int32 = 0
        let rep = libevdev_get_repeat(dev, &delay, &period) == 0 ? (delay, period) : nil
        return DeviceDescription(
            name: libevdev_get_name(dev).map { String(cString: $0) } ?? "",
            id: InputID(
                bustype: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(dev)),
                vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(dev)),
                product: UInt16(truncatingIfNeeded: libevdev_get_id_product(dev)),
                version: UInt16(truncatingIfNeeded: libevdev_get_id_version(dev))),
            driverVersion: libevdev_get_driver_version(dev),
            phys: libevdev_get_phys(dev).map { String(cString: $0) },
            uniq: libevdev_get_uniq(dev).map { String(cString: $0) },
            properties: props, codes: codes, absInfo: abs,
            keyRepeat: rep.map { (delay: $0.0, period: $0.1) })
    }

    /// Number of multitouch slots libevdev tracks, or nil for devices without slots.
    public var slotCount: Int? {
        let n = libevdev_get_num_slots(dev)
        return n < 0 ? nil : Int(n)
    }

    /// The value of `code` (an `ABS_MT_*` axis) in `slot`, from libevdev's slot state.
    public func slotValue(slot: Int, code: UInt16) -> Int32 {
        libevdev_get_slot_value(dev, UInt32(slot), UInt32(code))
    }

    /// The current value of a non-MT event code (key state, axis value).
    public func value(type: UInt16, code: UInt16) -> Int32 {
        libevdev_get_event_value(dev, UInt32(type), UInt32(code))
    }

    /// Takes the device for exclusive access (`EVIOCGRAB`). Fails with EBUSY when another
    /// process holds the grab.
    public func grab() throws(DeviceError) {
        let rc = libevdev_grab(dev, LIBEVDEV_GRAB)
        if rc != 0 { throw .system(path: path, call: "EVIOCGRAB", errno: -rc) }
        isGrabbed = true
    }

    public func ungrab() {
        // EVIOCGRAB with 0 fails only on a node that is gone (ENODEV), which holds no grab.
        _ = libevdev_grab(dev, LIBEVDEV_UNGRAB)
        isGrabbed = false
    }

    /// Sets the clock of event timestamps (`CLOCK_MONOTONIC` for the daemon; evtest keeps
    /// the kernel default, `CLOCK_REALTIME`). The kernel drops queued events on a change
    /// (with a SYN_DROPPED); prefer the `clock` argument of `init`.
    public func setClock(_ clock: clockid_t) throws(DeviceError) {
        let rc = libevdev_set_clock_id(dev, clock)
        if rc != 0 { throw .system(path: path, call: "EVIOCSCLOCKID", errno: -rc) }
    }

    /// Reads the events available now, up to `eventsPerRead`, calling `body` for each; returns
    /// when the kernel buffer is drained, the budget is spent or the device is gone. In `.synced` mode a `SYN_DROPPED` and the
    /// resync events libevdev derives from it (possibly none) come with `isSync == true`, as
    /// the libevdev documentation prescribes; a raw `SYN_DROPPED` comes with `false`.
    public func read(_ mode: ReadMode, _ body: (InputEvent, _ isSync: Bool) -> Void) throws(DeviceError) -> ReadStatus {
        switch mode {
        case .raw: return try readRaw(body)
        case .synced: return try readSynced(body)
        }
    }

    private func readSynced(_ body: (InputEvent, Bool) -> Void) throws(DeviceError) -> ReadStatus {
        var ev = input_event()
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
        var budget = Self.eventsPerRead
        while true {
            // Never in the middle of a resync: libevdev would drop what is left of it.
            if budget == 0 && flags == LIBEVDEV_READ_FLAG_NORMAL.rawValue { return .more }
            budget &-= 1
            let rc = libevdev_next_event(dev, flags, &ev)
            if rc == -EAGAIN {
                if flags == LIBEVDEV_READ_FLAG_SYNC.rawValue {
                    flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
                    continue
                }
                return .drained
            }
            if rc == -ENODEV { return .unplugged }
            if rc < 0 { throw .system(path: path, call: "libevdev_next_event", errno: -rc) }
            let event = InputEvent(ev)
            if rc == LIBEVDEV_READ_STATUS_SYNC.rawValue {
                // The SYN_DROPPED itself, then the resync events: all part of the resync.
                flags = LIBEVDEV_READ_FLAG_SYNC.rawValue
                body(event, true)
            } else {
                body(event, false)
            }
        }
    }

    private func readRaw(_ body: (InputEvent, Bool) -> Void) throws(DeviceError) -> ReadStatus {
        var buffer = (
            input_event(), input_event(), input_event(), input_event(),
            input_event(), input_event(), input_event(), input_event(),
            input_event(), input_event(), input_event(), input_event(),
            input_event(), input_event(), input_event(), input_event()
        )
        let size = MemoryLayout<input_event>.stride
        var budget = Self.eventsPerRead
        while true {
            if budget <= 0 { return .more }
            let n = withUnsafeMutableBytes(of: &buffer) { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                let e = errno
                if e == EINTR { continue }
                if e == EAGAIN { return .drained }
                if e == ENODEV { return .unplugged }
                throw .system(path: path, call: "read", errno: e)
            }
            if n == 0 { return .unplugged }
            withUnsafeBytes(of: &buffer) { raw in
                let events = raw.bindMemory(to: input_event.self)
                for i in 0..<(n / size) { body(InputEvent(events[i]), false) }
            }
            budget -= n / size
        }
    }
}

/// Hands a libevdev log message, formatted by the C shim, to `LibevdevMessages.sink`.
private let libevdevLog: touchbridge_evdev_log_sink = { text in
    guard let text else { return }
    var message = String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self)
    while message.last == "\n" { message.removeLast() }
    LibevdevMessages.sink(message)
}

extension InputEvent {
    init(_ ev: input_event) {
        self.init(
            time: EventTime(seconds: Int64(ev.time.tv_sec), microseconds: Int32(ev.time.tv_usec)),
            type: ev.type, code: ev.code, value: ev.value)
    }
}

/// A thread's work in `EvdevDevice.closeTogether`: closing the descriptor its argument carries
/// (plus one, so that descriptor 0 is not a null pointer).
private func closeDescriptor(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    close(Int32(truncatingIfNeeded: Int(bitPattern: argument) - 1))
    return nil
}
