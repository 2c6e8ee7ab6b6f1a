import InputEvents
import Pipeline
import PipelineChecks
import TouchInput
import TouchKit
import TouchScene

/// The whole pipeline: an arbitrary stream on an arbitrary device through the built-in scene
/// or the busy one, to the window and the log; the pipeline's invariants must hold and
/// nothing may be left down once the device is gone and the timers have run.
func fuzzPipeline(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    let scene = input.int(0...1) == 0 ? CheckScenes.standard : CheckScenes.busy
    let instance = SceneInstance(scene: scene, screen: Size(width: 800, height: 480), log: HandlerLog(format: .json))
    let checker = InvariantChecker(instance)
    var configuration = TouchPipeline.Configuration()
    configuration.adoptInitialTouches = input.int(0...1) == 1
    let pipeline = TouchPipeline(scene: instance, configuration: configuration)
    let device = input.device()
    guard let mapper = ScreenMapper(device: device, screen: (800, 480)) else { return }
    let panel = pipeline.addPanel(node: "fuzz", description: device, mapper: mapper, time: 1)
    checker.play(&input, on: panel, of: pipeline, limit: 20_000)
}

/// libFuzzer's callback.
func entry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzPipeline(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@main struct Main {
    static func main() { fuzzMain(name: "fuzz-pipeline", entry, fuzzPipeline) }
}
