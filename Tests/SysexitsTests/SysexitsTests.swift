import Glibc
import Sysexits
import Testing

/// The named statuses are the C library's: a script reading `$?` reads sysexits.h's numbers.
struct SysexitsTests {
    static let header = "/usr/include/sysexits.h"

    @Test(.enabled(if: access(header, R_OK) == 0, "needs libc6-dev's sysexits.h"))
    func everyNameHasTheHeadersNumber() throws {
        let file = try #require(fopen(Self.header, "r"))
        defer { fclose(file) }
        var defined: [String: Int32] = [:]
        var line = [UInt8](repeating: 0, count: 512)
        while line.withUnsafeMutableBufferPointer({ b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { fgets($0, Int32(b.count), file) }
        }) != nil {
            let text = String(decoding: line.prefix(while: { $0 != 0 }), as: UTF8.self)
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            if words.count >= 3, words[0] == "#define", let n = Int32(words[2]) { defined[String(words[1])] = n }
        }
        let named: [(String, Int32)] = [
            ("EX_USAGE", Sysexits.usage), ("EX_DATAERR", Sysexits.dataError), ("EX_NOINPUT", Sysexits.noInput),
            ("EX_UNAVAILABLE", Sysexits.unavailable), ("EX_SOFTWARE", Sysexits.software),
            ("EX_OSERR", Sysexits.osError), ("EX_CANTCREAT", Sysexits.cannotCreate), ("EX_IOERR", Sysexits.ioError),
            ("EX_TEMPFAIL", Sysexits.tempFail), ("EX_NOPERM", Sysexits.noPermission), ("EX_CONFIG", Sysexits.config),
        ]
        for (name, value) in named { #expect(defined[name] == value, "\(name)") }
    }
}
