// swift-tools-version:6.1
// Microbenchmarks with ordo-one/benchmark, kept in their own package so the product and its
// tests never build the benchmark tooling. Run: cd Benchmarks && swift package benchmark
import PackageDescription

let package = Package(
    name: "touchbridge-benchmarks",
    dependencies: [
        .package(name: "touchbridge", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .executableTarget(
            name: "TouchBridgeBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TouchKit", package: "touchbridge"),
                // InputEvents, TouchInput and Evdev come with TouchBridge (its dependencies):
                // building blocks the benchmarks measure, not products of the API.
                .product(name: "TouchBridge", package: "touchbridge"),
            ],
            path: "TouchBridgeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The end-to-end benchmark's memory floor (scripts/bench/e2e): not a benchmark, so it
        // lives outside the Benchmarks folder convention the plugin looks in.
        .executableTarget(
            name: "parser-floor",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Floors/ParserFloor",
            linkerSettings: [.linkedLibrary("evdev"), .linkedLibrary("udev")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
