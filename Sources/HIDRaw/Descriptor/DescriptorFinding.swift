/// One thing a descriptor says that decides how the kernel drives the device, in words; flagged
/// when it is a likely reason a panel does not touch as it should.
public struct DescriptorFinding: Equatable, Sendable {
    public var flagged: Bool
    public var text: String

    public init(flagged: Bool, _ text: String) {
        self.flagged = flagged
        self.text = text
    }
}

extension ReportDescriptor {
    /// What decides the kernel's handling: a mouse-only descriptor (mouse mode), a touch screen
    /// without Contact Identifier (hid-generic), the Contact Count Maximum, the Win8 blob.
    public var findings: [DescriptorFinding] {
        var out: [DescriptorFinding] = []
        if let problem { out.append(DescriptorFinding(flagged: true, "malformed: \(problem)")) }
        let touch = [Self.touchScreen, Self.touchPad, Self.digitizer, Self.pen].filter(applications.contains)
        let pointing = applications.contains(Self.mouse) || applications.contains(Self.pointer)
        if touch.isEmpty {
            out.append(
                pointing
                    ? DescriptorFinding(
                        flagged: true,
                        "mouse usage only, no touch screen application: the kernel makes a mouse of it"
                            + " (a touch controller in mouse mode)")
                    : DescriptorFinding(flagged: false, "no touch screen, touch pad, pen or digitizer application"))
            return out
        }
        let names = touch.map(UsageNames.usage).joined(separator: ", ")
        let fingers = applications.contains(Self.touchScreen) || applications.contains(Self.touchPad)
        guard hasContactIdentifier else {
            out.append(
                DescriptorFinding(
                    flagged: fingers,
                    "\(names) with no Contact Identifier: the HID core leaves it to hid-generic"
                        + (fingers ? ", one touch at most and no slots" : "")))
            return out
        }
        out.append(
            DescriptorFinding(
                flagged: false, "\(names) with Contact Identifier: filed as multitouch, hid-multitouch drives it"))
        out.append(contactCountFinding)
        if let blob = win8Blob {
            out.append(
                blob.bits == 256 * 8
                    ? DescriptorFinding(
                        flagged: false,
                        "Win8 certification blob in feature report \(blob.report): filed as Win8 multitouch (group 4)")
                    : DescriptorFinding(
                        flagged: true,
                        "a Win8 blob usage of \(blob.bits / 8) bytes, not 256: not filed as Win8 certified"))
        } else {
            out.append(
                DescriptorFinding(flagged: false, "no Win8 certification blob: filed as plain multitouch (group 2)"))
        }
        return out
    }

    private var contactCountFinding: DescriptorFinding {
        guard let c = contactCountMaximum else {
            return DescriptorFinding(
                flagged: true,
                "no Contact Count Maximum: hid-multitouch assumes \(Self.defaultContactCount) contacts"
                    + " unless its class for the device fixes the number")
        }
        guard c.logicalMaximum <= Self.largestContactCount, c.logicalMaximum > 0 else {
            return DescriptorFinding(
                flagged: true,
                "Contact Count Maximum's logical maximum \(c.logicalMaximum) is outside 1…\(Self.largestContactCount):"
                    + " if the device answers 0, hid-multitouch assumes \(Self.defaultContactCount) contacts")
        }
        return DescriptorFinding(
            flagged: false,
            "Contact Count Maximum in feature report \(c.report), up to \(c.logicalMaximum):"
                + " hid-multitouch asks the device and takes \(c.logicalMaximum) if it answers 0")
    }
}
