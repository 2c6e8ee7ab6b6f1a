import Glibc
import SignatureKiosk
import TouchBridge

// Every touchscreen (or the panels and recordings named on the command line), the loop
// `touchbridge run` runs, and the signature kiosk in front of them.
let kiosk = Kiosk(sources: Array(CommandLine.arguments.dropFirst()))
var controller: SignatureController?
// A card reader (SWIFT_KIOSK_CARD_READER: its tty, or a FIFO) in the same loop: no threads.
if let path = getenv("SWIFT_KIOSK_CARD_READER").map({ String(cString: $0) }) {
    guard let reader = CardReader(path: path) else {
        print("swift-kiosk: \(path): cannot open the card reader")
        exit(66)
    }
    kiosk.watch(reader.fd) {
        for card in reader.lines() { controller?.cardPresented(card) }
    }
}
do {
    try kiosk.run { screen in
        let (app, c) = makeSignatureKiosk(screen: screen)
        c.onChange = { message in
            print("swift-kiosk: \(message)")
            fflush(nil)  // as it happens, also into a pipe
        }
        controller = c
        return app
    }
} catch {
    print("swift-kiosk: \(error)")
    exit(Kiosk.exitCode(for: error))
}
