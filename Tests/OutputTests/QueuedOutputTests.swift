import Glibc
import InputEvents
import Output
import Testing
import TextBuffers

/// Output to a reader that stalls, on real pipes: nothing waits, whole lines only, the loss
/// counted and told once the reader catches up, before anything newer.
@Suite("Output to a reader that may stall")
struct QueuedOutputTests {
    final class Pipe {
        private(set) var read: Int32
        let write: Int32
        init() {
            var fds: [Int32] = [0, 0]
            _ = pipe(&fds)
            (read, write) = (fds[0], fds[1])
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
        deinit {
            if read >= 0 { close(read) }
            close(write)
        }
        func closeReader() {
            close(read)
            read = -1
        }
        /// Everything the pipe holds now.
        func drain() -> [UInt8] {
            var out: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = Glibc.read(read, &chunk, chunk.count)
                if n <= 0 { return out }
                out += chunk[0..<n]
            }
        }
    }

    /// `count` numbered lines of about 100 bytes, `perFlush` to a buffer.
    func feed(_ out: QueuedOutput, from first: Int, count: Int, perFlush: Int) {
        var b = TextBuffer(capacity: 1 << 16)
        for i in first..<(first + count) {
            b.append("line ")
            b.append(decimal: i)
            b.append(" ")
            for _ in 0..<85 { b.append("x") }
            b.append("\n")
            if (i - first + 1) % perFlush == 0 { out.flush(&b) }
        }
        out.flush(&b)
    }

    @Test func aStalledReaderLosesWholeLinesAndIsToldHowManyBeforeAnythingNewer() {
        let p = Pipe()
        let out = QueuedOutput(fd: p.write, capacity: 8192)
        var waiting = false
        out.wantsWritable = { waiting = $0 }
        // 2 000 lines of ~100 bytes in buffers of 100 lines (over PIPE_BUF: writes may stop
        // mid-line): the pipe takes 64 KiB, the queue 8 KiB, the rest is dropped.
        feed(out, from: 0, count: 2000, perFlush: 100)
        #expect(waiting, "the queue waits for the reader")
        #expect(out.pending > 0)
        #expect(out.pending <= 8192 + 200)
        #expect(out.droppedTotal > 0)
        feed(out, from: 2000, count: 10, perFlush: 10)  // more while behind: dropped too
        // The reader catches up.
        var received = p.drain()
        while waiting {
            out.writeReady()
            received += p.drain()
        }
        feed(out, from: 5000, count: 1, perFlush: 1)  // after catching up: delivered
        received += p.drain()
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        var numbers: [Int] = []
        var droppedLines: [Int] = []
        for (i, line) in lines.enumerated() {
            let words = line.split(separator: " ")
            if words.first == "dropped" {
                droppedLines.append(i)
                #expect(Int(words[1]) == out.droppedTotal, "\(line)")
                #expect(words.last == "lines", "\(line)")
            } else {
                #expect(words.count == 3, "a whole line: \(line.prefix(40))")
                #expect(words[0] == "line", "a whole line: \(line.prefix(40))")
                #expect(words[2].count == 85, "a whole line: \(line.prefix(40))")
                numbers.append(Int(words[1]) ?? -1)
            }
        }
        #expect(droppedLines.count == 1, "told once")
        #expect(numbers == numbers.sorted(), "in order, none twice")
        #expect(Set(numbers).count == numbers.count, "in order, none twice")
        #expect(numbers.last == 5000, "the count comes before what is newer")
        #expect(droppedLines.first == lines.count - 2, "the count comes before what is newer")
        #expect(numbers.count - 1 + out.droppedTotal == 2010, "every line delivered or counted")
        #expect(numbers.prefix(numbers.count - 1) == ArraySlice(0..<(numbers.count - 1)), "what was kept is the oldest")
    }

    @Test func aReaderThatKeepsUpLosesNothingAndNothingWaits() {
        let p = Pipe()
        let out = QueuedOutput(fd: p.write, capacity: 8192)
        var waited = false
        out.wantsWritable = { if $0 { waited = true } }
        var received: [UInt8] = []
        for round in 0..<50 {
            feed(out, from: round * 20, count: 20, perFlush: 20)
            received += p.drain()
        }
        #expect(!waited)
        #expect(out.droppedTotal == 0)
        #expect(out.pending == 0)
        #expect(String(decoding: received, as: UTF8.self).split(separator: "\n").count == 1000)
    }

