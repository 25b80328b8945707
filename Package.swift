// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "icslanes",
  products: [
    .library(name: "LaneLayout", targets: ["LaneLayout"]),
    .library(name: "FeedImport", targets: ["FeedImport"]),
    .library(name: "IcsLanes", targets: ["IcsLanes"]),
    .executable(name: "icslanes", targets: ["IcsLanesCommand"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CLibical",
      pkgConfig: "libical",
      providers: [.apt(["libical-dev"])]
    ),
    // libcurl, loaded with dlopen when a URL is fetched (no headers or link needed to build).
    .target(name: "CCurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    // glibc's mallopt for the command (its constants are not in the Glibc module).
    .target(name: "CMallocTuning"),
    .target(name: "LaneLayout"),
    .target(name: "FeedImport", dependencies: ["CLibical", "CCurl", "LaneLayout"]),
    .target(
      name: "FeedIndex",
      dependencies: ["FeedImport", "LaneLayout", .product(name: "GRDB", package: "GRDB.swift")]),
    .target(name: "IcsLanes", dependencies: ["FeedImport", "FeedIndex", "LaneLayout"]),
    .executableTarget(
      name: "IcsLanesCommand",
      dependencies: [
        "IcsLanes", "FeedIndex", "CMallocTuning",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "TOMLKit", package: "TOMLKit"),
      ]
    ),
    .testTarget(name: "LaneLayoutTests", dependencies: ["LaneLayout"]),
    .testTarget(
      name: "FeedImportTests",
      dependencies: [
        "FeedImport", "FeedIndex", "IcsLanes", "CLibical", "Scratch",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      exclude: ["Golden", "Fixtures"]),
    .testTarget(
      name: "IcsLanesTests", dependencies: ["IcsLanes", "FeedImport", "LaneLayout", "Scratch"],
      exclude: ["Golden"]),
    // Temporary files of the tests, removed when the test process exits.
    .target(name: "Scratch", path: "Tests/Scratch"),
    // The program of Docs/library.md, built so that the page's example always compiles.
    .executableTarget(name: "MonthDemo", dependencies: ["IcsLanes"], path: "Examples/MonthDemo"),
    .testTarget(name: "APIExamplesTests", dependencies: ["IcsLanes", "FeedImport", "LaneLayout"]),
  ]
)
