#!/usr/bin/env python3
"""Reads every HTML page icslanes makes of the samples with an HTML parser that is not ours.

    python3 Scripts/html-check.py BINARY [SAMPLES_DIR]

Each .ics under SAMPLES_DIR (default Samples/, the hostile ones included) is rendered with
`--format html` for three months from its first DTSTART's month (August 2024 when it has
none), and parsed with Python's html.parser, which reads tags and attributes as a browser's
tokenizer does. A page may hold only the elements and attributes the renderer writes: any
other name (an `onmouseover` a title smuggled out of an attribute, a `<script>` from a
calendar name) means feed text escaped the escaping. Exits 1 on the first such page.
"""

import os
import re
import subprocess
import sys
from html.parser import HTMLParser

TAGS = {
    "a", "body", "dd", "details", "div", "dl", "dt", "h1", "h2", "head", "header", "html", "li",
    "main", "meta", "p", "section", "span", "style", "summary", "title", "ul",
}
ATTRIBUTES = {
    "aria-hidden", "aria-label", "aria-labelledby", "charset", "class", "content", "data-day", "href", "id",
    "lang", "name", "rel", "role", "style", "tabindex", "title",
}


class Page(HTMLParser):
    """Collects the element and attribute names of one page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.unexpected = []

    def handle_starttag(self, tag, attrs):
        if tag not in TAGS:
            self.unexpected.append(f"element <{tag}>")
        for name, _ in attrs:
            if name not in ATTRIBUTES:
                self.unexpected.append(f"attribute {name!r} on <{tag}>")


def month_of(path):
    """The YYYY-MM of the feed's first DTSTART, else 2024-08."""
    with open(path, "rb") as feed:
        found = re.search(rb"DTSTART[^:\r\n]*:(\d{4})(\d{2})", feed.read())
    if found and b"01" <= found.group(2) <= b"12" and found.group(1) != b"0000":
        return f"{found.group(1).decode()}-{found.group(2).decode()}"
    return "2024-08"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    root = sys.argv[2] if len(sys.argv) > 2 else "Samples"
    environment = dict(os.environ, NO_COLOR="1", HOME="/nonexistent", XDG_CONFIG_HOME="/nonexistent")
    pages = 0
    for folder, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            if not name.endswith(".ics"):
                continue
            path = os.path.join(folder, name)
            run = subprocess.run(
                [binary, path, "--month", month_of(path), "--months", "3", "--tz", "Europe/Berlin",
                 "--format", "html", "--no-config"],
                capture_output=True, env=environment, timeout=60)
            if not run.stdout:
                continue  # a feed that does not load (its message is tested elsewhere)
            page = Page()
            page.feed(run.stdout.decode("utf-8"))
            page.close()
            pages += 1
            if page.unexpected:
                print(f"html-check: {path}: {', '.join(sorted(set(page.unexpected)))}")
                sys.exit(1)
    print(f"html-check: {pages} pages, only the renderer's own elements and attributes")


if __name__ == "__main__":
    main()
