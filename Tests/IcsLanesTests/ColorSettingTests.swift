import Foundation
import Testing

/// One reading of colours for `--color-of` and the configuration file's `color`.
@Suite("Colour settings")
struct ColorSettingTests {
  static let team = TestFiles.sample("team.ics")
  static let august = ["--month", "2024-08", "--tz", "Europe/Berlin", "--format", "json"]

  static func calendarColor(_ result: CommandRunner.Result) throws -> String? {
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    let calendars = (object as? [String: Any])?["calendars"] as? [[String: String]]
    return calendars?.first?["color"]
  }

  @Test("The file takes what the flag takes: a CSS name, #rgb, #rrggbbaa, digits without #")
  func fileTakesFlagColours() throws {
    let forms = [
      ("teal", "#008080"), ("Teal", "#008080"), ("#0a0", "#00aa00"), ("#11223344", "#112233"),
      ("1f77b4", "#1f77b4"),
    ]
    for (written, hex) in forms {
      let (home, _) = try CommandInputsTests.configHome(
        "[[feed]]\npath = \"\(ColorSettingTests.team)\"\ncolor = \"\(written)\"\n")
      let file = try CommandRunner.run(
        [ColorSettingTests.team] + ColorSettingTests.august, environment: ["XDG_CONFIG_HOME": home])
      #expect(file.status == 0, "\(written): \(file.stderr)")
      #expect(try ColorSettingTests.calendarColor(file) == hex, "\(written)")
      let flag = try CommandRunner.run(
        [ColorSettingTests.team, "--no-config", "--color-of", "Team=\(written)"]
          + ColorSettingTests.august)
      #expect(try ColorSettingTests.calendarColor(flag) == hex, "\(written)")
    }
  }

  @Test("A bad colour is named as the problem; a missing = is still NAME=COLOUR")
  func badColour() throws {
    let bad = try CommandRunner.run(
      [ColorSettingTests.team, "--color-of", "Team=blurple"] + ColorSettingTests.august)
    #expect(bad.status == 64)
    #expect(
      bad.stderr
        == "icslanes: error: --color-of \"Team=blurple\": \"blurple\" is not a colour: use #rrggbb or a CSS name such as teal\n"
    )
    let shape = try CommandRunner.run(
      [ColorSettingTests.team, "--color-of", "Team"] + ColorSettingTests.august)
    #expect(shape.status == 64)
    #expect(shape.stderr.contains("is not NAME=COLOUR"))
  }
}
