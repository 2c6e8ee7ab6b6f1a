import Evdev
import Foundation
import Host
import InputEvents
import Output
import PipelineTestSupport
import Replay
import TextBuffers
import TouchScene

/// Collects what a run writes.
package final class MemorySink: TextSink {
    package init() {}
    package var text = ""
    package func flush(_ buffer: inout TextBuffer) {
        text += buffer.string
        buffer.removeAll()
    }
    package var lines: [String] { text.split(separator: "\n").map(String.init) }
}

/// Runs recordings through the pipeline as `touchbridge run FILE…` does, returning the log.
package func run(
    _ paths: [String], scene: Scene? = nil, json: Bool = false, adopt: Bool = false,
    screen: (Double, Double)? = nil, keys: Bool = false, ghostAfter: Double? = nil
) throws -> String {
    var options = RunOptions()
    options.ghostAfter = ghostAfter
    options.keys = keys
    options.format = json ? .json : .text
    options.adoptInitialTouches = adopt
    if let screen { options.screen = .init(width: screen.0, height: screen.1) }
    let sink = MemorySink()
    try Runner(recordings: paths, scene: scene, options: options, sink: sink).run()
    return sink.text
}

extension TestRecording {
    /// The evemu text.
    package var text: String {
        var b = TextBuffer()
        EvemuWriter(naming: LibevdevNames()).writeHeader(description, kernel: nil, dmi: nil, into: &b)
        // Absolute times, as written (evemu-record's are relative to the first event).
        for e in events {
            b.append("E: ")
            b.append(time: e.time)
            b.append(" ")
            b.append(hex: UInt32(e.type), width: 4)
            b.append(" ")
            b.append(hex: UInt32(e.code), width: 4)
            b.append(" ")
            b.append(decimal: e.value)
            b.append("\n")
        }
        return b.string
    }

    /// Writes the recording to a temporary file and returns its path.
    package func file(_ name: String = "recording") throws -> String {
        let path = recordingDirectory + "/tb-\(name)-\(UUID().uuidString).evemu"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// This test process's directory for recordings, removed when it exits (runs do not pile
/// files up in the system's temporary directory).
package let recordingDirectory: String = {
    var template = Array((NSTemporaryDirectory() + "tb-recordings-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
        return NSTemporaryDirectory()
    }
    atexit { try? FileManager.default.removeItem(atPath: recordingDirectory) }
    return String(cString: made)
}()
