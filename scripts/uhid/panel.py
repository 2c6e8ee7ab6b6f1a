#!/usr/bin/env python3
"""A real touchscreen re-created from its HID report descriptor through /dev/uhid, for the
VM's tests: the kernel's hid-multitouch driver makes an evdev touchscreen of it exactly as it
would of the real device (its quirks by vendor and product, its fuzz, its slots).

usage: panel.py NAME        (a name from panels.json; needs /dev/uhid, so root in the VM)
       panel.py --list      (the names)

Prints `node /dev/input/eventN` once the touchscreen is there, then reads commands on stdin,
one a line:
  play GESTURE   plays a scripted gesture and prints `done GESTURE`
                 (tap, drag, two, three, rest: see GESTURES)
  stall          stops its reports, as a controller that hung, until its driver is
                 re-bound (the driver's stop and start); prints `done stall`
  quit           destroys the device (so does end of input)
TOUCHBRIDGE_UHID_BUS=0x18 makes it on another bus (I2C); TOUCHBRIDGE_UHID_NO_NODE=1 prints
`node none` at once instead of waiting for hid-multitouch's node (then no gestures).
Reports are built with hid-tools' report-descriptor parser (PyPI `hid-tools`, on
PYTHONPATH); the uhid side is uhid.py's, the gestures and the device lookup this file's own.
"""
import fcntl
import os
import struct
import time

import hidtools.hid

import uhid

HERE = os.path.dirname(os.path.abspath(__file__))


class Contact:
    """One finger as the descriptor's per-finger fields name it (hid-tools matches by usage)."""

    def __init__(self, contact_id, x, y):
        self.contactid = contact_id
        self.x = self.cx = x
        self.y = self.cy = y
        self.tipswitch = True
        self.inrange = True
        self.confidence = True
        self.tippressure = 40
        self.width = self.height = 12


class Frame:
    """What a report carries beside the fingers."""

    def __init__(self, count, scantime):
        self.contactcount = count
        self.scantime = scantime


class Panel:
    def __init__(self, spec):
        self.spec = spec
        self.rdesc = hidtools.hid.ReportDescriptor.from_bytes(list(bytes.fromhex(spec["descriptor"])))
        self.report = self.rdesc.get_report_from_application("Touch Screen")
        usages = [f.usage_name for f in self.report]
        self.per_report = max(1, usages.count("Contact Id"))
        self.max_contacts = self._max_contacts()
        self.scantime = 0
        self.device = uhid.Device(spec, self._feature)

    def _max_contacts(self):
        """As the device would answer: the feature's Contact Count Maximum, capped by the input's count."""
        most = None
        for report in self.rdesc.feature_reports.values():
            for f in report:
                if f.usage_name == "Contact Max":
                    most = f.logical_max
        for f in self.report:
            if f.usage_name == "Contact Count" and f.logical_max > 0 and (most is None or f.logical_max < most):
                most = f.logical_max
        return most or self.per_report

    def _feature(self, rnum):
        for report in self.rdesc.feature_reports.values():
            if report.report_ID == rnum and "Contact Max" in [f.usage_name for f in report]:
                answer = Contact(0, 0, 0)
                answer.contactmax = self.max_contacts
                return report.create_report([answer], None)
        return None

    def node(self):
        """The evdev node hid-multitouch made for the touchscreen collection (ABS_MT_POSITION_X)."""
        return uhid.find_node(self.spec, lambda abs_bits, keys: abs_bits >> 0x35 & 1, "touchscreen")

    def send(self, contacts):
        """One frame: every contact in it, in reports of as many fingers as the device carries
        (hybrid mode: the count in the first report only)."""
        self.scantime += 1
        pending = list(contacts)
        count = len(pending)
        while True:
            chunk = pending[: self.per_report]
            pending = pending[self.per_report:]
            self.device.send(self.report.create_report(list(chunk), Frame(count, self.scantime)))
            count = 0
            if not pending:
                return

    def player(self, node):
        return Player(self, node)

    def close(self):
        self.device.close()


def absinfo(node, code):
    """(minimum, maximum) of an axis, through EVIOCGABS."""
    buf = bytearray(24)
    with open(node, "rb") as f:
        fcntl.ioctl(f, 0x80184540 + code, buf)
    _, lo, hi, _, _, _ = struct.unpack("<6i", buf)
    return lo, hi


class Player:
    """Gestures in fractions of the panel, played 10 ms a frame."""

    def __init__(self, panel, node):
        self.panel = panel
        self.x = absinfo(node, 0x35)
        self.y = absinfo(node, 0x36)

    def at(self, contact_id, fx, fy):
        return Contact(contact_id, round(self.x[0] + fx * (self.x[1] - self.x[0])), round(self.y[0] + fy * (self.y[1] - self.y[0])))

    def frame(self, contacts):
        self.panel.send(contacts)
        time.sleep(0.01)

    def lift(self, contacts, keep=()):
        for c in contacts:
            c.tipswitch = False
        self.frame(list(contacts) + list(keep))

    def tap(self):
        c = self.at(1, 0.3, 0.4)
        self.frame([c])
        self.frame([c])
        self.lift([c])

    def drag(self):
        for i in range(21):
            c = self.at(1, 0.2 + 0.03 * i, 0.5 + 0.004 * (i % 3))
            self.frame([c])
        self.lift([c])

    def two(self):
        for i in range(10):
            a, b = self.at(1, 0.3 + 0.01 * i, 0.3), self.at(2, 0.7 - 0.01 * i, 0.7 - 0.005 * i)
            self.frame([a, b])
        self.lift([a], keep=[b])
        for i in range(3):
            b = self.at(2, 0.6 - 0.02 * i, 0.65)
            self.frame([b])
        self.lift([b])

    def three(self):
        n = min(3, self.panel.max_contacts)
        for i in range(6):
            cs = [self.at(k + 1, 0.2 + 0.25 * k + 0.01 * i, 0.3 + 0.05 * k) for k in range(n)]
            self.frame(cs)
        self.lift(cs)

    def rest(self):
        """A resting finger with noise of up to 3 ten-thousandths of each axis (about the fuzz of
        the panels that have one), then a slow slide."""
        noise = [(1, -1), (-2, 1), (2, 2), (0, -2), (-1, 0), (3, 1), (-3, -2), (1, 3), (0, 0), (2, -3)]
        for dx, dy in noise:
            self.frame([self.at(1, 0.5 + dx * 0.0001, 0.5 + dy * 0.0001)])
        for i in range(8):
            c = self.at(1, 0.5 + 0.0015 * i, 0.5 + 0.001 * i)
            self.frame([c])
        self.lift([c])


GESTURES = ("tap", "drag", "two", "three", "rest")


if __name__ == "__main__":
    uhid.serve(__doc__, os.path.join(HERE, "panels.json"), "panels", Panel, GESTURES)
