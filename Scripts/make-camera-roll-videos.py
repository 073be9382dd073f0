#!/usr/bin/env python3
"""Generate the camera-roll video fixtures (Tests/Videos/camera-roll/): small
clips written the way phones write them, for the tests of videos as items:
QuickTime metadata (creation date with its offset, ISO 6709 place, make and
model, Apple's content identifier), a display matrix, HEVC and AAC, a fade
from black, a container time only.

Needs ffmpeg with libx264, libx265 and its AAC encoder. Deterministic for
the same ffmpeg build: one thread, bitexact flags.
Usage: python3 Scripts/make-camera-roll-videos.py [OUTDIR]   (default Tests/Videos/camera-roll/)
"""
import json
import os
import subprocess
import sys

BITEXACT = ["-threads", "1", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact"]
QUICKTIME = ["-movflags", "use_metadata_tags"]

# name, inputs, codec settings, metadata, what it is
CLIPS = [
    ("iphone-hevc.mov",
     ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=2",
      "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=2"],
     ["-c:v", "libx265", "-x265-params", "log-level=error:pools=1:frame-threads=1", "-tag:v", "hvc1",
      "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
      "-c:a", "aac", "-b:a", "32k"],
     {"com.apple.quicktime.creationdate": "2024-05-03T14:22:10+0900",
      "com.apple.quicktime.location.ISO6709": "+37.5665+126.9780+038.000/",
      "com.apple.quicktime.make": "Apple", "com.apple.quicktime.model": "iPhone 15 Pro",
      "com.apple.quicktime.content.identifier": "9F1C3E2A-7B4D-4E8F-A1B2-C3D4E5F60718"},
     "HEVC (hvc1), tagged BT.709 as iPhones tag SDR video, with AAC sound, 2 s at 30 fps, turned 90° by its display matrix; "
     "QuickTime creation date 2024-05-03T14:22:10+09:00, Seoul, Apple iPhone 15 Pro, a content identifier"),
    ("fade-in.mp4",
     ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30:duration=2"],
     ["-c:v", "libx264", "-g", "300", "-pix_fmt", "yuv420p", "-vf", "fade=in:0:20"],
     {"creation_time": "2024-06-01T10:00:00Z"},
     "H.264, 2 s at 30 fps with one key frame, fading in from black over its first 20 frames; "
     "only a container creation_time (2024-06-01T10:00:00Z), no sound"),
    ("IMG_0100.MOV",
     ["-f", "lavfi", "-i", "testsrc=size=160x120:rate=30:duration=1.5"],
     ["-c:v", "libx264", "-pix_fmt", "yuv420p"],
     {"com.apple.quicktime.creationdate": "2024-05-03T16:00:01+0900",
      "com.apple.quicktime.content.identifier": "LIVE-0100-3B9A"},
     "a Live Photo's MOV: H.264, 1.5 s, created 2024-05-03T16:00:01+09:00, content identifier LIVE-0100-3B9A"),
    ("camera-pcm.mov",
     ["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=1",
      "-f", "lavfi", "-i", "sine=frequency=660:sample_rate=16000:duration=1"],
     ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "pcm_s16le"],
     {"com.apple.quicktime.creationdate": "2024-05-05T11:00:00+0900"},
     "a camera's MOV: H.264 with 16-bit PCM sound (16 kHz, mono), 1 s, which an MP4 for the web cannot carry as it is"),
    ("iphone-hlg.mov",
     ["-f", "rawvideo", "-pix_fmt", "yuv420p10le", "-s", "160x120", "-r", "30", "-i", "{hlg}"],
     ["-c:v", "libx265", "-x265-params",
      "log-level=error:pools=1:frame-threads=1:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc",
      "-tag:v", "hvc1", "-pix_fmt", "yuv420p10le",
      "-colorspace", "bt2020nc", "-color_primaries", "bt2020", "-color_trc", "arib-std-b67"],
     {"com.apple.quicktime.creationdate": "2024-05-04T09:00:00+0900",
      "com.apple.quicktime.make": "Apple", "com.apple.quicktime.model": "iPhone 15 Pro"},
     "HDR as iPhones record it: 10-bit HEVC, BT.2020 HLG, 1 s; four bands, left to right: HLG reference white "
     "(signal 75 %), signal 50 %, sRGB red carried into BT.2020 HLG (SDR white at reference white), black"),
]


