#!/usr/bin/env python3
"""Build the camera-roll benchmark corpus (Scripts/bench-camera-roll.sh).

usage: Scripts/make-camera-roll-corpus.py [OUTDIR] [--photos DIR] [--long-seconds N] [--force]

OUTDIR defaults to .bench-corpus/camera-roll; --photos to the 12 MP JPEGs of
the photo corpus (.bench-corpus/photos12mp, made by ../shared/bench/make-corpus).
Without them, 48 stand-in 12 MP photos are drawn with numpy and Pillow, and the
20 clips show ffmpeg's testsrc2 (with the same grain) instead of a photo.

Writes into OUTDIR:
  clips/     20 clips 1920x1080 at 30 fps, 5 to 60 s long (37 s on average):
             10 H.264 (libx264 -preset ultrafast -crf 23, 2 s GOP, VID_*.mp4) and
             10 HEVC (libx265 -preset ultrafast -crf 16, -tag:v hvc1, IMG_3*.MOV), each a
             slow zoom and pan over one 12 MP photo with a little temporal grain,
             tagged BT.709 limited range (as phones tag HD video);
             QuickTime metadata as phones write it (-movflags use_metadata_tags:
             com.apple.quicktime.creationdate with its offset, .location.ISO6709,
             .make, .model; and the container's creation_time); half with AAC sound;
             three turned by a display matrix (two HEVC by 90 and 270 degrees, one
             H.264 by 90: encoded, then remuxed with -c copy and rotate=N, the only
             way ffmpeg 5.1 writes the matrix).
  roll/      a phone's camera roll, one flat folder:
             40 photos (copies of the corpus JPEGs, EXIF dates re-set by exiftool:
               distinct, over 3 days, 2025-09-12 to 14, +09:00), renamed as their
               phones name them;
             10 of the clips (the 10 shortest: 5 H.264 and 5 HEVC, two turned);
             5 Live Photos: IMG_1001..1005.JPG (Apple iPhone 13, DateTimeOriginal +
               OffsetTimeOriginal) each with IMG_100N.MOV, a 3 s 1440x1080 H.264 clip
               with AAC whose com.apple.quicktime.creationdate is 0 or 1 s after the still
               (no content identifier: they pair by name and time);
             3 motion photos: a Google Motion Photo 1.0 (XMP GCamera:MotionPhoto=1,
               MotionPhotoVersion=1 and a Container:Directory whose MotionPhoto item's
               Item:Length is the MP4's), a Google MicroVideo one (GCamera:MotionPhoto=1,
               MotionPhotoVersion=1, MicroVideo=1, MicroVideoOffset=<MP4 length>), each a
               JPEG with a 3 s 1440x1080 H.264 MP4 appended; and a Samsung one: the JPEG,
               then "MotionPhoto_Data", then a 3 s 1920x1080 HEVC MP4 (no SEFH directory);
               exiftool 12.57 does not know MotionPhoto nor the Container namespace:
               they are defined in an exiftool config written next to the output;
             a burst of 20 frames (samsung SM-S911B, 20250913_101500_001.jpg ...):
               one photo shifted a few pixels per frame, 10 per second over two
               consecutive seconds, SubSecTimeOriginal 000 to 900.
  long/      4k-<N>s.mp4: N seconds (--long-seconds, default 600) of 3840x2160 30 fps
             H.264 (libx264 -preset ultrafast; testsrc2 drawn at 960x540 and enlarged
             4x, so it encodes fast and stays near 12 Mbit/s) with AAC sound.
  manifest.tsv one line per file: set, name, what, codec, size, seconds, turn, sound, taken.
  expected.tsv what roll/ holds, in the names `filmroll stats --json` counts by: stills (68:
             photos, Live Photos' stills, motion photos, burst frames), burstFrames (20),
             bursts (1), videos (10: Live Photos' MOVs are not), livePhotos (5), motionPhotos (3),
             and clips (8: the H.264 clips `process` makes, for the HEVC videos and the
             motion photos).

Idempotent: a stamp file makes a second run keep clips/ and roll/ unless
--force or the recipe changed; the long clip is made when its file is missing.
Needs ffmpeg (libx264, libx265, aac), ffprobe, exiftool, numpy and Pillow.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

RECIPE = "camera-roll corpus v1"   # bump when the recipe changes
FPS = 30
OFFSET = "+09:00"
PLACE = "+37.5665+126.9780+038.000/"          # Seoul, ISO 6709
LENGTHS = [5 + round(55 * i / 19) for i in range(20)]   # 5, 8, 11, ... 57, 60 s
TURNED = {3: 90, 4: 90, 13: 270}               # clip index: degrees clockwise (display matrix)
IN_ROLL = 10                                   # the first (shortest) clips go into roll/
# Tagged BT.709, limited range, as phones tag their HD and 4K clips.
COLOUR = ["-color_range", "tv", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]
EXIFTOOL_CONFIG = r"""# Google's Motion Photo 1.0 tags, which exiftool 12.57 does not know yet.
%Image::ExifTool::UserDefined = (
    'Image::ExifTool::XMP::GCamera' => {
        MotionPhoto => { Writable => 'integer' },
        MotionPhotoVersion => { Writable => 'integer' },
        MotionPhotoPresentationTimestampUs => { Writable => 'integer' },
    },
    'Image::ExifTool::XMP::Main' => {
        Container => { SubDirectory => { TagTable => 'Image::ExifTool::UserDefined::Container' } },
    },
);
my %sItem = (
    STRUCT_NAME => 'Item',
    NAMESPACE => { 'Item' => 'http://ns.google.com/photos/1.0/container/item/' },
    Mime => { }, Semantic => { }, Length => { Writable => 'integer' }, Padding => { Writable => 'integer' },
);
my %sDirectoryItem = ( STRUCT_NAME => 'DirectoryItem', NAMESPACE => 'Container', Item => { Struct => \%sItem } );
%Image::ExifTool::UserDefined::Container = (
    GROUPS => { 0 => 'XMP', 1 => 'XMP-Container', 2 => 'Image' },
    NAMESPACE => { 'Container' => 'http://ns.google.com/photos/1.0/container/' },
    WRITABLE => 'string',
    Directory => { Struct => \%sDirectoryItem, List => 'Seq' },
);
1;
"""


def die(message):
    sys.exit("make-camera-roll-corpus: " + message)


def run(args, **kwargs):
    result = subprocess.run(args, capture_output=True, text=True, **kwargs)
    if result.returncode:
        die("%s failed:\n%s" % (" ".join(args[:6]), result.stderr[-2000:]))
    return result.stdout


def ffmpeg(*args):
    run(["ffmpeg", "-nostdin", "-v", "error", "-y", *args])


def quicktime_tags(taken, make, model):
    """-metadata arguments for a phone's QuickTime keys, and the container's UTC time."""
    utc = taken - timedelta(hours=9)
    tags = {"com.apple.quicktime.creationdate": taken.strftime("%Y-%m-%dT%H:%M:%S") + OFFSET.replace(":", ""),
            "com.apple.quicktime.location.ISO6709": PLACE,
            "com.apple.quicktime.make": make, "com.apple.quicktime.model": model,
            "creation_time": utc.strftime("%Y-%m-%dT%H:%M:%S.000000Z")}
    return tags, [item for key, value in tags.items() for item in ("-metadata", "%s=%s" % (key, value))]


def picture(photo, seconds, size):
    """ffmpeg input and filter for `seconds` of a slow zoom and pan over `photo` (or testsrc2)."""
    width, height = size
    frames = round(seconds * FPS)
    if photo is None:
        return (["-f", "lavfi", "-i", "testsrc2=size=%dx%d:rate=%d:duration=%s" % (width, height, FPS, seconds)],
                "noise=alls=4:allf=t,format=yuv420p")
    # The photo cropped to the clip's shape at about 1.33x its size, then a zoom from 1 to 1.25
    # while the window drifts left to right; grain so that no two frames are the same.
    crop_w = width * 4 // 3 // 2 * 2
    crop_h = height * 4 // 3 // 2 * 2
    zoom = ("zoompan=z='1+0.25*on/%d':x='(iw-iw/zoom)*on/%d':y='(ih-ih/zoom)/2':d=%d:s=%dx%d:fps=%d"
            % (frames, frames, frames, width, height, FPS))
    return (["-i", photo],
            "scale=%d:%d:force_original_aspect_ratio=increase,crop=%d:%d,%s,noise=alls=4:allf=t,format=yuv420p"
            % (crop_w, crop_h, crop_w, crop_h, zoom))


def sound(seconds, pitch):
    return ["-f", "lavfi", "-i", "sine=frequency=%d:sample_rate=48000:duration=%s" % (pitch, seconds)]


def encode(path, photo, seconds, size, codec, taken, make, model, audio, turn=0, pitch=440):
    """One clip: the picture, maybe sound, QuickTime metadata; turned by a display matrix when asked."""
    inputs, chain = picture(photo, seconds, size)
    if audio:
        inputs += sound(seconds, pitch)
    if codec == "h264":
        video = ["-c:v", "libx264", "-preset", "ultrafast", "-crf", "23", "-g", str(2 * FPS)]
    else:
        video = ["-c:v", "libx265", "-preset", "ultrafast", "-crf", "16", "-tag:v", "hvc1",
                 "-x265-params", "log-level=error:keyint=%d" % (2 * FPS)]
    _, tags = quicktime_tags(taken, make, model)
    temporary = path + ".part" + os.path.splitext(path)[1]
    audio_out = ["-map", "1:a", "-c:a", "aac", "-b:a", "96k"] if audio else []
    ffmpeg(*inputs, "-filter_complex", "[0:v]%s[v]" % chain, "-map", "[v]", *audio_out, *video, *COLOUR,
           "-t", str(seconds), "-map_metadata", "-1", "-movflags", "use_metadata_tags", *tags, temporary)
    if turn:
        # ffmpeg writes a display matrix from "rotate" only when it copies the stream. ffmpeg 4 took
        # the angle clockwise, ffmpeg 5.1 takes it counterclockwise: the other way is tried when the
        # matrix written turns the wrong way (ffprobe's rotation is counterclockwise).
        turned = path + ".turned" + os.path.splitext(path)[1]
        for angle in (turn, 360 - turn):
            ffmpeg("-i", temporary, "-map", "0", "-c", "copy", "-map_metadata", "0", "-movflags", "use_metadata_tags",
                   "-metadata:s:v:0", "rotate=%d" % angle, turned)
            if rotation(turned) % 360 == -turn % 360:
                break
        os.replace(turned, temporary)
    check(temporary, codec, taken, turn, audio)
    os.replace(temporary, path)


def probe(path):
    return json.loads(run(["ffprobe", "-v", "error", "-show_format", "-show_streams", "-of", "json", path]))


def check(path, codec, taken, turn, audio):
    """The clip says what it was meant to: codec, sound, creation date, place, turn."""
    found = probe(path)
    streams = found["streams"]
    video = [s for s in streams if s["codec_type"] == "video"]
    if not video or video[0]["codec_name"] != ("h264" if codec == "h264" else "hevc"):
        die("%s: not %s" % (path, codec))
    if codec == "hevc" and video[0].get("codec_tag_string") != "hvc1":
        die("%s: HEVC not tagged hvc1" % path)
    if video[0].get("color_space") != "bt709" or video[0].get("color_primaries") != "bt709":
        die("%s: not tagged BT.709" % path)
    if audio != any(s["codec_type"] == "audio" for s in streams):
        die("%s: sound is %s, not %s" % (path, not audio, audio))
    tags = found["format"].get("tags", {})
    expected, _ = quicktime_tags(taken, "", "")
    for key in ("com.apple.quicktime.creationdate", "com.apple.quicktime.location.ISO6709"):
        if tags.get(key) != expected[key]:
            die("%s: %s is %r, not %r" % (path, key, tags.get(key), expected[key]))
    if rotation(path) % 360 != -turn % 360:
        die("%s: its display matrix turns it %d degrees clockwise, not %d" % (path, -rotation(path) % 360, turn))


def rotation(path):
    """The display matrix's turn as ffprobe gives it: degrees counterclockwise (0 when none)."""
    found = probe(path)
    for stream in found["streams"]:
        if stream["codec_type"] == "video":
            for side in stream.get("side_data_list", []):
                if "rotation" in side:
                    return int(float(side["rotation"]))
    return 0


