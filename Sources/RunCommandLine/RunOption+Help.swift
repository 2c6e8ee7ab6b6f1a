/// `run --help`'s list of options and the shell's completions, made from the same table the
/// reader reads.
extension RunOption {
    /// The section titles of the help, in order.
    static func title(_ group: Group) -> String {
        switch group {
        case .general: return "OPTIONS"
        case .mapping: return "SCREEN MAPPING"
        case .panels: return "PANELS: PLACEMENT AND CORRECTIONS"
        case .outputs: return "OUTPUTS"
        case .diagnostics: return "DIAGNOSTICS"
        }
    }

    /// Every option by section, each with its value and help (and its default where the help
    /// does not state one), wrapped to `columns`. No line is empty and every line begins with a
    /// space: the manual page (roff) takes the text as it is, and there an empty line is an
    /// error and a line that begins with a space keeps its own line.
    public static func help(columns: Int = 78) -> String {
        let start = RunInvocation()
        var text = ""
        for group in Group.allCases {
            text += "\n \(title(group)):"
            for option in all where option.group == group {
                var line = "--" + option.name
                if let v = option.valueName { line += " <\(v)>" }
                var words = option.help
                if let d = option.shownDefault?(start) {
                    if words.hasSuffix(".") { words.removeLast() }
                    words += " (default: \(d))."
                }
                text += "\n   " + line + "\n" + wrap(words, columns: columns, indent: 8).dropLast()
            }
        }
        return text
    }

    /// The long names with their dashes, for the shell's completion of `run`.
    public static var completions: [String] { all.map { "--" + $0.name } }

    /// `words` broken at spaces into lines of at most `columns`, each indented by `indent`.
    static func wrap(_ words: String, columns: Int, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        var text = ""
        var line = ""
        for word in words.split(separator: " ") {
            if !line.isEmpty && indent + line.count + 1 + word.count > columns {
                text += pad + line + "\n"
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        return line.isEmpty ? text : text + pad + line + "\n"
    }

    /// A number of seconds as the help says it: 30, 2.5.
    static func secondsText(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
