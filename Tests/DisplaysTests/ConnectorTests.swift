import Testing

@testable import Displays

/// Connectors from what the kernel's sysfs entries hold (`status`, `modes`, `edid`).
@Suite("DRM connectors")
struct ConnectorTests {
    /// A connector from its entry's attributes.
    func connector(_ entry: String, _ attributes: [String: [UInt8]]) -> Connector? {
        Connector(entry: entry, read: { attributes[$0] })
    }

    @Test func aLaptopsOwnPanelIsBuiltInWithItsModesAndSize() throws {
        let c = try #require(
            connector(
                "card0-eDP-1",
                [
                    "status": Array("connected\n".utf8), "modes": Array("1366x768\n1024x768\n".utf8),
                    "edid": RealEDIDs.auoB156XTN022,
                ]))
        #expect(c.card == "card0")
        #expect(c.name == "eDP-1")
        #expect(c.type == "eDP")
        #expect(c.isBuiltIn)
        #expect(c.connected)
        #expect(c.modes == [Mode(width: 1366, height: 768), Mode(width: 1024, height: 768)])
        #expect(c.preferredMode == Mode(width: 1366, height: 768))
        #expect(c.size?.width == 344)
        #expect(c.edid?.model == "B156XTN02.2")
    }

    @Test func aMonitorOnHDMIIsNotBuiltIn() throws {
        let c = try #require(
            connector(
                "card1-HDMI-A-2",
                ["status": Array("connected\n".utf8), "modes": [], "edid": RealEDIDs.dellE2219HN]))
        #expect(c.card == "card1")
        #expect(c.name == "HDMI-A-2")
        #expect(c.type == "HDMI-A")
        #expect(!c.isBuiltIn)
        // No mode listed by the kernel: the EDID's preferred one.
        #expect(c.modes.isEmpty)
        #expect(c.preferredMode == Mode(width: 1920, height: 1080))
    }

    @Test func anEmptyConnectorHasNoSizeAndABrokenEDIDSaysWhy() throws {
        let empty = try #require(connector("card0-DP-1", ["status": Array("disconnected\n".utf8), "edid": []]))
        #expect(!empty.connected)
        #expect(empty.edid == nil)
        #expect(empty.edidProblem == nil)
        #expect(empty.size == nil)
        var damaged = RealEDIDs.dellE2219HN
        damaged[100] ^= 0xFF
        let broken = try #require(connector("card0-DP-2", ["status": Array("connected\n".utf8), "edid": damaged]))
        #expect(broken.edid == nil)
        #expect(broken.edidProblem == .checksum)
        #expect(broken.size == nil)
        let unread = try #require(connector("card0-Virtual-1", [:]))
        #expect(!unread.connected)
        #expect(unread.modes.isEmpty)
        #expect(unread.type == "Virtual")
    }

    @Test(arguments: ["card0", "renderD128", "version", "card-HDMI-A-1", "cardX-DP-1", "card0-"])
    func entriesThatAreNoConnector(_ entry: String) {
        #expect(connector(entry, ["status": Array("connected\n".utf8)]) == nil)
    }

    @Test func interlacedAndMalformedModeLines() {
        #expect(Connector.mode("1920x1080i") == Mode(width: 1920, height: 1080))
        #expect(Connector.mode("wide") == nil)
        #expect(Connector.mode("0x480") == nil)
        #expect(Connector.mode("800x") == nil)
    }
}

/// The kernel's panel orientation property, as the connector's card names its values.
@Suite("Panel orientation")
struct PanelOrientationTests {
    @Test func theKernelsValueNamesAndTheirTurns() {
        let named = ["Normal", "Upside Down", "Left Side Up", "Right Side Up"].map(
            PanelOrientation.init(propertyValue:))
        #expect(named == [.normal, .upsideDown, .leftSideUp, .rightSideUp])
        #expect(named.map { $0?.degrees } == [0, 180, 90, 270])
        #expect(PanelOrientation(propertyValue: "left side up") == nil)
        #expect(PanelOrientation(propertyValue: "") == nil)
        #expect(PanelOrientation.leftSideUp.words == "left side up")
        #expect(PanelOrientation.upsideDown.rawValue == "upside_down")
    }
}

@Suite("Connector kinds")
struct ConnectorKindTests {
    @Test func theNameGivesTheKernelsKindAndNumber() throws {
        func kind(_ entry: String) -> [UInt32]? {
            Connector(entry: entry) { _ in nil }?.kernelKind.map { [$0.type, $0.number] }
        }
        #expect(kind("card0-HDMI-A-1") == [11, 1])
        #expect(kind("card1-eDP-2") == [14, 2])
        #expect(kind("card2-Virtual-3") == [15, 3])
        #expect(kind("card0-DP-10") == [10, 10])
        #expect(kind("card0-DSI-1") == [16, 1])
        #expect(kind("card0-VGA-1") == [1, 1])
        #expect(kind("card0-Mystery-1") == nil)
        #expect(kind("card0-HDMI-A") == nil)
    }
}