def hlg_frames(path, width=160, height=120, frames=30):
    """The HLG test card as raw 10-bit 4:2:0 BT.2020 limited-range frames."""
    import math
    a = 0.17883277
    b, c = 1 - 4 * a, 0.5 - a * math.log(4 * a)

    def oetf(scene):
        return math.sqrt(3 * scene) if scene <= 1 / 12 else a * math.log(12 * scene - b) + c

    def inverse_oetf(signal):
        return signal * signal / 3 if signal <= 0.5 else (math.exp((signal - c) / a) + b) / 12

    reference = inverse_oetf(0.75) ** 1.2          # HLG reference white's display light, of the peak

    def from_srgb(rgb):
        linear = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb]
        m = [[0.6274, 0.3293, 0.0433], [0.0691, 0.9195, 0.0114], [0.0164, 0.0880, 0.8956]]   # BT.709 to BT.2020
        bt2020 = [sum(m[i][j] * linear[j] for j in range(3)) for i in range(3)]
        # SDR white at reference white; display light back to scene light (the OOTF's gamma 1.2, per channel).
        return [oetf(max(v * reference, 0) ** (1 / 1.2)) for v in bt2020]

    bands = [[0.75] * 3, [0.5] * 3, from_srgb([1, 0, 0]), [0.0] * 3]

    def ycbcr(rgb):
        r, g, bl = rgb
        y = 0.2627 * r + 0.6780 * g + 0.0593 * bl
        return (round(64 + 876 * y), round(512 + 896 * (bl - y) / 1.8814), round(512 + 896 * (r - y) / 1.4746))

    codes = [ycbcr(band) for band in bands]
    band = width // len(bands)
    luma = b"".join(codes[x // band][0].to_bytes(2, "little") for x in range(width)) * height
    cb = b"".join(codes[(2 * x) // band][1].to_bytes(2, "little") for x in range(width // 2)) * (height // 2)
    cr = b"".join(codes[(2 * x) // band][2].to_bytes(2, "little") for x in range(width // 2)) * (height // 2)
    with open(path, "wb") as raw:
        raw.write((luma + cb + cr) * frames)


# Clips whose display matrix turns them, by degrees clockwise.
TURNED = {"iphone-hevc.mov": 90}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.abspath(sys.argv[1] if len(sys.argv) > 1
                          else os.path.join(os.path.dirname(here), "Tests", "Videos", "camera-roll"))
    os.makedirs(out, exist_ok=True)
    rows = []
    hlg = os.path.join(out, "hlg-frames.yuv")
    hlg_frames(hlg)
    for name, inputs, settings, metadata, what in CLIPS:
        path = os.path.join(out, name)
        inputs = [item.replace("{hlg}", hlg) for item in inputs]
        tags = [item for key, value in metadata.items() for item in ("-metadata", "%s=%s" % (key, value))]
        subprocess.run(["ffmpeg", "-v", "error", "-y", *inputs, *settings, *BITEXACT, "-map_metadata", "-1",
                        *QUICKTIME, *tags, path], check=True)
        if name in TURNED:
            # ffmpeg writes a display matrix from "rotate" only when it copies the stream.
            turned = path + ".turned.mov"
            subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", path, "-c", "copy", "-map_metadata", "0", *QUICKTIME,
                            "-fflags", "+bitexact", "-metadata:s:v:0", "rotate=%d" % TURNED[name], turned], check=True)
            os.replace(turned, path)
        probe = json.loads(subprocess.run(["ffprobe", "-v", "error", "-show_format", "-show_streams", "-of", "json", path],
                                          check=True, capture_output=True).stdout)
        found = probe["format"].get("tags", {})
        for key, value in metadata.items():
            if found.get(key) != value and not (key == "creation_time" and found.get(key, "").startswith(value[:19])):
                sys.exit("%s: %s is %r, not %r" % (name, key, found.get(key), value))
        rows.append("| `%s` | %d | %s |" % (name, os.path.getsize(path), what))
    os.remove(hlg)
    with open(os.path.join(out, "README.md"), "w", encoding="utf-8") as readme:
        readme.write("# Camera-roll videos\n\nGenerated by `Scripts/make-camera-roll-videos.py`. **Do not edit by hand.** "
                     "Each is 160x120 and a second or two long, with the metadata phones write.\n\n"
                     "| File | Bytes | What it is |\n| --- | --- | --- |\n" + "\n".join(rows) + "\n")
    print("wrote %d videos to %s" % (len(rows), out))


if __name__ == "__main__":
    main()
