import ArgumentParser
import Discovery
import Displays
import InputEvents
import Output
import TextBuffers
import TouchTools
import VirtualDevices

struct ScreensCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screens",
        abstract: "List the displays and the touchscreens, and which display each touchscreen is on, by which rule.",
        discussion: """
            Displays are the DRM connectors (HDMI-A-1, eDP-1, Virtual-1) with their mode and their EDID's \
            maker, model and size. Each touchscreen gets one display by the first rule that gives exactly one: \
            pinned (udev's TOUCHBRIDGE_OUTPUT), a built-in panel to the built-in display, its size within 5 %, \
            the EDID's maker or model in its name or USB vendor, the only display connected. Ties and failures \
            are said. A display whose panel the kernel says is mounted turned (its panel orientation) turns \
            the touches of the touchscreens on it the same way.
            """)

    @Flag(help: "One JSON object: {\"outputs\": [...], \"panels\": [...]}.")
    var json = false

    @Option(
        help: ArgumentHelp(
            "Print the lines that make a compositor map each touchscreen to its display: sway, labwc, weston (a udev rule, also cage's) or x11.",
            valueName: "COMPOSITOR"))
    var config: String?

    @Flag(
        help:
            "With --config: the lines for touchbridge's virtual touchscreen of each panel (run --virtual-touchscreen).")
    var virtualTouchscreen = false

    func validate() throws {
        if let config, CompositorConfig(rawValue: config) == nil {
            throw ValidationError("--config takes sway, labwc, weston or x11")
        }
        if virtualTouchscreen && config == nil { throw ValidationError("--virtual-touchscreen is for --config") }
    }

    func run() throws {
        let found: PanelDisplays
        do { found = try PanelDisplays.live() } catch { throw fail(error) }
        var b = TextBuffer(capacity: 4096)
        if let config = config.flatMap(CompositorConfig.init(rawValue:)) {
            Self.writeConfig(config, found, virtual: virtualTouchscreen, into: &b)
        } else if json {
            Self.writeJSON(found, into: &b)
        } else {
            Self.writeText(found, into: &b)
        }
        OutputSink.standardOutput().flush(&b)
    }

    /// The compositor's lines, one a touchscreen (its virtual touchscreen's with `virtual`).
    static func writeConfig(_ config: CompositorConfig, _ found: PanelDisplays, virtual: Bool, into b: inout TextBuffer)
    {
        b.append(string: config.header + "\n")
        for p in found.panels {
            let name = virtual ? VirtualTouchscreen.name(of: p.name, on: p.match.output) : p.name
            guard let output = p.match.output else {
                b.append(string: config.unmatched(device: name, why: p.match.why) + "\n")
                continue
            }
            let product = p.isPen ? VirtualPen.product : VirtualTouchscreen.ids.product
            let ids = virtual ? (VirtualTouchscreen.ids.vendor, product) : (p.vendor, p.product)
            b.append(string: config.line(device: name, vendor: ids.0, product: ids.1, output: output) + "\n")
        }
    }

    static func writeText(_ found: PanelDisplays, into b: inout TextBuffer) {
        b.append("displays:\n")
        if found.connectors.isEmpty { b.append("  none (no DRM connector)\n") }
        for c in found.connectors {
            var line = "  \(c.name): \(c.connected ? "connected" : "disconnected")"
            if let m = c.preferredMode { line += ", \(m.width)x\(m.height)" }
            if let e = c.edid { line += ", \(e.make) \(e.model)".printable }
            line += c.size.map { ", \($0.width)x\($0.height) mm" } ?? (c.connected ? ", no size (no EDID)" : "")
            if let p = c.edidProblem { line += ", EDID unreadable: \(p)" }
            if c.isBuiltIn { line += ", built in" }
            if let o = c.orientation, o != .normal { line += ", mounted \(o.words) (turned \(o.degrees))" }
            if let p = c.orientationProblem { line += ", mounting not known: \(p)" }
            b.append(string: line + "\n")
        }
        b.append("touchscreens:\n")
        if found.panels.isEmpty { b.append("  none\n") }
        for p in found.panels {
            let size = p.facts.size.map { " \(Int($0.width.rounded()))x\(Int($0.height.rounded())) mm" } ?? ""
            let turned = found.rotation(of: p).map { ", turned \($0)" } ?? ""
            b.append(
                string:
                    "  \(p.node) \"\(p.name.printable)\"\(size): \(p.match.output ?? "no display") (\(p.match.why))\(turned)"
                    + (p.noiseFilters == "none" ? "" : "; noise filters \(p.noiseFilters)") + "\n"
            )
        }
    }

    static func writeJSON(_ found: PanelDisplays, into b: inout TextBuffer) {
        func pair(_ w: inout JSONWriter, _ key: String, _ v: (Double, Double)?) {
            if let v {
                w.array(key) { a in
                    a.number(nil, v.0, maxDecimals: 3)
                    a.number(nil, v.1, maxDecimals: 3)
                }
            } else {
                w.json(key, nil)
            }
        }
        var w = JSONWriter(capacity: 1024)
        w.object { top in
            top.array("outputs") { outputs in
                for c in found.connectors {
                    outputs.object { o in
                        o.string("name", c.name)
                        o.bool("connected", c.connected)
                        pair(&o, "mode", c.preferredMode.map { (Double($0.width), Double($0.height)) })
                        pair(&o, "sizeMM", c.size.map { (Double($0.width), Double($0.height)) })
                        o.string("make", c.edid?.make)
                        o.string("model", c.edid?.model)
                        o.bool("builtin", c.isBuiltIn)
                        o.string("orientation", c.orientation?.rawValue)
                    }
                }
            }
            top.array("panels") { panels in
                for p in found.panels {
                    panels.object { o in
                        o.string("node", p.node)
                        o.string("name", p.name)
                        pair(&o, "sizeMM", p.facts.size.map { ($0.width, $0.height) })
                        o.string("output", p.match.output)
                        o.string("rule", p.match.rule?.rawValue)
                        o.string("why", p.match.why)
                        o.integer("rotation", found.rotation(of: p))
                        o.string("noiseFilters", p.noiseFilters)
                    }
                }
            }
        }
        b.append(bytes: w.buffer.bytes)
        b.append("\n")
    }
}
