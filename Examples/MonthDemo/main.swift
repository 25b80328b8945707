import IcsLanes

let json = CommandLine.arguments.contains("--json")
let arguments = CommandLine.arguments.dropFirst().filter { $0 != "--json" }  // FEED [YYYY-MM]
let source = try CalendarSource(contentsOf: arguments.first ?? "family.ics")
let options = try MonthViewOptions(zoneNamed: "Europe/Berlin", weekStart: .monday)
let layout = try source.layOut(month: arguments.dropFirst().first ?? "2024-08", options: options)
if json { print(try JSONLayoutRenderer.render(layout), terminator: "") }
for week in layout.weeks where !json {
  print("week of \(week.start)")
  for (number, lane) in week.lanes.enumerated() {
    let bars = lane.map { bar in
      let start = bar.start  // a value: day, hour, minute, second, UTC offset
      let clock = " at \(start.hour):\(start.minute / 10)\(start.minute % 10)"
      return "\(bar.title) \(bar.firstDay)…\(bar.lastDay)" + (bar.allDay ? "" : clock)
    }
    print("  lane \(number): " + bars.joined(separator: " | "))
  }
}
