import InputEvents
@_spi(Forwarding) import TouchKit
import TouchScene

/// Which touches reach the virtual touchscreens, and when: all of them, but those the scene
/// keeps (a view with `"forward": false`), those a recognizer claimed (`"claims": true`:
/// cancelled on the device when it begins or recognizes) and, while a claiming recognizer
/// that delays touchesBegan is undecided, those it holds back — forwarded late if it fails,
/// never if it claims them, as UIKit delays `touchesBegan` for a view.
package final class Forwarding {
    let devices: any ForwardTarget
    /// Touches that are the kiosk's until they end.
    private var kept: Set<UInt64> = []
    /// A touch held back: its panel, and its latest update (its location now, or its end).
    private struct Held {
        let touch: Touch
        let panel: Panel
        var last: TouchUpdate
    }
    private var held: [UInt64: Held] = [:]
    /// Forwarded touches still down on their device, with their panel (a claim may come
    /// after the window saw the touch lift: a tap recognized at touch-up).
    private var down: [UInt64: Panel] = [:]
    private var forwarded: [TouchUpdate] = []

    init(devices: any ForwardTarget) { self.devices = devices }

    /// A frame the window has had: what of it goes to `panel`'s device.
    func frame(_ updates: [TouchUpdate], from panel: Panel, scene: SceneInstance, at t: Double) {
        if !held.isEmpty { releaseDecided(scene) }
        let mayHold = !scene.claimingRecognizers.isEmpty
        var touches: [Touch] = []
        if mayHold || !scene.keptViews.isEmpty, updates.contains(where: { $0.phase == .began }) {
            touches = scene.app.activeTouches
        }
        forwarded.removeAll(keepingCapacity: true)
        for u in updates {
            let id = u.identifier
            if kept.contains(id) {
                if u.phase == .ended || u.phase == .cancelled { kept.remove(id) }
                continue
            }
            if var h = held[id] {
                if u.phase == .cancelled {
                    held[id] = nil
                } else {
                    h.last = u
                    held[id] = h
                }  // never began for the app
                continue
            }
            if u.phase == .began, let t = touches.first(where: { $0.identifier == id }) {
                if scene.keeps(t.view) {
                    kept.insert(id)
                    continue
                }
                if mayHold && scene.holdsBack(t) {
                    held[id] = Held(touch: t, panel: panel, last: u)
                    continue
                }
            }
            forwarded.append(u)
        }
        if !forwarded.isEmpty { send(forwarded, from: panel, at: t) }
    }

    private func send(_ updates: [TouchUpdate], from panel: Panel, at t: Double) {
        for u in updates {
            if u.phase == .began {
                down[u.identifier] = panel
            } else if u.phase == .ended || u.phase == .cancelled {
                down[u.identifier] = nil
            }
        }
        devices.forward(updates, from: panel, at: t)
    }

    /// `r` began or recognized: the touches it has are the kiosk's. Forwarded ones are
    /// cancelled on their device; held ones were never seen by the app and are dropped.
    func claim(_ r: GestureRecognizer) {
        for t in r.trackedTouches where !kept.contains(t.identifier) {
            kept.insert(t.identifier)
            held[t.identifier] = nil
            if let panel = down.removeValue(forKey: t.identifier) { devices.cancel(t.identifier, of: panel) }
        }
        // A multi-tap's earlier taps, held and already lifted.
        for (id, h) in held where r.hasSeen(h.touch) { held[id] = nil }
    }

    /// Held touches no claiming recognizer is undecided about any more go to the app: a
    /// touch-down where the finger is now, then (in a frame of its own) its end if it ended.
    func releaseDecided(_ scene: SceneInstance) {
        guard !held.isEmpty else { return }
        let t = scene.app.timers.now
        for (id, h) in held where !scene.holdsBack(h.touch) {
            held[id] = nil
            var began = h.last
            began.phase = .began
            send([began], from: h.panel, at: t)
            if h.last.phase == .ended { send([h.last], from: h.panel, at: t) }
        }
    }

    /// Nothing kept or held any more (a new scene; its touches were cancelled).
    func reset() {
        kept.removeAll()
        held.removeAll()
        down.removeAll()
    }

    /// `panel`'s touches were cancelled on its device (remapped): drops those held.
    func drop(_ panel: Panel) {
        for (id, h) in held where h.panel === panel { held[id] = nil }
        for (id, p) in down where p === panel { down[id] = nil }
    }
}

/// Where forwarded touches go: the panels' virtual devices.
package protocol ForwardTarget: AnyObject {
    /// One frame's touch changes of `panel`, at input time `t`.
    func forward(_ updates: [TouchUpdate], from panel: Panel, at t: Double)
    /// Cancels one contact of `panel` that was forwarded.
    func cancel(_ id: UInt64, of panel: Panel)
    /// When it next needs time to go on (a virtual pointer's long press); nil: never.
    var nextDeadline: Double? { get }
    /// Input time went on to `t`.
    func advanceTime(to t: Double)
}

extension ForwardTarget {
    package var nextDeadline: Double? { nil }
    package func advanceTime(to t: Double) {}
}

/// A device per panel that gets what the pipeline forwards (the virtual touchscreens, an
/// output): the pipeline tells it of panels as they come, change and go.
package protocol PanelForwarding: ForwardTarget {
    /// Gives `panel` its device (`key`: what keeps it across a re-plug).
    func attachPanel(_ panel: Panel, key: String) throws(DeviceError)
    /// `panel`'s mapping changed: its device follows.
    func refit(_ panel: Panel)
    /// Cancels what is down on `panel`'s device, or on every device (nil).
    func cancel(_ panel: Panel?)
    /// `panel` is gone: what was down on its device is cancelled.
    func detach(_ panel: Panel)
    /// One frame of `panel`'s pen, on the screen (a virtual pen takes it; the others have had
    /// the tip's touch).
    func forwardPen(_ sample: PenSample, from panel: Panel)
}

extension PanelForwarding {
    package func forwardPen(_ sample: PenSample, from panel: Panel) {}
}

/// Every kind of virtual device the panels have, as one target: the virtual touchscreens
/// and the virtual pointers get the same touches.
package final class VirtualDeviceSet: ForwardTarget {
    let devices: [any PanelForwarding]

    init(_ devices: [any PanelForwarding]) { self.devices = devices }

    package func forward(_ updates: [TouchUpdate], from panel: Panel, at t: Double) {
        for d in devices { d.forward(updates, from: panel, at: t) }
    }

    package func cancel(_ id: UInt64, of panel: Panel) {
        for d in devices { d.cancel(id, of: panel) }
    }

    package var nextDeadline: Double? {
        var next: Double?
        for d in devices { if let t = d.nextDeadline, next == nil || t < next! { next = t } }
        return next
    }

    package func advanceTime(to t: Double) {
        for d in devices { d.advanceTime(to: t) }
    }
}
