import Foundation
import LaneLayout

/// When a load's scan is cut in two parts scanned at once (see ``FeedScan``).
package enum ScanSplit: Sendable {
  /// For a regular file (or bytes in memory) of at least ``FeedScan/splitThreshold`` bytes with
  /// a pre-filter window of at most ``FeedScan/splitWindowDays`` days, on a machine with more
  /// than one core, and not under `strict`.
  case automatic
  /// Never (for tests).
  case never
  /// Cut at the first `BEGIN:VEVENT` line from this offset on, whatever the input's size (for
  /// tests), still only with a window and not under `strict`.
  case from(Int)
}

extension FeedScan {
  /// The input size from which a second thread pays for itself.
  static let splitThreshold = 4 << 20
  /// The longest window a scan is cut for. A few months: there the scan is most of the time.
  /// Over twelve months the expansion, lanes and output are, and the second part's few MiB
  /// (its buffers, its keys until they are copied) would buy little.
  static let splitWindowDays = 100
  /// How far past where it starts looking (54 % of the input) a cut is looked for.
  static let splitSearchBytes = 4 << 20

  /// Where to cut `byteSource` for a split scan: the start of a line `BEGIN:VEVENT` at or after
  /// 54 % of the input (just after an LF; the second part first counts the lines before it,
  /// so it takes a little less); nil when it should not be cut.
  static func splitPoint(
    of byteSource: ByteSource, split: ScanSplit, window: ClosedRange<Day>?, strict: Bool
  ) -> Int? {
    guard let window, !strict, byteSource.readsAtOffsets, let total = byteSource.totalBytes
    else { return nil }
    var offset = total / 100 * 54
    switch split {
    case .never: return nil
    case .from(let start): offset = max(0, start)
    case .automatic:
      guard total >= splitThreshold, ProcessInfo.processInfo.activeProcessorCount > 1,
        window.lowerBound.distance(to: window.upperBound) <= splitWindowDays
      else { return nil }
    }
    let marker = Array("\nBEGIN:VEVENT".utf8)
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    let last = min(total, offset + splitSearchBytes)
    while offset < last {
      let count: Int
      do {
        count = try buffer.withUnsafeMutableBytes { try byteSource.bytes(at: offset, into: $0) }
      } catch {
        return nil
      }
      // The marker and the line end after it must lie inside what was read.
      guard count > marker.count else { return nil }
      var found: Int?
      buffer.withUnsafeBufferPointer { bytes in
        var index = 0
        while index + marker.count < count {
          guard let base = bytes.baseAddress,
            let hit = memchr(base + index, 0x0A, count - marker.count - index)
          else { break }
          let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
          let end = at + marker.count
          if memcmp(base + at, marker, marker.count) == 0, bytes[end] == 0x0D || bytes[end] == 0x0A
          {
            found = at + 1
            break
          }
          index = at + 1
        }
      }
      if let found { return offset + found }
      // Read again from where a marker cut by this read's end may start.
      offset += count - marker.count
    }
    return nil
  }
}

