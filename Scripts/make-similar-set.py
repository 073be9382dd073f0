#!/usr/bin/env python3
"""A labelled folder of photos for `filmroll similar`: copies, bursts, and
different pictures taken in the same second (issue 40).

    python3 Scripts/make-similar-set.py OUT_DIR [--corpus DIR] [--seed N] [--force]

Writes OUT_DIR (laid out like a phone's folder) and its answers beside it,
in OUT_DIR/../NAME-truth.json (NAME = OUT_DIR's name), where a tool given
OUT_DIR never sees them. Seeded: the same for given numpy, Pillow and
pillow-heif versions. A second run with the answers in place is a no-op
unless --force; OUT_DIR is never replaced unless its answers are there.

Pictures: the bench corpus's photos12mp (BENCH_CORPUS, else .bench-corpus,
built by ../shared/bench/make-corpus when missing) are 48 crops of 11
scenes, so they overlap: one photo of each scene is cut into a 4 x 4 grid of
992 x 744 tiles (744 x 992 for a portrait photo), full resolution, no
resampling. A tile is kept when it has detail (not fog or bare sky) and
does not look like a tile kept before (the correlation of their 16 x 16
grey thumbnails stays under 0.6), so every picture is a different one.

The set (300 photos):
  copy groups (26): an original JPEG q92 with EXIF (Make, Model,
      DateTimeOriginal, SubSecTimeOriginal) in DCIM/, and five copies made
      from its decoded pixels: JPEG q60 (WhatsApp Images/, EXIF stripped),
      half-size JPEG (WhatsApp Images/ stripped, or Exports/ with EXIF),
      PNG and WebP (Exports/, EXIF kept or stripped at random), HEIC
      (iCloud Photos/, EXIF kept; x265 preset fast). A copy's mtime is hours to days after
      the original's.
  bursts (18) of 6 frames in DCIM/: one sharp, five shaken (shifted 1-4 px,
      half of them also turned 0.2-1 degree, cut back to size) and blurred
      (Gaussian radius 1.5-4, or motion blur 6-16 px long); the sharp frame
      anywhere in the burst; every frame with fresh sensor grain; one
      camera; SubSecTimeOriginal 0.1 s apart, so DateTimeOriginal is one
      second or two adjacent ones.
  pairs (18) of different pictures, same camera, same second (two tiles of
      one scene at least a tile apart, as when the phone is swung round):
      they must not be grouped.

The answers: {"recipe", "seed", "photos", "groups": [{"kind": "copy",
"members", "original", "variants": {path: variant}} | {"kind": "burst",
"members", "sharp"}], "different_same_second": [[a, b], ...]}; paths are
relative to OUT_DIR.
"""
import argparse
import csv
import io
import json
import os
import shutil
import subprocess
import sys
from datetime import datetime, timedelta

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import similar_venv  # noqa: E402

similar_venv.ensure("numpy", "PIL", "pillow_heif")

import numpy as np  # noqa: E402
import pillow_heif  # noqa: E402
from PIL import Image, ImageFilter, ImageOps  # noqa: E402

RECIPE = "similar-set v2"
COPY_GROUPS, BURSTS, PAIRS, BURST_FRAMES = 26, 18, 18, 6
TILE = (992, 744)             # a landscape tile; portrait photos give 744 x 992
GRID = 4
MIN_DETAIL = 4.0              # mean |gradient| at quarter size; fog and bare sky are under 3.5
MAX_LIKENESS = 0.6            # correlation of two kept tiles' 16 x 16 grey thumbnails
MARGIN = 24                   # pixels around a tile a shaken frame may draw from
DEVICES = [("Apple", "iPhone 13"), ("Google", "Pixel 7"), ("samsung", "SM-S911B")]
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def die(message):
    sys.exit("make-similar-set: " + message)


# --- pictures -----------------------------------------------------------

def corpus_scenes(corpus):
    """One photo per scene of the corpus (the widest crop), upright."""
    manifest = os.path.join(corpus, "manifest.tsv")
    if not os.path.isdir(os.path.join(corpus, "photos12mp")):
        make = os.path.join(REPO, "..", "shared", "bench", "make-corpus")
        if not os.path.exists(make):
            die("no corpus in %s and %s not found" % (corpus, make))
        subprocess.run([sys.executable, make, corpus], check=True)
    widest = {}
    with open(manifest) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            if not row["path"].startswith("photos12mp/"):
                continue
            zoom = float(dict(kv.split("=") for kv in row["note"].split())["zoom"])
            if row["source"] not in widest or zoom > widest[row["source"]][0]:
                widest[row["source"]] = (zoom, row["path"])
    scenes = []
    for name in sorted(widest):
        with Image.open(os.path.join(corpus, widest[name][1])) as im:
            scenes.append((name, ImageOps.exif_transpose(im).convert("RGB")))
    return scenes


