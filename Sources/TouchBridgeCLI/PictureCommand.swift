import ArgumentParser
import Evdev
import Glibc
import Host
import InputEvents
import Output
import Runtime
import Sysexits
import TextBuffers
import TouchBridge
import TouchKit
import TouchTools

struct PictureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "picture",
        abstract: "An SVG picture of a recording played through a scene: views, touch trails, gestures, actions.",
        discussion: """
            Plays the recording through the scene (the built-in one without --scene) as `run` does \
            and writes SVG to stdout: the views as outlined boxes with their names (hidden ones \
            dashed, the ones touches began on shaded), every touch's trail in its own colour from a \
            circle where it began to a square where it ended (a cross when cancelled), gesture \
            recognitions and actions as labels where they happened. With --coverage, the coverage \
            grid as a heat map (cells never touched in pink). The same input gives the same bytes.
            """)

    @Argument(help: "An evemu recording.")
    var recording: String

    @OptionGroup var recorded: RecordedDeviceOption

    @Option(help: "The scene file, in JSON (default: the built-in scene).")
    var scene: String?

    @Flag(help: "Draw the coverage grid (reports per cell) under the views.")
    var coverage = false

    @OptionGroup var grid: GridOption

    @OptionGroup(title: "Screen mapping (as for run)")
    var mapping: MappingOptions

    func validate() throws {
        if mapping.output != nil { throw ValidationError("--output is for run, touches, watch, calibrate and qualify") }
    }

    func run() throws {
        var st = stat()
        guard stat(recording, &st) == 0 else { throw fail(DeviceError.missingFile(path: recording)) }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            Diagnostics.print(
                "touchbridge: \(recording): picture draws a recording (record a panel first with touchbridge record)",
                level: .error)
            throw ExitCode(Sysexits.usage)
        }
        var options = RunOptions()
        options.screen = mapping.screenSize.map { Size(width: $0.width, height: $0.height) }
        options.rotation = mapping.rotation
        options.calibration = mapping.matrix
        options.recordedDevice = recorded.index
        do {
            let loaded = try scene.map { try Scene.load(path: $0) }
            let recorder = PictureRecorder()
            let run = try Runner(
                recordings: [recording], scene: loaded, options: options, sink: Discard(),
                observers: recorder.observers,
                warn: { Diagnostics.print("touchbridge: \($0)", level: .warning) })
            recorder.follow(run.touchPipeline)
            try run.run()
            let instance = run.touchPipeline.scene
            let picture = TouchPicture(screen: instance.screen, coverage: coverage ? grid.size : nil)
            OutputSink.standardOutput().write(picture.svg(app: instance.app, recorder: recorder))
        } catch {
            throw fail(error)
        }
    }
}

/// Drops what it is given: the picture needs the calls, not the log's text.
private final class Discard: TextSink {
    func flush(_ buffer: inout TextBuffer) { buffer.removeAll() }
}
