#!/usr/bin/env python3
"""Scores groupings of the labelled similar-photos set against its answers
(Scripts/make-similar-set.py), one column per result.

    python3 Scripts/score-similar.py TRUTH.json NAME=RESULT.json [NAME=RESULT.json ...] [--json OUT]

A result is either
  `filmroll similar FOLDER --json`: {"groups": [{"kind": "copy" | "burst" |
      "similar", "photos": [paths], "best": path, "distance": n}]}, or
  imagededup's find_duplicates map {path: [path, ...]} (or [[path, score],
      ...]): its pairs become groups by connected components, every group
      counted as a copy group (imagededup only finds "duplicates"); no best.
Paths are relative to the photo folder; a path the answers do not know
(a file the tool wrote, say) is left out and counted.

Rows:
  copy pairs precision, recall: a predicted pair is two photos in one
      predicted group of kind copy; a true pair, two members of one true copy
      group (15 a group). Recall is also split by the copy's variant (the pair
      original-copy) and by whether the copy kept its EXIF.
  copies whole: the true group's 6 photos in one predicted copy group.
  copy's best is the original: the predicted group holding the original names it best.
  bursts whole: the burst's 6 frames in one predicted group of kind burst
      (any group for a result without kinds); other photos in that group are
      allowed here, and counted against it in "bursts whole and alone".
  sharp frame named best: the predicted group holding the sharp frame holds
      at least one other frame of its burst and names the sharp frame best.
  false merges: the "different, same second" pairs whose two photos share
      a predicted group of any kind (lower is better).
Targets (issue 40): copy precision >= 0.99, recall >= 0.97, bursts whole and
sharp frame named best >= 0.95.
"""
import argparse
import itertools
import json
import sys

TARGETS = {"copy pairs precision": ">= 0.99", "copy pairs recall": ">= 0.97",
           "bursts whole": ">= 0.95", "sharp frame named best": ">= 0.95", "false merges": "0"}


def clean(path):
    path = path.replace("\\", "/")
    while path.startswith("./"):
        path = path[2:]
    return path


def groups_of(result):
    """[(kind or None, [paths], best or None)] from either result format,
    and whether the format has kinds and bests (Filmroll's)."""
    if isinstance(result, dict) and isinstance(result.get("groups"), list):
        return [(g.get("kind"), [clean(p) for p in g.get("photos", [])],
                 clean(g["best"]) if g.get("best") else None) for g in result["groups"]], True
    if not isinstance(result, dict):
        raise ValueError("neither {\"groups\": [...]} nor imagededup's {path: [duplicates]}")
    parent = {}

    def root(p):
        parent.setdefault(p, p)
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    for path, duplicates in result.items():
        root(clean(path))
        for d in duplicates:
            other = clean(d[0] if isinstance(d, (list, tuple)) else d)
            parent[root(other)] = root(clean(path))
    components = {}
    for p in parent:
        components.setdefault(root(p), []).append(p)
    return [(None, sorted(members), None) for members in components.values() if len(members) > 1], False


def pairs(members):
    return {frozenset(p) for p in itertools.combinations(members, 2)}


def ratio(hits, total):
    return {"value": hits / total if total else None, "hits": hits, "total": total}


