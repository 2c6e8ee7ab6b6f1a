import ArgumentParser
import Host
import Pipeline
import RunCommandLine
import Testing
import TouchKit

@testable import TouchBridgeCLI

/// The tools' mapping and panel options are `run`'s: each property stands for the option of
/// its name, read through `run`'s table, with its help.
@Suite("The tools' shared options")
struct SharedOptionsTests {
    @Test func everyPropertyIsTheRunOptionOfItsName() throws {
        let mapping = try MappingOptions.parse([
            "--screen", "800x480", "--rotate", "90", "--calibration", "1 0 0 0 1 0", "--output", "HDMI-A-1",
        ])
        #expect(mapping.runOptionsGiven.map(\.name) == ["screen", "rotate", "calibration", "output"])
        let panels = try PanelOptions.parse([
            "--panel", "a=0,0,10,10", "--hysteresis", "0.5", "--mask", "0 0 5 5", "--mask", "5 5 5 5",
            "--panel-device", "ILITEK",
        ])
        #expect(panels.runOptionsGiven.map(\.name) == ["panel", "hysteresis", "mask", "mask", "panel-device"])
        for (name, _) in mapping.runOptionsGiven + panels.runOptionsGiven {
            #expect(RunOption.named(Substring(name))?.group != nil, "--\(name) is one of run's")
        }
        let options = panels.options(mapping)
        #expect(options.screen == Size(width: 800, height: 480))
        #expect(options.rotation == .quarter)
        #expect(options.output == "HDMI-A-1")
        #expect(options.rules.rects.count == 1)
        #expect(options.rules.corrections.map(\.option) == ["--hysteresis", "--mask", "--mask"])
        #expect(options.rules.panelDevices.count == 1)
    }

    @Test func nothingGivenIsNothingRead() throws {
        #expect(try MappingOptions.parse([]).runOptionsGiven.isEmpty)
        #expect(try PanelOptions.parse([]).runOptionsGiven.isEmpty)
    }

    @Test func aMistakeIsRunsOwn() {
        #expect(throws: (any Error).self) { try MappingOptions.parse(["--rotate", "45"]) }
        #expect(throws: (any Error).self) { try PanelOptions.parse(["--hysteresis", "-1"]) }
    }

    @Test func aPropertysNameIsItsOptionsName() {
        #expect(MappingOptions.optionName("panelDevice") == "panel-device")
        #expect(MappingOptions.optionName("screen") == "screen")
    }
}
