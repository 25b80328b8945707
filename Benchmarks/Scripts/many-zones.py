#!/usr/bin/env python3
"""many-zones.py [COUNT] [YEAR] > feed.ics: COUNT VTIMEZONEs as Outlook writes them (observances
from 1601, US rules), each with its own TZID and one event in it in August of YEAR. 2,000 zones
(888 KB) took libical 16 s to work out for one month (issue 11); see Docs/errors.md.

    python3 Benchmarks/Scripts/many-zones.py 2000 2024 > /tmp/zones.ics
    /usr/bin/time -f '%U s %M KB' .build/release/icslanes /tmp/zones.ics --month 2024-08 \\
        --tz UTC --format json --no-config > /dev/null
"""
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
year = int(sys.argv[2]) if len(sys.argv) > 2 else 2024
out = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//icslanes//many zones//EN"]
for i in range(count):
    out += [
        "BEGIN:VTIMEZONE", f"TZID:Zone {i}",
        "BEGIN:STANDARD", "DTSTART:16011104T020000", "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
        "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "END:STANDARD",
        "BEGIN:DAYLIGHT", "DTSTART:16010311T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
        "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "END:DAYLIGHT",
        "END:VTIMEZONE",
    ]
for i in range(count):
    out += [
        "BEGIN:VEVENT", f"UID:e{i}", "DTSTAMP:20240101T000000Z",
        f"DTSTART;TZID=Zone {i}:{year}08{1 + i % 28:02d}T090000", "DURATION:PT1H",
        f"SUMMARY:E{i}", "END:VEVENT",
    ]
out.append("END:VCALENDAR")
sys.stdout.write("\r\n".join(out) + "\r\n")
