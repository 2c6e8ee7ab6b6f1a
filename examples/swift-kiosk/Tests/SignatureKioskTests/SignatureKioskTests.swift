import Foundation
import SignatureKiosk
import Testing
import TouchBridge
import TouchKit

/// The signature kiosk on a recorded session (signature.evemu: a real panel's recording, with
/// touchbridge's example accelerometer shaken in it), deterministically: the recording's
/// times drive the clock.
@Suite struct SignatureKioskTests {
    let recording = Bundle.module.path(forResource: "signature", ofType: "evemu")!
    /// The example accelerometer (a copy of touchbridge's examples/shake.evemu, carried here so a
    /// copy of this package tests alone): shaken at 5.5 s (a shake), and from 7.9 s for too long
    /// (cancelled).
    let accelerometer = Bundle.module.path(forResource: "shake", ofType: "evemu")!

    /// The recorded session played through the app: its controller afterwards.
    func session() throws -> SignatureController? {
        var controller: SignatureController?
        let kiosk = Kiosk(sources: [recording, accelerometer])  // a panel and the shake example
        kiosk.log = .discarded
        kiosk.options.screen = Size(width: 800, height: 480)
        try kiosk.run { screen in
            let (app, c) = makeSignatureKiosk(screen: screen)
            controller = c
            return app
        }
        return controller
    }

    @Test func aSessionSignedClearedAndSubmitted() throws {
        let controller = try session()
        #expect(controller?.clears == ["shake", "button"])
        #expect(controller?.submissions.count == 1)
    }

    /// What was submitted: the last stroke only (two were shaken away, one cleared), drawn from
    /// (200, 200) to (250, 300) in the recording's 800×480 points, with the pen the strip widened.
    @Test func theSubmittedSignature() throws {
        let c = try #require(try session())
        let submitted = try #require(c.submissions.first)
        #expect(submitted.strokes.count == 1)
        let stroke = try #require(submitted.strokes.first)
        #expect(abs(stroke.first!.x - 200) < 1 && abs(stroke.first!.y - 200) < 1, "\(stroke.first!)")
        #expect(abs(stroke.last!.x - 250) < 1 && abs(stroke.last!.y - 300) < 1, "\(stroke.last!)")
        // 100 points along the strip, less what the pan needs to begin: about 5 points wider than 3.
        #expect(submitted.penWidth >= 6 && submitted.penWidth <= 8, "widened by the pan: \(submitted.penWidth)")
        #expect(c.pad.strokes.isEmpty, "submitting empties the pad")
    }
}
