import FeedScan
import Foundation

/// When a load scans on one thread while libical parses on another.
enum ScanOverlap: Sendable {
  /// For inputs larger than ``FeedLoader/overlapThreshold`` or of unknown size, on a machine
  /// with more than one core.
  case automatic
  /// Always (for tests).
  case always
  /// Never (for tests).
  case never
}

extension FeedLoader {
  /// The input size above which a worker thread pays for its start.
  static let overlapThreshold = 1 << 20

  /// Whether a load of `totalBytes` (nil: unknown) scans and parses on two threads.
  static func overlapsScan(_ overlap: ScanOverlap, totalBytes: Int?) -> Bool {
    switch overlap {
    case .always: return true
    case .never: return false
    case .automatic:
      return ProcessInfo.processInfo.activeProcessorCount > 1
        && (totalBytes ?? Int.max) > overlapThreshold
    }
  }

  /// Runs `scan` on this thread while a worker thread reads what it keeps, in file order, with
  /// exactly the code of a one-thread load (``take(_:)``, ``chunkEnded()``). Returns true when
  /// the worker stopped at a `strict` problem.
  ///
  /// Errors come out as from one thread: a problem the scan throws is thrown unless the worker
  /// stopped at a chunk before it, whose problem then comes first in the file.
  mutating func loadOverlapped(_ scan: inout FeedScan, from byteSource: inout ByteSource)
    throws(ImportError) -> Bool
  {
    let worker = ParsingWorker(loader: self)
    let pipeline = LoadPipeline()
    pipeline.start { worker.run($0) }
    var feeder = PipelineFeeder(pipeline: pipeline)
    var failure: ImportError?
    do {
      _ = try scan.run(from: &byteSource, into: &feeder)
    } catch {
      failure = error
    }
    pipeline.finish()
    self = worker.loader
    if pipeline.consumerStopped { return true }
    if let failure { throw failure }
    return false
  }
}

/// The worker thread's side of an overlapped load: the loader, fed from the pipe.
///
/// Ownership: `loader` belongs to the worker thread from ``LoadPipeline/start(_:)`` until
/// ``LoadPipeline/finish()`` returns, and to the loading thread before and after; the
/// pipeline's lock orders the two.
private final class ParsingWorker: @unchecked Sendable {
  var loader: FeedLoader

  init(loader: FeedLoader) {
    self.loader = loader
  }

  /// Reads every batch in order until the pipe is empty and closed or a chunk ends with a
  /// `strict` problem.
  func run(_ pipeline: LoadPipeline) {
    while let batch = pipeline.nextBatch() {
      if !LoadPipeline.deliver(batch, to: &loader) {
        pipeline.stop()
        return
      }
    }
  }
}
