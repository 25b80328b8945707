#!/usr/bin/env python3
"""Compare icslanes' month layouts with a reference expansion by the Python package recurring-ical-events.

For every feed x month x display zone it runs

    ICSLANES FEED --month YYYY-MM --tz ZONE --format json [--week-start DAY]

collects the occurrences named by the segments (uid, recurrenceId, start, end; an occurrence that
spans several week rows is counted once) and compares them with the occurrences that
recurring-ical-events finds whose days (contract rule 1) meet the month's days.

It needs icalendar, recurring-ical-events and x-wr-timezone, so run it with a virtualenv's python
outside the repository, for example:

    python3 -m venv /work/venv-ref
    /work/venv-ref/bin/pip install -r Scripts/requirements-reference.txt
    /work/venv-ref/bin/python Scripts/compare_reference.py --icslanes .build/debug/icslanes \\
        --months 2024-01:2025-12 Samples/cases
    /work/venv-ref/bin/python Scripts/compare_reference.py --reference-only --months 2024-03 \\
        Samples/cases/dst-edges-berlin.ics

It prints each file's counts and every disagreement, then one line
`compared N occurrences over F files, M months, Z zones: K disagreements`, and exits 1 when K > 0
(2 for bad arguments). `--dump-reference OUT.json` writes the reference occurrences.
"""
from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import importlib.metadata
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

try:
    import icalendar
    import recurring_ical_events
    import x_wr_timezone
except ImportError as error:  # pragma: no cover - depends on the interpreter used
    sys.exit(f"{error}; run this with the reference virtualenv's python "
             "(pip install -r Scripts/requirements-reference.txt)")

DAY = dt.timedelta(days=1)
TICK = dt.timedelta(microseconds=1)
UTC = dt.timezone.utc
DEFAULT_ZONES = ["UTC", "Europe/Berlin", "America/Los_Angeles", "Asia/Tokyo", "Pacific/Auckland"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
REPO = Path(__file__).resolve().parent.parent


@dataclasses.dataclass(frozen=True)
class Occurrence:
    uid: str
    recurrence_id: str | None
    start: str
    end: str
    all_day: bool
    title: str
    first_day: dt.date
    last_day: dt.date
    instant: dt.datetime  # start instant, for sorting
    status: str = ""

    @property
    def key(self) -> tuple[str, str | None, str]:
        return (self.uid, self.recurrence_id, self.start)

    def as_json(self) -> dict:
        return {"uid": self.uid, "recurrenceId": self.recurrence_id, "title": self.title,
                "allDay": self.all_day, "start": self.start, "end": self.end}

    def describe(self) -> str:
        rid = "null" if self.recurrence_id is None else self.recurrence_id
        return f"uid={self.uid} recurrenceId={rid} start={self.start} end={self.end} title={self.title!r}"


# ---------------------------------------------------------------- arguments


def month_list(text: str) -> list[tuple[int, int]]:
    """'2024-01:2024-03,2024-10' -> [(2024, 1), (2024, 2), (2024, 3), (2024, 10)]."""
    months: list[tuple[int, int]] = []
    for part in text.split(","):
        first, _, last = part.strip().partition(":")
        try:
            year, month = (int(x) for x in first.split("-"))
            end_year, end_month = (int(x) for x in (last or first).split("-"))
            dt.date(year, month, 1), dt.date(end_year, end_month, 1)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not YYYY-MM or YYYY-MM:YYYY-MM: {part!r}") from None
        if (end_year, end_month) < (year, month):
            raise argparse.ArgumentTypeError(f"range runs backwards: {part!r}")
        while (year, month) <= (end_year, end_month):
            if (year, month) not in months:
                months.append((year, month))
            year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return months


def zone_list(text: str) -> list[str]:
    zones = [name.strip() for name in text.split(",") if name.strip()]
    for name in zones:
        try:
            ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            raise argparse.ArgumentTypeError(f"unknown IANA zone {name!r}") from None
    return zones


def feed_files(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.suffix.lower() == ".ics" and p.is_file()))
        elif path.is_file():
            files.append(path)
        else:
            raise SystemExit(f"no such file or directory: {name}")
    return files


