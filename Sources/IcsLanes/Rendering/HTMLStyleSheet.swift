/// The style sheet of the HTML month page: inline, so the page needs nothing from the network.
///
/// A week row is as tall as a day number and ``HTMLMonthRenderer/rowLanes`` lanes (8.3rem), so
/// that every row of a month is the same height and the page's own lane cap fits it. Light and
/// dark colours follow `prefers-color-scheme`; print shows every month, one per landscape
/// sheet, with up to ``HTMLMonthRenderer/printedLanes`` lanes and a list of the rest under
/// each row, nothing to open; under 40rem the bars shrink and drop their start time (a week
/// view keeps it). The overlays (detail cards, a day's list) are fixed above everything and
/// open by `:target`, one at a time.
///
/// Public so that a site embedding ``HTMLMonthRenderer/fragment(_:)-([MonthLayout])`` can serve it.
public enum HTMLStyleSheet {
  /// The style sheet's text.
  public static let css = """
    :root { --line: #d0d4da; --muted: #5f6670; --today: #fff4c2; --outside: #f6f7f9;
      --ink: #1d2025; --page: #fff; --link: #2457c5; --pop: #fff; --shadow: rgba(0,0,0,.18);
      font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK JP",
        "Noto Sans CJK KR", sans-serif; color: var(--ink); background: var(--page); }
    @media (prefers-color-scheme: dark) {
      :root { --line: #3b414a; --muted: #a9b0ba; --today: #3a3413; --outside: #1b1e23;
        --ink: #e8eaed; --page: #121418; --link: #8ab4f8; --pop: #23272e;
        --shadow: rgba(0,0,0,.6); }
    }
    body { margin: 1.5rem; }
    .month { max-width: 70rem; margin: 0 auto 2rem; }
    .icslanes:has(.month:target, .month :target) .month:not(:target):not(:has(:target)) {
      display: none; }
    .icslanes:not(:has(.month:target, .month :target)) .month:not(:first-of-type) {
      display: none; }
    .month > header { display: flex; align-items: center; gap: 1rem; margin-bottom: .6rem; }
    .month h1 { font-size: 1.5rem; margin: 0; flex: 1; text-align: center; }
    .nav { min-width: 9rem; color: var(--link); text-decoration: none; font-size: .95rem; }
    .nav.next { text-align: right; }
    .nav:hover { text-decoration: underline; }
    .weekdays, .week { display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); }
    .weekdays { border: 1px solid var(--line); border-bottom: none; }
    .weekdays div { padding: .3rem .45rem; font-size: .8rem; font-weight: 600; color: var(--muted);
      text-transform: uppercase; border-left: 1px solid var(--line); }
    .weekdays div:first-child { border-left: none; }
    .grid { border: 1px solid var(--line); border-top: none; }
    .week { min-height: 8.3rem; row-gap: 2px; grid-template-rows: 1.9rem 1fr;
      border-top: 1px solid var(--line); position: relative; }
    .week[style] { grid-template-rows: 1.9rem repeat(var(--rows), 1.55rem) 1fr; }
    .day { grid-row: 1 / -1; border-left: 1px solid var(--line); margin-bottom: -2px; }
    .day:first-child { border-left: none; }
    .day.hidden { background: var(--outside); }
    .day.outside .num { color: var(--muted); }
    .day.today { background: var(--today); }
    .num { display: inline-block; margin: .25rem .4rem 0; font-size: .85rem; min-width: 1.4rem;
      height: 1.4rem; line-height: 1.4rem; text-align: center; border-radius: .7rem; }
    .today .num { background: #c5221f; color: #fff; font-weight: 700; }
    .bar { position: relative; z-index: 1; margin: 0 .3rem; padding: 0 .5rem; overflow: hidden;
      white-space: nowrap; text-overflow: ellipsis; font-size: .8rem; line-height: 1.55rem;
      border-radius: .3rem; background: var(--c); color: #fff; display: block;
      text-decoration: none; }
    .bar.x { display: none; }
    .bar:focus-visible, .more:focus-visible, .overlay a:focus-visible {
      outline: 2px solid var(--link); outline-offset: 1px; }
    .bar.light { color: #000; }
    .bar .time { font-weight: 600; margin-right: .35rem; }
    .bar.cb { margin-left: 0; border-top-left-radius: 0; border-bottom-left-radius: 0;
      padding-left: .9rem;
      clip-path: polygon(0 0, 100% 0, 100% 100%, 0 100%, .5rem 50%); }
    .bar.ca { margin-right: 0; border-top-right-radius: 0; border-bottom-right-radius: 0;
      padding-right: .9rem;
      clip-path: polygon(0 0, calc(100% - .5rem) 0, 100% 50%, calc(100% - .5rem) 100%, 0 100%); }
    .bar.cb.ca { clip-path: polygon(0 0, calc(100% - .5rem) 0, 100% 50%,
      calc(100% - .5rem) 100%, 0 100%, .5rem 50%); }
    .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
      white-space: nowrap; }
    .more { display: block; margin: 0 .45rem; padding: 0 .2rem; font-size: .78rem;
      font-weight: 600; color: var(--ink); line-height: 1.55rem; border-radius: .3rem;
      white-space: nowrap; text-decoration: none; }
    .more:hover { background: var(--outside); }
    .printed { display: none; grid-column: 1 / -1; position: relative; z-index: 1;
      margin: .1rem 0 0; padding: .15rem .4rem .3rem; background: var(--page);
      border-top: 1px solid var(--line); list-style: none; font-size: .68rem; columns: 2; }
    .printed li { break-inside: avoid; }
    .printed li::before { content: ""; display: inline-block; width: .6rem; height: .6rem;
      margin-right: .3rem; border-radius: .15rem; background: var(--c); }
    .printed li.rest::before { display: none; }
    .printed .at { color: var(--muted); }
    .overlay { display: none; position: fixed; z-index: 100; left: 50%; top: 50%;
      transform: translate(-50%, -50%); box-sizing: border-box;
      width: min(26rem, calc(100vw - 1.5rem)); max-height: min(60vh, 24rem); overflow: auto;
      padding: 0 1rem .8rem; background: var(--pop); color: var(--ink);
      border: 1px solid var(--line); border-radius: .6rem;
      box-shadow: 0 0 0 100vmax rgba(0,0,0,.35), 0 8px 28px var(--shadow); }
    .overlay:target { display: block; }
    .overlay a { color: var(--link); }
    .card { border-top: .45rem solid var(--c); }
    .head { display: flex; align-items: flex-start; gap: .5rem; position: sticky; top: 0;
      padding-top: .7rem; background: var(--pop); }
    .head h2 { flex: 1; margin: 0 0 .4rem; font-size: 1.05rem; overflow-wrap: anywhere; }
    .overlay .close { color: var(--muted); font-size: 1.4rem; line-height: 1; padding: 0 .35rem;
      text-decoration: none; border-radius: .3rem; }
    .overlay .close:hover { background: var(--outside); }
    .when { margin: 0 0 .5rem; font-size: .9rem; }
    .card dl { display: grid; grid-template-columns: auto 1fr; gap: .2rem .8rem; margin: .5rem 0;
      font-size: .88rem; }
    .card dt { color: var(--muted); }
    .card dd { margin: 0; overflow-wrap: anywhere; }
    .desc { white-space: pre-wrap; overflow-wrap: anywhere; font-size: .88rem;
      border-top: 1px solid var(--line); padding-top: .5rem; }
    .url { font-size: .88rem; overflow-wrap: anywhere; margin-bottom: 0; }
    .day-list ul { margin: 0; padding: 0; list-style: none; }
    .day-list li { line-height: 1.6rem; white-space: nowrap; overflow: hidden;
      text-overflow: ellipsis; font-size: .88rem; }
    .day-list li a { color: var(--ink); text-decoration: none; }
    .day-list li a:hover { text-decoration: underline; }
    .day-list .time { font-weight: 600; margin-right: .35rem; }
    .day-list li.rest::before { display: none; }
    .day-list li::before { content: ""; display: inline-block; width: .6rem; height: .6rem;
      border-radius: 50%; margin-right: .4rem; background: var(--c); vertical-align: .05rem; }
    .legend { display: flex; flex-wrap: wrap; gap: .4rem 1.2rem; margin-top: .7rem;
      font-size: .85rem; }
    .legend span::before { content: ""; display: inline-block; width: .8rem; height: .8rem;
      border-radius: .2rem; margin-right: .35rem; vertical-align: -.1rem; background: var(--c); }
    .note { color: var(--muted); font-size: .8rem; margin-top: .4rem; }
    @media (max-width: 40rem) {
      body { margin: .5rem; }
      .month > header { gap: .3rem; }
      .month h1 { font-size: 1.15rem; }
      .nav { min-width: 0; font-size: .8rem; }
      .weekdays div { padding: .2rem; font-size: .65rem; text-align: center; }
      .week { min-height: 6.4rem; }
      .num { margin: .15rem .1rem 0; font-size: .75rem; }
      .bar { margin: 0 1px; padding: 0 .2rem; font-size: .68rem; text-overflow: clip; }
      .bar .time { display: none; }
      .week-view .bar .time { display: inline; margin-right: .2rem; }
      .bar.cb { padding-left: .45rem; }
      .bar.ca { padding-right: .45rem; }
      .more { margin: 0 .1rem; font-size: .7rem; }
      .more .word { display: none; }
    }
    @page { size: landscape; margin: 1cm; }
    @media print {
      :root { --line: #9aa0a6; --today: transparent; --page: #fff; --ink: #000; }
      .overlay, .overlay:target, a.more { display: none; }
      .bar.x, .printed { display: block; }
      .week { min-height: 4.5rem; break-inside: avoid; }
      .week[style] { grid-template-rows: 1.4rem repeat(var(--all), 1.1rem) 1fr; }
      .bar { line-height: 1.1rem; font-size: .66rem; }
      .month > header { margin-bottom: .3rem; }
      .month h1 { font-size: 1.2rem; }
      body { margin: 0; }
      .icslanes .month,
      .icslanes:not(:has(.month:target, .month :target)) .month:not(:first-of-type),
      .icslanes:has(.month:target, .month :target) .month:not(:target):not(:has(:target)) {
        display: block; }
      .month { max-width: none; margin: 0; break-after: page; break-inside: avoid; }
      .month:last-of-type { break-after: auto; }
      .nav { visibility: hidden; }
      .bar, .legend span::before, .printed li::before, .today .num {
        -webkit-print-color-adjust: exact; print-color-adjust: exact; }
    }
    """
}
