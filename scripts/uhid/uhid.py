"""The uhid side of the VM's real devices (panel.py, pen.py): a HID device created from its
report descriptor through /dev/uhid, the driver's GET_REPORT and SET_REPORT answered, input
reports sent; and the command loop both scripts run. The uhid protocol is linux/uhid.h's."""
import glob
import json
import os
import select
import struct
import sys
import threading
import time

# linux/uhid.h
UHID_DESTROY, UHID_GET_REPORT, UHID_GET_REPORT_REPLY = 1, 9, 10
UHID_CREATE2, UHID_INPUT2, UHID_SET_REPORT, UHID_SET_REPORT_REPLY = 11, 12, 13, 14
UHID_START, UHID_STOP = 2, 3
UHID_FEATURE_REPORT = 0
EVENT_SIZE = 4 + struct.calcsize("<128s64s64sHHIIII4096s")
EIO = 5


def event(kind, payload=b""):
    return (struct.pack("<I", kind) + payload).ljust(EVENT_SIZE, b"\0")


class Device:
    """A uhid device of `spec` (name, bus, vendor, product, descriptor); `feature(rnum)` gives
    the bytes of a feature report the driver asks for, or None (answered EIO)."""

    def __init__(self, spec, feature=lambda rnum: None):
        self.feature = feature
        # A controller that stopped reporting (`stall`) until its driver is re-bound: the
        # driver's stop and start (UHID_STOP, UHID_START) bring it back.
        self.stalled = False
        self.stopped = False
        self.fd = os.open("/dev/uhid", os.O_RDWR | os.O_CLOEXEC)
        self.lock = threading.Lock()
        self.done = False
        descriptor = bytes.fromhex(spec["descriptor"])
        name = ("touchbridge uhid " + spec["name"]).encode()
        self.write(event(UHID_CREATE2, struct.pack(
            "<128s64s64sHHIIII4096s", name, b"uhid/touchbridge", b"", len(descriptor),
            spec["bus"], spec["vendor"], spec["product"], 1, 0, descriptor)))
        threading.Thread(target=self._answer, daemon=True).start()

    def write(self, data):
        with self.lock:
            os.write(self.fd, data)

    def send(self, report):
        """One input report (none while stalled)."""
        if self.stalled:
            return
        self.write(event(UHID_INPUT2, struct.pack("<H4096s", len(report), bytes(report))))

    def _answer(self):
        """Answers the driver's GET_REPORT (feature reports) and SET_REPORT (input mode)."""
        while not self.done:
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if not ready:
                continue
            try:
                data = os.read(self.fd, EVENT_SIZE)
            except OSError:
                return
            kind = struct.unpack_from("<I", data)[0]
            if kind == UHID_STOP:
                self.stopped = True
            elif kind == UHID_START and self.stopped:
                self.stopped = self.stalled = False
            elif kind == UHID_GET_REPORT:
                rid, rnum, rtype = struct.unpack_from("<IBB", data, 4)
                reply = self.feature(rnum) if rtype == UHID_FEATURE_REPORT else None
                err, body = (0, bytes(reply)) if reply else (EIO, b"")
                self.write(event(UHID_GET_REPORT_REPLY, struct.pack("<IHH4096s", rid, err, len(body), body)))
            elif kind == UHID_SET_REPORT:
                rid = struct.unpack_from("<I", data, 4)[0]
                self.write(event(UHID_SET_REPORT_REPLY, struct.pack("<IH", rid, 0)))

    def close(self):
        self.done = True
        self.write(event(UHID_DESTROY))
        os.close(self.fd)


def bits(path):
    """A sysfs capability bitmap (words of hex, most significant first) as one number."""
    words = open(path).read().split()
    return int("".join(w.rjust(16, "0") for w in words), 16) if words else 0


def find_node(spec, wanted, what, timeout=10.0):
    """The evdev node the kernel made of `spec`'s device for a direct input whose capability
    bitmaps (`abs`, `key`) `wanted(abs, key)` accepts; exits saying `what` did not appear."""
    pattern = "/sys/devices/virtual/misc/uhid/*:%04X:%04X.*/input/input*" % (spec["vendor"], spec["product"])
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for inp in sorted(glob.glob(pattern)):
            # An earlier device of the same ids may be going away as it is read: skip it.
            try:
                props = int(open(inp + "/properties").read().strip() or "0", 16)
                events = glob.glob(inp + "/event*")
                node = "/dev/input/" + os.path.basename(events[0]) if events else None
                if props & 0x2 and node and os.path.exists(node) and wanted(bits(inp + "/capabilities/abs"), bits(inp + "/capabilities/key")):
                    return node
            except OSError:
                continue
        time.sleep(0.05)
    raise SystemExit("%s: no %s node appeared" % (spec["name"], what))


def serve(doc, catalog, key, make, gestures):
    """The scripts' command line and loop: `NAME` makes `make(spec)` (a device with `node()`,
    `max_contacts`, `player(node)` and `close()`), prints its node, then plays the gestures
    asked for on stdin until `quit` or end of input; `--list` prints the catalog's names."""
    specs = {p["name"]: p for p in json.load(open(catalog))[key]}
    if len(sys.argv) != 2:
        sys.exit(doc)
    if sys.argv[1] == "--list":
        print("\n".join(specs))
        return
    spec = specs.get(sys.argv[1])
    if spec is None:
        sys.exit("%s: no device named %r (--list)" % (os.path.basename(sys.argv[0]), sys.argv[1]))
    # TOUCHBRIDGE_UHID_BUS: the same device on another bus (0x18: I2C, as i2c-hid makes it).
    if os.environ.get("TOUCHBRIDGE_UHID_BUS"):
        spec = dict(spec, bus=int(os.environ["TOUCHBRIDGE_UHID_BUS"], 0))
    device = make(spec)
    try:
        # TOUCHBRIDGE_UHID_NO_NODE=1: no wait for the driver's node (one that makes none, or not
        # the usual one: hid-generic where hid-multitouch is kept out); no gestures then.
        if os.environ.get("TOUCHBRIDGE_UHID_NO_NODE") == "1":
            print("node none contacts", device.max_contacts, flush=True)
            player = None
        else:
            node = device.node()
            print("node", node, "contacts", device.max_contacts, flush=True)
            player = device.player(node)
        for line in sys.stdin:
            words = line.split()
            if words[:1] == ["quit"]:
                break
            if words == ["stall"]:
                device.device.stalled = True
                print("done stall", flush=True)
                continue
            if len(words) == 2 and words[0] == "play" and words[1] in gestures and player:
                getattr(player, words[1])()
                print("done", words[1], flush=True)
            else:
                print("error unknown command %r" % line.strip(), flush=True)
    finally:
        device.close()
