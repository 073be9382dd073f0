#!/usr/bin/env python3
"""Quality of a folder of thumbnails made from the benchmark corpus.

usage: Scripts/thumb_quality.py [--tsv] [--label NAME] CORPUS OUTDIR SIZE

CORPUS is the benchmark corpus (.bench-corpus, holding manifest.tsv) or its
photos12mp/ folder. OUTDIR holds one thumbnail per source photo, named
<stem>_SIZE.jpg (filmroll), <stem>.jpg (vipsthumbnail) or <stem>.<ext>.

For 8 photos, the first of each EXIF orientation 1..8 in manifest.tsv, the
thumbnail is compared with a reference made by Pillow: full decode,
ImageOps.exif_transpose, LANCZOS resize to fit SIZE x SIZE. Scores are on luma
(BT.601 Y): SSIM with scikit-image's defaults (7x7 uniform window,
data_range=255) and PSNR. The references are cached as PNG in CORPUS/.ref-SIZE/.

Orientation is OK when every thumbnail has the reference's dimensions, carries
no EXIF Orientation other than 1, and (at SIZE <= 256) matches the reference
better than any of the 7 other flips/rotations of it.

Prints one summary line, or with --tsv one tab-separated line:
ssim_mean ssim_min psnr_mean scored orientation ("OK" or "BAD <details>").
"""
import argparse
import os
import statistics
import sys

import numpy as np
from PIL import Image, ImageOps
from skimage.metrics import peak_signal_noise_ratio, structural_similarity

ORIENTATION_TAG = 0x0112


def luma(rgb):
    a = np.asarray(rgb, dtype=np.float64)
    return 0.299 * a[..., 0] + 0.587 * a[..., 1] + 0.114 * a[..., 2]


def find_corpus(path):
    path = os.path.abspath(path)
    for d in (path, os.path.dirname(path)):
        if os.path.isfile(os.path.join(d, "manifest.tsv")):
            return d
    sys.exit(f"thumb_quality: no manifest.tsv in {path} or its parent")


def picks(corpus):
    """(relative path, orientation) of the first 12 MP photo of each orientation 1..8."""
    with open(os.path.join(corpus, "manifest.tsv")) as f:
        rows = [line.rstrip("\n").split("\t") for line in f][1:]
    first = {}
    for row in rows:
        if row[0].startswith("photos12mp/") and int(row[2]) not in first:
            first[int(row[2])] = row[0]
    return [(first[o], o) for o in sorted(first)]


def reference(corpus, rel, size):
    """Pillow reference thumbnail (RGB), cached as PNG in CORPUS/.ref-SIZE/."""
    src = os.path.join(corpus, rel)
    cache_dir = os.path.join(corpus, f".ref-{size}")
    cached = os.path.join(cache_dir, os.path.splitext(os.path.basename(rel))[0] + ".png")
    if os.path.exists(cached) and os.path.getmtime(cached) >= os.path.getmtime(src):
        with Image.open(cached) as im:
            return im.convert("RGB")
    with Image.open(src) as im:
        full = ImageOps.exif_transpose(im).convert("RGB")
    k = size / max(full.size)
    ref = full.resize((round(full.width * k), round(full.height * k)), Image.Resampling.LANCZOS)
    os.makedirs(cache_dir, exist_ok=True)
    tmp = cached + f".{os.getpid()}.tmp"
    ref.save(tmp, "PNG")
    os.replace(tmp, cached)
    return ref


def find_thumb(outdir, rel, size):
    stem = os.path.splitext(os.path.basename(rel))[0]
    for name in (f"{stem}_{size}.jpg", f"{stem}.jpg", os.path.basename(rel)):
        if os.path.exists(os.path.join(outdir, name)):
            return os.path.join(outdir, name)
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("outdir")
    ap.add_argument("size", type=int)
    ap.add_argument("--tsv", action="store_true", help="print one tab-separated line")
    ap.add_argument("--label", default="", help="name printed in the summary line")
    args = ap.parse_args()
    corpus = find_corpus(args.corpus)
    chosen = picks(corpus)
    if len(chosen) != 8:
        sys.exit(f"thumb_quality: manifest.tsv has photos for {len(chosen)} orientations, not 8")

    others = list(Image.Transpose)[:7]            # the 7 non-identity flips/rotations
    ssims, psnrs, bad = [], [], []
    for rel, o in chosen:
        path = find_thumb(args.outdir, rel, args.size)
        if path is None:
            bad.append(f"o{o}:missing")
            continue
        with Image.open(path) as t:
            tag = t.getexif().get(ORIENTATION_TAG)
            test = t.convert("RGB")
        if tag not in (None, 1):
            bad.append(f"o{o}:keeps-Orientation={tag}")
        ref = reference(corpus, rel, args.size)
        if test.size != ref.size:
            bad.append(f"o{o}:{test.width}x{test.height}!={ref.width}x{ref.height}")
            continue
        ty, ry = luma(test), luma(ref)
        s = structural_similarity(ry, ty, data_range=255)
        if args.size <= 256:                      # a wrong flip/rotation must not fit better
            rivals = [(structural_similarity(luma(c), ty, data_range=255), tr.name)
                      for tr in others if (c := ref.transpose(tr)).size == test.size]
            best = max(rivals, default=(-1.0, ""))
            if best[0] >= s:
                bad.append(f"o{o}:looks-{best[1]}")
        ssims.append(s)
        psnrs.append(peak_signal_noise_ratio(ry, ty, data_range=255))

    mean = statistics.mean(ssims) if ssims else float("nan")
    low = min(ssims) if ssims else float("nan")
    psnr = statistics.mean(psnrs) if psnrs else float("nan")
    orientation = "OK" if not bad else "BAD " + " ".join(bad)
    if args.tsv:
        print(f"{mean:.4f}\t{low:.4f}\t{psnr:.2f}\t{len(ssims)}\t{orientation}")
    else:
        name = f"{args.label} " if args.label else ""
        print(f"{name}{args.size}: SSIM-Y mean {mean:.4f} min {low:.4f}, PSNR-Y {psnr:.2f} dB, "
              f"{len(ssims)}/{len(chosen)} files scored, orientation {orientation}")


if __name__ == "__main__":
    main()
