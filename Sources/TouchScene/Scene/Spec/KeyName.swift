import InputEvents
import StrictJSON

/// A key or button by its kernel name (`KEY_ENTER`, `BTN_0`), as `"presses"` lists them:
/// the keys a scene turns into presses.
struct KeyName: Decodable, Hashable, Sendable {
    var name: String
    var code: Int

    init?(_ name: String) {
        guard let c = KeyNames.code(named: name) else { return nil }
        self.name = name
        code = Int(c)
    }

    init(from decoder: any Decoder) throws {
        let s: String
        do { s = try decoder.singleValueContainer().decode(String.self) } catch {
            throw decoder.failure("expected a key name such as \"KEY_ENTER\" or \"BTN_0\"")
        }
        guard let k = KeyName(s) else {
            throw decoder.failure(
                "expected a key name such as \"KEY_ENTER\" or \"BTN_0\" (the kernel's names), not '\(s)'")
        }
        self = k
    }
}
