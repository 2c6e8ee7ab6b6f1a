import InputEvents

/// The report as one JSON object, for CI pipelines (README lists the keys).
public enum HealthJSON {
    public static func write(_ r: HealthReport, failed: [(criterion: FailCriteria.Criterion, value: Double?)]? = nil)
        -> String
    {
        var w = Writer()
        w.summary(r)
        w.jitter(r.jitter)
        w.faults(r)
        w.coverage(r.coverage)
        w.perContact(r.perContact)
        if let p = r.pen { w.pen(p) }
        if let failed { w.failed(failed) }
        w.b.append("}\n")
        return w.b.string
    }

    /// The object, section by section, into one buffer.
    struct Writer {
        var b = TextBuffer(capacity: 4096)

        mutating func key(_ k: StaticString) {
            b.append("\"")
            b.append(k)
            b.append("\":")
        }
        /// `,"k":` — every key but the first.
        mutating func next(_ k: StaticString) {
            b.append(",")
            key(k)
        }
        mutating func num(_ v: Double?) {
            if let v, v.isFinite { b.append(compact: v, maxDecimals: 6) } else { b.append("null") }
        }

        mutating func rate(_ x: HealthReport.Rate) {
            b.append("{")
            key("meanHz")
            num(x.meanHz)
            next("intervals")
            b.append(decimal: x.intervals)
            next("idleGaps")
            b.append(decimal: x.idleGaps)
            next("minimumMs")
            num(x.minimum.map { $0 * 1000 })
            next("p5Ms")
            num(x.p5.map { $0 * 1000 })
            next("medianMs")
            num(x.median.map { $0 * 1000 })
            next("p95Ms")
            num(x.p95.map { $0 * 1000 })
            next("maximumMs")
            num(x.maximum.map { $0 * 1000 })
            b.append("}")
        }

        mutating func pair(_ p: (x: Double, y: Double)?) {
            guard let p else {
                b.append("null")
                return
            }
            b.append("{\"x\":")
            num(p.x)
            b.append(",\"y\":")
            num(p.y)
            b.append("}")
        }

        mutating func rect(_ m: (x: Double, y: Double, width: Double, height: Double)) {
            b.append("[")
            num(m.x)
            b.append(",")
            num(m.y)
            b.append(",")
            num(m.width)
            b.append(",")
            num(m.height)
            b.append("]")
        }

        mutating func range(_ r: (minimum: Int32, maximum: Int32)?) {
            guard let r else {
                b.append("null")
                return
            }
            b.append("[")
            b.append(decimal: r.minimum)
            b.append(",")
            b.append(decimal: r.maximum)
            b.append("]")
        }

        mutating func axis(_ a: HealthReport.AxisRange?) {
            guard let a else {
                b.append("null")
                return
            }
            b.append("{\"declared\":")
            range(a.declared)
            b.append(",\"seen\":")
            range(a.seen)
            b.append("}")
        }

        /// `[…]` of `items`, comma-separated.
        mutating func list<T>(_ items: [T], _ each: (inout Writer, T) -> Void) {
            b.append("[")
            for (i, item) in items.enumerated() {
                if i > 0 { b.append(",") }
                each(&self, item)
            }
            b.append("]")
        }

        mutating func summary(_ r: HealthReport) {
            b.append("{")
            key("device")
            b.append(jsonString: r.device)
            next("source")
            b.append(jsonString: r.source)
            next("protocol")
            b.append(jsonString: r.touchProtocol)
            next("slots")
            if let s = r.slots { b.append(decimal: s) } else { b.append("null") }
            next("jitterFilter")
            b.append(jsonString: r.jitterFilter)
            next("durationSeconds")
            num(r.duration)
            next("events")
            b.append(decimal: r.events)
            next("frames")
            b.append(decimal: r.frames)
            next("contacts")
            b.append(decimal: r.contacts)
            next("maxSimultaneous")
            b.append(decimal: r.maxSimultaneous)
            next("rate")
            rate(r.rate)
        }

