#!/usr/bin/env python3
"""Writes examples/phantom-touches.evemu: each phantom pattern the noise rules answer beside a
real finger's control on its own button of examples/phantom-touches.json (a 4x4 grid of
200x120-point buttons, b<column><row>, on the examples' 800x480 screen, 10 units a point,
40 units a millimetre). Real fingers stir a unit or two and press at 70 of 255; phantoms do
not move."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import header, BTN_TOUCH, ABS_X, ABS_Y, SLOT, MAJOR, MX, MY, TID, MP  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "phantom-touches.evemu")
frames = {}   # time (us) -> [(slot, what, x, y, pressure, major)]


def at(t, slot, what, x=0, y=0, pressure=70, major=300):
    frames.setdefault(round(t * 1e6), []).append((slot, what, round(x * 10), round(y * 10), pressure, major))


def still(t, slot, x, y, hold, **axes):
    """A phantom: down at (x, y) for `hold` seconds, never moving."""
    at(t, slot, "down", x, y, **axes)
    at(t + hold, slot, "up")


def finger(t, slot, x, y, hold=0.1, to=None, **axes):
    """A real finger: down at (x, y), stirring a unit, moving to `to` if given, up after `hold`."""
    at(t, slot, "down", x, y, **axes)
    at(t + 0.03, slot, "move", x + 0.1, y, **axes)
    if to:
        for i in range(1, 6):
            at(t + 0.03 + i * 0.01, slot, "move", x + (to[0] - x) * i / 5, y + (to[1] - y) * i / 5, **axes)
        x, y = to
    at(t + hold - 0.01, slot, "move", x, y + 0.1, **axes)
    at(t + hold, slot, "up")


# far-apart: two still taps 10 ms apart at opposite corners (b00, b33); the control taps b10.
still(0.5, 0, 60, 40, 0.06)
still(0.51, 1, 740, 440, 0.06)
finger(1.0, 0, 300, 60)
# aligned: a finger holds b11; a phantom lands at its very x on b13.
finger(2.0, 0, 300, 180, hold=0.4)
still(2.2, 1, 300, 420, 0.05)
# single-position: a point of b20 held perfectly still for 2.5 s; the control taps b30.
still(3.0, 0, 500, 60, 2.5)
finger(6.0, 0, 700, 60)
# repeating: a still tap on b01 every 12.864 s (a controller's period); its first two landings
# are taps like any; from the third it is held. The control: five taps on b21 between them.
for i in range(4):
    still(7.0 + i * 12.864, 0, 100, 180, 0.06)
for i, (dt, dx, dy) in enumerate([(0.0, 0, 0), (0.7, 6, -3), (1.5, -5, 4), (2.1, 3, 7), (3.0, -4, -6)]):
    finger(9.0 + dt, 1, 500 + dx, 180 + dy)
# edge: a phantom on the left border of b02 lifts without moving in; the control moves off
# the right edge within b32.
still(47.0, 0, 0, 300, 0.08)
finger(47.5, 0, 700, 300, hold=0.2, to=(799.9, 300))
# pressure: a light phantom on b12; the control presses b22 lightly but really (0.20 of 255).
still(49.0, 0, 300, 300, 0.08, pressure=30)
finger(49.5, 0, 500, 300, pressure=52)
# palm: a contact as large as the axis on b03; the control is a broad finger on b23.
still(51.0, 0, 100, 420, 0.08, major=1023)
finger(51.5, 0, 500, 420, major=600)

out, down, current, touching = [], {}, 0, False
next_id = 1
for t in sorted(frames):
    events = []
    for slot, what, x, y, p, m in frames[t]:
        if slot != current:
            events.append((3, SLOT, slot))
            current = slot
        if what == "up":
            events.append((3, TID, -1))
            del down[slot]
            continue
        if what == "down":
            events.append((3, TID, next_id))
            next_id += 1
        last = down.get(slot, (None, None, None, None))
        for code, v, old in ((MX, x, last[0]), (MY, y, last[1]), (MP, p, last[2]), (MAJOR, m, last[3])):
            if v != old:
                events.append((3, code, v))
        down[slot] = (x, y, p, m)
    was, touching = touching, bool(down)
    if touching != was:
        events.append((1, BTN_TOUCH, 1 if touching else 0))
    if down:
        first = down[min(down)]
        events += [(3, ABS_X, first[0]), (3, ABS_Y, first[1])]
    for ty, code, value in events + [(0, 0, 0)]:
        out.append("E: %d.%06d %04x %04x %d" % (t // 1000000, t % 1000000, ty, code, value))
with open(OUT, "w") as f:
    f.write("\n".join(header() + out) + "\n")
