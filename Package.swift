// swift-tools-version: 6.1
import PackageDescription

#if canImport(Glibc)
  import Glibc
#endif

// On Linux, a release build of the `icslanes` command links the Swift runtime and Foundation
// into the binary (about 97 MB, mostly ICU's data, against 26 MB): it runs where no Swift is
// installed, and each run starts in about half the time and maps about 5 MiB less, which is
// much of a month from an index (Benchmarks/BENCHMARKS.md).
// `ICSLANES_SHARED_RUNTIME=1 swift build -c release` links them as shared libraries instead.
// Debug builds and the libraries are not affected.
let staticRuntime = Context.environment["ICSLANES_SHARED_RUNTIME"] != "1"
let commandLinking: [LinkerSetting] =
  staticRuntime
  ? [
    .unsafeFlags(
      ["-static-stdlib"] + packedRelocations, .when(platforms: [.linux], configuration: .release))
  ] : []
// The command's own module is compiled against the static Foundation too: its autolink entries
// name the libraries the static Foundation needs (CoreFoundation, ICU).
let commandCompiling: [SwiftSetting] =
  staticRuntime
  ? [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))] : []

// The runtime linked in brings some 85,000 relative relocations (2 MB of them), which the
// dynamic loader applies at every start, reading the table and writing the pages they patch.
// Packed (DT_RELR, GNU ld's `-z pack-relative-relocs`) they take 16 KB: a run peaks 1.5-2 MiB
// lower and starts 2-5 % sooner. The loader must know them: glibc 2.36 and later
// (the binary then asks for that glibc); on an older glibc the relocations stay as they are.
// The executable stays position-independent.
var packedRelocations: [String] {
  !libcVersion.isEmpty && !libcVersion.lexicographicallyPrecedes([2, 36])
    ? ["-use-ld=bfd", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] : []
}

/// The version of the C library the package is built against (`[2, 36]`), or `[]` when it is not
/// glibc.
var libcVersion: [Int] {
  #if canImport(Glibc)
    var text = [CChar](repeating: 0, count: 64)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &text, text.count) > 0 else { return [] }
    // "glibc 2.36"
    let words = String(
      decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self
    )
    .split(separator: " ")
    return words.last?.split(separator: ".").compactMap { Int($0) } ?? []
  #else
    return []
  #endif
}

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
    .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
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
    .target(name: "LaneLayout"),
    .target(name: "FeedImport", dependencies: ["CLibical", "CCurl", "LaneLayout"]),
    .target(
      name: "FeedIndex",
      dependencies: ["FeedImport", "LaneLayout", .product(name: "GRDB", package: "GRDB.swift")]),
    .target(name: "IcsLanes", dependencies: ["FeedImport", "FeedIndex", "LaneLayout"]),
    .executableTarget(
      name: "IcsLanesCommand",
      dependencies: [
        "IcsLanes", "FeedIndex",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "TOMLKit", package: "TOMLKit"),
      ],
      swiftSettings: commandCompiling,
      linkerSettings: commandLinking
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
        "IcsLanesServer", "IcsLanes",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "TOMLKit", package: "TOMLKit"),
      ]),
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
