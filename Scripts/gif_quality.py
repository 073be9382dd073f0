#!/usr/bin/env python3
"""Frames, timing and quality of animated GIFs and WebPs made from the benchmark's seq/.

usage: Scripts/gif_quality.py [--tsv] [--width W] SEQDIR ANIMATION...

SEQDIR holds the source frames (frame_001.png ...; every *.png, sorted by
name). Each GIF or WebP is opened with Pillow and every frame is decoded with
seek + convert("RGB"), so frames are scored as displayed: Pillow composites
each frame over the previous ones (disposal, transparency, sub-rectangles,
blending; a WebP through libwebp's WebPAnimDecoder).

Quality is measured exactly as ../shared/bench/run-anchors does it: the
reference for frame i is source PNG i, convert("RGB"), resized with Pillow
LANCZOS to W x round(H * W / source width) (W = 480 by default); per frame
PSNR = 10 log10(255^2 / MSE), MSE over all RGB samples in float64; reported
as the mean over frames (dB) and the worst frame. Frames are paired in order;
a frame whose size differs from the reference's is not scored.

Prints one readable line per GIF, or with --tsv one tab-separated line:
path frames delays loop dims psnr_mean psnr_min worst_frame scored psnr_median
where delays is the per-frame delays (ms) run-length encoded ("100x24" or
"100x23,200x1"), loop is Pillow's info["loop"] ("none" when the GIF has no
NETSCAPE loop extension, i.e. plays once; 0 = forever), and the PSNR fields
are "-" when no frame could be scored ("inf" for an identical frame).
"""
import argparse
import math
import os
import statistics
import sys

import numpy as np
from PIL import Image


def references(seq, width):
    frames = sorted(f for f in os.listdir(seq) if f.endswith(".png"))
    if not frames:
        sys.exit(f"gif_quality: no PNG frames in {seq}")
    refs = []
    for f in frames:
        with Image.open(os.path.join(seq, f)) as im:
            size = (width, round(im.height * width / im.width))
            refs.append(np.asarray(im.convert("RGB").resize(size, Image.Resampling.LANCZOS), dtype=np.float64))
    return refs


def psnr(a, b):
    mse = ((a - b) ** 2).mean()
    return math.inf if mse == 0 else 10 * math.log10(255**2 / mse)


def runs_of(values):
    """[100, 100, 200] -> '100x2,200x1' (None -> '?')."""
    out, prev, n = [], object(), 0
    for v in values + [object()]:
        if v == prev:
            n += 1
            continue
        if n:
            out.append(f"{'?' if prev is None else prev}x{n}")
        prev, n = v, 1
    return ",".join(out) or "-"


def measure(path, refs):
    with Image.open(path) as im:
        loop = im.info.get("loop")
        n = getattr(im, "n_frames", 1)
        delays, scores, dims = [], [], None
        for i in range(n):
            im.seek(i)
            frame = np.asarray(im.convert("RGB"), dtype=np.float64)
            delays.append(im.info.get("duration"))  # a WebP frame's is known once it is loaded
            dims = dims or f"{frame.shape[1]}x{frame.shape[0]}"
            if i < len(refs) and frame.shape == refs[i].shape:
                scores.append((psnr(refs[i], frame), i + 1))
    ps = [s for s, _ in scores]
    return dict(frames=n, delays=runs_of(delays), loop="none" if loop is None else str(loop), dims=dims or "?",
                mean=statistics.mean(ps) if ps else None,
                median=statistics.median(ps) if ps else None, worst=min(scores) if scores else None, scored=len(ps))


def fmt(v):
    return "-" if v is None else "inf" if math.isinf(v) else f"{v:.2f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tsv", action="store_true")
    ap.add_argument("--width", type=int, default=480)
    ap.add_argument("seq")
    ap.add_argument("gifs", nargs="+")
    args = ap.parse_args()
    refs = references(args.seq, args.width)
    status = 0
    for path in args.gifs:
        try:
            m = measure(path, refs)
        except Exception as e:  # a broken GIF is a result, not a crash
            print(f"gif_quality: {path}: {e}", file=sys.stderr)
            status = 1
            continue
        worst_db, worst_frame = m["worst"] or (None, None)
        if args.tsv:
            print("\t".join([path, str(m["frames"]), m["delays"], m["loop"], m["dims"], fmt(m["mean"]),
                             fmt(worst_db), str(worst_frame or "-"), str(m["scored"]), fmt(m["median"])]))
        else:
            print(f"{path}: {m['frames']} frames {m['dims']}, delays {m['delays']} ms, loop {m['loop']}; "
                  f"PSNR mean {fmt(m['mean'])} dB, worst {fmt(worst_db)} dB (frame {worst_frame or '-'}), "
                  f"{m['scored']}/{len(refs)} frames scored")
    return status


if __name__ == "__main__":
    sys.exit(main())
