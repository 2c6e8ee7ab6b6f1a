"""What the section reports of bench-e2e's boot files share: reading one section's records,
and a table row per boot and pooled."""
import statistics


def records(paths, prefix):
    """The boot files' records whose kind starts with `prefix`, as dicts."""
    recs = []
    for path in paths:
        for line in open(path):
            r = dict(kv.split("=", 1) for kv in line.split() if "=" in kv)
            if r.get("kind", "").startswith(prefix):
                recs.append(r)
    return recs


def cpu_per_event(r):
    """A flood's CPU in µs an injected event."""
    return float(r["cpu_s"]) / int(r["events_injected"]) * 1e6


class Table:
    """A markdown table: a value per boot and pooled over every boot."""

    def __init__(self, recs):
        self.recs = recs
        self.boots = sorted({r["boot"] for r in recs})
        print("| what | per boot | pooled (median; SYN_DROPPED: sum) |")
        print("|---|---|---|")

    def pooled(self, sel, value, pool=statistics.median):
        return pool([value(r) for r in self.recs if sel(r)])

    def row(self, label, sel, value, fmt, pool=statistics.median):
        per = []
        for b in self.boots:
            vals = [value(r) for r in self.recs if r["boot"] == b and sel(r)]
            if vals:
                per.append(pool(vals))
        allv = [value(r) for r in self.recs if sel(r)]
        if allv:
            print(f"| {label} | {', '.join(fmt(v) for v in per)} | {fmt(pool(allv))} |")