/// The second part of a split scan: from a `BEGIN:VEVENT` line past 54 % of the input (see
/// ``FeedScan/splitPoint(of:split:window:strict:)``) to its end, scanned on a thread of its own while the loading thread scans the first
/// part.
///
/// It first counts the lines before its start, so that its lines, warnings and checkpoints are
/// numbered as in a scan of the whole input; it assumes the input stands between components at
/// the top level of a VCALENDAR there. The loading thread checks that assumption when its own
/// scan reaches the cut (``FeedScan``): when it holds, it takes this part's items, tally and
/// checkpoints as they are; when it does not (the line was inside another component, or the
/// file changed), it stops this part and scans on by itself, so the result is always that of
/// one scan.
///
/// What this part keeps waits in a ``LoadPipeline`` (bounded as for the parsing worker: this part
/// then waits until the loading thread takes them, so that a dense request does not hold its second
/// half's events at once).
///
/// Ownership: the fields below `pipeline` belong to the part's thread until ``join()``
/// returns, and to the loading thread after.
package final class SecondScanPart: @unchecked Sendable {
  let start: Int
  let pipeline = LoadPipeline()
  private let byteSource: ByteSource
  /// The input's name, for messages.
  private let source: String
  /// How many passed-over keys the part hands out at a time.
  private let keyPieceSize: Int
  private let window: ClosedRange<Day>?
  private let done = DispatchSemaphore(value: 0)
  private let counted = DispatchSemaphore(value: 0)
  /// ``join()`` has returned once (the loading thread's alone).
  private var joined = false

  /// The number of the part's first line.
  private(set) var firstLine = 0
  /// The part's counts and passed-over keys.
  private(set) var tally: ScanTally
  /// The part's checkpoints (input offsets of the lines numbered `k * 64 + 1` from the first
  /// such line in the part on).
  private(set) var checkpoints: [Int] = []
  private(set) var nulBytes = 0
  /// The part's first keys of passed-over events, handed out as it went.
  private var handedOut: [PassedOverKeys.Piece] = []
  /// A problem that ended the part (a line too long, a read error), after its items.
  private(set) var failure: ImportError?

  init(
    byteSource: ByteSource, source: String, start: Int, window: ClosedRange<Day>?,
    keyPieceSize: Int
  ) {
    self.byteSource = byteSource
    self.source = source
    self.keyPieceSize = keyPieceSize
    self.start = start
    self.window = window
    tally = ScanTally(window: window)
  }

  /// Starts the part's thread.
  func begin() {
    let thread = Thread { [self] in
      run()
      done.signal()
    }
    thread.stackSize = LoadPipeline.workerStackSize
    thread.name = "icslanes.scan-second-part"
    thread.start()
  }

  /// Waits until the part's thread has finished (after ``LoadPipeline/stop()`` it finishes
  /// soon, dropping what it scans). Call from the loading thread; once or more.
  func join() {
    guard !joined else { return }
    done.wait()
    joined = true
  }

  /// Moves out the keys the part handed out as it went (after ``join()``).
  func takeHandedOut() -> [PassedOverKeys.Piece] {
    defer { handedOut = [] }
    return handedOut
  }

  /// Waits until the part has counted the lines before it; the number of its first line, or
  /// nil when they could not be read.
  func awaitFirstLine() -> Int? {
    counted.wait()
    counted.signal()
    return firstLine > 0 ? firstLine : nil
  }

  /// The part's thread: counts the lines before the part, then scans it with the code of a
  /// whole scan (``FeedScan``), from the cut on.
  private func run() {
    do throws(ImportError) {
      let first: Int
      do throws(ImportError) {
        first = try countLines(before: start) + 1
        firstLine = first
        counted.signal()
      } catch {
        counted.signal()
        throw error
      }
      var input = byteSource.continuing(at: start)
      var scan = FeedScan(
        source: source, window: window, from: start, firstLine: first, keyPieceSize: keyPieceSize)
      var sink = PipelineFeeder(pipeline: pipeline)
      defer {
        tally = scan.tally
        handedOut = scan.handedOut
        nulBytes = scan.nulBytes
        checkpoints = scan.checkpoints
      }
      _ = try scan.run(from: &input, into: &sink)
    } catch {
      failure = error
    }
    pipeline.close()
  }

  /// The lines of the input before `offset`, as the first part numbers them.
  private func countLines(before offset: Int) throws(ImportError) -> Int {
    let raw = UnsafeMutableRawBufferPointer.allocate(
      byteCount: ByteSource.chunkSize, alignment: 16)
    defer { raw.deallocate() }
    var lines = 0
    var position = 0
    var afterCR = false
    while position < offset {
      let wanted = min(raw.count, offset - position)
      let count = try byteSource.bytes(
        at: position, into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<wanted]))
      guard count > 0 else { break }
      let counted = LineSplitter.countLineEnds(
        UnsafeBufferPointer(
          start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count),
        afterCR: afterCR)
      lines += counted.count
      afterCR = counted.endsWithCR
      position += count
    }
    return lines
  }
}
