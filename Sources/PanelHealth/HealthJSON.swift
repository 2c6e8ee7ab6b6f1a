import InputEvents

/// The report as one JSON object, for CI pipelines (README lists the keys).
public enum HealthJSON {
    public static func write(_ r: HealthReport, failed: [(criterion: FailCriteria.Criterion, value: Double?)]? = nil) -> String {
        var b = TextBuffer(capacity: 4096)
        func key(_ k: StaticString) { b.append("\""); b.append(k); b.append("\":") }
        func num(_ v: Double?) { if let v, v.isFinite { b.append(compact: v, maxDecimals: 6) } else { b.append("null") } }
        func rate(_ x: HealthReport.Rate) {
            b.append("{"); key("meanHz"); num(x.meanHz)
            b.append(","); key("intervals"); b.append(decimal: x.intervals)
            b.append(","); key("idleGaps"); b.append(decimal: x.idleGaps)
            b.append(","); key("minimumMs"); num(x.minimum.map { $0 * 1000 })
            b.append(","); key("p5Ms"); num(x.p5.map { $0 * 1000 })
            b.append(","); key("medianMs"); num(x.median.map { $0 * 1000 })
            b.append(","); key("p95Ms"); num(x.p95.map { $0 * 1000 })
            b.append(","); key("maximumMs"); num(x.maximum.map { $0 * 1000 })
            b.append("}")
        }
        func pair(_ p: (x: Double, y: Double)?) {
            guard let p else { b.append("null"); return }
            b.append("{\"x\":"); num(p.x); b.append(",\"y\":"); num(p.y); b.append("}")
        }
        func rect(_ m: (x: Double, y: Double, width: Double, height: Double)) {
            b.append("["); num(m.x); b.append(","); num(m.y); b.append(","); num(m.width); b.append(","); num(m.height); b.append("]")
        }
        func axis(_ a: HealthReport.AxisRange?) {
            guard let a else { b.append("null"); return }
            b.append("{\"declared\":")
            if let d = a.declared { b.append("["); b.append(decimal: d.minimum); b.append(","); b.append(decimal: d.maximum); b.append("]") } else { b.append("null") }
            b.append(",\"seen\":")
            if let s = a.seen { b.append("["); b.append(decimal: s.minimum); b.append(","); b.append(decimal: s.maximum); b.append("]") } else { b.append("null") }
            b.append("}")
        }
        b.append("{"); key("device"); b.append(jsonString: r.device)
        b.append(","); key("source"); b.append(jsonString: r.source)
        b.append(","); key("protocol"); b.append(jsonString: r.touchProtocol)
        b.append(","); key("slots"); if let s = r.slots { b.append(decimal: s) } else { b.append("null") }
        b.append(","); key("durationSeconds"); num(r.duration)
        b.append(","); key("events"); b.append(decimal: r.events)
        b.append(","); key("frames"); b.append(decimal: r.frames)
        b.append(","); key("contacts"); b.append(decimal: r.contacts)
        b.append(","); key("maxSimultaneous"); b.append(decimal: r.maxSimultaneous)
        b.append(","); key("rate"); rate(r.rate)
        b.append(","); key("jitter")
        if let j = r.jitter {
            b.append("{"); key("restingPeriods"); b.append(decimal: j.restingPeriods)
            b.append(","); key("samples"); b.append(decimal: j.samples)
            b.append(","); key("stddevUnits"); pair(j.stddev)
            b.append(","); key("rangeUnits"); pair(j.range)
            b.append(","); key("stddevMM"); pair(j.stddevMM)
            b.append(","); key("rangeMM"); pair(j.rangeMM)
            b.append("}")
        } else { b.append("null") }
        b.append(","); key("stuck"); b.append("[")
        for (i, s) in r.stuck.enumerated() {
            if i > 0 { b.append(",") }
            b.append("{\"id\":"); b.append(decimal: Int(s.id)); b.append(",\"slot\":"); b.append(decimal: s.slot)
            b.append(",\"at\":"); pair((s.at.x, s.at.y)); b.append(",\"silenceSeconds\":"); num(s.silence); b.append("}")
        }
        b.append("]")
        b.append(","); key("ghosts"); b.append(decimal: r.ghosts)
        b.append(","); key("shortLivedGhosts"); b.append(decimal: r.shortGhosts.count)
        b.append(","); key("jumps"); b.append(decimal: r.jumps)
        b.append(","); key("ghostSpots"); b.append("[")
        for (i, s) in r.ghostSpots.enumerated() {
            if i > 0 { b.append(",") }
            b.append("{\"count\":"); b.append(decimal: s.count); b.append(",\"center\":"); pair((s.center.x, s.center.y))
            b.append(",\"maskUnits\":"); rect(s.mask); b.append(",\"maskScreen\":"); rect(s.maskScreen); b.append("}")
        }
        b.append("]")
        b.append(","); key("churn"); b.append(decimal: r.churn)
        b.append(","); key("slotsOutOfRange"); b.append(decimal: r.slotsOutOfRange)
        b.append(","); key("tooManyContacts"); b.append(decimal: r.tooManyContacts)
        b.append(","); key("synDropped"); b.append(decimal: r.synDropped)
        b.append(","); key("pressure"); axis(r.pressure)
        b.append(","); key("touchMajor"); axis(r.touchMajor)
        let c = r.coverage
        b.append(","); key("coverage"); b.append("{\"columns\":"); b.append(decimal: c.columns)
        b.append(",\"rows\":"); b.append(decimal: c.rows); b.append(",\"touched\":"); b.append(decimal: c.touched)
        b.append(",\"percent\":"); num(c.percent); b.append(",\"grid\":[")
        for (i, row) in c.counts.enumerated() {
            if i > 0 { b.append(",") }
            b.append(jsonString: String(row.map { $0 > 0 ? "#" : "." }))
        }
        b.append("],\"counts\":[")
        for (i, row) in c.counts.enumerated() {
            if i > 0 { b.append(",") }
            b.append("[")
            for (j, n) in row.enumerated() { if j > 0 { b.append(",") }; b.append(decimal: n) }
            b.append("]")
        }
        b.append("]}")
        b.append(","); key("perContact"); b.append("[")
        for (i, p) in r.perContact.enumerated() {
            if i > 0 { b.append(",") }
            b.append("{\"id\":"); b.append(decimal: Int(p.id)); b.append(",\"slot\":"); b.append(decimal: p.slot)
            b.append(",\"durationSeconds\":"); num(p.duration); b.append(",\"reports\":"); b.append(decimal: p.reports)
            b.append(",\"rate\":"); rate(p.rate); b.append("}")
        }
        b.append("]")
        if let failed {
            b.append(","); key("failed"); b.append("[")
            for (i, f) in failed.enumerated() {
                if i > 0 { b.append(",") }
                b.append("{\"criterion\":"); b.append(jsonString: f.criterion.text); b.append(",\"value\":"); num(f.value); b.append("}")
            }
            b.append("]")
        }
        b.append("}\n")
        return b.string
    }
}
