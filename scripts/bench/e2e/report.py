#!/usr/bin/env python3
"""Pools the end-to-end benchmark's boots (boot-N.txt, one key=value record a line) into a
Markdown section for BENCHMARKS.md: medians over boots with their spread (min–max), ratios
to libinput, and the issue's targets checked.
usage: report.py --machine M --where W --command C boot-1.txt boot-2.txt ..."""
import argparse
import datetime
import statistics
import sys

ap = argparse.ArgumentParser()
ap.add_argument("--machine", default="?")
ap.add_argument("--where", default="?")
ap.add_argument("--command", default="?")
ap.add_argument("files", nargs="+")
args = ap.parse_args()

records = []
for path in args.files:
    for line in open(path):
        rec = dict(kv.split("=", 1) for kv in line.split() if "=" in kv)
        if "kind" in rec:
            records.append(rec)
boots = sorted({r["boot"] for r in records})

NAMES = {"floor": "C floor (read + write)", "floor-libevdev": "C + libevdev floor (epoll, libevdev_next_event, write)", "tb-evtest": "`touchbridge evtest`", "tb-run": "`touchbridge run --json`",
         "evtest": "`evtest` 1.35", "libinput": "`libinput debug-events`"}
TOOLS = ["floor", "floor-libevdev", "tb-evtest", "tb-run", "evtest", "libinput"]


def select(kind, **match):
    return [r for r in records if r["kind"] == kind and all(r.get(k) == str(v) for k, v in match.items())]


def values(rs, key, f=float):
    out = []
    for r in rs:
        try:
            out.append(f(r[key]))
        except (KeyError, ValueError):
            pass
    return out


def med(vs):
    return statistics.median(vs) if vs else None


def spread(vs, fmt):
    if not vs:
        return "–"
    m = fmt(med(vs))
    return m if len(vs) < 2 or fmt(min(vs)) == fmt(max(vs)) else "%s (%s–%s)" % (m, fmt(min(vs)), fmt(max(vs)))


def us_per_event(r):
    return float(r["cpu_s"]) / float(r["events_injected"]) * 1e6


def sched_us_per_event(r):
    return float(r["sched_s"]) / float(r["events_injected"]) * 1e6


def f1(x):
    return "%.1f" % x


def f2(x):
    return "%.2f" % x


def f0(x):
    return "%.0f" % x


def mib(x):
    return "%.1f" % (x / 1024)


out = []
w = out.append
today = datetime.date.today().isoformat()
w("## End-to-end, side by side in one VM (%s)" % today)
w("")
w("Machine: %s; measured %s. Command: `%s`. %d boot(s); each figure is the median over "
  "boots, with the spread (min–max) in brackets. Every tool reads the same uinput panel "
  "(protocol B, 4096×2304 units), one tool at a time, in an order that rotates with the boot. "
  "CPU is utime+stime from `/proc/PID/stat` (10 ms ticks) over the flood, divided by the events "
  "injected; the scheduler's own run time (`/proc/PID/schedstat`, ns) is given beside it as a "
  "finer check. Latency: the harness timestamps the uinput `write` of a frame and the read of "
  "the tool's line for it from a pty (so stdio is line-buffered, as in a terminal)." %
  (args.machine, args.where, args.command, len(boots)))
w("")

# Flood
w("### Flood: 5 fingers moving every frame, 1 kHz, 5-slot panel, stdout to a file")
w("")
w("| tool | CPU µs/event | ratio to libinput | sched µs/event | frames seen | SYN_DROPPED | peak RSS MiB | inject s |")
w("|---|---|---|---|---|---|---|---|")
lib = [us_per_event(r) for r in select("flood", tool="libinput", fingers=5, slots=5, views="default")]
lib_med = med(lib)
flood_cpu = {}
for t in TOOLS:
    rs = select("flood", tool=t, fingers=5, slots=5, views="default")
    if not rs:
        continue
    cpu = [us_per_event(r) for r in rs]
    flood_cpu[t] = med(cpu)
    ratio = spread([c / lib_med for c in cpu], f2) if lib_med else "–"
    expected = rs[0]["frames_injected"]
    w("| %s | %s | %s | %s | %s of %d | %s | %s | %s |" % (
        NAMES[t], spread(cpu, f1), ratio, spread([sched_us_per_event(r) for r in rs], f1),
        spread(values(rs, "frames_seen"), f0), int(expected) + 1, spread(values(rs, "syn_dropped"), f0),
        spread(values(rs, "hwm_kb"), mib), spread(values(rs, "inject_s"), f2)))
