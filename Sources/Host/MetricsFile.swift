import Runtime

/// Where `--metrics-file` goes: written to a temporary created exclusively beside `path`, then
/// renamed over it, so a scrape never reads half a file and a link planted in a shared
/// directory is never followed.
package struct MetricsFile {
    package let path: String

    package init(path: String) { self.path = path }

    /// Writes `text` atomically; the error says what failed.
    package func write(_ text: String) throws(FileError) {
        try writeFileAtomically(path, text, mode: 0o644, exactMode: true, trust: .replace)
    }
}
