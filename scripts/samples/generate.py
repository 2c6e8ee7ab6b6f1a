#!/usr/bin/env python3
"""Writes the source streams of the bundled sample recordings (scripts/samples/src/*.evemu).
`scripts/samples/record.sh` replays each into a uinput device inside the test VM and records
it with `touchbridge record`, so the bundled files are real recordings of kernel devices."""
import math, os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "src")
KEY_LINES = 12  # EV_KEY bitmap: 96 bytes


def key_bits(codes):
    mask = bytearray(96)
    for c in codes:
        mask[c // 8] |= 1 << (c % 8)
    return ["B: 01 " + " ".join("%02x" % b for b in mask[i:i + 8]) for i in range(0, 96, 8)]


def abs_bits(codes):
    mask = bytearray(8)
    for c in codes:
        mask[c // 8] |= 1 << (c % 8)
    return "B: 03 " + " ".join("%02x" % b for b in mask)


def device(name, bus, vendor, product, keys, axes):
    lines = ["# EVEMU 1.3", "N: " + name, "I: %04x %04x %04x 0100" % (bus, vendor, product),
             "P: 02 00 00 00 00 00 00 00", "B: 00 0b 00 00 00 00 00 00 00"]
    lines += key_bits(keys) + [abs_bits(sorted(axes))]
    lines += ["A: %02x %d %d %d %d %d" % ((c,) + axes[c]) for c in sorted(axes)]
    return lines


def events(frames, gap_us=8000):
    out, t = [], 1
    for f in frames:
        for (ty, code, value) in f + [(0, 0, 0)]:
            out.append("E: %d.%06d %04x %04x %d" % (t // 1000000, t % 1000000, ty, code, value))
        t += gap_us
    return out


BTN_TOUCH, ABS_X, ABS_Y, ABS_P = 0x14a, 0x00, 0x01, 0x18
SLOT, MAJOR, MX, MY, TID, MP = 0x2f, 0x30, 0x35, 0x36, 0x39, 0x3a
mt_axes = {ABS_X: (0, 4095, 0, 0, 16), ABS_Y: (0, 2303, 0, 0, 16), SLOT: (0, 9, 0, 0, 0), MAJOR: (0, 255, 0, 0, 0),
           MX: (0, 4095, 0, 0, 16), MY: (0, 2303, 0, 0, 16), TID: (0, 65535, 0, 0, 0), MP: (0, 255, 0, 0, 0)}


def tap():
    frames = [[(3, TID, 1), (3, MX, 2048), (3, MY, 1152), (3, MP, 50), (3, MAJOR, 9), (1, BTN_TOUCH, 1), (3, ABS_X, 2048), (3, ABS_Y, 1152)],
              [(3, MX, 2050), (3, ABS_X, 2050)],
              [(3, TID, -1), (1, BTN_TOUCH, 0)]]
    return device("touchbridge sample MT panel", 3, 0x1234, 0x5678, [BTN_TOUCH], mt_axes) + events(frames)


def pinch():
    frames = [[(3, TID, 10), (3, MX, 1800), (3, MY, 1100), (3, MP, 40), (3, SLOT, 1), (3, TID, 11), (3, MX, 2300),
               (3, MY, 1200), (3, MP, 42), (1, BTN_TOUCH, 1), (3, ABS_X, 1800), (3, ABS_Y, 1100)]]
    for i in range(1, 16):
        frames.append([(3, SLOT, 0), (3, MX, 1800 - 40 * i), (3, MY, 1100 - 10 * i), (3, SLOT, 1),
                       (3, MX, 2300 + 40 * i), (3, MY, 1200 + 10 * i), (3, ABS_X, 1800 - 40 * i), (3, ABS_Y, 1100 - 10 * i)])
    frames.append([(3, SLOT, 0), (3, TID, -1), (3, SLOT, 1), (3, TID, -1), (1, BTN_TOUCH, 0)])
    return device("touchbridge sample MT panel", 3, 0x1234, 0x5678, [BTN_TOUCH], mt_axes) + events(frames)


def resistive():
    axes = {ABS_X: (150, 3900, 0, 0, 0), ABS_Y: (200, 3850, 0, 0, 0), ABS_P: (0, 1023, 0, 0, 0)}
    frames = [[(1, BTN_TOUCH, 1), (3, ABS_X, 1000), (3, ABS_Y, 3000), (3, ABS_P, 400)]]
    for i in range(1, 10):
        frames.append([(3, ABS_X, 1000 + 150 * i), (3, ABS_Y, 3000 - 100 * i), (3, ABS_P, 400 + i)])
    frames.append([(1, BTN_TOUCH, 0), (3, ABS_P, 0)])
    return device("touchbridge sample resistive panel", 0x18, 0x0eef, 0x0001, [BTN_TOUCH], axes) + events(frames, 10000)


def protocol_a():
    axes = {ABS_X: (0, 1023, 0, 0, 4), ABS_Y: (0, 767, 0, 0, 4), MX: (0, 1023, 0, 0, 4), MY: (0, 767, 0, 0, 4)}
    frames = []
    for i in range(8):
        frames.append([(3, MX, 300 + 10 * i), (3, MY, 400), (0, 2, 0), (3, MX, 700 - 10 * i), (3, MY, 380), (0, 2, 0)]
                      + ([(1, BTN_TOUCH, 1)] if i == 0 else []) + [(3, ABS_X, 300 + 10 * i), (3, ABS_Y, 400)])
    frames.append([(0, 2, 0), (1, BTN_TOUCH, 0)])
    return device("touchbridge sample protocol A panel", 3, 0x0eef, 0x7200, [BTN_TOUCH], axes) + events(frames)


os.makedirs(OUT, exist_ok=True)
for name, lines in [("tap", tap()), ("two-finger-pinch", pinch()), ("single-touch-drag", resistive()),
                    ("protocol-a-two-fingers", protocol_a())]:
    with open(os.path.join(OUT, name + ".evemu"), "w") as f:
        f.write("\n".join(lines) + "\n")
