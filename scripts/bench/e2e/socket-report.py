#!/usr/bin/env python3
"""Summarises the socket section of bench-e2e's boot files: the daemon's CPU per event with
0 and 3 clients, stdout's latency with 2 clients reading and with a third one stopped, idle
wakeups with clients connected. usage: socket-report.py boot-*.txt"""
import sys
from sections import Table, cpu_per_event as cpu, records

table = Table(records(sys.argv[1:], "socket-"))
row = table.row
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
