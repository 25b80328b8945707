import Foundation

/// A bounded hand-over, in order, from the thread that scans a feed to one worker thread that
/// parses what the scan keeps, so that the pure-Swift scan and libical's work overlap.
///
/// The scanning thread (the producer) sends items and chunk ends; they travel in batches, handed
/// over when a batch is full and at each chunk's end. At most ``byteLimit`` bytes of component
/// text wait in the queue (always at least one batch), so memory stays flat: the producer waits
/// while the queue is full. The worker (the consumer) takes batches until the producer has
/// finished, or stops early; ``finish()`` returns only once the worker's body has returned.
///
/// Ownership: `pending` and `pendingBytes` belong to the producer alone; every other `var` is
/// read and written only while holding `condition` (``peakQueuedBytes``: read after
/// ``finish()``).
package final class LoadPipeline: @unchecked Sendable {
  /// What travels from the scan to the worker.
  package enum Entry {
    /// An item the pre-filter kept.
    case item(ScannedItem)
    /// The end of a chunk of input: where a `strict` load stops at its first problem.
    case chunkEnd
  }

  /// A batch is handed over when it holds this many entries…
  let batchEntries: Int
  /// …or this many bytes of component text.
  let batchBytes: Int
  /// The most component text waiting in the queue.
  let byteLimit: Int
  /// The worker's stack: as large as a main thread's, for libical's recursion on odd input.
  static let workerStackSize = 8 << 20

  private let condition = NSCondition()
  private var queue: [(entries: [Entry], bytes: Int)] = []
  private var queueHead = 0
  private var queuedBytes = 0
  /// The most component text that has waited in the queue at once (for tests of the bound).
  private(set) var peakQueuedBytes = 0
  /// The producer has sent everything.
  private var closed = false
  /// The consumer gave up; what is sent afterwards is dropped.
  private var stopped = false
  /// The worker's body has returned.
  private var workerDone = false

  private var pending: [Entry] = []
  private var pendingBytes = 0

  /// A pipeline with the given bounds (the defaults suit a feed; tests use small ones).
  ///
  /// A megabyte of text is some thousands of kept events, enough to keep the worker busy; a
  /// larger bound would only raise the load's peak memory.
  package init(batchEntries: Int = 128, batchBytes: Int = 256 << 10, byteLimit: Int = 1 << 20) {
    self.batchEntries = batchEntries
    self.batchBytes = batchBytes
    self.byteLimit = byteLimit
  }

  /// Starts the worker thread, which runs `body` with this pipeline.
  package func start(_ body: @escaping @Sendable (LoadPipeline) -> Void) {
    let thread = Thread { [self] in
      body(self)
      condition.lock()
      workerDone = true
      condition.broadcast()
      condition.unlock()
    }
    thread.stackSize = LoadPipeline.workerStackSize
    thread.name = "icslanes.feed-parse"
    thread.start()
  }

  // MARK: Producer

  /// Sends an item; may wait while the queue is full.
  func send(_ item: ScannedItem) {
    pending.append(.item(LoadPipeline.detached(item)))
    pendingBytes += LoadPipeline.bytes(of: item)
    if pending.count >= batchEntries || pendingBytes >= batchBytes {
      flush()
    }
  }

  /// Marks the end of a chunk and hands the batch over; returns false once the consumer has
  /// stopped.
  func endChunk() -> Bool {
    pending.append(.chunkEnd)
    return flush()
  }

  /// Hands over what is left, tells the worker that nothing more comes and waits until its
  /// body has returned. Call exactly once, on every path, after ``start(_:)``.
  package func finish() {
    flush()
    condition.lock()
    closed = true
    condition.broadcast()
    while !workerDone { condition.wait() }
    condition.unlock()
  }

  /// Hands over what is left and tells the consumer that nothing more comes, without waiting:
  /// for a producer on a thread of its own whose consumer did not come from ``start(_:)`` (see
  /// ``SecondScanPart``). Call exactly once, instead of ``finish()``.
  func close() {
    flush()
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }

  /// Whether the consumer stopped early (see ``stop()``). Meaningful after ``finish()``.
  package var consumerStopped: Bool {
    condition.lock()
    defer { condition.unlock() }
    return stopped
  }

  /// Moves the pending batch to the queue, waiting for room; returns false when the consumer
  /// has stopped (the batch is then dropped).
  @discardableResult
  private func flush() -> Bool {
    guard !pending.isEmpty else {
      condition.lock()
      defer { condition.unlock() }
      return !stopped
    }
    let batch = pending
    let bytes = pendingBytes
    pending = []
    pending.reserveCapacity(batchEntries)
    pendingBytes = 0
    condition.lock()
    defer { condition.unlock() }
    while !stopped, queuedBytes > 0, queuedBytes + bytes > byteLimit {
      condition.wait()
    }
    guard !stopped else { return false }
    queue.append((batch, bytes))
    queuedBytes += bytes
    peakQueuedBytes = max(peakQueuedBytes, queuedBytes)
    condition.broadcast()
    return true
  }

  // MARK: Consumer

  /// The next batch, waiting for one; nil once the producer has finished and all is taken.
  package func nextBatch() -> [Entry]? {
    condition.lock()
    defer { condition.unlock() }
    while queueHead == queue.count, !closed { condition.wait() }
    guard queueHead < queue.count else { return nil }
    let batch = queue[queueHead]
    queue[queueHead] = ([], 0)
    queueHead += 1
    if queueHead == queue.count {
      queue.removeAll(keepingCapacity: true)
      queueHead = 0
    }
    queuedBytes -= batch.bytes
    condition.broadcast()
    return batch.entries
  }

  /// Gives up: drops what waits and what the producer sends from now on.
  package func stop() {
    condition.lock()
    defer { condition.unlock() }
    stopped = true
    queue.removeAll()
    queueHead = 0
    queuedBytes = 0
    condition.broadcast()
  }

  /// Hands `batch` to `sink` in order: its items, and its chunk ends; false, having stopped
  /// there, when `sink` stops at a chunk's end (a `strict` problem).
  package static func deliver<Sink: ScanSink>(_ batch: [Entry], to sink: inout Sink) -> Bool {
    for entry in batch {
      switch entry {
      case .item(let item):
        sink.take(item)
      case .chunkEnd:
        if !sink.chunkEnded() { return false }
      }
    }
    return true
  }

  /// The bytes an item holds, for the queue's bound.
  private static func bytes(of item: ScannedItem) -> Int {
    switch item {
    case .event(let block, _, _), .timeZone(let block, _): return block.count + 64
    case .calendarBegins, .calendarProperty, .brokenEvent, .notice, .passedOver: return 64
    }
  }

  /// `item` with its component text in an array of its own size. The scanner reuses one buffer
  /// for every component, whose capacity is that of the largest so far; an item that kept it
  /// would make the scanner allocate that much again for the next component.
  private static func detached(_ item: ScannedItem) -> ScannedItem {
    switch item {
    case .event(let block, let line, let facts):
      return .event(block: block.withUnsafeBufferPointer { Array($0) }, line: line, facts: facts)
    case .timeZone(let block, let line):
      return .timeZone(block: block.withUnsafeBufferPointer { Array($0) }, line: line)
    case .calendarBegins, .calendarProperty, .brokenEvent, .notice, .passedOver:
      return item
    }
  }
}

/// The scanning thread's side of an overlapped load (or a split scan's second part,
/// ``SecondScanPart``): sends what the scan keeps down the pipe.
package struct PipelineFeeder: ScanSink {
  let pipeline: LoadPipeline

  package init(pipeline: LoadPipeline) {
    self.pipeline = pipeline
  }

  package func take(_ item: ScannedItem) {
    pipeline.send(item)
  }

  package func chunkEnded() -> Bool {
    pipeline.endChunk()
  }
}
