import CMallocTuning

/// Keeps peak memory close to what is in use when big feeds are read.
enum MemoryTuning {
  /// glibc serves big blocks with mmap, but after the first such block is freed it raises that
  /// threshold and later big blocks come from the heap, where freed space stays
  /// resident: a big feed's passed-over UIDs and a big JSON output then add up instead of
  /// reusing memory. A fixed threshold keeps big blocks in mmap, returned to the system on free.
  static func apply() {
    _ = icslanes_fix_mmap_threshold(256 * 1024)
  }
}
