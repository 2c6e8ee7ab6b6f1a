/// Coordinate conversion between views, honouring bounds origins, centres and transforms
/// (about the centre, the anchor point).
extension View {
    /// A point in this view's coordinates, in its superview's (or, for a root view, the
    /// screen's) coordinates. The anchor point is the middle of the bounds.
    func convertToSuperview(_ p: Point) -> Point {
        let s = state
        var v = Point(
            x: p.x - (s.bounds.origin.x + s.bounds.size.width / 2),
            y: p.y - (s.bounds.origin.y + s.bounds.size.height / 2))
        if s.hasTransform { v = v.applying(s.transform) }
        return Point(x: s.center.x + v.x, y: s.center.y + v.y)
    }

    /// A point in the superview's (or screen's) coordinates, in this view's coordinates.
    func convertFromSuperview(_ q: Point) -> Point { Self.convert(q, fromSuperviewOf: state) }

    /// `convertFromSuperview` for a view whose geometry is `s`, read once for several points.
    @inline(__always)
    static func convert(_ q: Point, fromSuperviewOf s: State) -> Point {
        var v = Point(x: q.x - s.center.x, y: q.y - s.center.y)
        if s.hasTransform { v = v.applying(s.transform.inverted()) }
        return Point(
            x: v.x + s.bounds.origin.x + s.bounds.size.width / 2, y: v.y + s.bounds.origin.y + s.bounds.size.height / 2)
    }

    /// The address of the superview, read without taking a reference to it: for comparing
    /// on per-touch paths.
    @inline(__always)
    var superviewAddress: UnsafeRawPointer? { unsafeBitCast(superview, to: UnsafeRawPointer?.self) }

    private var root: View {
        var v = self
        while let s = v.superview { v = s }
        return v
    }

    /// Converts `point` from this view's coordinates to `view`'s; nil means the window's
    /// coordinates (the root view's, for a view outside any window). Views in different
    /// windows convert through screen coordinates.
    public func convert(_ point: Point, to view: View?) -> Point {
        if let view, view === superview { return convertToSuperview(point) }
        if view === self { return point }
        // A subview (a window's root view, say): one step down.
        if let view, view.superview === self { return view.convertFromSuperview(point) }
        var q = point
        var v = self
        while let s = v.superview {
            q = v.convertToSuperview(q)
            v = s
        }
        guard let view else { return q }
        return view.convertFromRoot(q, root: v)
    }

    /// Converts `point` from `view`'s coordinates (the window's when nil) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        if let view, view === superview { return convertFromSuperview(point) }
        if view === self { return point }
        if let view { return view.convert(point, to: self) }
        return convertFromRoot(point, root: root)
    }

    /// `q` in the coordinates of `other` (a root) brought into this view's coordinates.
    private func convertFromRoot(_ q: Point, root other: View) -> Point {
        let myRoot = root
        var p = q
        if myRoot !== other {
            p = myRoot.convertFromSuperview(other.convertToSuperview(p))  // through the screen
        }
        return convertDown(p, from: myRoot)
    }

    /// `p` in `ancestor`'s coordinates, in this view's (walking down without allocating).
    private func convertDown(_ p: Point, from ancestor: View) -> Point {
        guard self !== ancestor, let s = superview else { return p }
        return convertFromSuperview(s.convertDown(p, from: ancestor))
    }

    /// Converts a rectangle (its bounding box after conversion) to `view`'s coordinates.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        let s = rect.standardized
        let corners = [
            Point(x: s.minX, y: s.minY), Point(x: s.maxX, y: s.minY), Point(x: s.minX, y: s.maxY),
            Point(x: s.maxX, y: s.maxY),
        ].map { convert($0, to: view) }
        return Self.boundingBox(corners)
    }

    /// Converts a rectangle (its bounding box after conversion) from `view`'s coordinates (the window's when nil).
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        let s = rect.standardized
        let corners = [
            Point(x: s.minX, y: s.minY), Point(x: s.maxX, y: s.minY), Point(x: s.minX, y: s.maxY),
            Point(x: s.maxX, y: s.maxY),
        ].map { convert($0, from: view) }
        return Self.boundingBox(corners)
    }

    private static func boundingBox(_ ps: [Point]) -> Rect {
        let xs = ps.map(\.x)
        let ys = ps.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
