#!/usr/bin/env python3
"""Runs axe-core over every HTML page icslanes makes of the samples, in headless Chromium.

    python3 Scripts/axe-check.py BINARY [SAMPLES_DIR]

Needs a Python with `axe-playwright-python` (PyPI; a venv outside the repository) and a
Chromium (Debian's `chromium`, or CHROMIUM=path). Each .ics under SAMPLES_DIR (default
Samples/, folders included) is rendered with `--format html` for August 2024 and its first
DTSTART's month, in light and dark colour schemes, plus each sample's week page; every page
is opened from a file and checked by axe-core's rules. Prints each violation and exits 1 when
there is any.
"""

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import sync_playwright


def months(feed: Path) -> list[str]:
    found = ["2024-08"]
    if feed.is_file():
        text = feed.read_text(errors="replace")
        match = re.search(r"^DTSTART[^:\n]*:(\d{4})(\d{2})", text, re.M)
        if match and match.group(1) + "-" + match.group(2) not in found:
            found.append(match.group(1) + "-" + match.group(2))
    return found


def pages(binary: str, samples: Path, out: Path) -> list[Path]:
    feeds = sorted(samples.rglob("*.ics"))
    feeds = [f for f in feeds if not (f.parent / "displayname").exists()]
    feeds += sorted(p for p in samples.iterdir() if (p / "displayname").exists())
    written = []
    for number, feed in enumerate(feeds):
        runs = [["--month", m, "--format", "html"] for m in months(feed)]
        runs.append(["--week", "2024-W32", "--format", "html"])
        for index, extra in enumerate(runs):
            result = subprocess.run(
                [binary, str(feed), "--no-config", "--tz", "Europe/Berlin", *extra],
                capture_output=True, timeout=120)
            if result.returncode != 0 or not result.stdout:
                continue
            page = out / f"{number:03d}-{index}-{feed.stem}.html"
            page.write_bytes(result.stdout)
            written.append(page)
    return written


def main() -> int:
    binary = sys.argv[1]
    samples = Path(sys.argv[2] if len(sys.argv) > 2 else "Samples")
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    axe = Axe()
    violations = 0
    checked = 0
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for page_file in pages(binary, samples, Path(folder)):
            for scheme in ["light", "dark"]:
                page = browser.new_page(color_scheme=scheme)
                page.goto(page_file.as_uri())
                result = axe.run(page)
                checked += 1
                for violation in result.response["violations"]:
                    violations += 1
                    nodes = len(violation["nodes"])
                    print(f"{page_file.name} ({scheme}): {violation['id']} on {nodes} node(s): "
                          f"{violation['help']}", flush=True)
                page.close()
            print(f"{page_file.name}: checked", flush=True)
        browser.close()
    print(f"axe-check: {checked} page views, {violations} violation(s)", flush=True)
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
