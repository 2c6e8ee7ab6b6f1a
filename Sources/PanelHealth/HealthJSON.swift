import InputEvents
import TextBuffers

/// The report as one JSON object, for CI pipelines (README lists the keys), each field stated
/// once through `JSONWriter`.
public enum HealthJSON {
    public static func write(_ r: HealthReport, failed: [(criterion: FailCriteria.Criterion, value: Double?)]? = nil)
        -> String
    {
        var w = JSONWriter(capacity: 4096)
        w.object { o in
            o.summary(r)
            o.jitter(r.jitter)
            o.faults(r)
            o.coverage(r.coverage)
            o.perContact(r.perContact)
            if let p = r.pen { o.pen(p) }
            if let failed { o.failed(failed) }
        }
        return w.string + "\n"
    }
}

/// The report's sections and the values they share, as members of the object being written.
extension JSONWriter {
    mutating func rate(_ key: String, _ x: HealthReport.Rate) {
        object(key) { o in
            o.number("meanHz", x.meanHz)
            o.integer("intervals", x.intervals)
            o.integer("idleGaps", x.idleGaps)
            o.number("minimumMs", x.minimum.map { $0 * 1000 })
            o.number("p5Ms", x.p5.map { $0 * 1000 })
            o.number("medianMs", x.median.map { $0 * 1000 })
            o.number("p95Ms", x.p95.map { $0 * 1000 })
            o.number("maximumMs", x.maximum.map { $0 * 1000 })
        }
    }

    mutating func pair(_ key: String, _ p: (x: Double, y: Double)?) {
        guard let p else { return json(key, nil) }
        object(key) { o in
            o.number("x", p.x)
            o.number("y", p.y)
        }
    }

    mutating func rect(_ key: String, _ m: (x: Double, y: Double, width: Double, height: Double)) {
        array(key) { a in for v in [m.x, m.y, m.width, m.height] { a.number(nil, v) } }
    }

    mutating func range(_ key: String, _ r: (minimum: Int32, maximum: Int32)?) {
        guard let r else { return json(key, nil) }
        array(key) { a in
            a.integer(nil, Int(r.minimum))
            a.integer(nil, Int(r.maximum))
        }
    }

    mutating func axis(_ key: String, _ a: HealthReport.AxisRange?) {
        guard let a else { return json(key, nil) }
        object(key) { o in
            o.range("declared", a.declared)
            o.range("seen", a.seen)
        }
    }

    mutating func summary(_ r: HealthReport) {
        string("device", r.device)
        string("source", r.source)
        string("protocol", r.touchProtocol)
        integer("slots", r.slots)
        string("jitterFilter", r.jitterFilter)
        number("durationSeconds", r.duration)
        integer("events", r.events)
        integer("frames", r.frames)
        integer("contacts", r.contacts)
        integer("maxSimultaneous", r.maxSimultaneous)
        rate("rate", r.rate)
    }

    mutating func jitter(_ j: HealthReport.Jitter?) {
        guard let j else { return json("jitter", nil) }
        object("jitter") { o in
            o.integer("restingPeriods", j.restingPeriods)
            o.integer("samples", j.samples)
            o.pair("stddevUnits", j.stddev)
            o.pair("rangeUnits", j.range)
            o.pair("stddevMM", j.stddevMM)
            o.pair("rangeMM", j.rangeMM)
        }
    }

    /// Stuck contacts, ghosts, jumps, churn and the driver's faults, and the axes' ranges.
    mutating func faults(_ r: HealthReport) {
        array("stuck") { a in
            for s in r.stuck {
                a.object { o in
                    o.integer("id", Int(s.id))
                    o.integer("slot", Int(s.slot))
                    o.pair("at", (s.at.x, s.at.y))
                    o.number("silenceSeconds", s.silence)
                }
            }
        }
        integer("ghosts", r.ghosts)
        integer("shortLivedGhosts", r.shortGhosts.count)
        integer("jumps", r.jumps)
        array("ghostSpots") { a in
            for s in r.ghostSpots {
                a.object { o in
                    o.integer("count", s.count)
                    o.pair("center", (s.center.x, s.center.y))
                    o.rect("maskUnits", s.mask)
                    o.rect("maskScreen", s.maskScreen)
                }
            }
        }
        object("noise") { o in for n in r.noise { o.integer(n.rule, n.touches) } }
        integer("churn", r.churn)
        integer("slotsOutOfRange", r.slotsOutOfRange)
        integer("tooManyContacts", r.tooManyContacts)
        integer("synDropped", r.synDropped)
        axis("pressure", r.pressure)
        axis("touchMajor", r.touchMajor)
    }

    mutating func coverage(_ c: HealthReport.Coverage) {
        object("coverage") { o in
            o.integer("columns", c.columns)
            o.integer("rows", c.rows)
            o.integer("touched", c.touched)
            o.number("percent", c.percent)
            o.strings("grid", c.counts.map { row in String(row.map { $0 > 0 ? "#" : "." }) })
            o.array("counts") { a in
                for row in c.counts { a.array { r in for n in row { r.integer(nil, n) } } }
            }
        }
    }

    mutating func perContact(_ contacts: [HealthReport.ContactRate]) {
        array("perContact") { a in
            for p in contacts {
                a.object { o in
                    o.integer("id", Int(p.id))
                    o.integer("slot", Int(p.slot))
                    o.number("durationSeconds", p.duration)
                    o.integer("reports", p.reports)
                    o.rate("rate", p.rate)
                }
            }
        }
    }

    mutating func failed(_ failed: [(criterion: FailCriteria.Criterion, value: Double?)]) {
        array("failed") { a in
            for f in failed {
                a.object { o in
                    o.string("criterion", f.criterion.text)
                    o.number("value", f.value)
                }
            }
        }
    }
}
