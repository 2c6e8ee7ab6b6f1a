#!/usr/bin/env python3
"""Summarises the virtual-touchscreen section of bench-e2e's boot files: CPU per event of
`run --virtual-touchscreen` beside `run --json` and libinput, and the latency from the
panel's frame to the virtual device's frame beside touchbridge evtest's on the panel.
usage: virtual-report.py boot-*.txt"""
import sys
from sections import Table, cpu_per_event as cpu, records

recs = records(sys.argv[1:], "virtual-")
table = Table(recs)
row, pooled = table.row, table.pooled
names = {"tb-virtual": "run --virtual-touchscreen", "tb-run": "run --json", "libinput": "libinput debug-events",
         "tb-evtest": "touchbridge evtest on the panel"}
flood = lambda t: (lambda r: r["kind"] == "virtual-flood" and r["tool"] == t)
for t in ("tb-virtual", "tb-run", "libinput"):
    row(f"CPU µs/event, {names[t]}", flood(t), cpu, lambda v: f"{v:.1f}")
for t in ("tb-virtual", "tb-run", "libinput"):
    row(f"frames lost to SYN_DROPPED, {names[t]} (sum)", flood(t), lambda r: int(r.get("syn_dropped") or 0), lambda v: f"{v:g}", pool=sum)
lat = lambda t: (lambda r: r["kind"] == "virtual-latency" and r["tool"] == t)
for q in ("p50", "p99"):
    row(f"latency {q} (µs), touchbridge evtest on the panel", lat("tb-evtest"), lambda r, q=q: int(r[f"{q}_us"]), lambda v: f"{v:.0f}")
    row(f"latency {q} (µs), panel → virtual device → touchbridge evtest", lat("tb-virtual"), lambda r, q=q: int(r[f"{q}_us"]), lambda v: f"{v:.0f}")
row("latency frames missed, virtual path (sum)", lat("tb-virtual"), lambda r: int(r["missed"]), lambda v: f"{v:g}", pool=sum)
if recs:
    v, l = pooled(flood("tb-virtual"), cpu), pooled(flood("libinput"), cpu)
    d = pooled(lat("tb-virtual"), lambda r: int(r["p50_us"])) - pooled(lat("tb-evtest"), lambda r: int(r["p50_us"]))
    print()
    print(f"- CPU: `run --virtual-touchscreen` / libinput = {v / l:.2f}× (target ≤ 0.5×: {'met' if v / l <= 0.5 else 'missed'})")
    print(f"- latency p50 over touchbridge evtest's: {d:+.0f} µs (target ≤ +50 µs: {'met' if d <= 50 else 'missed'})")
