#!/usr/bin/env python3
"""Splits one .ics feed into a vdir: a folder of one-UID .ics files, as vdirsyncer and khal
keep a calendar.

Each file holds one UID's VEVENTs (a master and its overrides stay together) and the
VTIMEZONEs they name, inside a VCALENDAR with the feed's own header lines.

Usage: Benchmarks/Scripts/vdir.py FEED.ics OUTPUT_FOLDER
"""

import hashlib
import os
import sys


def components(lines):
    """(header lines, VTIMEZONE blocks, VEVENT blocks) of a feed's unfolded-or-not lines."""
    header, zones, events, block, kind = [], [], [], None, None
    for line in lines:
        upper = line.upper()
        if block is None and upper.startswith("BEGIN:") and upper != "BEGIN:VCALENDAR":
            block, kind = [line], upper[6:]
            continue
        if block is not None:
            block.append(line)
            if upper == f"END:{kind}":
                (zones if kind == "VTIMEZONE" else events).append(block)
                block = None
            continue
        if upper not in ("BEGIN:VCALENDAR", "END:VCALENDAR"):
            header.append(line)
    return header, zones, events


def uid_of(event):
    for line in event:
        if line.upper().startswith("UID:"):
            return line[4:]
    return hashlib.sha1("\n".join(event).encode()).hexdigest()


def zone_id(zone):
    for line in zone:
        if line.upper().startswith("TZID:"):
            return line[5:]
    return ""


def named(zones, members):
    """The zones whose TZID the members' lines name."""
    text = "\n".join(line for block in members for line in block)
    return [z for z in zones
            if zone_id(z) and (f"TZID={zone_id(z)}" in text or f'TZID="{zone_id(z)}"' in text)]


def main():
    feed, folder = sys.argv[1], sys.argv[2]
    with open(feed, encoding="utf-8", errors="surrogateescape", newline="") as source:
        lines = source.read().replace("\r\n", "\n").split("\n")
    header, zones, events = components(line for line in lines if line)
    groups = {}
    for event in events:
        groups.setdefault(uid_of(event), []).append(event)
    os.makedirs(folder, exist_ok=True)
    for uid, members in groups.items():
        name = hashlib.sha1(uid.encode("utf-8", "surrogateescape")).hexdigest() + ".ics"
        body = ["BEGIN:VCALENDAR", *header]
        for block in named(zones, members) + members:
            body.extend(block)
        body.append("END:VCALENDAR")
        with open(os.path.join(folder, name), "w", encoding="utf-8", errors="surrogateescape",
                  newline="") as out:
            out.write("\r\n".join(body) + "\r\n")
    print(f"{len(groups)} files from {len(events)} events in {folder}")


if __name__ == "__main__":
    main()
