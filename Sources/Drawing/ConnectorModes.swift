import Glibc

/// What the machine's displays can show, read from the kernel (`/sys/class/drm/*/modes`): no
/// output a compositor describes shows more pixels than a connector's largest mode, so no
/// buffer drawn for it need be larger, whatever the compositor claims.
package enum ConnectorModes {
    /// The widest and the tallest of every connector's modes; nil when no connector lists one
    /// (no DRM device: a nested or headless compositor).
    package static func largest(in root: String = "/sys/class/drm") -> (width: Int, height: Int)? {
        guard let dir = opendir(root) else { return nil }
        defer { closedir(dir) }
        var best: (width: Int, height: Int)?
        var seen = 0
        while seen < 256, let e = readdir(dir) {
            seen += 1
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("card"), name.contains("-") else { continue }
            for (w, h) in modes(root + "/" + name + "/modes") {
                best = (max(best?.width ?? 0, w), max(best?.height ?? 0, h))
            }
        }
        return best
    }

    /// A `modes` file's `WIDTHxHEIGHT` lines (an interlaced mode's `i` ignored), each side 1…32768.
    static func modes(_ path: String) -> [(Int, Int)] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return [] }
        return String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n").compactMap { line in
            let sides = line.split(separator: "x")
            guard sides.count == 2, let w = Int(sides[0]), let h = Int(sides[1].prefix { $0.isWholeNumber }),
                (1...32768).contains(w), (1...32768).contains(h)
            else { return nil }
            return (w, h)
        }
    }
}
