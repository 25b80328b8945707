import Foundation
import Testing

@testable import FeedImport
@testable import FeedScan

/// The hand-over between the scanning thread and the parsing worker: everything arrives, in
/// order, the queue stays within its bound, and a worker that stops never leaves the scan
/// waiting.
@Suite("Load pipeline")
struct LoadPipelineTests {
  /// What the worker saw; only the worker writes it before ``LoadPipeline/finish()`` returns.
  final class Received: @unchecked Sendable {
    var lines: [Int] = []
    var chunkEnds: [Int] = []
  }

  /// An event item of `size` bytes, known by its line.
  static func event(line: Int, size: Int) -> ScannedItem {
    .event(
      block: [UInt8](repeating: UInt8(ascii: "x"), count: size), line: line, facts: EventFacts())
  }

  @Test("items arrive in order with their chunk ends, within the queue's bound")
  func orderAndBound() {
    let pipeline = LoadPipeline(batchEntries: 3, batchBytes: 500, byteLimit: 2_000)
    let received = Received()
    pipeline.start { pipeline in
      while let batch = pipeline.nextBatch() {
        for entry in batch {
          switch entry {
          case .item(.event(_, let line, _)), .item(.notice(let line, _)):
            received.lines.append(line)
          case .chunkEnd:
            received.chunkEnds.append(received.lines.count)
          default:
            break
          }
        }
      }
    }
    var sent = 0
    for chunk in 0..<20 {
      for index in 0..<(chunk * 7 % 23) {
        sent += 1
        pipeline.send(
          index % 4 == 0
            ? .notice(line: sent, message: "note")
            : LoadPipelineTests.event(line: sent, size: 100 + index * 37))
      }
      #expect(pipeline.endChunk())
    }
    pipeline.send(LoadPipelineTests.event(line: sent + 1, size: 10_000))
    pipeline.finish()
    #expect(received.lines == Array(1...(sent + 1)))
    #expect(received.chunkEnds.count == 20)
    #expect(received.chunkEnds == received.chunkEnds.sorted())
    #expect(!pipeline.consumerStopped)
    // A batch over the bound alone may pass; otherwise the queue keeps to it.
    #expect(pipeline.peakQueuedBytes <= max(2_000, 10_000 + 64))
  }

  @Test("a worker that stops lets the scan finish without waiting")
  func stopReleasesTheProducer() {
    let pipeline = LoadPipeline(batchEntries: 2, batchBytes: 100, byteLimit: 300)
    let received = Received()
    pipeline.start { pipeline in
      while let batch = pipeline.nextBatch() {
        for entry in batch {
          if case .chunkEnd = entry {
            pipeline.stop()
            return
          }
          received.lines.append(0)
        }
      }
    }
    for line in 1...5 { pipeline.send(LoadPipelineTests.event(line: line, size: 50)) }
    _ = pipeline.endChunk()
    // The worker has stopped or will: sending on must neither block nor be read.
    for line in 6...5_000 { pipeline.send(LoadPipelineTests.event(line: line, size: 50)) }
    #expect(!pipeline.endChunk())
    pipeline.finish()
    #expect(pipeline.consumerStopped)
    #expect(received.lines.count == 5)
  }

  @Test("finish with nothing sent ends the worker")
  func emptyFinish() {
    let pipeline = LoadPipeline()
    let received = Received()
    pipeline.start { pipeline in
      while let batch = pipeline.nextBatch() { received.lines.append(batch.count) }
    }
    pipeline.finish()
    #expect(received.lines.isEmpty)
    #expect(!pipeline.consumerStopped)
  }
}
