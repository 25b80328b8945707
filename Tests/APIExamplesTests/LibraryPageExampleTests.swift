import Foundation
import Testing

/// The complete program of Docs/library.md is `Examples/MonthDemo/main.swift`, built with the
/// package, and prints what the page shows.
@Suite struct LibraryPageExampleTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The first fenced block of `language` after `marker` in Docs/library.md.
  static func block(after marker: String, language: String) throws -> String {
    let page = try String(
      contentsOf: root.appendingPathComponent("Docs/library.md"), encoding: .utf8)
    let start = try #require(page.range(of: marker)).upperBound
    let fence = try #require(page.range(of: "```\(language)\n", range: start..<page.endIndex))
    let end = try #require(page.range(of: "```", range: fence.upperBound..<page.endIndex))
    return String(page[fence.upperBound..<end.lowerBound])
  }

  /// The lines after the line holding `command`, up to the block's closing fence.
  static func output(after command: String) throws -> String {
    let page = try String(
      contentsOf: root.appendingPathComponent("Docs/library.md"), encoding: .utf8)
    let line = try #require(page.range(of: command + " Samples/family.ics 2024-08\n"))
    let end = try #require(page.range(of: "```", range: line.upperBound..<page.endIndex))
    return String(page[line.upperBound..<end.lowerBound])
  }

  @Test func thePagesProgramIsTheBuiltOne() throws {
    let program = try String(
      contentsOf: LibraryPageExampleTests.root.appendingPathComponent(
        "Examples/MonthDemo/main.swift"), encoding: .utf8)
    let shown = try LibraryPageExampleTests.block(after: "A complete program", language: "swift")
    #expect(shown == program)
    #expect(program.split(separator: "\n").count <= 20)
  }

  @Test func itPrintsWhatThePageShows() throws {
    let binary = try #require(
      [".build/debug/MonthDemo", ".build/release/MonthDemo"].map {
        LibraryPageExampleTests.root.appendingPathComponent($0)
      }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        ?? CommandLine.arguments.first.flatMap { test in
          let beside = URL(fileURLWithPath: test).deletingLastPathComponent()
          let candidates = [beside, beside.deletingLastPathComponent()].map {
            $0.appendingPathComponent("MonthDemo")
          }
          return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        })
    let process = Process()
    process.executableURL = binary
    process.arguments = ["Samples/family.ics", "2024-08"]
    process.currentDirectoryURL = LibraryPageExampleTests.root
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let shown = try LibraryPageExampleTests.output(after: "$ swift run MonthDemo")
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false)[...]
    for line in shown.split(separator: "\n") where line != "…" {
      let found = try #require(lines.firstIndex(of: line), "\(line) not printed in order")
      lines = lines[(found + 1)...]
    }
  }
}