def display_name(path: Path) -> str:
    try:
        return path.resolve().relative_to(REPO).as_posix()
    except ValueError:
        return str(path)


def month_days(year: int, month: int) -> tuple[dt.date, dt.date]:
    first = dt.date(year, month, 1)
    following = dt.date(year + month // 12, month % 12 + 1, 1)
    return first, following - DAY


# ---------------------------------------------------------------- the reference


def render(value: dt.date | dt.datetime, all_day: bool, zone: ZoneInfo) -> str:
    """The contract's form: a date for all-day, else a date-time with offset in the display zone."""
    if all_day:
        return (value.date() if isinstance(value, dt.datetime) else value).isoformat()
    # through UTC: astimezone() to the datetime's own tzinfo object returns it unchanged, which
    # would print a nonexistent wall time (02:30 on a spring-forward night) as if it existed
    return to_instant(value, zone).astimezone(UTC).astimezone(zone).isoformat(timespec="seconds")


def to_instant(value: dt.date | dt.datetime, zone: ZoneInfo) -> dt.datetime:
    """An aware datetime; floating times and bare dates are read in `zone` (RFC 5545 3.3.5: a
    nonexistent local time takes the offset from before the gap, a repeated one the first)."""
    if not isinstance(value, dt.datetime):
        value = dt.datetime.combine(value, dt.time())
    if value.tzinfo is None:
        value = value.replace(tzinfo=zone, fold=0)
    return value


def covered_days(start, end, all_day: bool, zone: ZoneInfo) -> tuple[dt.date, dt.date]:
    """Contract rule 1."""
    if all_day:
        first = start.date() if isinstance(start, dt.datetime) else start
        stop = end.date() if isinstance(end, dt.datetime) else end
        return first, (stop - DAY if stop > first else first)
    begin = to_instant(start, zone).astimezone(UTC)
    finish = to_instant(end, zone).astimezone(UTC)
    first = begin.astimezone(zone).date()
    return first, ((finish - TICK).astimezone(zone).date() if finish > begin else first)


def is_recurring(component) -> bool:
    return "RRULE" in component or "RDATE" in component


class FloatingToZone(x_wr_timezone.UTCChangingWalker):
    """Reads floating DTSTART/DTEND/RDATE/EXDATE/RECURRENCE-ID values in the X-WR-TIMEZONE.

    x_wr_timezone.to_standard() (which recurring_ical_events.of() calls) also moves UTC values into
    that zone, so a daily 15:00Z event would then repeat at the zone's wall time and shift by an
    hour across its DST change; the contract only re-reads floating times, so UTC stays UTC.
    """

    def walk_value_datetime(self, dt_value):
        if self.is_Floating(dt_value):
            return dt_value.replace(tzinfo=self.new_timezone)
        return dt_value


class Reference:
    """One feed as recurring-ical-events reads it; occurrences() asks it for a month and a display zone."""

    def __init__(self, path: Path, hide_cancelled: bool):
        self.path = path
        self.hide_cancelled = hide_cancelled
        self.errors: list[str] = []
        self.queries = []
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                calendars = icalendar.Calendar.from_ical(path.read_bytes(), multiple=True)
        except Exception as error:  # noqa: BLE001 - any parse failure is reported, not fatal
            self.errors.append(f"icalendar cannot parse the file: {type(error).__name__}: {error}")
            return
        for calendar in calendars:
            name = calendar.get("X-WR-TIMEZONE")
            known = None  # the X-WR-TIMEZONE, when it names a zone we know
            if name is not None:
                try:
                    ZoneInfo(str(name).strip())
                    known = str(name).strip()
                except (ZoneInfoNotFoundError, ValueError):
                    known = None
            if known:
                calendar = FloatingToZone(ZoneInfo(known)).walk(calendar)
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    # not recurring_ical_events.of(): it applies X-WR-TIMEZONE itself and rejects the
                    # whole calendar when that names no known zone; the contract then uses the
                    # display zone, so such floating times are left floating here
                    self.queries.append(recurring_ical_events.CalendarQuery(calendar))
            except Exception as error:  # noqa: BLE001
                self.note(f"recurring-ical-events rejects the calendar: {type(error).__name__}: {error}")

    @property
    def usable(self) -> bool:
        """False when no calendar of the file could be expanded at all."""
        return bool(self.queries)

    def occurrences(self, zone_name: str, first: dt.date, last: dt.date) -> list[Occurrence]:
        """Every occurrence whose days (in zone_name) meet first..last."""
        zone = ZoneInfo(zone_name)
        # a generous query window; the exact filter is rule 1 below
        window = (first - 3 * DAY, last + 3 * DAY)
        found: dict[tuple, Occurrence] = {}
        for query in self.queries:
            for series in query.series:
                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        raw = list(series.between(*window))
                except Exception as error:  # noqa: BLE001
                    self.note(f"recurring-ical-events fails on UID {series.uid}: "
                              f"{type(error).__name__}: {error}")
                    continue
                core = series.recurrence.core if series.recurrence.has_core else None
                recurring = core is not None and is_recurring(core._component)  # noqa: SLF001
                for occurrence in raw:
                    item = self.convert(occurrence, recurring, zone)
                    if item is None or item.last_day < first or item.first_day > last:
                        continue
                    if self.hide_cancelled and item.status == "CANCELLED":
                        continue
                    found.setdefault(item.key, item)
        return sorted(found.values(), key=lambda o: (o.instant, o.uid, o.recurrence_id or "", o.start))

    def note(self, message: str) -> None:
        if message not in self.errors:
            self.errors.append(message)

    @staticmethod
    def convert(occurrence, recurring: bool, zone: ZoneInfo) -> Occurrence | None:
        adapter = occurrence._adapter  # noqa: SLF001 - the component behind the occurrence
        component = adapter._component  # noqa: SLF001
        start, end = occurrence.start, occurrence.end
        all_day = not isinstance(start, dt.datetime)
        recurrence_id = None
        rid_prop = component.get("RECURRENCE-ID")
        if rid_prop is not None and not adapter.this_and_future:
            recurrence_id = rid_prop.dt
        elif recurring or rid_prop is not None:
            # a generated instance: its RECURRENCE-ID is the start the rule gave it, before any
            # RANGE=THISANDFUTURE shift (recurring-ical-events reports the override's own instead)
            recurrence_id = start - adapter.move_recurrences_by
        first, last = covered_days(start, end, all_day, zone)
        return Occurrence(
            uid=str(component.get("UID", "")),
            recurrence_id=None if recurrence_id is None else render(recurrence_id, all_day, zone),
            start=render(start, all_day, zone),
            end=render(end, all_day, zone),
            all_day=all_day,
            title=str(component.get("SUMMARY", "")),
            first_day=first,
            last_day=last,
            instant=to_instant(start, zone).astimezone(UTC),  # all-day: local midnight (rule 3)
            status=str(component.get("STATUS", "")).upper(),
        )


# ---------------------------------------------------------------- icslanes


def normalize_time(text, all_day: bool, zone: ZoneInfo):
    """icslanes' start/end/recurrenceId rendered like the reference renders them (if it parses)."""
    if not isinstance(text, str) or all_day:
        return text
    try:
        value = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return text
    return render(value, False, zone)


def run_icslanes(binary: str, path: Path, year: int, month: int, zone_name: str, week_start: str,
                 extra: list[str]) -> tuple[dict[tuple, tuple[Occurrence, int]] | None, list[str], str | None]:
    """({key: (occurrence, times it appears in one row)}, skipped notes, error)."""
    # --no-config: a configuration file of the user's (feeds, colours, week start) must not
    # change what is compared.
    command = [binary, str(path), "--month", f"{year:04d}-{month:02d}", "--tz", zone_name, "--format", "json",
               "--no-config"]
    if week_start:
        command += ["--week-start", week_start]
    command += extra
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        return None, [], f"could not run {' '.join(command)}: {error}"
    if result.returncode != 0:
        return None, [], f"exit {result.returncode}: {result.stderr.strip()[:500]}"
    try:
        doc = json.loads(result.stdout)
    except json.JSONDecodeError as error:
        return None, [], f"output is not JSON: {error}"
    zone = ZoneInfo(zone_name)
    first, last = month_days(year, month)
    found: dict[tuple, tuple[Occurrence, int]] = {}
    try:
        for week in doc["weeks"]:
            in_row: dict[tuple, int] = {}
            for lane in week["lanes"]:
                for seg in lane:
                    seg_first = dt.date.fromisoformat(seg["firstDay"])
                    seg_last = dt.date.fromisoformat(seg["lastDay"])
                    if seg_last < first or seg_first > last:
                        continue  # a grid day outside the month
                    all_day = bool(seg["allDay"])
                    item = Occurrence(
                        uid=seg["uid"],
                        recurrence_id=normalize_time(seg.get("recurrenceId"), all_day, zone),
                        start=normalize_time(seg["start"], all_day, zone),
                        end=normalize_time(seg["end"], all_day, zone),
                        all_day=all_day,
                        title=seg.get("title", ""),
                        first_day=seg_first,
                        last_day=seg_last,
                        instant=dt.datetime.min.replace(tzinfo=UTC),
                    )
                    in_row[item.key] = in_row.get(item.key, 0) + 1
                    previous = found.get(item.key)
                    found[item.key] = (previous[0] if previous else item,
                                       max(in_row[item.key], previous[1] if previous else 0))
    except (KeyError, TypeError, ValueError) as error:
        return None, [], f"output does not follow icslanes.layout/1: {type(error).__name__}: {error}"
    skipped = [f"skipped uid={s.get('uid')} line={s.get('line')}: {s.get('reason')}"
               for s in doc.get("skipped", []) if isinstance(s, dict)]
    if week_start and doc.get("weekStart") != week_start:
        skipped.append(f"asked for week start {week_start}, got {doc.get('weekStart')!r}")
    return found, skipped, None


# ---------------------------------------------------------------- main


def write_dump(path: str, header: dict, cases: list[dict]) -> None:
    """JSON with one line per case and per occurrence, so that diffs of golden data stay readable."""
    def line(value) -> str:
        return json.dumps(value, ensure_ascii=False, sort_keys=False)
    parts = ["{"]
    parts += [f" {line(key)}: {line(value)}," for key, value in header.items()]
    parts.append(' "cases": [')
    for index, case in enumerate(cases):
        head = line({key: case[key] for key in ("file", "month", "timeZone")})[:-1]
        items = case["occurrences"]
        tail = "," if index + 1 < len(cases) else ""
        if not items:
            parts.append(f"  {head}, \"occurrences\": []}}{tail}")
            continue
        parts.append(f"  {head}, \"occurrences\": [")
        parts += [f"   {line(item)}" + ("," if n + 1 < len(items) else "") for n, item in enumerate(items)]
        parts.append(f"  ]}}{tail}")
    parts += [" ]", "}", ""]
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(parts))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Compare icslanes month layouts with recurring-ical-events.",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("feeds", nargs="+", help=".ics files, or folders searched for *.ics")
    parser.add_argument("--icslanes", metavar="BINARY", default=os.environ.get("ICSLANES"),
                        help="the icslanes executable (default: $ICSLANES)")
    parser.add_argument("--months", type=month_list, default=month_list("2024-01:2025-12"),
                        help="YYYY-MM, YYYY-MM:YYYY-MM, comma lists of both (default 2024-01:2025-12)")
    parser.add_argument("--zones", type=zone_list, default=DEFAULT_ZONES,
                        help=f"comma-separated display zones (default {','.join(DEFAULT_ZONES)})")
    parser.add_argument("--week-start", default="sunday", choices=WEEKDAYS + [""],
                        help="passed to icslanes as --week-start (default sunday; '' passes nothing)")
    parser.add_argument("--icslanes-arg", action="append", default=[], metavar="ARG",
                        help="one more argument for icslanes (repeatable)")
    parser.add_argument("--hide-cancelled", action="store_true",
                        help="drop reference occurrences whose STATUS is CANCELLED")
    parser.add_argument("--no-titles", action="store_true", help="do not compare titles")
    parser.add_argument("--reference-only", action="store_true",
                        help="print the reference occurrences; do not run icslanes")
    parser.add_argument("--dump-reference", metavar="OUT.json",
                        help="write the reference occurrences as JSON")
    args = parser.parse_args(argv)
    if not args.reference_only and not args.icslanes:
        parser.error("--icslanes BINARY (or $ICSLANES) is needed unless --reference-only")

    files = feed_files(args.feeds)
    compared = disagreements = not_compared = 0
    dump_cases = []
    for path in files:
        name = display_name(path)
        reference = Reference(path, args.hide_cancelled)
        if not reference.usable:
            print(f"{name}: not compared, the reference cannot read it")
            for error in reference.errors:
                print(f"  reference: {error}")
            not_compared += 1
            continue
        counts = {"reference": 0, "icslanes": 0}
        lines: list[str] = []
        file_disagreements = 0
        for year, month in args.months:
            first, last = month_days(year, month)
            for zone_name in args.zones:
                expected = reference.occurrences(zone_name, first, last)
                label = f"{year:04d}-{month:02d} {zone_name}"
                dump_cases.append({"file": name, "month": f"{year:04d}-{month:02d}", "timeZone": zone_name,
                                   "occurrences": [o.as_json() for o in expected]})
                counts["reference"] += len(expected)
                if args.reference_only:
                    for item in expected:
                        flag = " [CANCELLED]" if item.status == "CANCELLED" else ""
                        lines.append(f"  {label}: {item.describe()}{flag}")
                    continue
                actual, notes, error = run_icslanes(args.icslanes, path, year, month, zone_name,
                                                    args.week_start, args.icslanes_arg)
                lines.extend(f"  {label}: note: {note}" for note in notes)
                if actual is None:
                    lines.append(f"  {label}: icslanes failed: {error}")
                    file_disagreements += 1
                    continue
                counts["icslanes"] += len(actual)
                wanted = {o.key: o for o in expected}
                keys = set(wanted) | set(actual)
                compared += len(keys)
                for key in sorted(keys, key=lambda k: (k[0], k[1] or "", k[2])):
                    mine = actual.get(key)
                    theirs = wanted.get(key)
                    if mine is None:
                        lines.append(f"  {label}: only-in-reference: {theirs.describe()}")
                        file_disagreements += 1
                    elif theirs is None:
                        lines.append(f"  {label}: only-in-icslanes: {mine[0].describe()}")
                        file_disagreements += 1
                    else:
                        problems = []
                        if mine[0].end != theirs.end:
                            problems.append(f"differing end: icslanes {mine[0].end}, reference {theirs.end}")
                        if not args.no_titles and mine[0].title != theirs.title:
                            problems.append(f"differing title: icslanes {mine[0].title!r}, "
                                            f"reference {theirs.title!r}")
                        if mine[1] > 1:
                            problems.append(f"icslanes shows it {mine[1]} times in one week row")
                        for problem in problems:
                            lines.append(f"  {label}: {problem}: {theirs.describe()}")
                        file_disagreements += len(problems)
        if args.reference_only:
            compared += counts["reference"]
            print(f"{name}: {counts['reference']} reference occurrences")
        else:
            print(f"{name}: {counts['reference']} reference, {counts['icslanes']} icslanes occurrences, "
                  f"{file_disagreements} disagreements")
        for error in reference.errors:
            print(f"  reference: {error}")
        for line in lines:
            print(line)
        disagreements += file_disagreements

    if args.dump_reference:
        versions = {}
        for package in ("icalendar", "recurring-ical-events", "x-wr-timezone", "tzdata"):
            try:
                versions[package] = importlib.metadata.version(package)
            except importlib.metadata.PackageNotFoundError:
                pass
        write_dump(args.dump_reference, {"generator": "Scripts/compare_reference.py", "reference": versions,
                                         "hideCancelled": args.hide_cancelled}, dump_cases)
    months = len(args.months)
    files_used = len(files) - not_compared
    if not_compared:
        print(f"{not_compared} of {len(files)} files not compared: the reference cannot read them")
    if args.reference_only:
        print(f"reference: {compared} occurrences over {files_used} files, {months} months, "
              f"{len(args.zones)} zones")
        return 0
    print(f"compared {compared} occurrences over {files_used} files, {months} months, "
          f"{len(args.zones)} zones: {disagreements} disagreements")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
