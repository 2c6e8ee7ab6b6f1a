/// The view calls of one delivery: each view once per phase, views in first-touch order.
/// (A frame reaches few views: a short array searched by identity beats hashing.) Cleared
/// after sending, its entries and their sets keep their storage for the next delivery: no
/// allocation a frame (a set a handler kept stays the handler's: emptying ours copies nothing
/// of it). The touches that moved stay in their set while the same ones move again.
struct ViewCalls {
    private struct Calls {
        /// Nil once cleared, so a delivery holds no view after it.
        var view: View?
        var began = Set<Touch>(minimumCapacity: 8)
        /// The touches that moved, kept from one delivery to the next while the same touches
        /// move (`movedList`, in the order they came): fingers moving frame after frame cost
        /// no set operations. It holds only touches that moved in the last delivery, which
        /// the application holds anyway until they end.
        var moved = Set<Touch>(minimumCapacity: 8)
        var movedList: [Unmanaged<Touch>] = []
        /// This delivery's moved touches, unretained: its caller holds them while it runs.
        var movedNow: [Unmanaged<Touch>] = []
        var ended = Set<Touch>(minimumCapacity: 8)
        var cancelled = Set<Touch>(minimumCapacity: 8)

        /// Makes `moved` this delivery's moved touches, rebuilt only when they differ.
        mutating func syncMoved() {
            var same = movedNow.count == movedList.count
            var k = 0
            while same && k < movedNow.count {
                same = movedNow[k].toOpaque() == movedList[k].toOpaque()
                k &+= 1
            }
            if same { return }
            moved.removeAll(keepingCapacity: true)
            for u in movedNow { moved.insert(u.takeUnretainedValue()) }
            movedList.removeAll(keepingCapacity: true)
            movedList.append(contentsOf: movedNow)
        }
    }

    private var calls: [Calls] = []
    /// The entries of this delivery: `calls[..<used]`; those after it wait, emptied.
    private var used = 0
    /// The entries whose `moved` still holds the last delivery's touches.
    private var kept = 0

    mutating func add(_ t: Touch, _ phase: Touch.Phase) {
        guard let v = t.view, phase != .stationary else { return }
        var i = 0
        while i < used && calls[i].view !== v { i &+= 1 }
        if i == used {
            if used == calls.count { calls.append(Calls(view: v)) } else { calls[i].view = v }
            used &+= 1
        }
        switch phase {
        case .began: calls[i].began.insert(t)
        case .moved: calls[i].movedNow.append(Unmanaged.passUnretained(t))
        case .ended: calls[i].ended.insert(t)
        case .cancelled: calls[i].cancelled.insert(t)
        case .stationary: break
        }
    }

    mutating func send(_ event: Event) {
        var i = 0
        while i < used {
            if !calls[i].movedNow.isEmpty { calls[i].syncMoved() }
            if let v = calls[i].view {
                if !calls[i].began.isEmpty { v.receiveTouches(.began, calls[i].began, with: event) }
                if !calls[i].movedNow.isEmpty { v.receiveTouches(.moved, calls[i].moved, with: event) }
                if !calls[i].ended.isEmpty { v.receiveTouches(.ended, calls[i].ended, with: event) }
                if !calls[i].cancelled.isEmpty { v.receiveTouches(.cancelled, calls[i].cancelled, with: event) }
            }
            i &+= 1
        }
    }

    /// Empties the calls, keeping their storage (and the moved touches, for the next delivery).
    mutating func clear() {
        var i = 0
        let n = max(used, kept)
        kept = 0
        while i < n {
            calls[i].view = nil
            if !calls[i].began.isEmpty { calls[i].began.removeAll(keepingCapacity: true) }
            if calls[i].movedNow.isEmpty {
                if !calls[i].movedList.isEmpty {
                    calls[i].moved.removeAll(keepingCapacity: true)
                    calls[i].movedList.removeAll(keepingCapacity: true)
                }
            } else {
                calls[i].movedNow.removeAll(keepingCapacity: true)
                kept = i &+ 1
            }
            if !calls[i].ended.isEmpty { calls[i].ended.removeAll(keepingCapacity: true) }
            if !calls[i].cancelled.isEmpty { calls[i].cancelled.removeAll(keepingCapacity: true) }
            i &+= 1
        }
        used = 0
    }
}
