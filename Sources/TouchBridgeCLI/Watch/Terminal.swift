import CNcurses
import Glibc
import TouchBridge
import TouchTools

/// The terminal `watch` draws on, through the system's ncurses: the alternate screen, keys
/// without echo or line buffering, colours unless `NO_COLOR` is set, and output that sends the
/// terminal only the cells that changed. `end()` gives the terminal back as it was.
final class Terminal {
    /// Why there is no terminal to draw on.
    enum Problem: Error, CustomStringConvertible {
        case notATerminal, dumb
        case unknown(String)

        var description: String {
            switch self {
            case .notATerminal:
                "watch draws on a terminal, and standard output is not one. For a stream of touches use "
                    + "`touchbridge touches`, for a picture to keep `touchbridge picture FILE.evemu > out.svg`"
            case .dumb:
                "watch needs a terminal that can move its cursor (TERM is unset or 'dumb'); "
                    + "use `touchbridge touches` for text"
            case .unknown(let term):
                "watch does not know the terminal TERM='\(term)' (no terminfo entry); try TERM=xterm-256color"
            }
        }
    }

    private(set) var columns: Int
    private(set) var rows: Int
    /// Whether the terminal's character set is UTF-8 (braille), else ASCII is drawn.
    let unicode: Bool
    let colors: Bool
    /// Whether keys are read (standard input is a terminal).
    let readsKeys: Bool
    private var screen: OpaquePointer?

    /// Whether standard output is a terminal `watch` can draw on, before anything is opened.
    static func check() throws(Problem) {
        guard isatty(1) == 1 else { throw .notATerminal }
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        guard !term.isEmpty, term != "dumb" else { throw .dumb }
    }

    /// Takes over the terminal on standard output (keys from standard input when it is one).
    init() throws(Problem) {
        try Self.check()
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        setlocale(LC_ALL, "")
        unicode = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
        readsKeys = isatty(0) == 1
        // newterm rather than initscr: an unknown TERM is an error to report, not an exit.
        guard let s = newterm(nil, fdopen(1, "w"), readsKeys ? fdopen(0, "r") : fopen("/dev/null", "r")) else {
            throw .unknown(term)
        }
        screen = s
        set_term(s)
        // Raw rather than cbreak: no XON/XOFF flow control, so a Ctrl-S cannot freeze the
        // output — and with it the reading of the panel. Ctrl-C arrives as a key.
        raw()
        noecho()
        nonl()
        curs_set(0)
        leaveok(tb_stdscr(), true)
        keypad(tb_stdscr(), true)
        nodelay(tb_stdscr(), true)
        let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
        colors = !noColor && has_colors()
        if colors { Self.startColors() }
        columns = Int(tb_cols())
        rows = Int(tb_lines())
    }

    deinit { end() }

    /// The pair of each paint: contacts in six colours, marks as `picture` colours them.
    private static func startColors() {
        start_color()
        use_default_colors()
        let pairs: [(WatchScreen.Paint, Int32)] = [
            (.screen, Int32(COLOR_WHITE)), (.view, Int32(COLOR_CYAN)), (.began, Int32(COLOR_GREEN)),
            (.ended, Int32(COLOR_BLUE)), (.cancelled, Int32(COLOR_RED)), (.title, Int32(COLOR_WHITE)),
            (.hover, Int32(COLOR_MAGENTA)),
            (.contact0, Int32(COLOR_YELLOW)), (.contact1, Int32(COLOR_MAGENTA)), (.contact2, Int32(COLOR_GREEN)),
            (.contact3, Int32(COLOR_RED)), (.contact4, Int32(COLOR_CYAN)), (.contact5, Int32(COLOR_BLUE)),
        ]
        for (paint, color) in pairs { init_pair(Int16(paint.rawValue), Int16(color), -1) }
    }

    /// Puts `frame` on the screen; ncurses sends only the cells that differ from what is there.
    func draw(_ frame: WatchScreen.Frame) {
        var bytes: [CChar] = []
        bytes.reserveCapacity(columns * 3 + 1)
        for (r, row) in frame.cells.enumerated() where r < rows {
            let paints = frame.paint[r]
            var start = 0
            while start < row.count {
                var end = start + 1
                while end < row.count && paints[end] == paints[start] { end += 1 }
                bytes.removeAll(keepingCapacity: true)
                for scalar in row[start..<end] {
                    for unit in UTF8.encode(scalar)! { bytes.append(CChar(bitPattern: unit)) }
                }
                bytes.append(0)
                attrset(attributes(paints[start]))
                mvaddstr(Int32(r), Int32(start), bytes)
                start = end
            }
        }
        attrset(0)
        refresh()
    }

    private func attributes(_ p: WatchScreen.Paint) -> Int32 {
        if p == .title { return tb_reverse() }
        guard colors, p != .plain else { return 0 }
        return tb_color_pair(Int32(p.rawValue)) | (p.rawValue >= WatchScreen.Paint.contact0.rawValue ? tb_bold() : 0)
    }

    /// Whether the terminal takes output now without blocking (an SSH link that stalls
    /// fills the terminal's buffer: `watch` then waits for room instead of for the write).
    var hasRoom: Bool {
        var p = pollfd(fd: 1, events: Int16(POLLOUT), revents: 0)
        return poll(&p, 1, 0) == 1 && p.revents & Int16(POLLOUT) != 0
    }

    /// Whether the terminal on `fd` (0: keys, 1: output) hung up: no key will come, no
    /// output will be taken.
    func hungUp(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: 0, revents: 0)
        return poll(&p, 1, 0) == 1 && p.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// The keys typed since the last call.
    func keys() -> [Int32] {
        var typed: [Int32] = []
        while true {
            let k = getch()
            if k == ERR { return typed }
            typed.append(k)
        }
    }

    /// The terminal changed size (SIGWINCH): ask it for its size and start from a clear screen.
    func resize() {
        var r: UInt16 = 0
        var c: UInt16 = 0
        guard tb_winsize(1, &r, &c) == 0, r > 0, c > 0 else { return }
        resizeterm(Int32(r), Int32(c))
        columns = Int(c)
        rows = Int(r)
        clear()
    }

    /// Leaves the alternate screen and gives the terminal its modes back; safe to call twice.
    func end() {
        guard let s = screen else { return }
        curs_set(1)
        endwin()
        delscreen(s)
        screen = nil
    }
}
