import ArgumentParser
import Testing
import TouchTools

@testable import TouchBridgeCLI

/// Where a command's help states a figure the code decides, the two agree.
@Suite("Help texts against the code")
struct HelpDefaultsTests {
    func words(_ help: String) -> String { help.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    @Test func watchStatesTheSmallestTerminalItDrawsIn() {
        let text = words(WatchCommand.helpMessage(columns: 400))
        let least = WatchScreen.minimumSize
        #expect(text.contains("a terminal (\(least.columns)x\(least.rows) or larger"), "\(text)")
    }

    @Test func watchSaysMasksHideContacts() {
        #expect(words(WatchCommand.helpMessage(columns: 400)).contains("Contacts a --mask ignores are not drawn"))
    }

    @Test func noHelpSendsToItself() {
        for command in [RunCommand.self, TouchesCommand.self, WatchCommand.self, CalibrateCommand.self]
            as [any ParsableCommand.Type]
        {
            let text = words(command.helpMessage(columns: 400))
            #expect(!text.contains("see the command's help"), "\(command): \(text)")
        }
    }

    @Test func calibrateStatesTheScreenAsItTakesIt() {
        let text = words(CalibrateCommand.helpMessage(columns: 400))
        #expect(text.lowercased().contains("else the mode of the display a live panel is on"), "\(text)")
    }
}
