import Foundation
import Synchronization
import Testing

@testable import FeedImport
@testable import ICalBridge

/// Each zone is compiled once: a system zone is one object for the whole process, a feed's
/// VTIMEZONE one object for the feed, and threads asking a zone its first questions at once get
/// one table between them (libical's own zone cache is not safe under concurrent first use: the
/// table is made behind ``LibicalGate``).
@Suite struct ZoneCacheTests {
  @Test("a system zone is one object with one table")
  func systemZoneIsCompiledOnce() throws {
    let zone = try #require(LibicalZone.system(named: "Europe/Paris"))
    #expect(LibicalZone.system(named: "Europe/Paris") === zone)
    #expect(try #require(DisplayZone(named: "Europe/Paris")).zone === zone)
    #expect(zone.table === zone.table)
  }

  @Test("threads asking a new zone at once share one table and one answer")
  func concurrentFirstUse() throws {
    // Zones no other test asks, each first asked here by four threads at once.
    let names = ["America/Punta_Arenas", "Asia/Famagusta", "Europe/Astrakhan", "Pacific/Chatham"]
    for name in names {
      let zone = try #require(LibicalZone.system(named: name))
      let tables = Mutex<[ObjectIdentifier]>([])
      let offsets = Mutex<Set<Int>>([])
      // Four threads started while this one holds libical's lock: each finds the zone not
      // compiled yet and waits for the lock, then they compile it one after another.
      let done = DispatchGroup()
      LibicalGate.run {
        for _ in 0..<4 {
          done.enter()
          Thread {
            let table = zone.table
            tables.withLock { $0.append(ObjectIdentifier(table)) }
            offsets.withLock { _ = $0.insert(zone.offset(at: 1_722_470_400)) }
            done.leave()
          }.start()
        }
        Thread.sleep(forTimeInterval: 0.5)
      }
      done.wait()
      #expect(tables.withLock { Set($0).count } == 1, "\(name)")
      #expect(offsets.withLock { $0.count } == 1, "\(name)")
    }
  }

  @Test("a feed's VTIMEZONE repeated in its calendars is one zone")
  func repeatedVTIMEZONEIsOneZone() throws {
    let zone = """
      BEGIN:VTIMEZONE\r
      TZID:Office\r
      BEGIN:STANDARD\r
      DTSTART:19701025T030000\r
      RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
      TZOFFSETFROM:+0200\r
      TZOFFSETTO:+0100\r
      END:STANDARD\r
      BEGIN:DAYLIGHT\r
      DTSTART:19700329T020000\r
      RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
      TZOFFSETFROM:+0100\r
      TZOFFSETTO:+0200\r
      END:DAYLIGHT\r
      END:VTIMEZONE\r

      """
    let resolver = TimeZoneResolver()
    guard case .added(let first?, _, _) = resolver.read(timeZoneBlock: Array(zone.utf8)) else {
      Issue.record("the VTIMEZONE was not read")
      return
    }
    #expect(resolver.zone(named: "Office") === first)
    let later = TimeZoneResolver()
    later.adopt(first, named: "Office")
    #expect(later.zone(named: "Office") === first)
    #expect(first.table === first.table)
  }
}
