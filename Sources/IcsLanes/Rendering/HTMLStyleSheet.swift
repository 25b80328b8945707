/// The style sheet of the HTML month page: inline, so the page needs nothing from the network.
enum HTMLStyleSheet {
  static let css = """
    :root { --line: #d0d4da; --muted: #8a9099; --today: #fff4c2; --outside: #f6f7f9;
      font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK JP",
        "Noto Sans CJK KR", sans-serif; color: #1d2025; background: #fff; }
    body { margin: 1.5rem; }
    .month { max-width: 70rem; margin: 0 auto 2rem; }
    main:has(.month:target) .month:not(:target) { display: none; }
    main:not(:has(.month:target)) .month:not(:first-of-type) { display: none; }
    .month > header { display: flex; align-items: center; gap: 1rem; margin-bottom: .6rem; }
    .month h1 { font-size: 1.5rem; margin: 0; flex: 1; text-align: center; }
    .nav { min-width: 9rem; color: #2457c5; text-decoration: none; font-size: .95rem; }
    .nav.next { text-align: right; }
    .nav:hover { text-decoration: underline; }
    .weekdays, .week { display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); }
    .weekdays { border: 1px solid var(--line); border-bottom: none; }
    .weekdays div { padding: .3rem .45rem; font-size: .8rem; font-weight: 600; color: var(--muted);
      text-transform: uppercase; border-left: 1px solid var(--line); }
    .weekdays div:first-child { border-left: none; }
    .grid { border: 1px solid var(--line); border-top: none; }
    .week { min-height: 6.5rem; row-gap: 2px;
      border-top: 1px solid var(--line); position: relative; }
    .day { grid-row: 1 / -1; border-left: 1px solid var(--line); margin-bottom: -2px; }
    .day:first-child { border-left: none; }
    .day.hidden { background: var(--outside); }
    .day.outside .num { color: var(--muted); }
    .day.today { background: var(--today); }
    .num { display: inline-block; margin: .25rem .4rem 0; font-size: .85rem; min-width: 1.4rem;
      height: 1.4rem; line-height: 1.4rem; text-align: center; border-radius: .7rem; }
    .today .num { background: #d93025; color: #fff; font-weight: 700; }
    .bar { position: relative; z-index: 1; margin: 0 .3rem; padding: 0 .5rem; overflow: hidden;
      white-space: nowrap; text-overflow: ellipsis; font-size: .8rem; line-height: 1.55rem;
      border-radius: .3rem; background: var(--c); color: #fff; cursor: default; }
    .bar.light { color: #1d2025; }
    .bar .time { font-weight: 600; margin-right: .35rem; }
    .bar.cb { margin-left: 0; border-top-left-radius: 0; border-bottom-left-radius: 0;
      padding-left: .9rem;
      clip-path: polygon(0 0, 100% 0, 100% 100%, 0 100%, .5rem 50%); }
    .bar.ca { margin-right: 0; border-top-right-radius: 0; border-bottom-right-radius: 0;
      padding-right: .9rem;
      clip-path: polygon(0 0, calc(100% - .5rem) 0, 100% 50%, calc(100% - .5rem) 100%, 0 100%); }
    .bar.cb.ca { clip-path: polygon(0 0, calc(100% - .5rem) 0, 100% 50%,
      calc(100% - .5rem) 100%, 0 100%, .5rem 50%); }
    .more { position: relative; z-index: 1; margin: 0 .45rem; font-size: .78rem; font-weight: 600;
      color: #3c4043; line-height: 1.55rem; }
    .legend { display: flex; flex-wrap: wrap; gap: .4rem 1.2rem; margin-top: .7rem;
      font-size: .85rem; }
    .legend span::before { content: ""; display: inline-block; width: .8rem; height: .8rem;
      border-radius: .2rem; margin-right: .35rem; vertical-align: -.1rem; background: var(--c); }
    .note { color: var(--muted); font-size: .8rem; margin-top: .4rem; }
    """
}
