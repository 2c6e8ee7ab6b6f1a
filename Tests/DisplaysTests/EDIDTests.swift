import Displays
import Testing

/// Real EDIDs (published dumps of the displays named, the linuxhw/EDID collection), decoded as
/// edid-decode decodes them: desktop monitors and laptop panels.
enum RealEDIDs {
    /// Dell E2219HN, a 21.5-inch 1920x1080 monitor (base block and its CTA-861 extension).
    static let dellE2219HN = bytes(
        """
        00 ff ff ff ff ff ff 00 10 ac 09 20 01 01 01 01 0b 1e 01 03 80 30 1b 78 2a 69 25 a3 5b 50 a3 27
        11 50 54 a5 4b 00 71 4f 81 80 a9 c0 d1 c0 01 01 01 01 01 01 01 01 02 3a 80 18 71 38 2d 40 58 2c
        45 00 dc 0c 11 00 00 1e 00 00 00 ff 00 35 4a 46 46 4a 30 33 45 31 32 55 42 0a 00 00 00 fc 00 45
        32 32 31 39 48 4e 0a 20 20 20 20 20 00 00 00 fd 00 38 4c 1e 53 11 00 0a 20 20 20 20 20 20 01 8e
        02 03 1a b1 4f 90 05 04 03 02 07 06 1f 14 13 12 11 16 15 01 65 03 0c 00 10 00 02 3a 80 18 71 38
        2d 40 58 2c 45 00 dc 0c 11 00 00 1e 01 1d 80 18 71 1c 16 20 58 2c 25 00 dc 0c 11 00 00 9e 01 1d
        00 72 51 d0 1e 20 6e 28 55 00 dc 0c 11 00 00 1e 02 3a 80 d0 72 38 2d 40 10 2c 45 80 dc 0c 11 00
        00 1e 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 ee
        """)

    /// AU Optronics B156XTN02.2, a 15.6-inch 1366x768 laptop panel: no product name, its part
    /// number in an alphanumeric string.
    static let auoB156XTN022 = bytes(
        """
        00 ff ff ff ff ff ff 00 06 af ec 22 00 00 00 00 00 15 01 04 90 22 13 78 02 bb f5 94 55 54 90 27
        23 50 54 00 00 00 01 01 01 01 01 01 01 01 01 01 01 01 01 01 01 01 a2 1c 56 b8 50 00 14 30 10 10
        3e 00 58 c1 10 00 00 18 00 00 00 0f 00 00 00 00 00 00 00 00 00 00 00 00 00 20 00 00 00 fe 00 41
        55 4f 0a 20 20 20 20 20 20 20 20 20 00 00 00 fe 00 42 31 35 36 58 54 4e 30 32 2e 32 20 0a 00 72
        """)

    /// Samsung SyncMaster, a 17-inch 1280x1024 (5:4) monitor of the kind kiosks put a touch
    /// frame on: EDID 1.3, a product serial string.
    static let samsungSyncMaster = bytes(
        """
        00 ff ff ff ff ff ff 00 4c 2d e5 00 37 31 53 44 0a 0e 01 03 80 22 1b 78 2a 6f 8b a2 5a 4d 94 24
        1a 51 56 bf ef 00 81 80 01 01 01 01 01 01 01 01 01 01 01 01 01 01 30 2a 00 98 51 00 2a 40 30 70
        13 00 52 0e 11 00 00 1e 00 00 00 fd 00 38 4b 1e 51 0e 00 0a 20 20 20 20 20 20 00 00 00 fc 00 53
        79 6e 63 4d 61 73 74 65 72 0a 20 20 00 00 00 ff 00 48 4d 45 58 33 30 30 39 33 38 0a 20 20 00 fe
        """)

    /// LG Display 0x0201, a 14-inch 1366x768 laptop panel that names nothing: no product name,
    /// no string at all (edid-decode: "Missing Display Product Name").
    static let lgDisplay0201 = bytes(
        """
        00 ff ff ff ff ff ff 00 30 e4 01 02 00 00 00 00 00 14 01 04 80 1f 11 78 0a 88 45 95 5a 56 8d 28
        23 50 54 00 00 00 01 01 01 01 01 01 01 01 01 01 01 01 01 01 01 01 56 1d 56 c6 50 00 20 30 30 20
        35 00 36 ae 10 00 00 19 8f 13 56 c6 50 00 20 30 30 20 35 00 36 ae 10 00 00 19 00 00 00 00 00 00
        00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 02 00 0f 44 ff 0c 3c 64 16 11 1d 64 00 00 00 00 ad
        """)