        mutating func jitter(_ j: HealthReport.Jitter?) {
            next("jitter")
            guard let j else {
                b.append("null")
                return
            }
            b.append("{")
            key("restingPeriods")
            b.append(decimal: j.restingPeriods)
            next("samples")
            b.append(decimal: j.samples)
            next("stddevUnits")
            pair(j.stddev)
            next("rangeUnits")
            pair(j.range)
            next("stddevMM")
            pair(j.stddevMM)
            next("rangeMM")
            pair(j.rangeMM)
            b.append("}")
        }

        /// Stuck contacts, ghosts, jumps, churn and the driver's faults, and the axes' ranges.
        mutating func faults(_ r: HealthReport) {
            next("stuck")
            list(r.stuck) { w, s in
                w.b.append("{\"id\":")
                w.b.append(decimal: Int(s.id))
                w.b.append(",\"slot\":")
                w.b.append(decimal: s.slot)
                w.b.append(",\"at\":")
                w.pair((s.at.x, s.at.y))
                w.b.append(",\"silenceSeconds\":")
                w.num(s.silence)
                w.b.append("}")
            }
            next("ghosts")
            b.append(decimal: r.ghosts)
            next("shortLivedGhosts")
            b.append(decimal: r.shortGhosts.count)
            next("jumps")
            b.append(decimal: r.jumps)
            next("ghostSpots")
            list(r.ghostSpots) { w, s in
                w.b.append("{\"count\":")
                w.b.append(decimal: s.count)
                w.b.append(",\"center\":")
                w.pair((s.center.x, s.center.y))
                w.b.append(",\"maskUnits\":")
                w.rect(s.mask)
                w.b.append(",\"maskScreen\":")
                w.rect(s.maskScreen)
                w.b.append("}")
            }
            next("noise")
            b.append("{")
            for (i, n) in r.noise.enumerated() {
                if i > 0 { b.append(",") }
                b.append(jsonString: n.rule)
                b.append(":")
                b.append(decimal: n.touches)
            }
            b.append("}")
            next("churn")
            b.append(decimal: r.churn)
            next("slotsOutOfRange")
            b.append(decimal: r.slotsOutOfRange)
            next("tooManyContacts")
            b.append(decimal: r.tooManyContacts)
            next("synDropped")
            b.append(decimal: r.synDropped)
            next("pressure")
            axis(r.pressure)
            next("touchMajor")
            axis(r.touchMajor)
        }

        mutating func coverage(_ c: HealthReport.Coverage) {
            next("coverage")
            b.append("{\"columns\":")
            b.append(decimal: c.columns)
            b.append(",\"rows\":")
            b.append(decimal: c.rows)
            b.append(",\"touched\":")
            b.append(decimal: c.touched)
            b.append(",\"percent\":")
            num(c.percent)
            b.append(",\"grid\":")
            list(c.counts) { w, row in w.b.append(jsonString: String(row.map { $0 > 0 ? "#" : "." })) }
            b.append(",\"counts\":")
            list(c.counts) { w, row in w.list(row) { w, n in w.b.append(decimal: n) } }
            b.append("}")
        }

        mutating func perContact(_ contacts: [HealthReport.ContactRate]) {
            next("perContact")
            list(contacts) { w, p in
                w.b.append("{\"id\":")
                w.b.append(decimal: Int(p.id))
                w.b.append(",\"slot\":")
                w.b.append(decimal: p.slot)
                w.b.append(",\"durationSeconds\":")
                w.num(p.duration)
                w.b.append(",\"reports\":")
                w.b.append(decimal: p.reports)
                w.b.append(",\"rate\":")
                w.rate(p.rate)
                w.b.append("}")
            }
        }

        mutating func failed(_ failed: [(criterion: FailCriteria.Criterion, value: Double?)]) {
            next("failed")
            list(failed) { w, f in
                w.b.append("{\"criterion\":")
                w.b.append(jsonString: f.criterion.text)
                w.b.append(",\"value\":")
                w.num(f.value)
                w.b.append("}")
            }
        }
    }
}
