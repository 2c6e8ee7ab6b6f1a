import StrictJSON

/// The checks that need the whole scene: names are unique, recognizers named in
/// `requireToFail` exist, targets exist and perform the actions sent to them.
struct SceneChecker {
    struct Problem {
        var path: [PathKey]
        var message: String
    }

    private enum Kind: String {
        case appDelegate = "the app delegate"
        case window = "a window"
        case view = "a view"
        case
            controller = "a view controller"
        case gesture = "a gesture recognizer"
    }

    private struct Named {
        var kind: Kind
        var path: [PathKey]
        var actions: [String]
    }

    let spec: SceneSpec
    private var names: [String: Named] = [:]
    private var problem: Problem?

    init(spec: SceneSpec) { self.spec = spec }

    func firstProblem() -> Problem? {
        var checker = self
        checker.collect()
        if let p = checker.problem { return p }
        checker.checkReferences()
        return checker.problem
    }

    private static func key(_ s: String) -> PathKey { PathKey(stringValue: s) }
    private static func index(_ i: Int) -> PathKey { PathKey(intValue: i) }

    // MARK: - Names

    private mutating func add(_ name: String, _ kind: Kind, _ path: [PathKey], actions: [String]?) {
        guard problem == nil else { return }
        if name.isEmpty {
            problem = Problem(path: path + [Self.key("name")], message: "expected a non-empty name")
        } else if name == "Application" {
            problem = Problem(
                path: path + [Self.key("name")],
                message: "'Application' is the application's own name in the log; choose another")
        } else if let other = names[name] {
            problem = Problem(
                path: path + [Self.key("name")],
                message:
                    "names are unique: '\(name)' is already \(other.kind.rawValue) at \(SceneDecodingError.render(other.path))"
            )
        } else {
            names[name] = Named(kind: kind, path: path, actions: actions ?? [])
        }
    }

    private mutating func collect() {
        if let d = spec.appDelegate { add(d.name, .appDelegate, [Self.key("appDelegate")], actions: d.actions) }
        for (i, w) in spec.windows.enumerated() {
            let path = [Self.key("windows"), Self.index(i)]
            add(w.name, .window, path, actions: w.actions)
            if let root = w.root { collect(root, path + [Self.key("root")]) }
        }
    }

    private mutating func collect(_ v: ViewSpec, _ path: [PathKey]) {
        add(v.name, .view, path, actions: v.actions)
        if let c = v.controller {
            add(c.responder.name, .controller, path + [Self.key("controller")], actions: c.responder.actions)
        }
        for (i, g) in (v.gestures ?? []).enumerated() {
            add(g.name, .gesture, path + [Self.key("gestures"), Self.index(i)], actions: nil)
        }
        for (i, s) in (v.subviews ?? []).enumerated() { collect(s, path + [Self.key("subviews"), Self.index(i)]) }
    }

    // MARK: - References

    private mutating func checkReferences() {
        for (i, w) in spec.windows.enumerated() {
            if let root = w.root { check(root, [Self.key("windows"), Self.index(i), Self.key("root")]) }
        }
        // The first responder must be one that a window can hold: a view, a control, a view
        // controller or a window (not the app delegate, not a recognizer).
        if problem == nil, let first = spec.firstResponder {
            guard let n = names[first] else {
                return fail(
                    [Self.key("firstResponder")],
                    "expected the name of a view, view controller or window, not '\(first)'",
                    suggestFrom: nil, first)
            }
            if n.kind == .appDelegate || n.kind == .gesture {
                fail(
                    [Self.key("firstResponder")],
                    "'\(first)' is \(n.kind.rawValue), which cannot be a window's first responder; "
                        + "expected a view, view controller or window")
            }
        }
    }

    private mutating func check(_ v: ViewSpec, _ path: [PathKey]) {
        guard problem == nil else { return }
        for (i, g) in (v.gestures ?? []).enumerated() {
            let gp = path + [Self.key("gestures"), Self.index(i)]
            for other in g.requireToFail {
                guard let n = names[other] else {
                    fail(
                        gp + [Self.key("requireToFail")], "no gesture recognizer is named '\(other)'",
                        suggestFrom: .gesture, other)
                    return
                }
                guard n.kind == .gesture else {
                    fail(gp + [Self.key("requireToFail")], "'\(other)' is \(n.kind.rawValue), not a gesture recognizer")
                    return
                }
                guard other != g.name else {
                    fail(gp + [Self.key("requireToFail")], "a recognizer cannot wait for itself")
                    return
                }
            }
            if let target = g.target {
                guard let action = g.action else {
                    fail(gp + [Self.key("target")], "a target needs an action ('action': …)")
                    return
                }
                checkTarget(target, performs: action, gp + [Self.key("target")])
            }
        }
        if let c = v.control, let target = c.target {
            for a in c.actions {
                checkTarget(target, performs: a.action, path + [Self.key("control"), Self.key("target")])
            }
        }
        for (i, s) in (v.subviews ?? []).enumerated() { check(s, path + [Self.key("subviews"), Self.index(i)]) }
    }

    private mutating func checkTarget(_ target: String, performs action: String, _ path: [PathKey]) {
        guard problem == nil else { return }
        guard let n = names[target], n.kind != .gesture else {
            fail(
                path,
                "no responder is named '\(target)' (a target is a view, view controller, window or the app delegate)",
                suggestFrom: nil, target)
            return
        }
        guard n.actions.contains(action) else {
            fail(
                path,
                "'\(target)' does not perform '\(action)': add it to the actions of \(SceneDecodingError.render(n.path))"
            )
            return
        }
    }

    private mutating func fail(
        _ path: [PathKey], _ message: String, suggestFrom kind: Kind? = nil, _ word: String? = nil
    ) {
        var m = message
        if let word {
            let candidates = names.filter { kind == nil ? $0.value.kind != .gesture : $0.value.kind == kind }.keys
                .sorted()
            if let near = nearest(word, in: candidates) { m += " (did you mean '\(near)'?)" }
        }
        problem = Problem(path: path, message: m)
    }
}
