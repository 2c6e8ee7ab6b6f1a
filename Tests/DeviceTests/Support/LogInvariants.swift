import Foundation
import ProgramTestSupport

/// The pipeline's invariants read back from `run --json`'s log: every touchesBegan a
/// responder got is matched by exactly one touchesEnded or touchesCancelled there; nothing
/// arrives for a touch that never began there; nothing is open at the end.
struct LogInvariants {
    private(set) var violations: [String] = []
    private(set) var began = 0
    private(set) var cancelled = 0
    private var open: [String: Set<Int>] = [:]

    init(_ text: String) {
        for line in text.split(separator: "\n") {
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let event = o["event"] as? String, event.hasPrefix("touches"),
                let responder = o["responder"] as? String, let touches = o["touches"] as? [[String: Any]]
            else { continue }
            for t in touches {
                let id = t["id"] as! Int
                switch event {
                case "touchesBegan":
                    began += 1
                    if !open[responder, default: []].insert(id).inserted {
                        violations.append("\(responder): #\(id) began twice")
                    }
                case "touchesMoved":
                    if !(open[responder]?.contains(id) ?? false) {
                        violations.append("\(responder): #\(id) moved, never began")
                    }
                default:
                    if event == "touchesCancelled" { cancelled += 1 }
                    if open[responder]?.remove(id) == nil {
                        violations.append("\(responder): #\(id) \(event) without began")
                    }
                }
            }
        }
        for (r, ids) in open where !ids.isEmpty { violations.append("\(r): \(ids.sorted()) began and never ended") }
    }
}