def tiles_of(scenes):
    """Every kept tile: (scene index, row, column, box), each unlike the others."""
    kept, thumbs = [], []
    for index, (_, photo) in enumerate(scenes):
        width, height = photo.size
        tw, th = TILE if width >= height else TILE[::-1]
        left, top = (width - GRID * tw) // 2, (height - GRID * th) // 2
        assert left >= MARGIN and top >= MARGIN
        quarter = np.asarray(photo.reduce(4).convert("L"), dtype=np.float32)
        for row in range(GRID):
            for column in range(GRID):
                x, y = left + column * tw, top + row * th
                q = quarter[y // 4:(y + th) // 4, x // 4:(x + tw) // 4]
                detail = np.abs(np.diff(q, axis=0)).mean() + np.abs(np.diff(q, axis=1)).mean()
                if detail < MIN_DETAIL:
                    continue
                box = (x, y, x + tw, y + th)
                thumb = np.asarray(photo.crop(box).convert("L").resize((16, 16), Image.Resampling.BOX),
                                   dtype=np.float64).ravel()
                thumb = (thumb - thumb.mean()) / (thumb.std() + 1e-6)
                if any(np.dot(thumb, other) / thumb.size > MAX_LIKENESS for other in thumbs):
                    continue
                thumbs.append(thumb)
                kept.append((index, row, column, box))
    return kept


def assign(tiles, rng):
    """Tiles for the pairs (two of one scene, a tile apart), the bursts and the copies."""
    order = [tiles[i] for i in rng.permutation(len(tiles))]
    pairs, used = [], set()
    for a in range(len(order)):
        if len(pairs) == PAIRS:
            break
        if a in used:
            continue
        for b in range(a + 1, len(order)):
            ta, tb = order[a], order[b]
            if b not in used and ta[0] == tb[0] and max(abs(ta[1] - tb[1]), abs(ta[2] - tb[2])) >= 2:
                pairs.append((ta, tb))
                used |= {a, b}
                break
    rest = [t for i, t in enumerate(order) if i not in used]
    need = BURSTS + COPY_GROUPS
    if len(pairs) < PAIRS or len(rest) < need:
        die("the corpus gives %d pairs and %d other pictures; %d and %d needed"
            % (len(pairs), len(rest), PAIRS, need))
    return pairs, rest[:BURSTS], rest[BURSTS:need]


# --- pixels -------------------------------------------------------------

def grain(image, rng, sigma=1.5):
    """Fresh sensor noise, so no two frames of a burst have the same pixels."""
    a = np.asarray(image, dtype=np.float32)
    a = a + rng.standard_normal(a.shape[:2], dtype=np.float32)[..., None] * sigma
    return Image.fromarray(np.clip(a + 0.5, 0, 255).astype(np.uint8))


def shaken(photo, box, rng):
    """The tile as a shaken, blurred frame: shifted 1-4 px, maybe turned
    0.2-1 degree, then a Gaussian or a motion blur. Returns (frame, recipe)."""
    x0, y0, x1, y1 = box
    region = photo.crop((x0 - MARGIN, y0 - MARGIN, x1 + MARGIN, y1 + MARGIN))
    recipe = {}
    if rng.random() < 0.5:
        angle = float(rng.uniform(0.2, 1.0) * rng.choice([-1, 1]))
        region = region.rotate(angle, resample=Image.Resampling.BICUBIC)
        recipe["turn"] = round(angle, 2)
    dx, dy = (int(rng.integers(1, 5)) * int(rng.choice([-1, 1])) for _ in range(2))
    if rng.random() < 0.3:                      # sometimes shifted along one axis only
        dx, dy = (dx, 0) if rng.random() < 0.5 else (0, dy)
    recipe["shift"] = [dx, dy]
    w, h = x1 - x0, y1 - y0
    a = np.asarray(region, dtype=np.float32)
    if rng.random() < 0.5:
        length = int(rng.integers(6, 17))
        theta = float(rng.uniform(0, np.pi))
        steps = [(round(t * np.cos(theta)), round(t * np.sin(theta)))
                 for t in np.linspace(-(length - 1) / 2, (length - 1) / 2, length)]
        out = sum(a[MARGIN + dy + sy:MARGIN + dy + sy + h, MARGIN + dx + sx:MARGIN + dx + sx + w]
                  for sx, sy in steps) / len(steps)
        frame = Image.fromarray(np.clip(out + 0.5, 0, 255).astype(np.uint8))
        recipe["motion"] = [length, round(float(np.degrees(theta)))]
    else:
        out = a[MARGIN + dy:MARGIN + dy + h, MARGIN + dx:MARGIN + dx + w]
        radius = float(rng.uniform(1.5, 4.0))
        frame = Image.fromarray(out.astype(np.uint8)).filter(ImageFilter.GaussianBlur(radius))
        recipe["gaussian"] = round(radius, 2)
    return frame, recipe


# --- files --------------------------------------------------------------

def exif_bytes(make, model, taken, subsec):
    exif = Image.Exif()
    stamp = taken.strftime("%Y:%m:%d %H:%M:%S")
    exif[0x010F], exif[0x0110], exif[0x0112], exif[0x0132] = make, model, 1, stamp
    exif[0x0131] = "similar-set"
    sub = exif.get_ifd(0x8769)
    sub[0x9003] = sub[0x9004] = stamp            # DateTimeOriginal, CreateDate
    sub[0x9291] = sub[0x9292] = "%03d" % subsec  # SubSecTimeOriginal, SubSecTimeDigitized
    sub[0x9011] = "+02:00"                       # OffsetTimeOriginal
    return exif.tobytes()


def save(image, path, kind, exif=None, **options):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if exif:
        options["exif"] = exif
    if kind == "HEIC":
        heif = pillow_heif.from_pillow(image)
        heif.save(path, quality=options.pop("quality", 80), enc_params={"preset": "fast"}, **options)
    else:
        image.save(path, kind, **options)


class Folder:
    """Names files as the phones do and remembers each one's mtime."""

    def __init__(self, root):
        self.root, self.mtimes, self.taken = root, {}, set()
        self.apple, self.whatsapp = 4310, {}

    def camera_name(self, make, taken, subsec):
        if make == "Apple":
            self.apple += 1
            name = "DCIM/100APPLE/IMG_%04d.JPG" % self.apple
        elif make == "Google":
            name = "DCIM/Camera/PXL_%s%03d.jpg" % (taken.strftime("%Y%m%d_%H%M%S"), subsec)
        else:
            name = "DCIM/Camera/%s.jpg" % taken.strftime("%Y%m%d_%H%M%S")
        return self.unique(name)

    def whatsapp_name(self, day):
        key = day.strftime("%Y%m%d")
        self.whatsapp[key] = self.whatsapp.get(key, 0) + 1
        return self.unique("WhatsApp Images/IMG-%s-WA%04d.jpg" % (key, self.whatsapp[key] - 1))

    def unique(self, name):
        stem, ext = os.path.splitext(name)
        k = 1
        while name in self.taken:
            name = "%s_%02d%s" % (stem, k, ext)
            k += 1
        self.taken.add(name)
        return name

    def path(self, name):
        return os.path.join(self.root, name)

    def touch(self, name, when):
        self.mtimes[name] = when.timestamp()


def write_original(folder, image, device, taken, subsec):
    name = folder.camera_name(device[0], taken, subsec)
    save(image, folder.path(name), "JPEG", exif_bytes(*device, taken, subsec), quality=92)
    folder.touch(name, taken + timedelta(milliseconds=subsec))
    return name


def write_copies(folder, original, device, taken, subsec, rng):
    """The five copies of an original, from its decoded pixels."""
    with Image.open(folder.path(original)) as im:
        pixels = im.convert("RGB")
    exif = exif_bytes(*device, taken, subsec)
    stem = os.path.splitext(os.path.basename(original))[0]
    variants = {}
    when = taken + timedelta(hours=float(rng.uniform(1, 240)))

    def add(variant, name, image, kind, keep_exif, **options):
        nonlocal when
        save(image, folder.path(name), kind, exif if keep_exif else None, **options)
        when += timedelta(minutes=float(rng.uniform(1, 600)))
        folder.touch(name, when)
        variants[name] = variant + (" +exif" if keep_exif else " stripped")

    add("jpeg-q60", folder.whatsapp_name(when), pixels, "JPEG", False, quality=60)
    half = pixels.resize((pixels.width // 2, pixels.height // 2), Image.Resampling.LANCZOS)
    if rng.random() < 0.5:
        add("half-jpeg", folder.whatsapp_name(when), half, "JPEG", False, quality=80)
    else:
        add("half-jpeg", folder.unique("Exports/%s-small.jpg" % stem), half, "JPEG", True, quality=85)
    add("png", folder.unique("Exports/%s.png" % stem), pixels, "PNG", bool(rng.random() < 0.5))
    add("heic", folder.unique("iCloud Photos/%s.HEIC" % stem), pixels, "HEIC", True, quality=80)
    add("webp", folder.unique("Exports/%s.webp" % stem), pixels, "WEBP", bool(rng.random() < 0.5), quality=80)
    return variants


# --- the set ------------------------------------------------------------

def build(out, corpus, seed):
    rng = np.random.default_rng(seed)
    scenes = corpus_scenes(corpus)
    pairs, bursts, copies = assign(tiles_of(scenes), rng)
    folder = Folder(out)
    items = [("copy", t) for t in copies] + [("burst", t) for t in bursts] + [("pair", p) for p in pairs]
    items = [items[i] for i in rng.permutation(len(items))]
    clock = datetime(2025, 9, 12, 9, 0, 0)
    groups, different = [], []
    for number, (kind, what) in enumerate(items):
        clock += timedelta(seconds=int(rng.integers(40, 1500)))
        if number and number % 20 == 0:        # the next day
            clock = clock.replace(hour=8, minute=int(rng.integers(0, 60))) + timedelta(days=1)
        device = DEVICES[int(rng.integers(0, len(DEVICES)))]
        if kind == "copy":
            index, _, _, box = what
            image = scenes[index][1].crop(box)
            subsec = int(rng.integers(0, 1000))
            original = write_original(folder, image, device, clock, subsec)
            variants = write_copies(folder, original, device, clock, subsec, rng)
            groups.append({"kind": "copy", "members": [original] + list(variants),
                           "original": original, "variants": variants})
        elif kind == "burst":
            index, _, _, box = what
            photo = scenes[index][1]
            sharp_at = int(rng.integers(0, BURST_FRAMES))
            start = int(rng.integers(0, 1000))
            members, recipes = [], {}
            for k in range(BURST_FRAMES):
                if k == sharp_at:
                    frame, recipe = photo.crop(box), {"sharp": True}
                else:
                    frame, recipe = shaken(photo, box, rng)
                ms = start + 100 * k
                taken = clock + timedelta(seconds=ms // 1000)
                name = write_original(folder, grain(frame, rng), device, taken, ms % 1000)
                members.append(name)
                recipes[name] = recipe
            groups.append({"kind": "burst", "members": members, "sharp": members[sharp_at],
                           "frames": recipes})
        else:
            first = int(rng.integers(0, 500))
            second = first + int(rng.integers(150, 1000 - first))
            names = [write_original(folder, scenes[t[0]][1].crop(t[3]), device, clock, ms)
                     for t, ms in zip(what, (first, second))]
            different.append(names)
    for name, when in folder.mtimes.items():
        os.utime(folder.path(name), (when, when))
    return {"recipe": RECIPE, "seed": seed, "photos": len(folder.mtimes),
            "corpus_scenes": [name for name, _ in scenes],
            "groups": groups, "different_same_second": different}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out_dir")
    parser.add_argument("--corpus", default=os.environ.get("BENCH_CORPUS", os.path.join(REPO, ".bench-corpus")))
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--force", action="store_true", help="make it again")
    args = parser.parse_args()
    out = os.path.abspath(args.out_dir.rstrip("/"))
    truth_path = os.path.join(os.path.dirname(out), os.path.basename(out) + "-truth.json")
    truth = None
    if os.path.exists(truth_path):
        with open(truth_path) as f:
            truth = json.load(f)
    if truth and os.path.isdir(out) and not args.force and truth.get("recipe") == RECIPE \
            and truth.get("seed") == args.seed:
        print("similar set %s: %d photos [already made]" % (out, truth["photos"]))
        return
    if os.path.exists(out) and os.listdir(out) and truth is None:
        die("%s exists and is not a set this script made (no %s): not touching it" % (out, truth_path))
    building = out + ".building"
    shutil.rmtree(building, ignore_errors=True)
    os.makedirs(building)
    started = datetime.now()
    truth = build(building, args.corpus, args.seed)
    if os.path.exists(truth_path):
        os.unlink(truth_path)
    shutil.rmtree(out, ignore_errors=True)
    os.rename(building, out)
    with open(truth_path + ".tmp", "w") as f:
        json.dump(truth, f, indent=1)
    os.rename(truth_path + ".tmp", truth_path)
    kinds = [g["kind"] for g in truth["groups"]]
    print("similar set %s: %d photos, %d copy groups, %d bursts, %d different same-second pairs, "
          "answers in %s [made in %.0f s]" % (out, truth["photos"], kinds.count("copy"), kinds.count("burst"),
                                              len(truth["different_same_second"]), truth_path,
                                              (datetime.now() - started).total_seconds()))


if __name__ == "__main__":
    main()
