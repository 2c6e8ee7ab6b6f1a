/// Listener tables for libwayland, which keeps their address for as long as the object lives.
enum Listener {
    /// `value` at an address that stays: made once per kind, for the program's life.
    static func make<T>(_ value: T) -> UnsafeMutablePointer<T> {
        let p = UnsafeMutablePointer<T>.allocate(capacity: 1)
        p.initialize(to: value)
        return p
    }
}
