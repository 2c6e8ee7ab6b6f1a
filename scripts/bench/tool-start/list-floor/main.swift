// The least a Swift `list` can do: udev's event nodes, each opened through libevdev and its keys
// counted, one line each, printed at once. Linked as the release build is, it is the floor
// `touchbridge list`'s start is measured against beside the one-line program's
// (scripts/bench/tool-start/run).
import CListFloor
import Glibc

let udev = udev_new()
let enumerate = udev_enumerate_new(udev)
udev_enumerate_add_match_subsystem(enumerate, "input")
udev_enumerate_add_match_sysname(enumerate, "event*")
udev_enumerate_scan_devices(enumerate)
var lines = ""
var entry = udev_enumerate_get_list_entry(enumerate)
while let e = entry {
    entry = udev_list_entry_get_next(e)
    guard let d = udev_device_new_from_syspath(udev, udev_list_entry_get_name(e)),
        let node = udev_device_get_devnode(d)
    else { continue }
    let fd = open(node, O_RDONLY | O_NONBLOCK)
    var device: OpaquePointer?
    guard fd >= 0, libevdev_new_from_fd(fd, &device) == 0 else { continue }
    let keys = (0..<768).filter { libevdev_has_event_code(device, 1, UInt32($0)) != 0 }.count
    lines += String(cString: node) + " " + String(cString: libevdev_get_name(device)) + " \(keys)\n"
}
print(lines, terminator: "")
