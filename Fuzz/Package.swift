// swift-tools-version: 6.1
// A separate package so that -sanitize=fuzzer never reaches the main package's builds.
// Build and run with ../Scripts/fuzz.sh (release, -O, AddressSanitizer).
import PackageDescription

let package = Package(
  name: "icslanes-fuzz",
  dependencies: [
    .package(name: "icslanes", path: ".."),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    // The byte scanner and the month pre-filter alone (no libical); reaches FeedImport's
    // internal FeedScan through `@testable import`, so the build passes -enable-testing.
    .executableTarget(
      name: "FuzzScanner",
      dependencies: [.product(name: "FeedImport", package: "icslanes")]
    ),
    // Import + layout + the JSON, text and HTML renderers.
    .executableTarget(
      name: "FuzzImportLayout",
      dependencies: [
        .product(name: "FeedImport", package: "icslanes"),
        .product(name: "IcsLanes", package: "icslanes"),
        .product(name: "LaneLayout", package: "icslanes"),
      ]
    ),
    // The command's argument and environment handling; Scripts/fuzz.sh copies the command's
    // sources (minus `@main`) into Sources/FuzzCommandLine/Command/ before building.
    .executableTarget(
      name: "FuzzCommandLine",
      dependencies: [
        .product(name: "FeedImport", package: "icslanes"),
        .product(name: "IcsLanes", package: "icslanes"),
        .product(name: "LaneLayout", package: "icslanes"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
  ]
)
