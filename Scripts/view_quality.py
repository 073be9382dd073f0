#!/usr/bin/env python3
"""The gallery's views of the benchmark corpus: bytes and SSIM against the original.

usage: Scripts/view_quality.py [--tsv] PHOTOS GALLERY

PHOTOS is the folder of originals (.bench-corpus/photos12mp), GALLERY the
gallery `filmroll process` made of them. Views are the files under
GALLERY/thumbs named <stem>_<size>.<ext>: the 256 px thumbnail, the 1024 px
large view and the photo pages' preview (2048 px before, 1512 px now),
whatever their sizes and formats.

For every 6th photo (8 of 48), each view is compared with a reference made
by Pillow: full decode, ImageOps.exif_transpose, LANCZOS resize to the
view's own dimensions. Scores are SSIM on luma (BT.601 Y) with
scikit-image's defaults (7x7 uniform window, data_range=255), as
thumb_quality.py scores thumbnails.

Prints one line per kind of view (size and extension): its files, their
bytes, mean and minimum SSIM; then the gallery's bytes, every file counted.
With --tsv: kind, files, bytes, ssim_mean, ssim_min per line, and a last
line "gallery" with the total bytes.
"""
import argparse
import collections
import os
import re
import statistics

import numpy as np
from PIL import Image, ImageOps
from skimage.metrics import structural_similarity

VIEW = re.compile(r"^(?P<stem>.+)_(?P<size>\d+)\.(?P<ext>jpg|webp|avif|png)$")


def luma(image):
    a = np.asarray(image.convert("RGB"), dtype=np.float64)
    return 0.299 * a[..., 0] + 0.587 * a[..., 1] + 0.114 * a[..., 2]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tsv", action="store_true")
    parser.add_argument("photos")
    parser.add_argument("gallery")
    args = parser.parse_args()
    thumbs = os.path.join(args.gallery, "thumbs")
    files = collections.defaultdict(list)
    for root, _, names in os.walk(thumbs):
        for name in names:
            match = VIEW.match(name)
            if match:
                kind = f"{match['size']}.{match['ext']}"
                files[kind].append((match["stem"], os.path.join(root, name)))
    stems = sorted(os.path.splitext(n)[0] for n in os.listdir(args.photos) if n.lower().endswith(".jpg"))[::6]
    originals = {}
    rows = []
    for kind in sorted(files, key=lambda k: int(k.split(".")[0])):
        by_stem = dict(files[kind])
        scores = []
        for stem in stems:
            if stem not in by_stem:
                continue
            if stem not in originals:
                originals[stem] = ImageOps.exif_transpose(Image.open(os.path.join(args.photos, stem + ".jpg"))).convert("RGB")
            view = Image.open(by_stem[stem])
            reference = originals[stem].resize(view.size, Image.LANCZOS)
            scores.append(structural_similarity(luma(view), luma(reference), data_range=255))
        size = sum(os.path.getsize(path) for _, path in files[kind])
        rows.append((kind, len(files[kind]), size, statistics.mean(scores) if scores else 0, min(scores) if scores else 0))
    total = sum(os.path.getsize(os.path.join(root, name)) for root, _, names in os.walk(args.gallery) for name in names)
    for kind, count, size, mean, low in rows:
        if args.tsv:
            print(f"{kind}\t{count}\t{size}\t{mean:.4f}\t{low:.4f}")
        else:
            print(f"{kind:>10}: {count} files, {size / 1e6:.2f} MB, SSIM mean {mean:.4f}, min {low:.4f} ({len(stems)} scored)")
    print(f"gallery\t{total}" if args.tsv else f"gallery: {total / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
