/// The range and state of one absolute axis (`struct input_absinfo`).
public struct AbsInfo: Hashable, Sendable {
    public var value: Int32
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// Units per millimetre (per radian for orientation); 0 when unknown.
    public var resolution: Int32

    public init(
        value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0,
        flat: Int32 = 0, resolution: Int32 = 0
    ) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// The axis range as libinput counts it, `max - min + 1`.
    public var range: Int64 { Int64(maximum) - Int64(minimum) + 1 }
}

/// The kernel's `struct input_id`.
public struct InputID: Hashable, Sendable {
    public var bustype: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16

    public init(bustype: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.version = version
    }
}

/// What an input device is and supports: the same facts from a live device or a recording,
/// so everything downstream works on either.
public struct DeviceDescription: Hashable, Sendable {
    public var name: String
    public var id: InputID
    /// `EVIOCGVERSION`; recordings don't carry it, so it defaults to the kernel's 1.0.1.
    public var driverVersion: Int32
    public var phys: String?
    public var uniq: String?
    public var properties: BitSet
    /// Supported event types, each with its supported codes.
    public var codes: [UInt16: BitSet]
    /// Axis information of every supported `EV_ABS` code.
    public var absInfo: [UInt16: AbsInfo]
    /// `EV_REP` delay and period in ms, when the device repeats keys.
    public var keyRepeat: (delay: Int32, period: Int32)?

    public init(
        name: String, id: InputID, driverVersion: Int32 = 0x010001, phys: String? = nil,
        uniq: String? = nil, properties: BitSet = BitSet(), codes: [UInt16: BitSet] = [:],
        absInfo: [UInt16: AbsInfo] = [:], keyRepeat: (delay: Int32, period: Int32)? = nil
    ) {
        self.name = name
        self.id = id
        self.driverVersion = driverVersion
        self.phys = phys
        self.uniq = uniq
        self.properties = properties
        self.codes = codes
        self.absInfo = absInfo
        self.keyRepeat = keyRepeat
    }

    public func has(type: UInt16) -> Bool { codes[type] != nil }

    public func has(type: UInt16, code: UInt16) -> Bool { codes[type]?.contains(code) ?? false }

    public func has(property: UInt16) -> Bool { properties.contains(property) }

    /// Supported event types in ascending order.
    public var types: [UInt16] { codes.keys.sorted() }

    /// Number of multitouch slots (protocol B), or nil when the device has no usable
    /// `ABS_MT_SLOT` range.
    public var slotCount: Int? {
        guard has(type: Kernel.EV_ABS, code: Kernel.ABS_MT_SLOT),
            let info = absInfo[Kernel.ABS_MT_SLOT], info.minimum == 0, info.maximum >= 0
        else { return nil }
        return Int(info.maximum) + 1
    }

    /// The physical size in millimetres from the axes' resolution, as evemu computes it.
    public var sizeInMillimetres: (width: Int, height: Int)? {
        guard let x = absInfo[Kernel.ABS_X], let y = absInfo[Kernel.ABS_Y],
            x.resolution > 0, y.resolution > 0
        else { return nil }
        return (
            Int((Int64(x.maximum) - Int64(x.minimum)) / Int64(x.resolution)),
            Int((Int64(y.maximum) - Int64(y.minimum)) / Int64(y.resolution))
        )
    }

    public static func == (a: DeviceDescription, b: DeviceDescription) -> Bool {
        a.name == b.name && a.id == b.id && a.driverVersion == b.driverVersion
            && a.phys == b.phys && a.uniq == b.uniq && a.properties == b.properties
            && a.codes == b.codes && a.absInfo == b.absInfo
            && a.keyRepeat?.delay == b.keyRepeat?.delay && a.keyRepeat?.period == b.keyRepeat?.period
    }

    public func hash(into h: inout Hasher) {
        h.combine(name)
        h.combine(id)
        h.combine(codes)
    }
}
