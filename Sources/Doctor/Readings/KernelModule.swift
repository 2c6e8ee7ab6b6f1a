/// Whether a kernel module can drive a device: loaded, built in, installed, or kept out by a
/// blacklist line, and which file says so.
package struct KernelModule: Equatable, Sendable {
    /// The module's name with underscores, as /sys/module and modprobe.d spell it.
    package var name: String
    package var loaded: Bool
    package var builtIn: Bool
    package var installed: Bool
    /// The file and line that blacklist it (`/etc/modprobe.d/x.conf:3`), or the kernel's
    /// command line.
    package var blacklistedBy: String?

    package init(name: String, loaded: Bool, builtIn: Bool, installed: Bool, blacklistedBy: String?) {
        self.name = name
        self.loaded = loaded
        self.builtIn = builtIn
        self.installed = installed
        self.blacklistedBy = blacklistedBy
    }

    /// The directories modprobe reads its configuration from.
    static let configDirectories = [
        "/etc/modprobe.d", "/run/modprobe.d", "/usr/local/lib/modprobe.d", "/lib/modprobe.d",
    ]

    /// What the machine says of module `name` (`hid_multitouch`) for the running kernel `release`.
    package static func read(_ name: String, release: String, in files: any MachineFiles) -> KernelModule {
        let dashed = name.replacingUnderscores()
        let dir = "/lib/modules/" + release
        let spellings = [name, dashed].map { Array("/\($0).ko".utf8) }
        // modules.dep is half a megabyte: searched as bytes, not split into lines.
        let builtIn = files.bytes(dir + "/modules.builtin", limit: 1 << 20).map { b in
            spellings.contains { b.contains($0) }
        }
        let installed = files.bytes(dir + "/modules.dep", limit: 4 << 20).map { b in
            spellings.contains { b.contains($0) }
        }
        return KernelModule(
            name: name, loaded: files.exists("/sys/module/" + name), builtIn: builtIn ?? false,
            installed: installed ?? false,
            blacklistedBy: blacklist(name, in: files))
    }

    /// The first `blacklist NAME` or `install NAME /bin/false` line that names the module, or the
    /// kernel command line's `modprobe.blacklist=`.
    static func blacklist(_ name: String, in files: any MachineFiles) -> String? {
        let spellings: Set<String> = [name, name.replacingUnderscores()]
        for dir in configDirectories {
            for file in files.list(dir) where file.hasSuffix(".conf") {
                let path = dir + "/" + file
                let lines = (files.text(path, limit: 1 << 16) ?? "").split(
                    separator: "\n", omittingEmptySubsequences: false)
                for (i, line) in lines.enumerated() {
                    let w = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                    guard w.count >= 2, spellings.contains(w[1]) else { continue }
                    if w[0] == "blacklist" || (w[0] == "install" && w.count >= 3 && w[2].hasSuffix("/false")) {
                        return "\(path):\(i + 1)"
                    }
                }
            }
        }
        let cmdline = files.text("/proc/cmdline") ?? ""
        for word in cmdline.split(separator: " ") where word.hasPrefix("modprobe.blacklist=") {
            let names = word.dropFirst("modprobe.blacklist=".count).split(separator: ",").map(String.init)
            if names.contains(where: spellings.contains) { return "the kernel command line (modprobe.blacklist)" }
        }
        return nil
    }
}

extension [UInt8] {
    /// Whether `needle` occurs in these bytes.
    func contains(_ needle: [UInt8]) -> Bool {
        guard let first = needle.first, count >= needle.count else { return false }
        var i = 0
        let last = count - needle.count
        while i <= last {
            if self[i] == first && self[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}

extension String {
    /// `hid_multitouch` as a file name, `hid-multitouch`.
    func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
