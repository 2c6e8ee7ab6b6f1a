import Evdev
import InputEvents
import Testing

/// The pure key-name table (generated from the kernel's header, for the scene layer) against
/// libevdev's names, which the device layer uses: the same names, the same codes.
@Suite("Key names without libevdev")
struct KeyNamesTests {
    /// The header also has aliases (`BTN_MISC`, `KEY_ZOOM`) and keys newer than Debian's
    /// libevdev: those libevdev does not know; those it knows have the same code.
    @Test func everyNameOfTheTableThatLibevdevKnowsHasTheSameCode() {
        let libevdev = LibevdevNames()
        let differ = KeyNames.table.filter { name, code in
            libevdev.code(named: name, type: Kernel.EV_KEY).map { $0 != code } ?? false
        }
        #expect(differ.isEmpty, "\(differ.sorted { $0.key < $1.key }.prefix(10))")
    }

    @Test func everyKeyLibevdevNamesIsInTheTable() {
        let libevdev = LibevdevNames()
        var missing: [String] = []
        for code in 0...Kernel.KEY_MAX {
            guard let name = libevdev.codeName(type: Kernel.EV_KEY, code: code),
                name.hasPrefix("KEY_") || name.hasPrefix("BTN_"),
                name != "KEY_MAX"
            else { continue }  // the last code, not a key
            if KeyNames.code(named: name) != code { missing.append(name) }
        }
        #expect(missing.isEmpty, "\(missing.prefix(10))")
        #expect(KeyNames.code(named: "KEY_ENTER") == 28)
        #expect(KeyNames.code(named: "BTN_0") == 0x100)
        #expect(KeyNames.code(named: "ENTER") == nil)
        #expect(KeyNames.code(named: "ABS_X") == nil)
    }
}
