#!/usr/bin/env python3
"""Checks Scripts/score-similar.py on a small hand-written set and
hand-written results: a perfect Filmroll answer scores 1.00 everywhere, a
wrong one the figures worked out by hand below, an imagededup map its own.

    python3 Scripts/check-score-similar.py      (exit 1 on a wrong figure)
"""
import importlib.util
import os
import sys

spec = importlib.util.spec_from_file_location(
    "score_similar", os.path.join(os.path.dirname(os.path.abspath(__file__)), "score-similar.py"))
score_similar = importlib.util.module_from_spec(spec)
spec.loader.exec_module(score_similar)

TRUTH = {
    "groups": [
        {"kind": "copy", "members": ["a.jpg", "a-q60.jpg", "a.png"], "original": "a.jpg",
         "variants": {"a-q60.jpg": "jpeg-q60 stripped", "a.png": "png +exif"}},
        {"kind": "copy", "members": ["b.jpg", "b.heic"], "original": "b.jpg",
         "variants": {"b.heic": "heic +exif"}},
        {"kind": "burst", "members": ["c1.jpg", "c2.jpg", "c3.jpg"], "sharp": "c2.jpg"},
        {"kind": "burst", "members": ["d1.jpg", "d2.jpg", "d3.jpg"], "sharp": "d1.jpg"},
    ],
    "different_same_second": [["p1.jpg", "p2.jpg"], ["q1.jpg", "q2.jpg"]],
}

PERFECT = {"groups": [
    {"kind": "copy", "photos": ["a-q60.jpg", "./a.jpg", "a.png"], "best": "a.jpg", "distance": 2},
    {"kind": "copy", "photos": ["b.heic", "b.jpg"], "best": "b.jpg", "distance": 1},
    {"kind": "burst", "photos": ["c1.jpg", "c2.jpg", "c3.jpg"], "best": "c2.jpg", "distance": 6},
    {"kind": "burst", "photos": ["d1.jpg", "d2.jpg", "d3.jpg"], "best": "d1.jpg", "distance": 5},
]}

# Copy pairs predicted: a/a-q60, a.png/b, a.png/b.heic, b/b.heic: 2 of 4 right, 2 of the 4 true found.
# A split (not whole), B whole; A's best wrong, B's right. Burst C whole with p1 in it (not alone),
# its best a blurred frame; D split, but its group names the sharp d1. q1 and q2 merged, p1 and p2 not.
WRONG = {"groups": [
    {"kind": "copy", "photos": ["a.jpg", "a-q60.jpg"], "best": "a-q60.jpg", "distance": 4},
    {"kind": "copy", "photos": ["a.png", "b.jpg", "b.heic"], "best": "b.jpg", "distance": 7},
    {"kind": "burst", "photos": ["c1.jpg", "c2.jpg", "c3.jpg", "p1.jpg"], "best": "c1.jpg", "distance": 9},
    {"kind": "burst", "photos": ["d1.jpg", "d2.jpg"], "best": "d1.jpg", "distance": 3},
    {"kind": "similar", "photos": ["p2.jpg", "q1.jpg", "q2.jpg", ".filmroll/x.jpg"], "best": "q1.jpg",
     "distance": 12},
]}

# Groups {a, a-q60} and {c1, c2, c3} (one pair given with its distance, as with scores=True).
IMAGEDEDUP = {"a.jpg": ["a-q60.jpg"], "a-q60.jpg": ["a.jpg"], "c1.jpg": [["c2.jpg", 4]],
              "c3.jpg": ["c2.jpg"], "p1.jpg": [], "q1.jpg": []}

EXPECTED = {
    "perfect": {"copy pairs precision": 1, "copy pairs recall": 1, "  recall, jpeg-q60": 1,
                "  recall, png": 1, "  recall, heic": 1, "copies whole": 1, "copy's best is the original": 1,
                "bursts whole": 1, "bursts whole and alone": 1, "sharp frame named best": 1,
                "false merges": 0, "paths not in the set": 0},
    "wrong": {"copy pairs precision": 0.5, "copy pairs recall": 0.5, "  recall, jpeg-q60": 1,
              "  recall, png": 0, "  recall, heic": 1, "  recall, EXIF kept": 0.5,
              "  recall, EXIF stripped": 1, "copies whole": 0.5, "copy's best is the original": 0.5,
              "bursts whole": 0.5, "bursts whole and alone": 0, "sharp frame named best": 0.5,
              "false merges": 1, "paths not in the set": 1},
    "imagededup": {"copy pairs precision": 0.25, "copy pairs recall": 0.25, "copies whole": 0,
                   "copy's best is the original": None, "bursts whole": 0.5,
                   "bursts whole and alone": 0.5, "sharp frame named best": None, "false merges": 0},
}


def main():
    failures = 0
    for name, result in (("perfect", PERFECT), ("wrong", WRONG), ("imagededup", IMAGEDEDUP)):
        rows = score_similar.score(TRUTH, result)["rows"]
        for row, want in EXPECTED[name].items():
            entry = rows[row]
            got = None if entry is None else entry["value"]
            if got != want and not (got is not None and want is not None and abs(got - want) < 1e-9):
                print("check-score-similar: %s, %s: %r, expected %r" % (name, row.strip(), got, want))
                failures += 1
    if failures:
        sys.exit(1)
    print("check-score-similar: the scores of 3 hand-written results are right")


if __name__ == "__main__":
    main()
