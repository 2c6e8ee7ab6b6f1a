import InputEvents
import TouchKit

/// The log's line for a touch a noise rule filtered (`run --noise-filter`): every filtered
/// touch is said, never silently lost.
extension HandlerLog {
    /// Contact `id` of device `node` at `location` was judged noise by `rule`: cancelled where
    /// it had `began`, else it never began.
    public func noise(rule: String, node: String, id: UInt64, location: Point, began: Bool, time: Double) {
        tell(.noise(node: node, rule: rule))
        serviceLine(.noise, "noise", time) { b, f in
            f.string(&b, "rule", rule)
            f.string(&b, "device", node)
            f.integer(&b, "id", Int64(truncatingIfNeeded: id), text: .labelled("id"))
            f.point(&b, "location", location)
            f.flag(&b, "began", began, said: "cancelled")
        }
    }
}
