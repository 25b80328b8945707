import Foundation
import LaneLayout

/// Links between month pages, wrapped around the page ``HTMLMonthRenderer`` writes: previous,
/// today and next as plain links (the page works without script), a month picker, notices
/// (a feed that failed to refresh) and, when given, a script that follows the links on the ←
/// and → keys. The server's pages and `icslanes site`'s static pages both use it.
public struct HTMLPageNavigation: Sendable, Hashable {
  /// How a reader picks any month.
  public enum Picker: Sendable, Hashable {
    /// A form that sends `month=YYYY-MM` to `action`, with the hidden fields given (the page's
    /// other query parameters), for a server.
    case form(action: String, hidden: [Field], value: YearMonth)
    /// A list of links, for static pages.
    case links([Link])
  }

  /// A hidden field of the picker's form.
  public struct Field: Sendable, Hashable {
    /// The field's name.
    public var name: String
    /// Its value, as text (escaped when written).
    public var value: String
    /// A field of this name and value.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// A link to a month's page.
  public struct Link: Sendable, Hashable {
    /// The month the link goes to, named in its text.
    public var month: YearMonth
    /// The link's address, as given (escaped when written).
    public var href: String
    /// A link to `month`'s page at `href`.
    public init(month: YearMonth, href: String) {
      self.month = month
      self.href = href
    }
  }

  /// The page of the months before.
  public var previous: Link?
  /// The address of today's month's page.
  public var today: String?
  /// The page of the months after.
  public var next: Link?
  /// How any month is picked.
  public var picker: Picker?
  /// Lines shown above the month, as text (escaped here).
  public var notices: [String] = []
  /// The address of a script the page loads (the ←/→ keys): never inline, so that a
  /// Content-Security-Policy without inline script allows it.
  public var scriptSource: String?

  /// A pager with these parts; each left out is not shown.
  public init(
    previous: Link? = nil, today: String? = nil, next: Link? = nil, picker: Picker? = nil,
    notices: [String] = [], scriptSource: String? = nil
  ) {
    self.previous = previous
    self.today = today
    self.next = next
    self.picker = picker
    self.notices = notices
    self.scriptSource = scriptSource
  }

  /// The script of ``scriptSource``: ← and → follow the previous and next links, unless a
  /// field has the focus or a modifier key is held.
  public static let keyScript = """
    document.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      var target = event.target;
      if (target && /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(target.tagName)) return;
      var rel = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
      if (!rel) return;
      var link = document.querySelector('nav.pager a[rel="' + rel + '"]');
      if (link) { event.preventDefault(); window.location.href = link.href; }
    });

    """

  /// The pager's style: a bar above the month, in the page's colours.
  static let css = """
    nav.pager { max-width: 70rem; margin: 0 auto 1rem; display: flex; flex-wrap: wrap;
      align-items: center; gap: .5rem 1rem; font-size: .95rem; }
    nav.pager a { color: var(--link); text-decoration: none; }
    nav.pager a:hover { text-decoration: underline; }
    nav.pager .today { font-weight: 600; }
    nav.pager form, nav.pager details { margin-left: auto; }
    nav.pager input, nav.pager button { font: inherit; color: inherit; background: var(--page);
      border: 1px solid var(--line); border-radius: .3rem; padding: .1rem .4rem; }
    nav.pager details ul { list-style: none; margin: .3rem 0 0; padding: 0; columns: 3; }
    .notice { max-width: 70rem; margin: 0 auto 1rem; padding: .5rem .8rem; border-radius: .3rem;
      border: 1px solid #d9a400; background: var(--today); }
    @media print { nav.pager, .notice { display: none; } }

    """

  /// The pager, notices included, as HTML.
  func html(names: CalendarNames) -> String {
    var html = "<nav class=\"pager\" aria-label=\"Months\">"
    if let previous {
      html +=
        "<a rel=\"prev\" href=\"\(HTMLText.escape(previous.href))\">‹ \(HTMLText.escape(names.title(of: previous.month)))</a>"
    }
    if let today {
      html += "<a class=\"today\" href=\"\(HTMLText.escape(today))\">Today</a>"
    }
    if let next {
      html +=
        "<a rel=\"next\" href=\"\(HTMLText.escape(next.href))\">\(HTMLText.escape(names.title(of: next.month))) ›</a>"
    }
    switch picker {
    case .form(let action, let hidden, let value):
      html += "<form method=\"get\" action=\"\(HTMLText.escape(action))\">"
      html +=
        "<label>Month <input type=\"month\" name=\"month\" value=\"\(value)\" required></label>"
      for field in hidden {
        html +=
          "<input type=\"hidden\" name=\"\(HTMLText.escape(field.name))\" value=\"\(HTMLText.escape(field.value))\">"
      }
      html += "<button type=\"submit\">Go</button></form>"
    case .links(let links):
      html += "<details><summary>Months</summary><ul>"
      for link in links {
        html +=
          "<li><a href=\"\(HTMLText.escape(link.href))\">\(HTMLText.escape(names.title(of: link.month)))</a></li>"
      }
      html += "</ul></details>"
    case nil:
      break
    }
    html += "</nav>\n"
    for notice in notices {
      html += "<p class=\"notice\" role=\"status\">\(HTMLText.escape(notice))</p>\n"
    }
    return html
  }
}

extension HTMLMonthRenderer {
  /// The page of ``render(_:)-([MonthLayout])`` with `navigation` above its months: the
  /// renderer's page, wrapped (its own markup unchanged).
  public func page(_ layouts: [MonthLayout], navigation: HTMLPageNavigation) -> String {
    var page = render(layouts)
    let style = "<style>\n" + HTMLPageNavigation.css + "</style>\n"
    if let head = page.range(of: "</head>") {
      page.insert(contentsOf: style, at: head.lowerBound)
    }
    // After the opening `<main …>` tag, whatever its attributes.
    if let main = page.range(of: "<main"), let close = page[main.upperBound...].range(of: ">\n") {
      page.insert(contentsOf: navigation.html(names: names), at: close.upperBound)
    }
    if let source = navigation.scriptSource,
      let end = page.range(of: "</body>", options: .backwards)
    {
      page.insert(
        contentsOf: "<script src=\"\(HTMLText.escape(source))\"></script>\n", at: end.lowerBound)
    }
    return page
  }
}
