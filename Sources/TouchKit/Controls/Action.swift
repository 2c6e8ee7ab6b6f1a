/// An action message sent by a control (a selector's role): a name that responders
/// recognise in `canPerformAction` and handle in `perform`.
public struct Action: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The action's name, a selector's role in UIKit.
    public let name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.init(value) }

    public var description: String { name }
}
