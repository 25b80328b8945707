import CLibical
import LaneLayout

extension EventParser {
  /// The details only a kept event's parse reads (the survey leaves them to libical).
  static let detailProperties: Set<String> = ["DESCRIPTION", "ORGANIZER", "ATTENDEE"]

  /// What a parsed VEVENT says about itself beyond its times: DESCRIPTION (cut to
  /// ``EventDetails/descriptionLimit``), URL, STATUS, ORGANIZER (its CN, else its address) and
  /// how many ATTENDEEs it lists; nil when it says none of it. Only kept events are parsed, so
  /// only they pay for this.
  static func details(of component: OpaquePointer) -> EventDetails? {
    var details = EventDetails()
    var attendees = 0
    var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
    while let current = property {
      defer { property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY) }
      switch icalproperty_isa(current) {
      case ICAL_DESCRIPTION_PROPERTY where details.description == nil:
        let text = string(icalproperty_get_description(current))
        if !text.isEmpty { details.setDescription(text) }
      case ICAL_URL_PROPERTY where details.url == nil:
        let text = string(icalproperty_get_url(current)).trimmingASCIIWhitespace()
        if !text.isEmpty { details.url = text }
      case ICAL_STATUS_PROPERTY:
        details.status = status(icalproperty_get_status(current))
      case ICAL_ORGANIZER_PROPERTY where details.organizer == nil:
        details.organizer = organizer(current)
      case ICAL_ATTENDEE_PROPERTY:
        attendees += 1
      default:
        break
      }
    }
    if attendees > 0 { details.attendeeCount = attendees }
    return details.isEmpty ? nil : details
  }

  /// The STATUS values a VEVENT may have.
  private static func status(_ value: icalproperty_status) -> EventDetails.Status? {
    switch value {
    case ICAL_STATUS_TENTATIVE: .tentative
    case ICAL_STATUS_CONFIRMED: .confirmed
    case ICAL_STATUS_CANCELLED: .cancelled
    default: nil
    }
  }

  /// An ORGANIZER's CN, else its address without `mailto:`; nil when both are empty.
  private static func organizer(_ property: OpaquePointer) -> String? {
    if let parameter = icalproperty_get_first_parameter(property, ICAL_CN_PARAMETER) {
      let name = string(icalparameter_get_cn(parameter)).trimmingASCIIWhitespace()
      if !name.isEmpty { return name }
    }
    var address = string(icalproperty_get_organizer(property))
    if address.lowercased().hasPrefix("mailto:") { address.removeFirst(7) }
    address = address.trimmingASCIIWhitespace()
    return address.isEmpty ? nil : address
  }
}
