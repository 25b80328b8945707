import Foundation
import Testing

@testable import FeedImport
@testable import HTTPFetch

/// A URL's body that arrives faster than it is parsed waits in an unlinked temporary file past
/// `HTTPFeedStream.memoryLimit` (a gzip body inflating to gigabytes held them in memory): the
/// bytes come out whole and in order, whatever the timing.
@Suite("A body waiting on disk", .timeLimit(.minutes(1)))
struct BodySpillTests {
  /// Every byte of the body of `url`, read `piece` bytes at a time with a pause after each, from
  /// a stream that keeps at most `limit` bytes in memory; and how many bytes were spilled.
  private func readAll(_ url: String, limit: Int, piece: Int = 4_096) throws -> ([UInt8], Int) {
    let stream = HTTPFeedStream(
      url: try #require(URL(string: url)), source: url, timeout: 10, memoryLimit: limit)
    _ = try stream.open()
    // Let the network run ahead of the reader.
    usleep(200_000)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: piece, alignment: 16)
    defer { buffer.deallocate() }
    var bytes: [UInt8] = []
    while true {
      let count = try stream.fill(buffer)
      if count == 0 { break }
      bytes += buffer[0..<count]
      usleep(100)
    }
    return (bytes, stream.spilledBytes)
  }

  @Test("a plain body and a gzip body past the memory limit come out whole, in order")
  func spilledBodiesArriveWhole() throws {
    let big = Array(URLFeedTests.bigFeed.utf8)
    let team = [UInt8](try #require(FileManager.default.contents(atPath: URLFeedTests.teamPath)))
    let server = try URLFeedTests.server()
    defer { server.stop() }
    for limit in [1, 1_000, 16_384, 1 << 30] {
      let (plain, plainSpilled) = try readAll(server.url("/big.ics"), limit: limit)
      #expect(plain == big, "limit \(limit)")
      #expect((plainSpilled > 0) == (limit < big.count), "limit \(limit): \(plainSpilled)")
      let (inflated, _) = try readAll(server.url("/team.ics"), limit: limit, piece: 333)
      #expect(inflated == team, "limit \(limit)")
    }
  }

  @Test("writes and reads interleaved at random keep every byte in order")
  func interleavedOrder() throws {
    let spill = try #require(BodySpill())
    var random = SeededRandom(state: 11)
    var written: [UInt8] = []
    var read: [UInt8] = []
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 5_000, alignment: 16)
    defer { buffer.deallocate() }
    for step in 0..<2_000 {
      if random.next(3) > 0 {
        let piece = (0..<random.next(3_000)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        #expect(spill.append(Data(piece)))
        written += piece
      } else {
        let wanted = 1 + random.next(4_999)
        let count = try #require(
          spill.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted])))
        read += buffer[0..<count]
        #expect(count == min(wanted, written.count - (read.count - count)), "step \(step)")
      }
    }
    while !spill.isEmpty {
      let count = try #require(spill.read(into: buffer))
      read += buffer[0..<count]
    }
    #expect(read == written)
    #expect(spill.read(into: buffer) == 0)
  }
}
