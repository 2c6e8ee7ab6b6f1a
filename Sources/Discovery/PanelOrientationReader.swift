import CLinux
import Displays
import Glibc

/// Reads the DRM connectors' "panel orientation" property from their cards (`/dev/dri/cardN`),
/// which sysfs does not show. Each card is opened once, read-only, and never kept.
struct PanelOrientationReader {
    /// The card nodes' directory.
    var directory = "/dev/dri"

    /// `connectors` with the orientation of each connected one filled in, or why it could not be
    /// read; a connector the kernel gives no such property keeps nil (the panel is upright).
    /// `ids` are the connectors' object ids where sysfs gives them (`connector_id`, which Linux
    /// 6.1 lacks), by sysfs entry (`card0-HDMI-A-1`); the others are looked up on their card by kind.
    func fill(_ connectors: [Connector], ids: [String: UInt32]) -> [Connector] {
        var result = connectors
        var cards: [String: Result<Int32, ReadProblem>] = [:]
        defer {
            for case .success(let fd) in cards.values { close(fd) }
        }
        for i in result.indices where result[i].connected {
            let c = result[i]
            let card = cards[c.card] ?? open(card: c.card)
            cards[c.card] = card
            switch card {
            case .failure(let problem): result[i].orientationProblem = problem.text
            case .success(let fd):
                guard let id = ids[c.card + "-" + c.name] ?? objectID(of: c, on: fd) else {
                    result[i].orientationProblem = "its card does not list it"
                    continue
                }
                read(fd, connector: id, into: &result[i])
            }
        }
        return result
    }

    /// The connector's object id on its card, found by its kind and number.
    private func objectID(of c: Connector, on fd: Int32) -> UInt32? {
        guard let kind = c.kernelKind else { return nil }
        let id = touchbridge_drm_connector_id(fd, kind.type, kind.number)
        return id > 0 ? UInt32(truncatingIfNeeded: id) : nil
    }

    private func read(_ fd: Int32, connector id: UInt32, into c: inout Connector) {
        var name = [CChar](repeating: 0, count: 32)
        let r = touchbridge_drm_connector_enum(fd, id, "panel orientation", &name)
        if r == 1 {
            let value = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            c.orientation = PanelOrientation(propertyValue: value)
            if c.orientation == nil {
                c.orientationProblem = "its panel orientation \"\(value)\" is not one touchbridge knows"
            }
        } else if r < 0 {
            c.orientationProblem = "cannot read its properties: \(String(cString: strerror(-r)))"
        }
    }

    private struct ReadProblem: Error {
        var text: String
    }

    private func open(card: String) -> Result<Int32, ReadProblem> {
        let path = directory + "/" + card
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let e = errno
            let access =
                e == EACCES || e == EPERM
                ? " (the group video, or touchbridge's udev rule for the group touchbridge, grants read access)" : ""
            return .failure(ReadProblem(text: "cannot open \(path): \(String(cString: strerror(e)))\(access)"))
        }
        touchbridge_drm_drop_master(fd)
        return .success(fd)
    }
}
