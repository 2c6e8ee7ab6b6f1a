/// What `delaysTouchesBegan` waits for, for code outside TouchKit that withholds touches
/// the way the window withholds them from views (touchbridge's virtual touchscreen). Not
/// UIKit API, hence a system programming interface.
extension GestureRecognizer {
    /// Whether the recognizer has had `touch` since it was last reset (a multi-tap's earlier
    /// taps included) and has not ignored it.
    @_spi(Forwarding) public func hasSeen(_ touch: Touch) -> Bool {
        seenTouches.contains(touch.serial) && !ignoredTouches.contains(touch.serial)
    }

    /// Whether the recognizer might still recognize with `touch`: enabled, possible, and has seen it.
    @_spi(Forwarding) public func isUndecided(about touch: Touch) -> Bool {
        isEnabled && state == .possible && hasSeen(touch)
    }
}
