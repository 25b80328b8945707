import FeedImport
import IcsLanes
import LaneLayout

/// libFuzzer's entry point (main.swift starts its driver): one input is one feed, read and laid out like the command does it.
///
/// The first byte picks the month (from a small set around the samples' August 2024, plus the
/// ends of the calendar), the display zone and the lane options, so the fuzzer explores layout
/// choices as well as bytes; the rest is the feed. The selector also picks the pre-filtered or
/// the full import, and every renderer (JSON, text grid, HTML, agenda) sees the result.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  fuzzImportLayout(data, size)
}

/// One fuzz input through import and layout.
func fuzzImportLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data, size > 0 else { return 0 }
  let selector = Int(data[0])
  let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
  FuzzCase(selector: selector).run(bytes)
  return 0
}

/// The layout choices one input's first byte selects.
struct FuzzCase {
  static let months: [YearMonth] = [
    (2024, 8), (2024, 3), (2024, 10), (1, 1), (9999, 12), (1970, 1), (2038, 1), (2025, 2),
  ].compactMap { YearMonth(year: $0.0, month: $0.1) }
  static let zones = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo"]
  /// The display zones, made once: constant set-up, not what an input goes through.
  static let displayZones = zones.map { DisplayZone(named: $0) }

  let month: YearMonth?
  let zone: DisplayZone?
  let options: LayoutOptions
  let prefilter: Bool

  init(selector: Int) {
    month = FuzzCase.months[selector % FuzzCase.months.count]
    zone = FuzzCase.displayZones[(selector >> 3) & 3]
    options = LayoutOptions(
      weekStart: (selector >> 5) & 1 == 0 ? .sunday : .monday,
      maxLanes: (selector >> 6) & 1 == 0 ? nil : 2,
      showsOutsideDays: (selector >> 7) & 1 == 1,
      laneRule: (selector >> 6) & 1 == 0 ? .firstFit : .sticky)
    prefilter = selector & 0x10 == 0
  }

  func run(_ bytes: [UInt8]) {
    guard let month, let zone else { fatalError("the fuzz set-up lost a month or a zone") }
    // The command's path: the library's facade, with the command's caps (ImportOptions'
    // defaults).
    let view = MonthViewOptions(
      zone: zone, weekStart: options.weekStart, maxLanes: options.maxLanes,
      showsOutsideDays: options.showsOutsideDays, stickyLanes: options.laneRule == .sticky)
    guard
      var request = try? LayoutRequest(
        feeds: [FeedInput(bytes: bytes, source: "fuzz")], first: month, options: view)
    else { fatalError("the fuzz set-up made a request the library refuses") }
    request.prefilter = prefilter
    guard let result = try? CalendarSource.layOut(request) else { return }
    if prefilter { FuzzCase.expectSameAsWhole(result, request: request) }
    for layout in result.layouts {
      guard let stats = layout.stats, stats.addsUp else {
        fatalError("stats do not add up: \(String(describing: layout.stats))")
      }
      _ = try? JSONLayoutRenderer.render([layout])
      _ = TextGridRenderer(width: 100, today: nil).render(layout)
      _ = HTMLMonthRenderer().render(layout)
    }
    _ = AgendaRenderer().render(result.layouts)
  }

  /// The pre-filter only saves work: the month laid out from the whole feed must be the same
  /// JSON, but for the duplicates of UID groups passed over whole, which count as outside the
  /// window (``windowed(_:)``). Runs whose expansion met a budget (time, steps, occurrences) may
  /// differ, and are not compared.
  static func expectSameAsWhole(_ filtered: LayoutResult, request: LayoutRequest) {
    var whole = request
    whole.prefilter = false
    guard let unfiltered = try? CalendarSource.layOut(whole) else {
      fatalError("the whole feed failed where the pre-filtered one loaded")
    }
    let budgetMet = (filtered.warnings + unfiltered.warnings).contains {
      let text = "\($0)"
      return text.contains("took longer than") || text.contains("budget")
        || text.contains("recurrence steps")
    }
    guard !budgetMet else { return }
    if (try? JSONLayoutRenderer.render(windowed(filtered.layouts)))
      != (try? JSONLayoutRenderer.render(windowed(unfiltered.layouts)))
    {
      fatalError("the pre-filtered month differs from the month of the whole feed")
    }
  }

  /// `layouts` with every duplicate counted as outside the window.
  static func windowed(_ layouts: [MonthLayout]) -> [MonthLayout] {
    layouts.map { layout in
      var layout = layout
      if var stats = layout.stats {
        stats.eventsOutside += stats.eventsDuplicate
        stats.eventsDuplicate = 0
        layout.stats = stats
      }
      return layout
    }
  }
}
