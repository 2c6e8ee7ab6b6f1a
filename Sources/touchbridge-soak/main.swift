import Glibc
import PipelineChecks
import TouchBridge

// The pipeline's invariants over millions of seeded random events, through the built-in
// scene and the busy one (`make soak`). usage: touchbridge-soak [EVENTS] [FIRST-SEED]
// Prints what ran and exits 1 on the first broken invariant, naming the seed that breaks it.
let arguments = CommandLine.arguments
let total = arguments.count > 1 ? Int(arguments[1]) ?? 1_000_000 : 1_000_000
let firstSeed = arguments.count > 2 ? UInt64(arguments[2]) ?? 1 : 1
var failed = false
for (name, scene) in [("built-in", CheckScenes.standard), ("busy", CheckScenes.busy)] {
    var events = 0
    var streams = 0
    var calls = 0
    var recognitions = 0
    var actions = 0
    var vanished = 0
    var dropped = 0
    var seed = firstSeed
    while events < total && !failed {
        let r = RandomStreams(scene: scene).run(seed: seed, events: min(200_000, total - events))
        events += r.events
        streams += r.streams
        calls += r.calls
        recognitions += r.recognitions
        actions += r.actions
        vanished += r.devicesVanished
        dropped += r.dropped
        if !r.violations.isEmpty {
            print("\(name) scene, seed \(seed): \(r.violations.count) broken invariant(s):")
            for v in r.violations.prefix(10) { print("  \(v)") }
            failed = true
        }
        seed += 1
    }
    print(
        "\(name) scene: \(events) events in \(streams) streams (seeds \(firstSeed)–\(seed - 1)), \(calls) handler calls, "
            + "\(recognitions) recognitions, \(actions) actions, \(dropped) SYN_DROPPED, \(vanished) devices vanished mid-stream: "
            + (failed ? "FAILED" : "every invariant held"))
}
if failed { exit(1) }
