// ColorText belongs to ICalBridge, whose parser reads COLOR, and is part of this library's API:
// a colour read as the feeds' colours are.
@_exported import enum ICalBridge.ColorText
