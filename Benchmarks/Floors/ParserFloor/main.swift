// The end-to-end benchmark's second memory floor: a static Swift program that links what
// touchbridge's command line links (swift-argument-parser, and with it FoundationEssentials,
// plus libevdev and libudev), parses its arguments the same way, and waits.
import ArgumentParser

#if canImport(Glibc)
    import Glibc
#endif

// The C libraries' own symbols, by their names.
// swift-format-ignore: AlwaysUseLowerCamelCase
@_silgen_name("libevdev_new") func libevdev_new() -> OpaquePointer?
// swift-format-ignore: AlwaysUseLowerCamelCase
@_silgen_name("udev_new") func udev_new() -> OpaquePointer?

@main
struct ParserFloor: ParsableCommand {
    @Argument(help: "An event node (not opened).") var source: String
    @Flag(help: "Ignored, as touchbridge's --json is parsed.") var json = false

    func run() throws {
        _ = libevdev_new()
        _ = udev_new()
        _ = pause()
    }
}
