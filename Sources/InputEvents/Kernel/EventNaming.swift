/// Names of event types, codes and properties. The device layer answers with libevdev's
/// tables; the portable writers only ask through this protocol.
public protocol EventNaming: Sendable {
    func typeName(_ type: UInt16) -> String?
    func codeName(type: UInt16, code: UInt16) -> String?
    func propertyName(_ property: UInt16) -> String?
}

/// Every type and code name looked up once, as bytes, so formatting an event appends names
/// without allocating or calling out.
public struct EventNameTable: Sendable {
    private var types: [[UInt8]?]
    private var codes: [[[UInt8]?]]

    public init(_ naming: any EventNaming) {
        types = (0...Kernel.EV_MAX).map { naming.typeName($0).map { Array($0.utf8) } }
        codes = (0...Kernel.EV_MAX).map { type in
            guard let max = Kernel.maxCode(ofType: type) else { return [] }
            return (0...max).map { naming.codeName(type: type, code: $0).map { Array($0.utf8) } }
        }
    }

    /// Appends the type's name, or `fallback` when it has none.
    public func appendTypeName(_ type: UInt16, fallback: StaticString, to out: inout TextBuffer) {
        if Int(type) < types.count, let name = types[Int(type)] {
            out.append(bytes: name)
        } else {
            out.append(fallback)
        }
    }

    /// Appends the code's name, or `fallback` when it has none.
    public func appendCodeName(type: UInt16, code: UInt16, fallback: StaticString, to out: inout TextBuffer) {
        if Int(type) < codes.count, Int(code) < codes[Int(type)].count, let name = codes[Int(type)][Int(code)] {
            out.append(bytes: name)
        } else {
            out.append(fallback)
        }
    }

    /// The code's name length in bytes (for column padding), or the fallback's.
    public func codeNameLength(type: UInt16, code: UInt16, fallbackLength: Int) -> Int {
        if Int(type) < codes.count, Int(code) < codes[Int(type)].count, let name = codes[Int(type)][Int(code)] {
            return name.count
        }
        return fallbackLength
    }
}
