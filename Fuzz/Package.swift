// swift-tools-version: 6.1
// A separate package so that -sanitize=fuzzer never reaches the main package's builds.
// Build and run with ../Scripts/fuzz.sh.
import PackageDescription

let package = Package(
  name: "icslanes-fuzz",
  dependencies: [
    .package(name: "icslanes", path: "..")
  ],
  targets: [
    .executableTarget(
      name: "FuzzImportLayout",
      dependencies: [
        .product(name: "FeedImport", package: "icslanes"),
        .product(name: "IcsLanes", package: "icslanes"),
        .product(name: "LaneLayout", package: "icslanes"),
      ]
    )
  ]
)
