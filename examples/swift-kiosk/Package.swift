// swift-tools-version:6.1
import PackageDescription

// A kiosk written in Swift on touchbridge: a signature pad, two buttons, a pen-width strip
// with a pan, a shake that clears the pad. The app is a library (tested on recordings); the
// executable runs it on live panels.
let package = Package(
    name: "swift-kiosk",
    dependencies: [
        .package(name: "touchbridge", path: "../..")
    ],
    targets: [
        .target(
            name: "SignatureKiosk",
            dependencies: [
                .product(name: "TouchKit", package: "touchbridge")
            ]),
        .executableTarget(
            name: "swift-kiosk",
            dependencies: [
                "SignatureKiosk",
                .product(name: "TouchBridge", package: "touchbridge"),
            ]),
        .testTarget(
            name: "SignatureKioskTests",
            dependencies: [
                "SignatureKiosk",
                .product(name: "TouchBridge", package: "touchbridge"),
                .product(name: "TouchKit", package: "touchbridge"),
            ], resources: [.copy("signature.evemu"), .copy("shake.evemu")]),
    ],
    swiftLanguageModes: [.v6]
)
