#!/usr/bin/env python3
"""Frames, file layout and quality of H.264 MP4s made from the benchmark's seq/.

usage: Scripts/video_quality.py [--tsv] [--width W] SEQDIR MP4...

SEQDIR holds the source frames (every *.png, sorted by name). The reference
for frame i is source PNG i, convert("RGB"), resized with Pillow LANCZOS to
W x round(H * W / source width) (W = 1280 by default), as gif_quality.py does.

Each MP4 is decoded by ffmpeg to rgb24 the way its stream asks: the matrix
it is tagged with (BT.709 when tagged so; BT.601 when untagged, which is what
ffmpeg and players assume for an untagged stream), limited or full range as
tagged, with accurate rounding and full chroma interpolation for both files,
so neither is scored through a sloppier converter than the other. Per frame
PSNR = 10 log10(255^2 / MSE), MSE over all RGB samples in float64; reported
as the mean over frames (dB) and the worst frame.

Also read from the file itself: the top-level box order (moov before mdat:
+faststart), the frame count and duration (ffprobe), the colour tags.

Prints one readable line per MP4, or with --tsv one tab-separated line:
path frames duration dims boxes tags psnr_mean psnr_min worst_frame scored
"""
import argparse
import json
import math
import os
import statistics
import struct
import subprocess
import sys

import numpy as np
from PIL import Image


def references(seq, width):
    frames = sorted(f for f in os.listdir(seq) if f.endswith(".png"))
    if not frames:
        sys.exit(f"video_quality: no PNG frames in {seq}")
    refs = []
    for f in frames:
        with Image.open(os.path.join(seq, f)) as im:
            size = (width, round(im.height * width / im.width))
            refs.append(np.asarray(im.convert("RGB").resize(size, Image.Resampling.LANCZOS), dtype=np.float64))
    return refs


def psnr(a, b):
    mse = ((a - b) ** 2).mean()
    return math.inf if mse == 0 else 10 * math.log10(255**2 / mse)


def top_level_boxes(path):
    boxes = []
    with open(path, "rb") as f:
        while True:
            header = f.read(8)
            if len(header) < 8:
                break
            size, kind = struct.unpack(">I4s", header)
            if size == 1:
                size = struct.unpack(">Q", f.read(8))[0]
                f.seek(size - 16, 1)
            elif size == 0:
                boxes.append(kind.decode("latin-1"))
                break
            else:
                f.seek(size - 8, 1)
            boxes.append(kind.decode("latin-1"))
    return boxes


def probe(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                          "stream=width,height,nb_read_frames,color_space,color_range,color_primaries,color_transfer,"
                          "duration", "-of", "json", path], capture_output=True, check=True, text=True).stdout
    return json.loads(out)["streams"][0]


def measure(path, refs):
    info = probe(path)
    width, height = int(info["width"]), int(info["height"])
    matrix = "bt709" if info.get("color_space") == "bt709" else "bt601"
    in_range = "full" if info.get("color_range") in ("pc", "jpeg") else "tv"
    vf = f"scale=in_color_matrix={matrix}:in_range={in_range}:flags=bicubic+accurate_rnd+full_chroma_int"
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-vf", vf, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                         capture_output=True, check=True).stdout
    frames = np.frombuffer(raw, np.uint8).reshape(-1, height, width, 3)
    scores = [(psnr(refs[i], frame.astype(np.float64)), i + 1) for i, frame in enumerate(frames)
              if i < len(refs) and frame.shape == refs[i].shape]
    ps = [s for s, _ in scores]
    tags = "/".join(info.get(k, "unset") for k in ("color_primaries", "color_transfer", "color_space", "color_range"))
    boxes = top_level_boxes(path)
    order = "moov<mdat" if "moov" in boxes and "mdat" in boxes and boxes.index("moov") < boxes.index("mdat") \
        else "mdat<moov"
    return dict(frames=len(frames), duration=info.get("duration", "?"), dims=f"{width}x{height}", boxes=order, tags=tags,
                mean=statistics.mean(ps) if ps else None, worst=min(scores) if scores else None, scored=len(ps))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tsv", action="store_true")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("seq")
    parser.add_argument("videos", nargs="+")
    args = parser.parse_args()
    refs = references(args.seq, args.width)
    for path in args.videos:
        m = measure(path, refs)
        mean = "-" if m["mean"] is None else f"{m['mean']:.3f}"
        worst, frame = ("-", "-") if m["worst"] is None else (f"{m['worst'][0]:.3f}", str(m["worst"][1]))
        if args.tsv:
            print("\t".join([path, str(m["frames"]), m["duration"], m["dims"], m["boxes"], m["tags"], mean, worst, frame,
                             str(m["scored"])]))
        else:
            print(f"{path}: {m['frames']} frames, {m['duration']} s, {m['dims']}, {m['boxes']}, tags {m['tags']}, "
                  f"PSNR mean {mean} dB, worst {worst} dB (frame {frame}), {m['scored']} scored")


if __name__ == "__main__":
    main()
