import Foundation
import LaneLayout

/// The few words views print besides names of months and days: `more`, `all day`, `and N
/// more`, the agenda's `today` and `no events`, and the detail card's labels. Foundation's
/// locale data has none of them, so they come from this small table: English, German, French,
/// Spanish, Japanese, Korean and Chinese.
public struct CalendarPhrases: Sendable, Hashable {
  /// After the count of hidden events: `+3 more`, `+3 weitere`, `+3 件`.
  public var more: String
  /// An all-day event's time: `all day`, `ganztägig`, `終日`.
  public var allDay: String
  /// The last line of a cut list, with `%d` for the count: `and %d more`.
  public var andMore: String
  /// The close control's label.
  public var close: String
  /// What stands for an empty title.
  public var noTitle: String
  /// The detail card's labels.
  public var location: String, calendar: String, status: String, organizer: String
  /// The detail card's label for the attendee count.
  public var attendees: String
  /// STATUS values, TENTATIVE, CONFIRMED, CANCELLED in that order.
  public var statuses: [String]
  /// Before a week's first day, for screen readers: `Week of`.
  public var weekOf: String
  /// A week view's number, with `%d` for it: `Week %d`, `Woche %d`, `第%d週`.
  public var week: String = "Week %d"
  /// After today's date in the agenda: `today`, `heute`, `今日`.
  public var today: String = "today"
  /// The agenda's line for a month or range with nothing in it.
  public var noEvents: String = "no events"

  /// `Week 32` for `number`.
  public func week(_ number: Int) -> String {
    week.replacingOccurrences(of: "%d", with: "\(number)")
  }

  /// `and N more` for `count`.
  public func andMore(_ count: Int) -> String {
    andMore.replacingOccurrences(of: "%d", with: "\(count)")
  }

  /// The words for a STATUS value.
  public func status(_ value: EventDetails.Status) -> String {
    switch value {
    case .tentative: statuses[0]
    case .confirmed: statuses[1]
    case .cancelled: statuses[2]
    }
  }

  /// The English phrases.
  public static let english = CalendarPhrases(
    more: "more", allDay: "all day", andMore: "and %d more", close: "Close",
    noTitle: "(no title)", location: "Location", calendar: "Calendar", status: "Status",
    organizer: "Organizer", attendees: "Attendees",
    statuses: ["Tentative", "Confirmed", "Cancelled"], weekOf: "Week of")

  /// The phrases of a language (`de`, `fr`, `es`, `ja`, `ko`, `zh`), English for the others.
  public static func of(language: String) -> CalendarPhrases {
    table[language.lowercased()] ?? english
  }

  private static let table: [String: CalendarPhrases] = [
    "de": CalendarPhrases(
      more: "weitere", allDay: "ganztägig", andMore: "und %d weitere", close: "Schließen",
      noTitle: "(kein Titel)", location: "Ort", calendar: "Kalender", status: "Status",
      organizer: "Organisator", attendees: "Teilnehmende",
      statuses: ["Vorläufig", "Bestätigt", "Abgesagt"], weekOf: "Woche ab", week: "Woche %d",
      today: "heute", noEvents: "keine Termine"),
    "fr": CalendarPhrases(
      more: "autres", allDay: "toute la journée", andMore: "et %d autres", close: "Fermer",
      noTitle: "(sans titre)", location: "Lieu", calendar: "Agenda", status: "Statut",
      organizer: "Organisateur", attendees: "Participants",
      statuses: ["Provisoire", "Confirmé", "Annulé"], weekOf: "Semaine du", week: "Semaine %d",
      today: "aujourd’hui", noEvents: "aucun événement"),
    "es": CalendarPhrases(
      more: "más", allDay: "todo el día", andMore: "y %d más", close: "Cerrar",
      noTitle: "(sin título)", location: "Ubicación", calendar: "Calendario", status: "Estado",
      organizer: "Organizador", attendees: "Asistentes",
      statuses: ["Provisional", "Confirmado", "Cancelado"], weekOf: "Semana del", week: "Semana %d",
      today: "hoy", noEvents: "sin eventos"),
    "ja": CalendarPhrases(
      more: "件", allDay: "終日", andMore: "他 %d 件", close: "閉じる", noTitle: "(タイトルなし)",
      location: "場所", calendar: "カレンダー", status: "ステータス", organizer: "主催者",
      attendees: "参加者", statuses: ["仮", "確定", "キャンセル"], weekOf: "週の始まり", week: "第%d週",
      today: "今日", noEvents: "予定なし"),
    "ko": CalendarPhrases(
      more: "개 더보기", allDay: "종일", andMore: "외 %d개", close: "닫기", noTitle: "(제목 없음)",
      location: "위치", calendar: "캘린더", status: "상태", organizer: "주최자", attendees: "참석자",
      statuses: ["미정", "확정", "취소됨"], weekOf: "주 시작", week: "%d주차",
      today: "오늘", noEvents: "일정 없음"),
    "zh": CalendarPhrases(
      more: "更多", allDay: "全天", andMore: "还有 %d 个", close: "关闭", noTitle: "(无标题)",
      location: "地点", calendar: "日历", status: "状态", organizer: "组织者", attendees: "参与者",
      statuses: ["暂定", "已确认", "已取消"], weekOf: "周起始", week: "第%d周",
      today: "今天", noEvents: "无日程"),
  ]
}