# ---- photos

def photo_sources(folder):
    """The corpus's 12 MP JPEGs with their Make, sorted by name; [] when there are none."""
    if not folder or not os.path.isdir(folder):
        return []
    names = sorted(n for n in os.listdir(folder) if n.lower().endswith((".jpg", ".jpeg")))
    makes = {}
    manifest = os.path.join(os.path.dirname(os.path.abspath(folder)), "manifest.tsv")
    if os.path.exists(manifest):
        with open(manifest, encoding="utf-8") as rows:
            header = rows.readline().rstrip("\n").split("\t")
            for line in rows:
                row = dict(zip(header, line.rstrip("\n").split("\t")))
                makes[os.path.basename(row.get("path", ""))] = (row.get("make", ""), row.get("orientation", ""))
    return [(os.path.join(folder, n), makes.get(n, ("", ""))) for n in names]


def stand_in_photos(folder, count):
    """`count` 4032x3024 photo-like JPEGs (smooth colour fields, edges, grain) when the corpus has none."""
    import numpy as np
    from PIL import Image, ImageDraw
    os.makedirs(folder, exist_ok=True)
    rng = np.random.default_rng(2025)
    paths = []
    for index in range(count):
        path = os.path.join(folder, "standin_%02d.jpg" % index)
        paths.append((path, ("", "1")))
        if os.path.exists(path):
            continue
        small = rng.integers(0, 256, size=(6, 8, 3), dtype=np.uint8)
        image = Image.fromarray(small).resize((4032, 3024), Image.Resampling.BICUBIC)
        draw = ImageDraw.Draw(image)
        for _ in range(12):
            x, y = int(rng.integers(0, 3800)), int(rng.integers(0, 2800))
            draw.ellipse((x, y, x + int(rng.integers(100, 900)), y + int(rng.integers(100, 900))),
                         fill=tuple(int(v) for v in rng.integers(0, 256, 3)))
        pixels = np.asarray(image, dtype=np.int16) + rng.normal(0, 4, (3024, 4032, 1)).astype(np.int16)
        Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8)).save(path, quality=90)
    return paths


