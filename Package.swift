// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "icslanes",
  products: [
    .library(name: "LaneLayout", targets: ["LaneLayout"]),
    .library(name: "FeedImport", targets: ["FeedImport"]),
    .library(name: "IcsLanes", targets: ["IcsLanes"]),
    .library(name: "IcsLanesServer", targets: ["IcsLanesServer"]),
    .executable(name: "icslanes", targets: ["IcsLanesCommand"]),
    .executable(name: "icslanes-server", targets: ["IcsLanesServerCommand"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    .package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0"),
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    // The server (IcsLanesServer, icslanes-server) only; the icslanes command links none of it.
    .package(
      url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    // Hummingbird's own dependency, named for NIOCore's TimeAmount and the channel's address.
    .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
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
    // Fetching a feed over HTTP(S) into a file or a stream: libcurl, nothing of iCalendar.
    .target(name: "HTTPFetch", dependencies: ["CCurl"]),
    // The one door to libical: iCalendar text in, Swift values out (WallTime, RecurrenceRule,
    // zones, EventRecord). The only target that imports CLibical.
    .target(name: "ICalBridge", dependencies: ["CLibical", "LaneLayout"]),
    // Which instances a series has in a window: RRULE, RDATE, EXDATE, one rule expander.
    .target(name: "Recurrence", dependencies: ["ICalBridge", "LaneLayout"]),
    // Bytes to survey: lines, components and the pre-filter's byte-level facts; no libical.
    .target(
      name: "FeedScan", dependencies: ["ICalBridge", "Recurrence", "HTTPFetch", "LaneLayout"]),
    .target(
      name: "FeedImport",
      dependencies: ["FeedScan", "ICalBridge", "Recurrence", "HTTPFetch", "LaneLayout"]),
    .target(
      name: "FeedIndex",
      dependencies: [
        "FeedImport", "FeedScan", "HTTPFetch", "LaneLayout",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    .target(
      name: "IcsLanes", dependencies: ["FeedImport", "FeedIndex", "HTTPFetch", "LaneLayout"]),
    .executableTarget(
      name: "IcsLanesCommand",
      dependencies: [
        "IcsLanes", "FeedIndex", "CMallocTuning",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "TOMLKit", package: "TOMLKit"),
      ]
    ),
    // gzip for the server's answers, through the system's zlib.
    .target(name: "CZlib", linkerSettings: [.linkedLibrary("z")]),
    // The live month pages and JSON API: only the IcsLanes library's public API, on Hummingbird.
    .target(
      name: "IcsLanesServer",
      dependencies: [
        "IcsLanes", "CZlib",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]),
    .executableTarget(
      name: "IcsLanesServerCommand",
      dependencies: [
        "IcsLanesServer", "IcsLanes", "CMallocTuning",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "TOMLKit", package: "TOMLKit"),
      ]),
    .testTarget(name: "LaneLayoutTests", dependencies: ["LaneLayout"]),
    .testTarget(
      name: "FeedImportTests",
      dependencies: [
        "FeedImport", "FeedIndex", "FeedScan", "HTTPFetch", "ICalBridge", "Recurrence", "IcsLanes",
        "CLibical",
        "Scratch",
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
    .testTarget(
      name: "IcsLanesServerTests",
      dependencies: [
        "IcsLanesServer", "IcsLanes", "Scratch",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ]),
    .testTarget(name: "APIExamplesTests", dependencies: ["IcsLanes", "FeedImport", "LaneLayout"]),
  ]
)
