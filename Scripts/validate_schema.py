#!/usr/bin/env python3
"""Validate icslanes JSON output against Docs/icslanes.layout-1.schema.json.

    Scripts/validate_schema.py FILE...      # each file: one layout, or an array of layouts (--months)

Uses the `jsonschema` package (Draft 2020-12). Prints each file that fails with its first
errors and exits 1; prints one summary line and exits 0 when every file passes.
"""
import json
import pathlib
import sys

import jsonschema

SCHEMA = pathlib.Path(__file__).resolve().parent.parent / "Docs" / "icslanes.layout-1.schema.json"


def main(paths):
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failed = 0
    layouts = 0
    for path in paths:
        document = json.load(sys.stdin if path == "-" else open(path, encoding="utf-8"))
        items = document if isinstance(document, list) else [document]
        if isinstance(document, list) and not document:
            print(f"{path}: an empty array holds no layout")
            failed += 1
            continue
        errors = [error for item in items for error in validator.iter_errors(item)]
        layouts += len(items)
        if errors:
            failed += 1
            print(f"{path}: {len(errors)} schema error(s)")
            for error in errors[:5]:
                where = "/".join(str(part) for part in error.absolute_path)
                print(f"  at /{where}: {error.message}")
    if failed:
        return 1
    print(f"schema: {layouts} layout(s) in {len(paths)} file(s) match icslanes.layout/1")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
