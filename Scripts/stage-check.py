#!/usr/bin/env python3
"""Checks that FeedImport's stage folders only look forward: a file may use the top-level
types of its own folder, of the folders before it in STAGES, and of the vocabulary folders,
never of a later stage. Prints each use of a later stage's type (a name match, comments left
out) and exits 1 when there is one that ALLOWED does not list.

Usage: Scripts/stage-check.py   (from anywhere; reads Sources/FeedImport)
"""
import os
import re
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "FeedImport")
STAGES = ["Reading", "Spans", "Feed", "Survey"]
VOCABULARY = {"Vocabulary"}
# Known uses of a later stage's type (Docs/architecture.md, "Still owned twice"): none.
ALLOWED = set()

declared = {}
files = []
for folder in sorted(os.listdir(root)):
    path = os.path.join(root, folder)
    if not os.path.isdir(path) or folder.endswith(".docc"):
        continue
    for name in sorted(os.listdir(path)):
        if name.endswith(".swift"):
            text = open(os.path.join(path, name), encoding="utf-8").read()
            files.append((folder, name, re.sub(r"//.*", "", text)))
            for match in re.finditer(
                r"^(?:public |package |final )*(?:struct|enum|class|protocol|typealias)\s+(\w+)",
                text, re.M):
                declared[match.group(1)] = folder

rank = {folder: index for index, folder in enumerate(STAGES)}
failed = False
for folder, name, code in files:
    if folder in VOCABULARY or folder not in rank:
        continue
    for type_name, owner in declared.items():
        if owner == folder or owner in VOCABULARY or owner not in rank:
            continue
        if rank[owner] > rank[folder] and re.search(r"\b" + type_name + r"\b", code):
            known = (folder, type_name) in ALLOWED
            print(f"{folder}/{name} uses {type_name} of {owner}/" + (" (known)" if known else ""))
            failed = failed or not known
for folder in sorted({folder for folder, _, _ in files}):
    if folder not in rank and folder not in VOCABULARY:
        print(f"{folder}/ is neither a stage nor vocabulary: add it to Scripts/stage-check.py")
        failed = True
sys.exit(1 if failed else 0)
