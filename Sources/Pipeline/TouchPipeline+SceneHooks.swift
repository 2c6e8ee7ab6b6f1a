import TouchKit
import TouchScene

/// What the pipeline hears from the scene in front of it: a touch that began on no window
/// (said once), and what its claiming recognizers claim and release (for the forwarding).
extension TouchPipeline {
    /// The scene's application tells of a touch-down on no window (`sayTouchOutside`).
    func hearTouchesOutsideWindows() {
        scene.app.touchBeganOutsideWindows = { [unowned self] p in
            if !saidTouchOutside { sayTouchOutside(at: p) }
        }
    }

    /// Says, once, that a touch came down where the scene has no window: it reaches nothing
    /// (unless a virtual device carries it on to an app, as a kiosk strip over an app means to).
    private func sayTouchOutside(at p: Point) {
        saidTouchOutside = true
        guard outputs.forwarding == nil else { return }
        let size = scene.screen
        warn(
            "a touch began at (\(String(fixed: p.x, decimals: 1)), \(String(fixed: p.y, decimals: 1))), where the "
                + "scene has no window (the screen is \(String(compact: size.width))x\(String(compact: size.height))): "
                + "it reaches nothing; said once")
    }

    /// The scene's claiming recognizers tell the forwarding what they claim and release.
    func listenForClaims() {
        guard let forwarding = outputs.forwarding else {
            scene.onClaim = nil
            scene.onRelease = nil
            return
        }
        scene.onClaim = { r in forwarding.claim(r) }
        scene.onRelease = { [unowned self] _ in forwarding.releaseDecided(scene) }
    }
}
