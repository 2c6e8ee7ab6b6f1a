#!/usr/bin/env python3
"""Writes a flood recording for the benchmarks: a 10-slot protocol B panel with FINGERS
fingers moving every frame at 1 kHz, FRAMES frames (each frame: per finger ABS_MT_SLOT,
ABS_MT_POSITION_X, ABS_MT_POSITION_Y; then SYN_REPORT), fingers lifting and landing again
every 500 frames. usage: flood.py FRAMES [FINGERS] [INTERVAL_US] [fingers] > flood.evemu
(INTERVAL_US: time between frames, default 1000, i.e. 1 kHz). With `fingers`, as real fingers
land: each 40 ms after the one before and pressing (ABS_MT_PRESSURE 120 of 255), so every
noise rule lets them through (the cost of `run --noise-filter all` on touches that pass)."""
import sys

frames = int(sys.argv[1])
fingers = int(sys.argv[2]) if len(sys.argv) > 2 else 5
interval = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
real = len(sys.argv) > 4 and sys.argv[4] == "fingers"
w = sys.stdout.write
w("# EVEMU 1.3\nN: touchbridge flood panel\nI: 0003 1234 5680 0100\nP: 02 00 00 00 00 00 00 00\n"
  "B: 00 0b 00 00 00 00 00 00 00\n")
for i in range(12):
    w("B: 01 00 00 00 00 00 00 00 00\n" if i != 5 else "B: 01 00 04 00 00 00 00 00 00\n")
w("B: 03 03 00 00 00 00 80 61 06\n")
w("A: 00 0 4095 0 0 16\nA: 01 0 2303 0 0 16\nA: 2f 0 9 0 0 0\nA: 30 0 255 0 0 0\nA: 35 0 4095 0 0 16\n"
  "A: 36 0 2303 0 0 16\nA: 39 0 65535 0 0 0\nA: 3a 0 255 0 0 0\n")
out = []
tid = 0
for f in range(frames):
    t = 1 + f * interval
    stamp = "E: %d.%06d " % (t // 1000000, t % 1000000)
    for s in range(fingers):
        local = f - (40 * s if real else 0)
        if local < 0:
            continue
        phase = local % 500
        out.append(stamp + "0003 002f %d\n" % s)
        if phase == 0:
            tid += 1
            out.append(stamp + "0003 0039 %d\n" % tid)
            if real:
                out.append(stamp + "0003 003a 120\n")
        if phase == 499:
            out.append(stamp + "0003 0039 -1\n")
            continue
        x = 400 + s * 600 + (phase * 3) % 500
        y = 300 + s * 300 + (phase * 2) % 400
        out.append(stamp + "0003 0035 %d\n" % x)
        out.append(stamp + "0003 0036 %d\n" % y)
    out.append(stamp + "0000 0000 0\n")
    if len(out) > 100000:
        w("".join(out)); out = []
w("".join(out))
