#!/usr/bin/env python3
"""Writes examples/qualify-pen.evemu: a pen's qualification (`qualify --pen`) on the Wacom-like
pen node of signature-pen.evemu (254x160 mm, 100 units a mm), in the order qualify asks: each of
the nine marks hovered over 0.5 mm to the right of where the tip then lands, 0.3 mm from the
mark; the four lines drawn with a wobble of 0.2 mm at 100 Hz; the tip resting 3.5 s with
0.05 mm of jitter. Deterministic (a fixed seed). usage: scripts/examples/qualify_pen.py > FILE"""
import random

random.seed(7)
W, H = 25400, 16000
header_end = None
with open("examples/signature-pen.evemu") as f:
    header = [l for l in f.read().splitlines() if not l.startswith("E:")]
out = header
t = 1.0


def frame(events, dt=0.01):
    global t
    for (type_, code, value) in events:
        out.append("E: %.6f %04x %04x %d" % (t, type_, code, value))
    out.append("E: %.6f 0000 0000 0" % t)
    t += dt


KEY, ABS = 1, 3
TOOL, TOUCH = 0x140, 0x14A
X, Y, P, D = 0x00, 0x01, 0x18, 0x19


def point(fx, fy):
    return round(fx * W), round(fy * H)


def hover_then_touch(at, hover_dx=50, error=(30, 0)):
    x, y = at
    frame([(KEY, TOOL, 1), (ABS, X, x + hover_dx), (ABS, Y, y), (ABS, D, 20)])
    frame([(ABS, D, 10)])
    frame([(ABS, D, 4)])
    frame([(KEY, TOUCH, 1), (ABS, X, x + error[0]), (ABS, Y, y + error[1]), (ABS, D, 0), (ABS, P, 1500)])
    frame([(ABS, P, 1600)])
    frame([(ABS, P, 1500)])
    frame([(KEY, TOUCH, 0), (ABS, P, 0), (ABS, D, 8)])
    frame([(KEY, TOOL, 0)], dt=0.5)


def stroke(a, b, steps=100):
    frame([(KEY, TOOL, 1), (ABS, X, a[0]), (ABS, Y, a[1]), (ABS, D, 10)])
    frame([(KEY, TOUCH, 1), (ABS, D, 0), (ABS, P, 1200)])
    for i in range(1, steps + 1):
        f = i / steps
        wobble = random.randint(-20, 20)
        x = round(a[0] + (b[0] - a[0]) * f) + (wobble if a[0] == b[0] else 0)
        y = round(a[1] + (b[1] - a[1]) * f) + (0 if a[0] == b[0] else wobble)
        frame([(ABS, X, x), (ABS, Y, y), (ABS, P, 1200 + random.randint(-50, 50))])
    frame([(KEY, TOUCH, 0), (ABS, P, 0), (ABS, D, 8)])
    frame([(KEY, TOOL, 0)], dt=0.5)


grid = [0.1, 0.5, 0.9]
for fy in grid:
    for fx in grid:
        hover_then_touch(point(fx, fy))
for a, b in [((0.1, 0.5), (0.9, 0.5)), ((0.5, 0.1), (0.5, 0.9)), ((0.1, 0.1), (0.9, 0.9)), ((0.9, 0.1), (0.1, 0.9))]:
    stroke(point(*a), point(*b))
centre = point(0.5, 0.5)
frame([(KEY, TOOL, 1), (ABS, X, centre[0]), (ABS, Y, centre[1]), (ABS, D, 10)])
frame([(KEY, TOUCH, 1), (ABS, D, 0), (ABS, P, 1000)])
for i in range(350):
    frame([(ABS, X, centre[0] + random.randint(-5, 5)), (ABS, Y, centre[1] + random.randint(-5, 5))])
frame([(KEY, TOUCH, 0), (ABS, P, 0), (ABS, D, 8)])
frame([(KEY, TOOL, 0)])
print("\n".join(out))
