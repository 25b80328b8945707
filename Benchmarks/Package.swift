// swift-tools-version: 6.1
import PackageDescription

// Benchmark tooling for icslanes. Kept as its own package so that the
// benchmark-only dependencies never leak into the main package.
let package = Package(
  name: "icslanes-benchmarks",
  products: [
    .executable(name: "icslanes-feedgen", targets: ["FeedGenerator"]),
    .executable(name: "libical-parse-all", targets: ["LibicalParseAll"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    .package(name: "icslanes", path: ".."),
  ],
  targets: [
    .executableTarget(
      name: "FeedGenerator",
      dependencies: [
        .product(name: "ArgumentParser", package: "swift-argument-parser")
      ]
    ),
    // Named apart from the main package's CLibical: both are in one package graph.
    .systemLibrary(
      name: "CLibicalBaseline",
      pkgConfig: "libical",
      providers: [.apt(["libical-dev"])]
    ),
    .executableTarget(
      name: "LibicalParseAll",
      dependencies: ["CLibicalBaseline"]
    ),
    // package-benchmark suite: `swift package benchmark` (see BENCHMARKS.md).
    .executableTarget(
      name: "LayoutBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "IcsLanes", package: "icslanes"),
        .product(name: "FeedImport", package: "icslanes"),
        .product(name: "LaneLayout", package: "icslanes"),
      ],
      path: "Benchmarks/LayoutBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ]
)
