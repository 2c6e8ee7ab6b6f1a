import DeviceTools
import Testing

/// `list`'s plain command lines, which the daemon's program runs itself: its three flags, each
/// once; anything else (help, a repeated flag, a mistake) goes to the interface, which says it.
struct DeviceListTests {
    @Test func itsFlagsAreReadEachOnce() {
        #expect(
            DeviceList.parse([]).map { ($0.json, $0.touchscreens, $0.paths) } ?? (true, true, true) == (
                false, false, false
            ))
        #expect(
            DeviceList.parse(["--json", "--touchscreens"]).map { ($0.json, $0.touchscreens) } ?? (false, false) == (
                true, true
            ))
        #expect(DeviceList.parse(["--paths"])?.paths == true)
    }

    @Test(arguments: [["--json", "--json"], ["--help"], ["-h"], ["--bogus"], ["/dev/input/event3"], ["--json=1"]])
    func anythingElseIsTheInterfaces(_ arguments: [String]) {
        #expect(DeviceList.parse(arguments) == nil, "\(arguments)")
    }
}
