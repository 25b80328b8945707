#!/usr/bin/env python3
"""Runs two icslanes binaries over the same feeds and lists every difference.

For each feed (the samples, every .ics under --corpus when that folder exists, and that
corpus again as one folder of .ics files) it runs both binaries on several months and zones
with `--format json --stats`, once plainly, once through an index (built cold, then read warm)
and, for a file, once from standard input, and compares stdout, stderr and the exit code.
Index and temporary paths are the same for both binaries, so messages that name them match.

Usage: Scripts/same-output.py OLD NEW [--corpus DIR] [--quick] [--jobs N]
Exit 0 when nothing differs, 1 otherwise.
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

MONTHS = ["2024-08", "2019-03", "2010-01"]
DETAILS = ("description", "descriptionTruncated", "url", "status", "organizer", "attendees")
WITHOUT_DETAILS = False
ZONES = ["UTC", "America/New_York"]
TIMEOUT = 120


def feeds(repo: Path, corpus: Path | None) -> list[Path]:
    samples = repo / "Samples"
    folders = [p for p in samples.iterdir() if (p / "displayname").exists()]
    found = sorted(p for p in samples.rglob("*.ics") if not any(f in p.parents for f in folders))
    found += sorted(folders)
    if corpus and corpus.is_dir():
        found += sorted(corpus.rglob("*.ics"))
    return found


def corpus_folder(corpus: Path, scratch: Path) -> Path:
    """A folder of links to every .ics of `corpus`, each named after its path there: the corpus
    read as one calendar folder, as khal and vdirsyncer keep one."""
    folder = scratch / "corpus-folder"
    folder.mkdir()
    for file in sorted(corpus.rglob("*.ics")):
        name = str(file.relative_to(corpus)).replace("/", "__")
        (folder / name).symlink_to(file.resolve())
    return folder


def run(binary: str, args: list[str], stdin: Path | None, cwd: str) -> tuple:
    """One run's (exit code, stdout digest, stderr text), or a timeout marker."""
    try:
        with open(stdin, "rb") if stdin else open(os.devnull, "rb") as source:
            done = subprocess.run(
                [binary, *args], stdin=source, capture_output=True, timeout=TIMEOUT, cwd=cwd
            )
    except subprocess.TimeoutExpired:
        return ("timeout", "", "")
    out = hashlib.sha256(without_details(done.stdout) if WITHOUT_DETAILS else done.stdout).hexdigest()
    return (done.returncode, out, done.stderr.decode("utf-8", "replace"))


def without_details(stdout: bytes) -> bytes:
    """JSON output with the segments' optional event details removed (other output as is)."""
    try:
        value = json.loads(stdout)
    except ValueError:
        return stdout

    def strip(node):
        if isinstance(node, dict):
            if "uid" in node and "firstDay" in node:
                for key in DETAILS:
                    node.pop(key, None)
            for child in node.values():
                strip(child)
        elif isinstance(node, list):
            for child in node:
                strip(child)

    strip(value)
    return json.dumps(value, sort_keys=True).encode()


def cases(feed: Path, quick: bool) -> list[tuple[str, list[str], Path | None, bool]]:
    """(label, arguments, standard input, uses the index) for one feed."""
    months = MONTHS[:1] if quick else MONTHS
    zones = ZONES[:1] if quick else ZONES
    result = []
    for month in months:
        for zone in zones:
            common = ["--month", month, "--tz", zone, "--format", "json", "--stats"]
            result.append((f"{month} {zone}", [str(feed), *common], None, False))
            result.append((f"{month} {zone} index", [str(feed), *common], None, True))
            if feed.is_file():
                if month == months[0]:
                    result.append((f"{month} {zone} stdin", ["-", *common], feed, False))
    result.append(("text", [str(feed), "--month", months[0], "--tz", zones[0], "--width", "100"], None, False))
    return result


def compare(old: str, new: str, feed: Path, quick: bool) -> list[str]:
    differences = []
    for label, args, stdin, indexed in cases(feed, quick):
        with tempfile.TemporaryDirectory(prefix="same-output-") as scratch:
            answers = []
            for binary in (old, new):
                index = Path(scratch) / "feed.idx"
                extra = ["--index", str(index)] if indexed else []
                first = run(binary, [*args, *extra], stdin, scratch)
                second = run(binary, [*args, *extra], stdin, scratch) if indexed else None
                answers.append((first, second))
                if index.exists():
                    index.unlink()
                for leftover in Path(scratch).iterdir():
                    if leftover.is_dir():
                        shutil.rmtree(leftover)
                    else:
                        leftover.unlink()
            if answers[0] != answers[1]:
                differences.append(describe(feed, label, answers[0], answers[1]))
            if any(a[0] == "timeout" for pair in answers for a in pair if a):
                differences.append(f"{feed} [{label}]: timeout")
    return differences


def describe(feed: Path, label: str, old: tuple, new: tuple) -> str:
    lines = [f"{feed} [{label}]"]
    for name, o, n in (("cold", old[0], new[0]), ("warm", old[1], new[1])):
        if o == n:
            continue
        if o[0] != n[0]:
            lines.append(f"  {name} exit {o[0]} -> {n[0]}")
        if o[1] != n[1]:
            lines.append(f"  {name} stdout differs")
        if o[2] != n[2]:
            lines.append(f"  {name} stderr: {o[2][:300]!r}")
            lines.append(f"  {name}      -> {n[2][:300]!r}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    repo = Path(__file__).resolve().parent.parent
    parser.add_argument("--corpus", type=Path, default=repo.parent / "shared/corpus/files")
    parser.add_argument("--quick", action="store_true", help="one month and one zone")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--without-details", action="store_true",
        help="compare JSON without the segments' event details (description, url, ...)")
    options = parser.parse_args()
    global WITHOUT_DETAILS
    WITHOUT_DETAILS = options.without_details
    old, new = (str(Path(b).resolve()) for b in (options.old, options.new))
    todo = feeds(repo, options.corpus)
    differences: list[str] = []
    with tempfile.TemporaryDirectory(prefix="same-output-folders-") as scratch:
        if options.corpus and options.corpus.is_dir():
            todo.append(corpus_folder(options.corpus, Path(scratch)))
        with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
            for found in pool.map(lambda f: compare(old, new, f, options.quick), todo):
                differences.extend(found)
    for difference in differences:
        print(difference)
    print(f"{len(todo)} feeds, {len(differences)} differences")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