w("")
w("`libinput debug-events` logs SYN_DROPPED only with `--verbose` (which prints every event), so its "
  "losses show in the frames it saw; `evtest` prints a line for each; touchbridge's come from its "
  "own state report (`run`, SIGUSR1) or its dump (`evtest`).")
w("")

# Latency
w("### Latency: uinput write → the tool's line, 50 Hz, 5 fingers (µs)")
w("")
w("| tool | p50 | p90 | p99 | max | frames measured (missed) |")
w("|---|---|---|---|---|---|")
lat = {}
for t in TOOLS:
    rs = select("latency", tool=t)
    if not rs:
        continue
    lat[t] = {k: med(values(rs, k)) for k in ("p50_us", "p90_us", "p99_us", "max_us")}
    w("| %s | %s | %s | %s | %s | %s (%s) |" % (
        NAMES[t], spread(values(rs, "p50_us"), f0), spread(values(rs, "p90_us"), f0), spread(values(rs, "p99_us"), f0),
        spread(values(rs, "max_us"), f0), f0(sum(values(rs, "measured"))), f0(sum(values(rs, "missed")))))
w("")

# Idle and memory
w("### Idle (10 s, nobody touching) and memory")
w("")
w("| tool | wakeups/s idle | peak RSS idle MiB |")
w("|---|---|---|")
for t in TOOLS:
    rs = select("idle", tool=t)
    if rs:
        w("| %s | %s | %s |" % (NAMES[t], spread(values(rs, "wakeups_per_s"), f2), spread(values(rs, "hwm_kb"), mib)))
floor_swift = med(values(select("rss", tool="floor-swift"), "hwm_kb"))
floor_parser = med(values(select("rss", tool="floor-parser"), "hwm_kb"))
floor_c = med(values(select("rss", tool="floor-c"), "hwm_kb"))
for name, t in (("static Swift, libevdev + libudev, doing nothing (floor)", "floor-swift"),
                ("the same with the C++ runtime linked in, as the daemon's build (floor)", "floor-swift-cxx"),
                ("the same + swift-argument-parser (and FoundationEssentials), parsing its arguments", "floor-parser"),
                ("C floor reader", "floor-c")):
    rs = select("rss", tool=t)
    if rs:
        w("| %s | – | %s |" % (name, spread(values(rs, "hwm_kb"), mib)))
w("")
ready = select("ready", tool="tb-run")
if ready:
    w("Start-up of `touchbridge run NODE` to `READY=1` (sd_notify), median of 5 starts per boot: %s ms "
      "(best %s ms)." % (spread(values(ready, "ready_ms_median"), f1), spread(values(ready, "ready_ms_best"), f1)))
    w("")

# Scaling
w("### How the cost grows (CPU µs/event, 10-slot panel)")
w("")
w("| fingers | `touchbridge run --json` | `libinput debug-events` | ratio |")
w("|---|---|---|---|")
for n in (1, 2, 5, 10):
    a = [us_per_event(r) for r in select("flood", tool="tb-run", fingers=n, slots=10)]
    b = [us_per_event(r) for r in select("flood", tool="libinput", fingers=n, slots=10)]
    if a or b:
        w("| %d | %s | %s | %s |" % (n, spread(a, f1), spread(b, f1), f2(med(a) / med(b)) if a and b else "–"))
