#!/usr/bin/env python3
"""Colour error of thumbnails against the sRGB originals they were made from.

usage: color_accuracy.py ORIGINALS_DIR THUMBS_DIR [THUMBS_DIR...]

Each thumbnail NAME*.jpg is matched with ORIGINALS_DIR/NAME.jpg, which is
turned upright (EXIF) and resized with Pillow's Lanczos to the thumbnail's
size. Both are reduced to 8x8-pixel block means, and the CIEDE2000 colour
difference of the blocks is summarised per folder: mean, 95th percentile, max.
"""
import glob
import os
import sys

import numpy as np
from PIL import Image, ImageOps


def lab(rgb):
    v = rgb / 255.0
    linear = np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = linear @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1)


def ciede2000(lab1, lab2):
    L1, a1, b1 = np.moveaxis(lab1, -1, 0)
    L2, a2, b2 = np.moveaxis(lab2, -1, 0)
    cbar = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(cbar ** 7 / (cbar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1, h2 = np.degrees(np.arctan2(b1, a1p)) % 360, np.degrees(np.arctan2(b2, a2p)) % 360
    dh = h2 - h1
    dh = np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh))
    dL, dC = L2 - L1, c2p - c1p
    dH = 2 * np.sqrt(c1p * c2p) * np.sin(np.radians(dh / 2))
    lbar, cbarp = (L1 + L2) / 2, (c1p + c2p) / 2
    hbar = np.where(np.abs(h1 - h2) > 180, (h1 + h2 + 360) / 2, (h1 + h2) / 2)
    t = (1 - 0.17 * np.cos(np.radians(hbar - 30)) + 0.24 * np.cos(np.radians(2 * hbar))
         + 0.32 * np.cos(np.radians(3 * hbar + 6)) - 0.20 * np.cos(np.radians(4 * hbar - 63)))
    rc = 2 * np.sqrt(cbarp ** 7 / (cbarp ** 7 + 25 ** 7))
    rt = -np.sin(np.radians(60 * np.exp(-(((hbar - 275) / 25) ** 2)))) * rc
    sl = 1 + 0.015 * (lbar - 50) ** 2 / np.sqrt(20 + (lbar - 50) ** 2)
    sc, sh = 1 + 0.045 * cbarp, 1 + 0.015 * cbarp * t
    return np.sqrt((dL / sl) ** 2 + (dC / sc) ** 2 + (dH / sh) ** 2 + rt * (dC / sc) * (dH / sh))


def blocks(image, size=8):
    a = np.asarray(image.convert("RGB"), dtype=np.float64)
    h, w = a.shape[0] // size * size, a.shape[1] // size * size
    return a[:h, :w].reshape(h // size, size, w // size, size, 3).mean((1, 3))


def main():
    originals, folders = sys.argv[1], sys.argv[2:]
    for folder in folders:
        errors = []
        for thumb in sorted(glob.glob(os.path.join(folder, "*.jpg"))):
            stem = os.path.basename(thumb).rsplit("_", 1)[0] if "_" in os.path.basename(thumb) else None
            candidates = [os.path.join(originals, n + ".jpg") for n in
                          (os.path.splitext(os.path.basename(thumb))[0], stem) if n]
            source = next((c for c in candidates if os.path.exists(c)), None)
            if source is None:
                continue
            small = Image.open(thumb)
            reference = ImageOps.exif_transpose(Image.open(source)).convert("RGB").resize(small.size, Image.LANCZOS)
            errors.append(ciede2000(lab(blocks(reference)), lab(blocks(small))).ravel())
        if not errors:
            print(f"{folder}\tno thumbnails matched")
            continue
        e = np.concatenate(errors)
        print(f"{folder}\t{len(errors)} files\tΔE2000 mean {e.mean():.2f}\tp95 {np.percentile(e, 95):.2f}\tmax {e.max():.2f}")


if __name__ == "__main__":
    main()