    static func bytes(_ hex: String) -> [UInt8] {
        hex.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { UInt8($0, radix: 16) }
    }
}

@Suite("EDIDs")
struct EDIDTests {
    @Test func aMonitorsMakerNameSerialSizeAndPreferredMode() throws {
        let e = try EDID(parsing: RealEDIDs.dellE2219HN)
        #expect(e.make == "DEL")
        #expect(e.productCode == 0x2009)
        #expect(e.serialNumber == 0x0101_0101)
        #expect(e.name == "E2219HN")
        #expect(e.model == "E2219HN")
        #expect(e.serial == "5JFFJ03E12UB")
        // The detailed timing's 476 x 268 mm, not the basic block's 48 x 27 cm.
        #expect(e.size == PhysicalSize(width: 476, height: 268, fromDetailedTiming: true))
        #expect(e.preferredMode == Mode(width: 1920, height: 1080))
    }

    @Test func aLaptopPanelIsNamedByItsPartNumber() throws {
        let e = try EDID(parsing: RealEDIDs.auoB156XTN022)
        #expect(e.make == "AUO")
        #expect(e.productCode == 0x22EC)
        #expect(e.name == nil)
        #expect(e.texts == ["AUO", "B156XTN02.2"])
        #expect(e.model == "B156XTN02.2")
        #expect(e.size == PhysicalSize(width: 344, height: 193, fromDetailedTiming: true))
        #expect(e.preferredMode == Mode(width: 1366, height: 768))
    }

    @Test func aFiveByFourMonitorOfTheKindKiosksUse() throws {
        let e = try EDID(parsing: RealEDIDs.samsungSyncMaster)
        #expect(e.make == "SAM")
        #expect(e.productCode == 0x00E5)
        #expect(e.name == "SyncMaster")
        #expect(e.serial == "HMEX300938")
        #expect(e.size == PhysicalSize(width: 338, height: 270, fromDetailedTiming: true))
        #expect(e.preferredMode == Mode(width: 1280, height: 1024))
    }

    @Test func aPanelThatNamesNothingIsCalledByItsMakerAndProductCode() throws {
        let e = try EDID(parsing: RealEDIDs.lgDisplay0201)
        #expect(e.make == "LGD")
        #expect(e.name == nil)
        #expect(e.texts.isEmpty)
        #expect(e.serial == nil)
        #expect(e.model == "LGD 0201")
        #expect(e.size == PhysicalSize(width: 310, height: 174, fromDetailedTiming: true))
        #expect(e.preferredMode == Mode(width: 1366, height: 768))
    }

    @Test func withoutADetailedSizeTheBasicBlocksCentimetresAreTaken() throws {
        var bytes = RealEDIDs.auoB156XTN022
        // The detailed timing's image size zeroed (bytes 66–68), the checksum mended.
        bytes[66] = 0
        bytes[67] = 0
        bytes[68] = 0
        bytes[127] = UInt8(truncatingIfNeeded: 256 - Int(bytes[0..<127].reduce(UInt8(0)) { $0 &+ $1 }))
        let e = try EDID(parsing: bytes)
        #expect(e.size == PhysicalSize(width: 340, height: 190, fromDetailedTiming: false))
        #expect(e.preferredMode == Mode(width: 1366, height: 768))
    }

    @Test func bytesThatAreNoEDIDSayWhatWasExpected() {
        #expect(throws: EDIDError.tooShort(64)) { try EDID(parsing: Array(RealEDIDs.dellE2219HN[0..<64])) }
        var noHeader = RealEDIDs.dellE2219HN
        noHeader[1] = 0
        #expect(throws: EDIDError.noHeader) { try EDID(parsing: noHeader) }
        var damaged = RealEDIDs.dellE2219HN
        damaged[60] ^= 0x01
        #expect(throws: EDIDError.checksum) { try EDID(parsing: damaged) }
        #expect(EDIDError.checksum.description.contains("checksum"))
    }
}
