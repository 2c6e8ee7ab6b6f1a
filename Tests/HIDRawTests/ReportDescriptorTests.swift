import Foundation
import HIDRaw
import Testing

/// A HID report descriptor read as the kernel reads it for a touch device: its applications,
/// Contact Identifier, Contact Count Maximum and Win8 blob, each item decoded, and the findings
/// that say why a panel would be driven as a mouse, by hid-generic or with too few contacts.
@Suite struct ReportDescriptorTests {
    /// The descriptors of the catalog's real panels (scripts/uhid/panels.json).
    static let panels: [(String, [UInt8])] = {
        let path =
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path + "/scripts/uhid/panels.json"
        guard let data = FileManager.default.contents(atPath: path),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let panels = root["panels"] as? [[String: Any]]
        else { return [] }
        return panels.compactMap { p in
            guard let name = p["name"] as? String, let hex = p["descriptor"] as? String else { return nil }
            return (name, hex.split(separator: " ").compactMap { UInt8($0, radix: 16) })
        }
    }()

    @Test func everyRealPanelsDescriptorIsATouchScreenThatNamesItsFingers() {
        #expect(Self.panels.count >= 8)
        for (name, bytes) in Self.panels {
            let d = ReportDescriptor(bytes)
            #expect(d.applications.contains(ReportDescriptor.touchScreen), "\(name): \(d.applications)")
            #expect(d.hasContactIdentifier, "\(name)")
            #expect(d.isTouchDigitizer, "\(name)")
            #expect(d.problem == nil, "\(name): \(d.problem ?? "")")
        }
    }

    @Test func aMouseIsNoDigitizerAndACutDescriptorSaysWhere() {
        let mouse = ReportDescriptor([0x05, 0x01, 0x09, 0x02, 0xA1, 0x01, 0x09, 0x01, 0xA1, 0x00, 0xC0, 0xC0])
        #expect(mouse.applications == [ReportDescriptor.mouse])
        #expect(!mouse.isTouchDigitizer)
        let cut = ReportDescriptor([0x05, 0x0D, 0x09, 0x04, 0xA1, 0x01, 0x26])
        #expect(cut.applications == [ReportDescriptor.touchScreen])
        #expect(cut.problem == "an item cut short at byte 6")
        let pops = ReportDescriptor([0xB4])
        #expect(pops.problem == "a Pop at byte 1 with nothing pushed")
    }

    @Test func aUsageWithItsOwnPageAndAPushedPageAreBothRead() {
        // Usage Page Generic Desktop, Push, Usage Page Digitizer, Pop, then a 4-byte usage naming
        // the digitizer's Touch Screen on a Generic Desktop page.
        let d = ReportDescriptor([0x05, 0x01, 0xA4, 0x05, 0x0D, 0xB4, 0x0B, 0x04, 0x00, 0x0D, 0x00, 0xA1, 0x01, 0xC0])
        #expect(d.applications == [ReportDescriptor.touchScreen])
    }

