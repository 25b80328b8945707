#!/usr/bin/env python3
"""Reduces the symbol graphs of the library modules to a sorted text record of their public API.

Usage: api_record.py SYMBOLGRAPH_DIR OUT_DIR

Writes OUT_DIR/<Module>.txt for each library module: one line per public symbol
(`path :: declaration`) and per conformance (`Type : Protocol`), sorted. Prints every public
symbol written in the source without a doc comment to stderr and exits 1 when there is one.
"""
import json
import pathlib
import sys

MODULES = ["LaneLayout", "ICalBridge", "Recurrence", "FeedScan", "FeedImport", "IcsLanes", "IcsLanesServer"]
# Conformances the compiler adds to every Sendable type; recording them adds only noise.
IMPLIED = {"SendableMetatype"}


def declaration(symbol):
    text = "".join(f.get("spelling", "") for f in symbol.get("declarationFragments", []))
    return " ".join(text.split())


def main():
    graph_dir = pathlib.Path(sys.argv[1])
    out_dir = pathlib.Path(sys.argv[2])
    out_dir.mkdir(parents=True, exist_ok=True)
    undocumented = []
    for module in MODULES:
        lines = set()
        # The module's own graph, plus its extensions of other modules' types (Module@Other).
        files = [graph_dir / f"{module}.symbols.json"]
        files += sorted(graph_dir.glob(f"{module}@*.symbols.json"))
        for path in files:
            graph = json.loads(path.read_text())
            names = {}
            for symbol in graph["symbols"]:
                names[symbol["identifier"]["precise"]] = ".".join(symbol["pathComponents"])
            for symbol in graph["symbols"]:
                if symbol["accessLevel"] not in ("public", "open"):
                    continue
                name = ".".join(symbol["pathComponents"])
                lines.add(f"{name} :: {declaration(symbol)}")
                # Members the compiler writes (Codable, RawRepresentable) have no source location.
                if "location" in symbol and not symbol.get("docComment", {}).get("lines"):
                    undocumented.append(f"{module}: {name}")
            for relation in graph["relationships"]:
                if relation["kind"] != "conformsTo":
                    continue
                source = names.get(relation["source"])
                if source is None:
                    continue
                target = relation.get("targetFallback") or names.get(relation["target"], relation["target"])
                protocol = target.split(".")[-1]
                if protocol in IMPLIED:
                    continue
                lines.add(f"{source} : {protocol}")
        text = "\n".join(sorted(lines)) + "\n"
        (out_dir / f"{module}.txt").write_text(text)
    for entry in sorted(set(undocumented)):
        print(f"undocumented public symbol: {entry}", file=sys.stderr)
    return 1 if undocumented else 0


if __name__ == "__main__":
    sys.exit(main())
