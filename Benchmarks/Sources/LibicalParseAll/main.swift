// libical-parse-all: the libical baseline for the icslanes benchmarks.
//
// Streams a .ics file through one libical parser: libical's own
// icalparser_get_line() reads and unfolds content lines, the VCALENDAR
// wrapper (BEGIN/END:VCALENDAR and calendar properties) is skipped, and every
// other line goes to icalparser_add_line(). Each completed top-level
// component (VTIMEZONE, VEVENT, ...) is freed right away, so memory stays
// flat. Prints the number of VEVENTs.
//
// --check additionally counts X-LIC-ERROR properties (libical's way of
// reporting malformed values), recurring masters and overrides, prints them
// to standard error and exits 1 if any error was found.

import CLibicalBaseline

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

func writeStderr(_ text: String) {
  var text = text
  text.withUTF8 { buffer in
    var offset = 0
    while offset < buffer.count {
      let r = write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
      if r <= 0 { return }
      offset += r
    }
  }
}

func fail(_ message: String) -> Never {
  writeStderr("libical-parse-all: \(message)\n")
  exit(2)
}

@inline(__always)
func hasPrefix(_ line: UnsafePointer<CChar>, _ prefix: StaticString) -> Bool {
  prefix.withUTF8Buffer { p in
    p.withMemoryRebound(to: CChar.self) { strncasecmp(line, $0.baseAddress!, p.count) == 0 }
  }
}

struct ParseAll {
  var check = false
  var vevents = 0
  var vtimezones = 0
  var otherComponents = 0
  var recurring = 0
  var overrides = 0
  var errors = 0
  var printBudget = 10

  mutating func countErrors(_ component: OpaquePointer) -> Int {
    var errors = 0
    if icalcomponent_isa(component) == ICAL_XLICINVALID_COMPONENT {
      errors += 1
    }
    var property = icalcomponent_get_first_property(component, ICAL_XLICERROR_PROPERTY)
    while let p = property {
      errors += 1
      if printBudget > 0, let text = icalproperty_get_xlicerror(p) {
        printBudget -= 1
        writeStderr("X-LIC-ERROR: \(String(cString: text))\n")
      }
      property = icalcomponent_get_next_property(component, ICAL_XLICERROR_PROPERTY)
    }
    var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
    while let c = child {
      errors += countErrors(c)
      child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
    }
    return errors
  }

  mutating func consume(_ component: OpaquePointer) {
    let kind = icalcomponent_isa(component)
    if kind == ICAL_VEVENT_COMPONENT {
      vevents += 1
    } else if kind == ICAL_VTIMEZONE_COMPONENT {
      vtimezones += 1
    } else {
      otherComponents += 1
    }
    if check {
      errors += countErrors(component)
      if kind == ICAL_VEVENT_COMPONENT {
        if icalcomponent_get_first_property(component, ICAL_RRULE_PROPERTY) != nil {
          recurring += 1
        }
        if icalcomponent_get_first_property(component, ICAL_RECURRENCEID_PROPERTY) != nil {
          overrides += 1
        }
      }
    }
    icalcomponent_free(component)
  }

  mutating func run(file: UnsafeMutablePointer<FILE>) {
    let readLine: icalparser_line_gen_func = { buffer, size, data in
      fgets(buffer, Int32(clamping: size), data?.assumingMemoryBound(to: FILE.self))
    }
    icalerror_set_error_state(ICAL_MALFORMEDDATA_ERROR, ICAL_ERROR_NONFATAL)
    guard let parser = icalparser_new() else { fail("icalparser_new failed") }
    icalparser_set_gen_data(parser, UnsafeMutableRawPointer(file))

    var depth = 0  // nesting depth below the (skipped) VCALENDAR
    while let line = icalparser_get_line(parser, readLine) {
      defer { icalmemory_free_buffer(line) }
      if depth == 0 {
        // Outside any component: skip the VCALENDAR wrapper and its properties.
        if !hasPrefix(line, "BEGIN:") || hasPrefix(line, "BEGIN:VCALENDAR") {
          continue
        }
      }
      if hasPrefix(line, "BEGIN:") {
        depth += 1
      } else if hasPrefix(line, "END:") {
        depth -= 1
      }
      if let component = icalparser_add_line(parser, line) {
        consume(component)
      }
    }
    if let leftover = icalparser_clean(parser) {
      if check { writeStderr("warning: unterminated component at end of input\n") }
      consume(leftover)
    }
    icalparser_free(parser)
  }
}

var check = false
var path: String?
for argument in CommandLine.arguments.dropFirst() {
  switch argument {
  case "--check": check = true
  case "-h", "--help":
    print("usage: libical-parse-all [--check] FILE")
    exit(0)
  default:
    if path != nil { fail("more than one FILE given") }
    path = argument
  }
}
guard let path else { fail("usage: libical-parse-all [--check] FILE") }
guard let file = path == "-" ? fdopen(STDIN_FILENO, "r") : fopen(path, "r") else {
  fail("cannot open \(path): \(String(cString: strerror(errno)))")
}

var parseAll = ParseAll()
parseAll.check = check
parseAll.run(file: file)
fclose(file)

print(parseAll.vevents)
if check {
  writeStderr(
    "vevents=\(parseAll.vevents) vtimezones=\(parseAll.vtimezones) "
      + "other=\(parseAll.otherComponents) recurring=\(parseAll.recurring) "
      + "overrides=\(parseAll.overrides) errors=\(parseAll.errors)\n")
  if parseAll.errors > 0 { exit(1) }
}