    @Test func everyRealPanelDeclaresItsContactCountAndIsFiledAsMultitouch() {
        for (name, bytes) in Self.panels {
            let d = ReportDescriptor(bytes)
            let c = d.contactCountMaximum
            #expect(c != nil, "\(name)")
            #expect((1...ReportDescriptor.largestContactCount).contains(c?.logicalMaximum ?? 0), "\(name): \(c as Any)")
            #expect(!d.findings.contains { $0.flagged }, "\(name): \(d.findings)")
            #expect(
                d.findings.first?.text.hasSuffix(
                    "with Contact Identifier: filed as multitouch, hid-multitouch drives it") == true)
            #expect(ReportDescriptor.decoded(bytes).count > 20, "\(name)")
        }
    }

    /// A touch screen application with one finger's fields, a Contact Count Maximum of `maximum`
    /// (none when nil) and, with `blob`, Win8's certification blob of `blob` bytes.
    static func touchScreen(contactIdentifier: Bool = true, maximum: UInt8? = 10, blob: Int? = nil) -> [UInt8] {
        var d: [UInt8] = [0x05, 0x0D, 0x09, 0x04, 0xA1, 0x01, 0x85, 0x01, 0x09, 0x22, 0xA1, 0x02]
        d += [0x09, 0x42, 0x15, 0x00, 0x25, 0x01, 0x75, 0x01, 0x95, 0x01, 0x81, 0x02, 0x95, 0x07, 0x81, 0x03]
        if contactIdentifier { d += [0x09, 0x51, 0x25, 0x0F, 0x75, 0x08, 0x95, 0x01, 0x81, 0x02] }
        d += [0xC0]
        if let maximum { d += [0x85, 0x02, 0x09, 0x55, 0x25, maximum, 0x75, 0x08, 0x95, 0x01, 0xB1, 0x02] }
        if let blob {
            d += [0x06, 0x00, 0xFF, 0x85, 0x03, 0x09, 0xC5, 0x26, 0xFF, 0x00, 0x75, 0x08, 0x96]
            d += [UInt8(blob & 0xFF), UInt8(blob >> 8), 0xB1, 0x02]
        }
        return d + [0xC0]
    }

    static func flagged(_ d: [UInt8]) -> [String] { ReportDescriptor(d).findings.filter(\.flagged).map(\.text) }

    @Test func whatDecidesTheKernelsHandlingIsFlagged() {
        #expect(Self.flagged(Self.touchScreen()).isEmpty)
        let plain = ReportDescriptor(Self.touchScreen()).findings.map(\.text)
        #expect(plain.contains("no Win8 certification blob: filed as plain multitouch (group 2)"))
        #expect(plain.contains { $0.hasPrefix("Contact Count Maximum in feature report 2, up to 10") })
        #expect(Self.flagged(Self.touchScreen(contactIdentifier: false)).first?.contains("hid-generic") == true)
        #expect(Self.flagged(Self.touchScreen(maximum: nil)).first?.hasPrefix("no Contact Count Maximum") == true)
        let large = Self.touchScreen(maximum: 255)
        #expect(Self.flagged(large).first?.hasPrefix("Contact Count Maximum's logical maximum 255") == true)
        let win8 = ReportDescriptor(Self.touchScreen(blob: 256))
        #expect(win8.win8Blob?.report == 3)
        #expect(win8.win8Blob?.bits == 2048)
        #expect(
            win8.findings.last?.text
                == "Win8 certification blob in feature report 3: filed as Win8 multitouch (group 4)")
        #expect(Self.flagged(Self.touchScreen(blob: 16)).first?.hasPrefix("a Win8 blob usage of 16 bytes") == true)
        let mouse: [UInt8] = [0x05, 0x01, 0x09, 0x02, 0xA1, 0x01, 0x09, 0x01, 0xA1, 0x00, 0xC0, 0xC0]
        #expect(Self.flagged(mouse).first?.hasPrefix("mouse usage only") == true)
    }

    @Test func eachItemIsDecodedByNameIndentedByCollection() {
        let lines = ReportDescriptor.decoded(Self.touchScreen(blob: 256))
        #expect(lines.first == "05 0d           Usage Page (Digitizers)")
        #expect(lines.contains("09 04           Usage (Touch Screen)"))
        #expect(lines.contains("a1 01           Collection (Application)"))
        #expect(lines.contains("09 51               Usage (Contact Identifier)"))
        #expect(lines.contains("81 03               Input (Const,Var,Abs)"))
        #expect(lines.contains("06 00 ff          Usage Page (Vendor Defined 0xff00)"))
        #expect(lines.contains("09 c5             Usage (Win8 Certification Blob)"))
        #expect(lines.contains("96 00 01          Report Count (256)"))
        #expect(lines.last == "c0              End Collection")
        let cut = ReportDescriptor.decoded([0x05, 0x0D, 0x26])
        #expect(cut == ["05 0d           Usage Page (Digitizers)", "(stopped: an item cut short at byte 2)"])
        let described = ReportDescriptor.described(Self.touchScreen(maximum: nil))
        #expect(described.first == "Report descriptor, \(Self.touchScreen(maximum: nil).count) bytes:")
        #expect(described.contains { $0.hasPrefix("! no Contact Count Maximum") })
    }
}