    @Test func aReaderThatLeavesEndsTheOutputWithoutAnError() {
        let p = Pipe()
        let out = QueuedOutput(fd: p.write, capacity: 8192)
        signal(SIGPIPE, SIG_IGN)
        p.closeReader()
        feed(out, from: 0, count: 10, perFlush: 10)
        #expect(out.isBroken)
        feed(out, from: 10, count: 10, perFlush: 10)  // nothing more is tried
        out.writeReady()
        #expect(out.pending == 0)
    }

    /// Standard error the same file as standard output (journald's stream, `2>&1 | app`): a
    /// diagnostic written while a log line is half out would land inside it, so it goes
    /// through the queue and arrives whole, after that line.
    @Test func aDiagnosticNeverLandsInsideAHalfWrittenLine() {
        let p = Pipe()
        _ = fcntl(p.write, 1031, 4096)  // 1031: F_SETPIPE_SZ
        let out = QueuedOutput(fd: p.write, capacity: 65536)
        var waiting = false
        out.wantsWritable = { waiting = $0 }
        Diagnostics.sharedOutput = out
        defer { Diagnostics.sharedOutput = nil }
        feed(out, from: 0, count: 60, perFlush: 60)  // 6 KB into a 4 KB pipe: stops mid-line
        #expect(out.pending > 0)
        #expect(waiting)
        Diagnostics.print("touchbridge: a diagnostic", level: .error)
        var received = p.drain()
        while waiting {
            out.writeReady()
            received += p.drain()
        }
        let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
        let mine = lines.filter { $0.hasPrefix("line ") }
        #expect(
            mine.count == 60,
            "every log line whole")
        #expect(
            mine.allSatisfy {
                $0.split(separator: " ").count == 3 && $0.hasSuffix(String(repeating: "x", count: 85))
            },
            "every log line whole")
        #expect(
            lines.filter { $0.contains("a diagnostic") } == ["touchbridge: a diagnostic"], "the diagnostic whole, once")
        #expect(
            lines.firstIndex { $0.contains("a diagnostic") }! > lines.firstIndex { $0 == mine.last! }!,
            "after the line that was half out")
    }
}

/// The end of a stream while the reader is behind: it is told what it lost, not cut off.
@Suite("Output to a reader that is behind at the end")
struct QueuedOutputEndTests {
    @Test func aReaderBehindAtTheEndGetsWholeLinesThenHowManyItLost() {
        let p = QueuedOutputTests.Pipe()
        let out = QueuedOutput(fd: p.write, capacity: 1 << 20)
        // 2 000 lines of ~100 bytes: the pipe takes 64 KiB (likely ending mid-line), the
        // queue the rest; nothing is dropped yet.
        QueuedOutputTests().feed(out, from: 0, count: 2000, perFlush: 100)
        #expect(out.droppedTotal == 0)
        #expect(out.pending > 0)
        out.dropQueued()
        var received = p.drain()
        while out.pending > 0 {
            out.writeReady()
            received += p.drain()
        }
        let text = String(decoding: received, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(text.hasSuffix("\n"))
        let last = lines.last.map { $0.split(separator: " ") } ?? []
        #expect(
            last.first == "dropped",
            "told last: \(lines.last ?? "")")
        #expect(
            last.count == 3,
            "told last: \(lines.last ?? "")")
        #expect(
            Int(last[1]) == out.droppedTotal,
            "told last: \(lines.last ?? "")")
        let kept = lines.dropLast()
        for (i, line) in kept.enumerated() {
            let words = line.split(separator: " ")
            #expect(
                words.count == 3,
                "whole lines, the oldest, in order: \(line.prefix(40))")
            #expect(
                words[0] == "line",
                "whole lines, the oldest, in order: \(line.prefix(40))")
            #expect(
                Int(words[1]) == i,
                "whole lines, the oldest, in order: \(line.prefix(40))")
            #expect(
                words[2].count == 85,
                "whole lines, the oldest, in order: \(line.prefix(40))")
        }
        #expect(kept.count + out.droppedTotal == 2000, "every line delivered or counted")
        #expect(out.droppedTotal > 0)
    }
}
