import Glibc
import SignatureKiosk
import TouchBridge

// Every touchscreen (or the panels and recordings named on the command line), the loop
// `touchbridge run` runs, and the signature kiosk in front of them.
let kiosk = Kiosk(sources: Array(CommandLine.arguments.dropFirst()))
do {
    try kiosk.run { screen in
        let (app, controller) = makeSignatureKiosk(screen: screen)
        controller.onChange = { print("swift-kiosk: \($0)") }
        return app
    }
} catch {
    print("swift-kiosk: \(error)")
    exit(Kiosk.exitCode(for: error))
}
