#!/usr/bin/env python3
"""Summarises the socket section of bench-e2e's boot files: the daemon's CPU per event with
0 and 3 clients, stdout's latency with 2 clients reading and with a third one stopped, idle
wakeups with clients connected. usage: socket-report.py boot-*.txt"""
import statistics, sys

recs = []
for path in sys.argv[1:]:
    for line in open(path):
        r = dict(kv.split("=", 1) for kv in line.split() if "=" in kv)
        if r.get("kind", "").startswith("socket-"):
            recs.append(r)
boots = sorted({r["boot"] for r in recs})
print("| what | per boot | pooled (median; SYN_DROPPED: sum) |")
print("|---|---|---|")
def row(label, sel, value, fmt, pool=statistics.median):
    per = []
    for b in boots:
        vals = [value(r) for r in recs if r["boot"] == b and sel(r)]
        if vals:
            per.append(pool(vals))
    allv = [value(r) for r in recs if sel(r)]
    if allv:
        print(f"| {label} | {', '.join(fmt(v) for v in per)} | {fmt(pool(allv))} |")
cpu = lambda r: float(r["cpu_s"]) / int(r["events_injected"]) * 1e6
for n in ("0", "3"):
    row(f"CPU µs/event, {n} clients reading", lambda r, n=n: r["kind"] == "socket-flood" and r["clients"] == n, cpu, lambda v: f"{v:.1f}")
for n in ("0", "3"):
    row(f"frames lost to SYN_DROPPED, {n} clients (sum)", lambda r, n=n: r["kind"] == "socket-flood" and r["clients"] == n,
        lambda r: int(r.get("syn_dropped", 0)), lambda v: f"{v:g}", pool=sum)
for s, label in (("0", "2 clients reading"), ("1", "2 reading + 1 stopped")):
    for q in ("p50", "p99"):
        row(f"stdout latency {q} (µs), {label}", lambda r, s=s: r["kind"] == "socket-latency" and r["stopped"] == s,
            lambda r, q=q: int(r[f"{q}_us"]), lambda v: f"{v:.0f}")
row("idle wakeups/s, 3 clients connected", lambda r: r["kind"] == "socket-idle", lambda r: float(r["wakeups_per_s"]), lambda v: f"{v:.2f}")
