import Doctor
import Foundation

/// A machine's files recorded as a manifest (`Trees/NAME.tree`): `PATH = VALUE` for a file (`\n`
/// for a newline; `hex:` then bytes for binary ones), `PATH -> TARGET` for a link, `PATH/` for
/// an empty directory; directories are made of the paths under them.
struct RecordedFiles: MachineFiles {
    var files: [String: [UInt8]] = [:]
    var links: [String: String] = [:]
    var directories: [String: Set<String>] = [:]

    init(_ text: String) {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if let r = line.range(of: " -> ") {
                add(String(line[..<r.lowerBound]))
                links[String(line[..<r.lowerBound])] = String(line[r.upperBound...])
            } else if let r = line.range(of: " = ") {
                let path = String(line[..<r.lowerBound])
                let value = String(line[r.upperBound...])
                add(path)
                files[path] =
                    value.hasPrefix("hex:")
                    ? value.dropFirst(4).split(separator: " ").compactMap { UInt8($0, radix: 16) }
                    : Array(value.replacingOccurrences(of: "\\n", with: "\n").utf8)
            } else if line.hasSuffix("/") {
                add(String(line.dropLast()))
            }
        }
    }

    /// A tree of `Trees/`.
    init(tree name: String) throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Trees/"
        self.init(try String(contentsOfFile: dir + name + ".tree", encoding: .utf8))
    }

    private mutating func add(_ path: String) {
        var parts = path.split(separator: "/").map(String.init)
        while let last = parts.popLast() {
            let parent = "/" + parts.joined(separator: "/")
            directories[parent, default: []].insert(last)
        }
    }

    func bytes(_ path: String, limit: Int) -> [UInt8]? { files[path].map { Array($0.prefix(limit)) } }
    func list(_ directory: String) -> [String] { (directories[directory] ?? []).sorted() }
    func link(_ path: String) -> String? { links[path] }
}
