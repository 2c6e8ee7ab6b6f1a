#!/usr/bin/env python3
"""Writes the stories of the motion and key examples into examples/src/ (then
`scripts/vm/run 'sh scripts/examples/record.sh shake media-keys'` records them from uinput
devices into examples/):

- shake.evemu: an accelerometer (256 units/g, INPUT_PROP_ACCELEROMETER) lying flat with a
  little noise; tilted slowly through 90° over 3 s (not a shake); shaken for 0.8 s at 6 Hz,
  ±1.5 g along x (a shake); still again; then shaken for 6 s (longer than a shake can be:
  cancelled at 5 s); still again.
- media-keys.evemu: a keyboard with media keys: play/pause, next track, fast forward held
  (auto-repeat events while held), Enter (a press the scene asks for), and A and volume up
  (never asked for: never logged).
Deterministic (a seeded generator)."""
import math
import random

rnd = random.Random(7)


def mask(codes, nbytes):
    b = [0] * nbytes
    for c in codes:
        b[c // 8] |= 1 << (c % 8)
    return b


def bline(t, codes, nbytes, per=8):
    m = mask(codes, nbytes)
    return ["B: %02x " % t + " ".join("%02x" % x for x in m[i:i + per]) for i in range(0, nbytes, per)]


def ev(t, typ, code, value):
    sec, usec = divmod(round(t * 1e6), 1000000)
    return "E: %d.%06d %04x %04x %d" % (sec, usec, typ, code, value)


def accelerometer():
    lines = ["# EVEMU 1.3", "N: touchbridge example accelerometer", "I: 0019 1234 567a 0001",
             "P: 40 00 00 00 00 00 00 00"]
    lines += bline(0, [0, 3], 8)
    lines += bline(3, [0, 1, 2], 8)
    lines += ["A: %02x -1024 1023 0 0 256" % c for c in (0, 1, 2)]
    t = 1.0
    out = []
    last = [None, None, None]

    def sample(x, y, z):
        nonlocal t
        vals = [round(v * 256 + rnd.choice((-2, -1, 0, 1, 2))) for v in (x, y, z)]
        for code, v in enumerate(vals):
            if v != last[code]:
                out.append(ev(t, 3, code, v))
                last[code] = v
        out.append(ev(t, 0, 0, 0))
        t += 0.01                                          # 100 Hz

    for _ in range(100):                                   # flat, 1 s
        sample(0, 0, 1)
    for i in range(300):                                   # slow tilt through 90°, 3 s
        a = (i + 1) / 300 * math.pi / 2
        sample(math.sin(a), 0, math.cos(a))
    for _ in range(100):                                   # still on its side, 1 s
        sample(1, 0, 0)
    for i in range(80):                                    # a shake: 0.8 s, 6 Hz, ±1.5 g along y
        sample(1, 1.5 * math.sin(2 * math.pi * 6 * i * 0.01), 0)
    for _ in range(150):                                   # still, 1.5 s
        sample(1, 0, 0)
    for i in range(600):                                   # shaken for 6 s: cancelled at 5 s
        sample(1, 1.5 * math.sin(2 * math.pi * 5 * i * 0.01), 0)
    for _ in range(100):                                   # still, 1 s
        sample(1, 0, 0)
    return "\n".join(lines + out) + "\n"


def keyboard():
    KEY_A, KEY_ENTER, KEY_VOLUMEUP = 30, 28, 115
    KEY_NEXTSONG, KEY_PLAYPAUSE, KEY_FASTFORWARD = 163, 164, 208
    keys = [KEY_A, KEY_ENTER, KEY_VOLUMEUP, KEY_NEXTSONG, KEY_PLAYPAUSE, KEY_FASTFORWARD]
    lines = ["# EVEMU 1.3", "N: touchbridge example media keys", "I: 0003 1234 567b 0001",
             "P: 00 00 00 00 00 00 00 00"]
    lines += bline(0, [0, 1, 4, 0x14], 8)
    lines += bline(1, keys, 96)
    lines += bline(4, [4], 8)
    out = []

    def key(t, code, value):
        out.append(ev(t, 4, 4, 0x70000 + code))           # MSC_SCAN, as USB keyboards send
        out.append(ev(t, 1, code, value))
        out.append(ev(t, 0, 0, 0))

    key(1.0, KEY_PLAYPAUSE, 1); key(1.1, KEY_PLAYPAUSE, 0)
    key(1.5, KEY_A, 1); key(1.6, KEY_A, 0)                 # not asked for: never logged
    key(2.0, KEY_NEXTSONG, 1); key(2.08, KEY_NEXTSONG, 0)
    key(2.5, KEY_FASTFORWARD, 1)
    for i in range(6):                                     # held: auto-repeat every 33 ms after 250 ms
        out.append(ev(2.75 + i * 0.033, 1, KEY_FASTFORWARD, 2)); out.append(ev(2.75 + i * 0.033, 0, 0, 0))
    key(3.0, KEY_FASTFORWARD, 0)
    key(3.5, KEY_ENTER, 1)
    for i in range(3):
        out.append(ev(3.75 + i * 0.033, 1, KEY_ENTER, 2)); out.append(ev(3.75 + i * 0.033, 0, 0, 0))
    key(3.9, KEY_ENTER, 0)
    key(4.2, KEY_VOLUMEUP, 1); key(4.3, KEY_VOLUMEUP, 0)   # not asked for: never logged
    key(4.6, KEY_PLAYPAUSE, 1); key(4.7, KEY_PLAYPAUSE, 0)
    return "\n".join(lines + out) + "\n"


open("examples/src/shake.evemu", "w").write(accelerometer())
open("examples/src/media-keys.evemu", "w").write(keyboard())
