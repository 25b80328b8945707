// ImportError belongs to FeedScan, which meets the first problems of an input (unreadable, not
// iCalendar, a line too long), and is part of this library's API.
@_exported import enum FeedScan.ImportError
// ColorText belongs to ICalBridge, whose parser reads COLOR, and is part of this library's API:
// a colour read as the feeds' colours are.
@_exported import enum ICalBridge.ColorText
