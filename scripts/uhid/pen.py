#!/usr/bin/env python3
"""A real pen on a display re-created from its HID report descriptor through /dev/uhid, for the
VM's tests: the kernel's HID drivers make its evdev pen node (BTN_TOOL_PEN, pressure, tilt
where it has one) exactly as they would of the real device.

usage: pen.py NAME        (a name from pens.json; needs /dev/uhid, so root in the VM)
       pen.py --list      (the names)

Prints `node /dev/input/eventN contacts 1` once the pen's node is there, then reads commands on
stdin, one a line:
  play GESTURE   plays a scripted gesture and prints `done GESTURE`
                 (stroke: hover in tilted, the tip down pressing harder as it moves,
                 lifted into hover, away; eraser: the eraser end hovers, touches, lifts, goes)
  quit           destroys the device (so does end of input)
Reports are built with hid-tools' report-descriptor parser (PyPI `hid-tools`, on PYTHONPATH);
the uhid side is uhid.py's.
"""
import os
import time

import hidtools.hid

import uhid
from panel import absinfo

HERE = os.path.dirname(os.path.abspath(__file__))
ABS_X, ABS_Y, ABS_PRESSURE, ABS_TILT_X = 0x00, 0x01, 0x18, 0x1A
BTN_TOOL_PEN = 0x140


class PenState:
    """The pen's fields as the descriptor names them (hid-tools matches attributes by usage)."""

    def __init__(self):
        for field in ("tipswitch", "barrelswitch", "secondarybarrelswitch", "invert", "eraser", "inrange",
                      "x", "y", "tippressure", "xtilt", "ytilt", "contactid", "twist", "azimuth"):
            setattr(self, field, 0)


class Pen:
    def __init__(self, spec):
        self.spec = spec
        self.rdesc = hidtools.hid.ReportDescriptor.from_bytes(list(bytes.fromhex(spec["descriptor"])))
        self.report = self.rdesc.get_report_from_application("Pen")
        self.fields = {f.usage_name: f for f in self.report}
        self.max_contacts = 1
        self.device = uhid.Device(spec, self._feature)

    def _feature(self, rnum):
        """The touchscreen's Contact Count Maximum, as the device answers it (its logical maximum)."""
        for report in self.rdesc.feature_reports.values():
            contact_max = [f for f in report if f.usage_name == "Contact Max"]
            if report.report_ID == rnum and contact_max:
                answer = PenState()
                answer.contactmax = contact_max[0].logical_max
                return report.create_report([answer], None)
        return None

    def node(self):
        """The evdev node made for the pen (BTN_TOOL_PEN)."""
        return uhid.find_node(self.spec, lambda abs_bits, keys: keys >> BTN_TOOL_PEN & 1, "pen")

    def send(self, state):
        self.device.send(self.report.create_report([state], None))

    def player(self, node):
        return Player(self, node)

    def close(self):
        self.device.close()


class Player:
    """Gestures in fractions of the digitizer, played 10 ms a frame."""

    def __init__(self, pen, node):
        self.pen = pen
        self.x = absinfo(node, ABS_X)
        self.y = absinfo(node, ABS_Y)
        pressure = pen.fields.get("Tip Pressure")
        self.pressure_max = pressure.logical_max if pressure else 0
        tilt = pen.fields.get("X Tilt")
        self.tilt_max = tilt.logical_max if tilt else 0
        self.state = PenState()

    def frame(self, fx, fy, **fields):
        s = self.state
        s.x = round(self.x[0] + fx * (self.x[1] - self.x[0]))
        s.y = round(self.y[0] + fy * (self.y[1] - self.y[0]))
        for k, v in fields.items():
            setattr(s, k, v)
        self.pen.send(s)
        time.sleep(0.01)

    def stroke(self):
        # Tilted a fifth of the axis' range towards +x throughout (18 degrees on a ±90 axis).
        tilt = round(self.tilt_max * 0.2)
        for _ in range(3):
            self.frame(0.3, 0.4, inrange=1, xtilt=tilt)
        for i in range(20):
            self.frame(0.3 + 0.015 * i, 0.4, tipswitch=1, tippressure=round(self.pressure_max * (0.1 + 0.035 * i)))
        self.frame(0.6, 0.4, tipswitch=0, tippressure=0)
        self.frame(0.6, 0.4)
        self.frame(0.6, 0.4, inrange=0, xtilt=0)

    def eraser(self):
        self.frame(0.5, 0.6, inrange=1, invert=1)
        self.frame(0.5, 0.6)
        for _ in range(3):
            self.frame(0.5, 0.6, eraser=1, tippressure=round(self.pressure_max * 0.5))
        self.frame(0.5, 0.6, eraser=0, tippressure=0)
        self.frame(0.5, 0.6, inrange=0, invert=0)


GESTURES = ("stroke", "eraser")

if __name__ == "__main__":
    uhid.serve(__doc__, os.path.join(HERE, "pens.json"), "pens", Pen, GESTURES)
