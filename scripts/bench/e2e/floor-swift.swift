// The memory floor: a static Swift program that links libevdev and libudev, as touchbridge
// does, creates a libevdev and a udev context, and waits. Its VmHWM is what Swift and these
// libraries cost before any of touchbridge's own state.
#if canImport(Glibc)
import Glibc
#endif

@_silgen_name("libevdev_new") func libevdev_new() -> OpaquePointer?
@_silgen_name("libevdev_free") func libevdev_free(_ dev: OpaquePointer?)
@_silgen_name("udev_new") func udev_new() -> OpaquePointer?

let device = libevdev_new()
let udev = udev_new()
var names: [String] = CommandLine.arguments.dropFirst().map { $0 }
if names.isEmpty { names.append("none") }
_ = pause()
libevdev_free(device)
print(names, udev as Any)
