import TextBuffers

/// One setting of a panel's contact correction, said once: the `run` option and the udev
/// property that set it, what its text looks like and how it is read. The corrections name
/// theirs in `InputChain.settings`; the command line, udev and the placement treat them alike.
public protocol PanelSetting: Sendable {
    associatedtype Value: Sendable & Equatable
    /// The `run` option that sets it, per panel (`hysteresis`: `--hysteresis [MATCH=]VALUE`).
    static var option: String { get }
    /// The udev property that sets it (`TOUCHBRIDGE_HYSTERESIS_MM`).
    static var udevProperty: String { get }
    /// The value as the option's help writes it (`MM`).
    static var syntax: String { get }
    /// What a value must be, said when one is malformed (`millimetres`).
    static var expected: String { get }
    /// The value `text` says; nil when it is malformed or out of range.
    static func parse(_ text: Substring) -> Value?
}

extension PanelSetting {
    /// Sets it in `settings` from udev's properties; a malformed value is said and left out.
    package static func read(
        _ properties: [String: String], node: String, into settings: inout PanelSettings, warn: (String) -> Void
    ) {
        guard let text = properties[udevProperty] else { return }
        guard let value = parse(text[...]) else {
            return warn("\(node): ignoring \(udevProperty)=\"\(text.printable)\" (expected \(syntax), \(expected))")
        }
        settings[Self.self] = value
    }

    /// The command line's `[MATCH=]VALUE`; nil when the value is malformed.
    public static func rule(_ text: String) -> PanelRules.Correction? {
        let (match, value) = PanelMatch.split(text)
        guard let v = parse(value) else { return nil }
        var settings = PanelSettings()
        settings[Self.self] = v
        return PanelRules.Correction(match: match, option: "--\(option)", settings: settings)
    }
}

/// A panel's corrections' settings, each kept by its `PanelSetting` type; a setting not there
/// is its correction's default.
public struct PanelSettings: Sendable, Equatable {
    private var values: [ObjectIdentifier: Entry] = [:]

    /// A value with the equality of its type.
    private struct Entry: Sendable {
        let value: any Sendable
        let equals: @Sendable (any Sendable) -> Bool
    }

    /// No setting: every correction at its default.
    public init() {}

    /// The value of `setting`; nil when it is not set.
    public subscript<S: PanelSetting>(_ setting: S.Type) -> S.Value? {
        get { values[ObjectIdentifier(setting)]?.value as? S.Value }
        set {
            values[ObjectIdentifier(setting)] = newValue.map { v in
                Entry(value: v, equals: { ($0 as? S.Value) == v })
            }
        }
    }

    /// `other`'s settings over these.
    package mutating func take(_ other: PanelSettings) { values.merge(other.values) { $1 } }

    public static func == (a: PanelSettings, b: PanelSettings) -> Bool {
        a.values.count == b.values.count
            && a.values.allSatisfy { key, entry in b.values[key].map { entry.equals($0.value) } ?? false }
    }
}
