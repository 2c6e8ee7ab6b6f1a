import Foundation
import Glibc

/// A real terminal for the tests of `watch`: a tmux server of the test's own (a private socket,
/// no user configuration, no status line) with one window of a known size running a command
/// after it printed `BEFORE` and a line was typed; the screen is read back with `capture-pane`.
package final class TmuxTerminal {
    package let socket = "tb-\(UUID().uuidString.prefix(8))"
    private let config = NSTemporaryDirectory() + "tb-tmux-\(UUID().uuidString).conf"
    package let tmuxPath: String

    package struct Missing: Error, CustomStringConvertible {
        package var description: String { "tmux is not installed (make test-deps installs it)" }
    }

    /// Starts `command` (its arguments, run by a shell after `echo BEFORE`, which then says its
    /// exit status and stays, outliving a Ctrl-C) in a
    /// `columns` × `rows` terminal with `environment` (LANG=C.UTF-8 and an empty NO_COLOR unless given).
    package init(columns: Int, rows: Int, _ command: [String], environment: [String: String] = [:]) throws {
        guard let path = tool("tmux") else { throw Missing() }
        tmuxPath = path
        try "set -g status off\nset -g history-limit 0\n".write(toFile: config, atomically: true, encoding: .utf8)
        // Colour unless the test says otherwise (the test runner may export NO_COLOR).
        var env = ["LANG": "C.UTF-8", "NO_COLOR": ""]
        for (k, v) in environment { env[k] = v }
        let exports = env.sorted { $0.key < $1.key }.flatMap { ["-e", "\($0.key)=\($0.value)"] }
        let r = run(
            ["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)"] + exports
                + [
                    "--", "/bin/sh", "-c",
                    "trap : INT; echo BEFORE; read go; \"$@\"; echo \"exit status $?\"; exec sleep 3600", "sh",
                ] + command)
        guard r.status == 0 else { throw Failed(text: "tmux new-session failed: \(r.output)") }
        // The command starts once the server is up: one that ends at once (a refusal) would
        // otherwise race tmux 3.3's start and take the server with it. And once the shell has
        // said BEFORE: an Enter typed sooner is echoed first, a blank line above BEFORE.
        _ = eventually { screen.first == "BEFORE" }
        send("Enter")
    }

    package struct Failed: Error, CustomStringConvertible {
        let text: String
        package var description: String { text }
    }

    /// Runs a tmux command on this server; its status and output.
    @discardableResult
    package func run(_ arguments: [String]) -> (status: Int32, output: String) {
        guard let p = try? Spawned(tmuxPath, ["-L", socket, "-f", config] + arguments) else { return (-1, "") }
        let status = p.wait(timeout: 10) ?? -1
        return (status, p.output + p.errors)
    }

    /// The screen's lines as text (trailing spaces cut, as tmux prints them).
    package var screen: [String] {
        var lines = run(["capture-pane", "-p", "-t", "0"]).output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The screen with its colours and attributes as escape sequences.
    package var screenWithAttributes: String { run(["capture-pane", "-p", "-e", "-t", "0"]).output }

    private func format(_ f: String) -> String {
        run(["display-message", "-p", "-t", "0", f]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The program's process id (the pane's shell's child).
    package var pid: pid_t? {
        guard let shell = pid_t(format("#{pane_pid}")),
            let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        else { return nil }
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// Its exit status once it has ended (the shell says it; the pane stays alive, so the
    /// terminal shows what the program left behind).
    package var exitStatus: Int32? {
        screen.lazy.compactMap { $0.hasPrefix("exit status ") ? Int32($0.dropFirst(12)) : nil }.first
    }
    /// Whether the alternate screen is in use (a full-screen program has the terminal).
    package var alternateScreen: Bool { format("#{alternate_on}") == "1" }
    /// Whether the terminal's modes are as a shell left them: the normal screen, the cursor
    /// shown, the keypad and cursor keys in their normal modes.
    package var isRestored: Bool {
        format("#{alternate_on} #{cursor_flag} #{keypad_flag} #{keypad_cursor_flag}") == "0 1 0 0"
    }

    package func resize(columns: Int, rows: Int) {
        run(["resize-window", "-t", "0", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Types `keys` (tmux key names, e.g. "q", "C-c").
    package func send(_ keys: String...) { run(["send-keys", "-t", "0"] + keys) }

    /// Writes and write calls the program has made so far (/proc/PID/io).
    package func writes() -> (bytes: Int, calls: Int)? {
        guard let p = pid, let text = try? String(contentsOfFile: "/proc/\(p)/io", encoding: .utf8) else { return nil }
        func value(_ key: String) -> Int? {
            text.split(separator: "\n").first { $0.hasPrefix(key + ":") }.flatMap {
                Int($0.split(separator: " ").last ?? "")
            }
        }
        guard let b = value("wchar"), let c = value("syscw") else { return nil }
        return (b, c)
    }

    /// Waits (bounded) until the screen shows `text`.
    package func waitFor(_ text: String, timeout: Double = 30) -> Bool {
        eventually(timeout: timeout) { screen.contains { $0.contains(text) } }
    }

    deinit {
        run(["kill-server"])
        try? FileManager.default.removeItem(atPath: config)
    }
}