def score(truth, result):
    known = set()
    for g in truth["groups"]:
        known.update(g["members"])
    for pair in truth["different_same_second"]:
        known.update(pair)
    raw, has_kinds = groups_of(result)
    has_best = has_kinds
    unknown = {p for _, members, _ in raw for p in members if p not in known}
    groups = [(kind, [p for p in members if p in known], best) for kind, members, best in raw]
    groups = [g for g in groups if len(g[1]) > 1]
    group_of = {}
    for g in groups:
        for p in g[1]:
            group_of.setdefault(p, g)       # a photo in two groups: its first counts

    def is_copy(kind):
        return kind in (None, "copy")

    def is_burst(kind):
        return kind in (None, "burst")

    predicted = set()
    for kind, members, _ in groups:
        if is_copy(kind):
            predicted |= pairs(members)
    copies = [g for g in truth["groups"] if g["kind"] == "copy"]
    bursts = [g for g in truth["groups"] if g["kind"] == "burst"]
    true_pairs = set().union(*(pairs(g["members"]) for g in copies))
    found = predicted & true_pairs
    rows = {
        "copy pairs precision": ratio(len(found), len(predicted)),
        "copy pairs recall": ratio(len(found), len(true_pairs)),
    }
    by_variant, by_exif = {}, {}
    for g in copies:
        for path, variant in g["variants"].items():
            hit = frozenset((g["original"], path)) in predicted
            name, exif = variant.split(" ", 1)
            by_variant.setdefault(name, []).append(hit)
            by_exif.setdefault("EXIF kept" if exif == "+exif" else "EXIF stripped", []).append(hit)
    for name, hits in list(by_variant.items()) + sorted(by_exif.items()):
        rows["  recall, " + name] = ratio(sum(hits), len(hits))

    def holder(path, wanted):
        g = group_of.get(path)
        return g if g and wanted(g[0]) else None

    rows["copies whole"] = ratio(sum(1 for g in copies if (h := holder(g["original"], is_copy))
                                     and set(g["members"]) <= set(h[1])), len(copies))
    rows["copy's best is the original"] = ratio(
        sum(1 for g in copies if (h := holder(g["original"], is_copy)) and h[2] == g["original"]),
        len(copies)) if has_best else None
    whole = [g for g in bursts if (h := holder(g["members"][0], is_burst)) and set(g["members"]) <= set(h[1])]
    rows["bursts whole"] = ratio(len(whole), len(bursts))
    rows["bursts whole and alone"] = ratio(
        sum(1 for g in whole if len(holder(g["members"][0], is_burst)[1]) == len(g["members"])), len(bursts))
    rows["sharp frame named best"] = ratio(
        sum(1 for g in bursts if (h := group_of.get(g["sharp"])) and h[2] == g["sharp"]
            and len(set(h[1]) & set(g["members"])) > 1), len(bursts)) if has_best else None
    merged = sum(1 for a, b in truth["different_same_second"]
                 if group_of.get(a) is not None and group_of.get(a) is group_of.get(b))
    rows["false merges"] = {"value": merged, "hits": merged, "total": len(truth["different_same_second"])}
    rows["groups"] = {"value": len(groups), "kinds": sorted({k for k, _, _ in groups if k})}
    rows["paths not in the set"] = {"value": len(unknown)}
    return {"rows": rows, "kinds": has_kinds, "best": has_best}


def cell(name, entry):
    if entry is None:
        return "n/a"
    if name == "false merges":
        return "%d/%d" % (entry["hits"], entry["total"])
    if "total" not in entry:
        return str(entry["value"])
    if entry["value"] is None:
        return "n/a (0/0)"
    return "%.2f (%d/%d)" % (entry["value"], entry["hits"], entry["total"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("truth")
    parser.add_argument("results", nargs="+", metavar="NAME=RESULT.json")
    parser.add_argument("--json", metavar="OUT", help="write the scores as JSON")
    parser.add_argument("--targets", metavar="NAME", help="exit 1 when NAME's column misses a target")
    args = parser.parse_args()
    with open(args.truth) as f:
        truth = json.load(f)
    scores = {}
    for spec in args.results:
        name, _, path = spec.rpartition("=")
        name = name or path
        try:
            with open(path) as f:
                scores[name] = score(truth, json.load(f))
        except (OSError, ValueError) as error:
            sys.exit("score-similar: %s: %s" % (path, error))
    names = list(scores)
    rows = list(next(iter(scores.values()))["rows"])
    print("| | " + " | ".join(names) + " | target |")
    print("| --- |" + " --- |" * (len(names) + 1))
    for row in rows:
        cells = [cell(row, scores[n]["rows"][row]) for n in names]
        print("| %s | %s | %s |" % (row, " | ".join(cells), TARGETS.get(row, "")))
    kindless = [n for n in names if not scores[n]["kinds"]]
    if kindless:
        print("\n%s: groups without kinds, each counted as a copy group and as a burst group." % ", ".join(kindless))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({n: scores[n]["rows"] for n in names}, f, indent=1)
    if args.targets:
        if args.targets not in scores:
            sys.exit("score-similar: no result named %s" % args.targets)
        missed = [row for row in TARGETS if not meets(row, scores[args.targets]["rows"][row])]
        if missed:
            sys.exit("score-similar: %s misses the targets of: %s" % (args.targets, ", ".join(missed)))


def meets(row, entry):
    if entry is None or entry["value"] is None:
        return False
    if row == "false merges":
        return entry["value"] == 0
    return entry["value"] >= float(TARGETS[row].split()[-1])


if __name__ == "__main__":
    main()
