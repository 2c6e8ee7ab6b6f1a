import Host

/// Which panels to reset when a display comes back on: those on it that delivered events
/// before it went off and none since (a controller that lost its power with the display and
/// came back stalled). Pure: it hears the displays' states and the panels' event counts.
package struct SilentPanels {
    /// A panel as the displays' news finds it: its number, its display, its events so far.
    struct Reading: Equatable {
        var panel: Int
        var output: String?
        var events: Int
    }

    /// Each display's state at the last news (lit or not); unknown before the first.
    private var lit: [String: Bool] = [:]
    /// For each display that went off, its panels' event counts then.
    private var atDark: [String: [Int: Int]] = [:]

    /// What the news changed: the displays that went off and came on, the panels to reset.
    struct Outcome: Equatable {
        var wentOff: [String] = []
        var cameOn: [String] = []
        var reset: [Int] = []
    }

    /// Takes the displays' states (`lit` by name; one missing is off) and the panels.
    mutating func displays(_ now: [String: Bool], panels: [Reading]) -> Outcome {
        var change = Outcome()
        for name in Set(now.keys).union(lit.keys).sorted() {
            let isLit = now[name] ?? false
            let was = lit[name]
            lit[name] = isLit
            if !isLit, was == true {
                change.wentOff.append(name)
                atDark[name] = Dictionary(
                    panels.filter { $0.output == name }.map { ($0.panel, $0.events) }, uniquingKeysWith: { a, _ in a })
            } else if isLit, was == false {
                change.cameOn.append(name)
                // The panels that were on it when it went off: a display unplugged takes its
                // panels' match with it until it comes back.
                let before = atDark.removeValue(forKey: name) ?? [:]
                change.reset += panels.filter { p in p.events > 0 && before[p.panel] == p.events }.map(\.panel)
            }
        }
        change.reset.sort()
        return change
    }
}
