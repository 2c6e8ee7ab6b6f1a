import CEvdev
import InputEvents

/// Event, code and property names from libevdev's tables (the ones evtest and evemu show).
public struct LibevdevNames: EventNaming {
    public init() {}

    public func typeName(_ type: UInt16) -> String? {
        libevdev_event_type_get_name(UInt32(type)).map { String(cString: $0) }
    }

    public func codeName(type: UInt16, code: UInt16) -> String? {
        libevdev_event_code_get_name(UInt32(type), UInt32(code)).map { String(cString: $0) }
    }

    public func propertyName(_ property: UInt16) -> String? {
        libevdev_property_get_name(UInt32(property)).map { String(cString: $0) }
    }

    /// The type number for a name such as `EV_ABS`, or nil.
    public func type(named name: String) -> UInt16? {
        let v = libevdev_event_type_from_name(name)
        return v < 0 ? nil : UInt16(v)
    }

    /// The code number for a name such as `ABS_MT_SLOT`, or nil.
    public func code(named name: String, type: UInt16) -> UInt16? {
        let v = libevdev_event_code_from_name(UInt32(type), name)
        return v < 0 ? nil : UInt16(v)
    }
}