w("")
w("| views in the scene | `touchbridge run --json` CPU µs/event | frames seen | SYN_DROPPED | peak RSS MiB |")
w("|---|---|---|---|---|")
for v in ("default", "10", "1000", "10000"):
    rs = select("flood", tool="tb-run", fingers=5, slots=5, views=v)
    if rs:
        w("| %s | %s | %s | %s | %s |" % ("1 (default scene)" if v == "default" else v, spread([us_per_event(r) for r in rs], f1),
                                          spread(values(rs, "frames_seen"), f0), spread(values(rs, "syn_dropped"), f0),
                                          spread(values(rs, "hwm_kb"), mib)))
w("")

# Targets
w("### Targets")
w("")


def verdict(ok):
    return "met" if ok else "**missed**"


checks = []
for t in ("tb-evtest", "tb-run"):
    d = values(select("flood", tool=t, fingers=5, slots=5, views="default"), "syn_dropped")
    if d:
        checks.append("0 SYN_DROPPED, %s, 5 fingers: %s (max %d over boots)" % (NAMES[t], verdict(max(d) == 0), max(d)))
d = values(select("flood", tool="tb-run", fingers=10, slots=10), "syn_dropped")
if d:
    checks.append("0 SYN_DROPPED, %s, 10 fingers: %s (max %d, %d run(s))" % (NAMES["tb-run"], verdict(max(d) == 0), max(d), len(d)))
# The targets re-based on what a libevdev reader costs: CPU within 1.5× the C + libevdev
# floor; p50 within +100 µs (evtest) and +150 µs (run --json) of it; p99 below evtest's and
# libinput's; peak RSS ≤ 4 MiB.
if "tb-run" in flood_cpu and "floor-libevdev" in flood_cpu:
    r = flood_cpu["tb-run"] / flood_cpu["floor-libevdev"]
    checks.append("`run --json` CPU/event ≤ 1.5× the C + libevdev floor's: %s (%.2f×; %.1f against %.1f µs)" % (
        verdict(r <= 1.5), r, flood_cpu["tb-run"], flood_cpu["floor-libevdev"]))
if "tb-run" in flood_cpu and lib_med:
    checks.append("(for scale: `run --json` uses %.2f× libinput's CPU, the C + libevdev floor %.2f×)" % (
        flood_cpu["tb-run"] / lib_med, flood_cpu.get("floor-libevdev", 0) / lib_med))
for t, allowed in (("tb-evtest", 100), ("tb-run", 150)):
    if t in lat and "floor-libevdev" in lat:
        d = lat[t]["p50_us"] - lat["floor-libevdev"]["p50_us"]
        checks.append("p50 within +%d µs of the C + libevdev floor, %s: %s (%+.0f µs)" % (allowed, NAMES[t], verdict(d <= allowed), d))
    for ref in ("evtest", "libinput"):
        if t in lat and ref in lat:
            checks.append("p99 ≤ %s's, %s: %s (%.0f vs %.0f µs)" % (
                ref, NAMES[t], verdict(lat[t]["p99_us"] <= lat[ref]["p99_us"]), lat[t]["p99_us"], lat[ref]["p99_us"]))
rs = select("flood", tool="tb-run", fingers=5, slots=5, views="default")
if rs:
    peak = med(values(rs, "hwm_kb"))
    checks.append("peak RSS of `run --json` on the flood ≤ 4 MiB: %s (%.1f MiB; the static Swift floor %.1f MiB)" % (
        verdict(peak <= 4096), peak / 1024, (floor_swift or 0) / 1024))
for t in ("tb-evtest", "tb-run"):
    vs = values(select("idle", tool=t), "wakeups")
    if vs:
        checks.append("0 wakeups idle, %s: %s (%d in 10 s, worst boot)" % (NAMES[t], verdict(max(vs) == 0), max(vs)))
for c in checks:
    w("- " + c)
w("")
sys.stdout.write("\n".join(out) + "\n")
