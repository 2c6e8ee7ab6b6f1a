import Glibc

/// A tree of small files under a fresh directory (a sysfs tree as the kernel lays one out):
/// `files` by path below it, with their contents. Returns its root.
package func makeFileTree(_ files: [String: String]) -> String {
    var template = Array((testTemporaryDirectory + "/tree-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    let root = made.map { String(cString: $0) } ?? testTemporaryDirectory
    for (path, contents) in files {
        var dir = ""
        for part in (root + "/" + path).split(separator: "/").dropLast() {
            dir += "/" + part
            mkdir(dir, 0o755)
        }
        let fd = open(root + "/" + path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = contents.withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }
    return root
}

/// What of `text` a terminal would act on or hide: controls but newline and tab, C1, and the
/// bidi override and zero-width space the hostile-input tests plant.
package func terminalHidden(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter {
        ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7f..<0xa0).contains($0.value)
            || [0x202E, 0x200B].contains($0.value)
    }
}