def phone_name(source, taken, make):
    """The name the source's phone would give a photo taken at `taken`."""
    base = os.path.basename(source)
    if base.startswith("IMG_") or make == "Apple":
        return base if base.startswith("IMG_") else "IMG_%04d.JPG" % (5000 + taken.minute * 60 + taken.second)
    if base.startswith("PXL_") or make == "Google":
        return "PXL_%s%03d.jpg" % (taken.strftime("%Y%m%d_%H%M%S"), taken.microsecond // 1000)
    return taken.strftime("%Y%m%d_%H%M%S") + ".jpg"


def exif_date_args(taken, subsec=None):
    stamp = taken.strftime("%Y:%m:%d %H:%M:%S")
    args = ["-AllDates=" + stamp, "-OffsetTimeOriginal=" + OFFSET, "-OffsetTime=" + OFFSET,
            "-OffsetTimeDigitized=" + OFFSET]
    # The corpus photos' own sub-seconds go, unless new ones are given.
    subsec = subsec or ""
    return args + ["-SubSecTimeOriginal=" + subsec, "-SubSecTimeDigitized=" + subsec, "-SubSecTime="]


def run_exiftool(blocks, config=None):
    """One exiftool process for all files: each block is one file's arguments, then -execute."""
    with tempfile.NamedTemporaryFile("w", suffix=".args", delete=False) as argfile:
        for block in blocks:
            argfile.write("\n".join(["-overwrite_original", "-q", "-q", *block, "-execute"]) + "\n")
    try:
        run(["exiftool", *(["-config", config] if config else []), "-@", argfile.name])
    finally:
        os.unlink(argfile.name)


def make_burst(source, folder, first):
    """20 frames of `source`, each shifted a few pixels further, as a phone's burst; returns their paths."""
    import numpy as np
    from PIL import Image
    with Image.open(source) as image:
        pixels = np.asarray(image.convert("RGB"))
    paths = []
    for k in range(20):
        shifted = np.roll(pixels, (k * 3, k * 9), axis=(0, 1))
        path = os.path.join(folder, "%s_%03d.jpg" % (first.strftime("%Y%m%d_%H%M%S"), k + 1))
        Image.fromarray(shifted).save(path, quality=92)
        paths.append(path)
    return paths


# ---- the corpus

def make_clips_and_roll(out, photos, jobs, clip_photos):
    clips, roll = os.path.join(out, "clips"), os.path.join(out, "roll")
    for folder in (clips, roll):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
    rows = []
    work = []   # (function, args) encodes, run in parallel

    # 20 clips, H.264 and HEVC in turn, lengths 5..60 s, dates over the 3 days.
    day0 = datetime(2025, 9, 12, 7, 30, 0)
    clip_names = []
    for index, seconds in enumerate(LENGTHS):
        codec = "h264" if index % 2 == 0 else "hevc"
        taken = day0 + timedelta(days=index % 3, minutes=37 * index, seconds=11 * index)
        name = ("VID_%s.mp4" % taken.strftime("%Y%m%d_%H%M%S")) if codec == "h264" else "IMG_%04d.MOV" % (3001 + index)
        make, model = ("samsung", "SM-S911B") if codec == "h264" else ("Apple", "iPhone 13")
        photo = clip_photos[index % len(clip_photos)][0] if clip_photos else None
        audio = index % 4 < 2
        turn = TURNED.get(index, 0)
        work.append((encode, (os.path.join(clips, name), photo, seconds, (1920, 1080), codec, taken, make, model, audio,
                              turn, 220 + 20 * index)))
        clip_names.append(name)
        what = "%s %d s%s%s" % ("H.264" if codec == "h264" else "HEVC", seconds, ", AAC" if audio else "",
                                ", turned %d" % turn if turn else "")
        rows.append(("clips", name, what, codec, "1920x1080", seconds, turn, int(audio), taken.isoformat() + OFFSET))

    # Live Photos: stills and their MOVs, 0 or 1 s apart.
    live_sources = photos[40:45] if len(photos) >= 48 else photos[:5]
    exif_blocks = []
    for k, (source, _) in enumerate(live_sources):
        taken = datetime(2025, 9, 12 + k % 3, 12, 5 * k, 10)
        still = os.path.join(roll, "IMG_%04d.JPG" % (1001 + k))
        shutil.copyfile(source, still)
        exif_blocks.append(["-Make=Apple", "-Model=iPhone 13", *exif_date_args(taken), still])
        after = k % 2
        mov = os.path.join(roll, "IMG_%04d.MOV" % (1001 + k))
        work.append((encode, (mov, source, 3, (1440, 1080), "h264", taken + timedelta(seconds=after), "Apple",
                              "iPhone 13", True, 0, 660)))
        rows.append(("roll", os.path.basename(still), "Live Photo still (pairs with its MOV)", "jpeg", "", "", "", "",
                     taken.isoformat() + OFFSET))
        rows.append(("roll", os.path.basename(mov), "Live Photo MOV, %d s after its still" % after, "h264", "1440x1080", 3,
                     0, 1, (taken + timedelta(seconds=after)).isoformat() + OFFSET))

    # Motion photos: the MP4s first (their lengths go into the XMP), the stills later.
    motion_sources = photos[45:48] if len(photos) >= 48 else photos[5:8]
    motion = []
    with tempfile.TemporaryDirectory() as scratch:
        for k, (source, _) in enumerate(motion_sources):
            taken = datetime(2025, 9, 12 + k, 16, 20 + k, 30)
            codec, size = ("hevc", (1920, 1080)) if k == 2 else ("h264", (1440, 1080))
            clip = os.path.join(scratch, "motion%d.mp4" % k)
            work.append((encode, (clip, source, 3, size, codec, taken, "", "", False, 0, 440)))
            motion.append((k, source, taken, clip))
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            for future in [pool.submit(function, *args) for function, args in work]:
                future.result()

        config = os.path.join(scratch, "motion-photo.config")
        with open(config, "w", encoding="utf-8") as f:
            f.write(EXIFTOOL_CONFIG)
        motion_paths = []
        for k, source, taken, clip in motion:
            length = os.path.getsize(clip)
            if k == 0:
                name, what = "PXL_%s123.MP.jpg" % taken.strftime("%Y%m%d_%H%M%S"), "Google Motion Photo 1.0 (Container:Directory)"
                tags = ["-Make=Google", "-Model=Pixel 7", "-XMP-GCamera:MotionPhoto=1", "-XMP-GCamera:MotionPhotoVersion=1",
                        "-XMP-GCamera:MotionPhotoPresentationTimestampUs=1500000",
                        "-XMP-Container:Directory=[{Item={Mime=image/jpeg,Semantic=Primary,Length=0,Padding=0}},"
                        "{Item={Mime=video/mp4,Semantic=MotionPhoto,Length=%d,Padding=0}}]" % length]
            elif k == 1:
                name, what = "MVIMG_%s.jpg" % taken.strftime("%Y%m%d_%H%M%S"), "Google MicroVideo (MicroVideoOffset)"
                tags = ["-Make=Google", "-Model=Pixel 3", "-XMP-GCamera:MotionPhoto=1", "-XMP-GCamera:MotionPhotoVersion=1",
                        "-XMP-GCamera:MicroVideo=1", "-XMP-GCamera:MicroVideoVersion=1",
                        "-XMP-GCamera:MicroVideoOffset=%d" % length]
            else:
                name, what = taken.strftime("%Y%m%d_%H%M%S") + ".jpg", "Samsung motion photo (MotionPhoto_Data trailer, HEVC)"
                tags = ["-Make=samsung", "-Model=SM-S911B"]
            path = os.path.join(roll, name)
            shutil.copyfile(source, path)
            run_exiftool([[*tags, *exif_date_args(taken), path]], config=config)
            with open(path, "ab") as still, open(clip, "rb") as video:
                if k == 2:
                    still.write(b"MotionPhoto_Data")
                shutil.copyfileobj(video, still)
            motion_paths.append(path)
            rows.append(("roll", name, what + ", %d-byte MP4 of 3 s" % length, "jpeg+mp4", "", 3, "", 0,
                         taken.isoformat() + OFFSET))
        xmp = run(["exiftool", "-config", config, "-s3", "-XMP-GCamera:MicroVideoOffset", motion_paths[1]]).strip()
        if xmp != str(os.path.getsize(motion[1][3])):
            die("%s: MicroVideoOffset is %r" % (motion_paths[1], xmp))

    # 40 photos, dates spread over 3 days; named as their phones name them.
    roll_sources = photos[:40]
    for k, (source, (make, _)) in enumerate(roll_sources):
        day = k * 3 // len(roll_sources)
        taken = datetime(2025, 9, 12 + day, 8, 2, 0) + timedelta(minutes=23 * (k % 14) + 3 * k, seconds=7 * k)
        name = phone_name(source, taken, make)
        while os.path.exists(os.path.join(roll, name)):
            name = "1" + name
        path = os.path.join(roll, name)
        shutil.copyfile(source, path)
        exif_blocks.append([*exif_date_args(taken), *(["-Make=samsung", "-Model=SM-S911B"] if not make else []), path])
        rows.append(("roll", name, "photo", "jpeg", "", "", "", "", taken.isoformat() + OFFSET))

    # A burst: 20 frames at 10 per second over two consecutive seconds.
    first = datetime(2025, 9, 13, 10, 15, 0)
    upright = [p for p, (_, orientation) in photos if orientation in ("1", "")] or [photos[0][0]]
    for k, path in enumerate(make_burst(upright[0], roll, first)):
        exif_blocks.append(["-Make=samsung", "-Model=SM-S911B", "-Orientation#=1",
                            *exif_date_args(first + timedelta(seconds=k // 10), subsec="%d00" % (k % 10)), path])
        rows.append(("roll", os.path.basename(path), "burst frame %d of 20" % (k + 1), "jpeg", "", "", "", "",
                     (first + timedelta(seconds=k // 10, milliseconds=100 * (k % 10))).isoformat() + OFFSET))
    run_exiftool(exif_blocks)

    # The 10 shortest clips go into the roll too (copies: the benchmark may write beside them).
    for name in clip_names[:IN_ROLL]:
        shutil.copyfile(os.path.join(clips, name), os.path.join(roll, name))
    for row in list(rows):
        if row[0] == "clips" and row[1] in clip_names[:IN_ROLL]:
            rows.append(("roll", *row[1:]))

    hevc_in_roll = sum(1 for row in rows if row[0] == "roll" and row[3] == "hevc")
    expected = {"stills": 40 + len(live_sources) + len(motion_sources) + 20, "burstFrames": 20, "bursts": 1,
                "videos": IN_ROLL, "livePhotos": len(live_sources), "motionPhotos": len(motion_sources),
                "clips": hevc_in_roll + len(motion_sources)}
    return rows, expected


def make_long(out, seconds):
    """The long 4K clip, when missing."""
    folder = os.path.join(out, "long")
    path = os.path.join(folder, "4k-%ds.mp4" % seconds)
    if os.path.exists(path):
        return path, False
    os.makedirs(folder, exist_ok=True)
    taken = datetime(2025, 9, 14, 18, 0, 0)
    _, tags = quicktime_tags(taken, "samsung", "SM-S911B")
    temporary = path + ".part.mp4"
    ffmpeg("-f", "lavfi", "-i", "testsrc2=size=960x540:rate=%d:duration=%d" % (FPS, seconds), *sound(seconds, 330),
           "-vf", "scale=3840:2160:flags=neighbor,format=yuv420p", "-c:v", "libx264", "-preset", "ultrafast",
           *COLOUR, "-c:a", "aac", "-b:a", "96k", "-map_metadata", "-1", "-movflags", "use_metadata_tags", *tags, temporary)
    check(temporary, "h264", taken, 0, True)
    os.replace(temporary, path)
    return path, True


def main():
    parser = argparse.ArgumentParser(description="Build the camera-roll benchmark corpus.")
    parser.add_argument("outdir", nargs="?", default=os.path.join(".bench-corpus", "camera-roll"))
    parser.add_argument("--photos", default=None, help="the 12 MP JPEGs (default: OUTDIR/../photos12mp)")
    parser.add_argument("--long-seconds", type=int, default=int(os.environ.get("LONG_SECONDS", "600")))
    parser.add_argument("--force", action="store_true")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    options = parser.parse_args()
    if options.long_seconds < 1:
        die("--long-seconds must be at least 1")
    out = os.path.abspath(options.outdir)
    photos_dir = options.photos or os.path.join(os.path.dirname(out), "photos12mp")
    for tool in ("ffmpeg", "ffprobe", "exiftool"):
        if shutil.which(tool) is None:
            die("%s not found (Scripts/install-deps.sh --bench installs it)" % tool)
    os.makedirs(out, exist_ok=True)

    version = run(["ffmpeg", "-version"]).splitlines()[0]
    photos = photo_sources(photos_dir)
    source = "the photo corpus" if len(photos) >= 48 else "stand-in photos"
    stamp_text = "%s\n%s\nphotos: %s\n" % (RECIPE, version, source)
    stamp = os.path.join(out, ".stamp")
    current = os.path.exists(stamp) and open(stamp, encoding="utf-8").read() == stamp_text
    if not current or options.force:
        clip_photos = photos if len(photos) >= 48 else []   # the clips show testsrc2 without the corpus
        if len(photos) < 48:
            print("make-camera-roll-corpus: %s has fewer than 48 JPEGs; drawing stand-ins" % photos_dir, file=sys.stderr)
            photos = stand_in_photos(os.path.join(out, "standin-photos"), 48)
        print("make-camera-roll-corpus: 20 clips and the camera roll into %s (a few minutes)..." % out, file=sys.stderr)
        if os.path.exists(stamp):
            os.remove(stamp)
        rows, expected = make_clips_and_roll(out, photos, max(1, options.jobs), clip_photos)
        with open(os.path.join(out, "manifest.tsv"), "w", encoding="utf-8") as manifest:
            manifest.write("set\tname\twhat\tcodec\tsize\tseconds\tturn\tsound\ttaken\n")
            manifest.writelines("\t".join(str(v) for v in row) + "\n" for row in rows)
        with open(os.path.join(out, "expected.tsv"), "w", encoding="utf-8") as f:
            f.write("\t".join(expected) + "\n" + "\t".join(str(v) for v in expected.values()) + "\n")
        with open(stamp, "w", encoding="utf-8") as f:
            f.write(stamp_text)
    path, made = make_long(out, options.long_seconds)
    if made:
        print("make-camera-roll-corpus: wrote %s" % path, file=sys.stderr)


if __name__ == "__main__":
    main()
