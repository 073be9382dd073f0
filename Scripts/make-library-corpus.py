#!/usr/bin/env python3
"""Large photo libraries for the library benchmark (Scripts/bench-library.sh).

  make-library-corpus.py small OUT COUNT [SOURCE_DIR]
      COUNT small photos (320x240 JPEG, each with its own EXIF date, make and
      model) over ten years (2016-2025), in YEAR/MONTH folders, as a phone
      library exported by month. Days come in bursts of activity (holidays,
      weekends) as real libraries do. The pictures are 64 pictures drawn from
      SOURCE_DIR's photos (or made up) and re-used; every file's bytes differ
      by its EXIF block, so every photo is its own content.

  make-library-corpus.py large OUT COUNT SOURCE_DIR
      COUNT 12 MP photos: the JPEGs of SOURCE_DIR (the benchmark corpus's
      photos12mp) copied with their EXIF dates rewritten in place (same
      length), spread over ten years.

Deterministic: the same arguments give the same files.
"""
import os
import random
import struct
import sys
from datetime import datetime, timedelta

START = datetime(2016, 1, 1)
DAYS = 3653


def exif_segment(taken, make, model):
    """A JPEG APP1 Exif segment: IFD0 (Make, Model, ExifIFD) and an Exif IFD with DateTimeOriginal."""
    date = taken.strftime("%Y:%m:%d %H:%M:%S").encode() + b"\0"
    make = make.encode() + b"\0"
    model = model.encode() + b"\0"
    # Layout (offsets from the TIFF header): header 8, IFD0 at 8 with 3 entries, then Exif IFD, then data.
    ifd0_size = 2 + 3 * 12 + 4
    exif_ifd = 8 + ifd0_size
    exif_size = 2 + 1 * 12 + 4
    data = exif_ifd + exif_size
    make_at, model_at = data, data + len(make)
    date_at = model_at + len(model)
    out = bytearray(b"II*\0" + struct.pack("<I", 8))
    out += struct.pack("<H", 3)
    out += struct.pack("<HHII", 0x010F, 2, len(make), make_at)
    out += struct.pack("<HHII", 0x0110, 2, len(model), model_at)
    out += struct.pack("<HHII", 0x8769, 4, 1, exif_ifd)
    out += struct.pack("<I", 0)
    out += struct.pack("<H", 1)
    out += struct.pack("<HHII", 0x9003, 2, len(date), date_at)
    out += struct.pack("<I", 0)
    out += make + model + date
    payload = b"Exif\0\0" + bytes(out)
    return b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload


def strip_app_segments(jpeg):
    """The JPEG without its APP1..APP15 segments (keeps SOI, APP0 and the rest)."""
    assert jpeg[:2] == b"\xff\xd8"
    out, at = bytearray(b"\xff\xd8"), 2
    while at < len(jpeg):
        marker = jpeg[at + 1]
        if marker == 0xDA:
            out += jpeg[at:]
            break
        length = struct.unpack(">H", jpeg[at + 2:at + 4])[0]
        if not (0xE1 <= marker <= 0xEF):
            out += jpeg[at:at + 2 + length]
        at += 2 + length
    return bytes(out)


def pictures(source):
    from PIL import Image, ImageDraw
    import io
    images = []
    names = sorted(n for n in os.listdir(source) if n.lower().endswith(".jpg")) if source else []
    for index in range(64):
        if names:
            image = Image.open(os.path.join(source, names[index % len(names)]))
            image.draft("RGB", (640, 480))
            image = image.convert("RGB")
            width, height = image.size
            # A different crop of each source for every 48 pictures.
            shift = (index // len(names)) * width // 8
            image = image.crop((shift, 0, shift + width * 3 // 4, height)).resize((320, 240))
        else:
            image = Image.new("RGB", (320, 240), ((index * 37) % 256, (index * 91) % 256, (index * 53) % 256))
            draw = ImageDraw.Draw(image)
            draw.ellipse((40 + index, 30, 200 + index, 190), fill=((index * 11) % 256, 200, 90))
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=80)
        images.append(strip_app_segments(buffer.getvalue()))
    return images


def capture_times(count, rng):
    """COUNT times over ten years: active days hold many photos, most days none."""
    times = []
    while len(times) < count:
        day = START + timedelta(days=rng.randrange(DAYS))
        burst = min(count - len(times), max(1, int(rng.expovariate(1 / 30))))
        hour = rng.randrange(7, 20)
        moment = day + timedelta(hours=hour, minutes=rng.randrange(60))
        for _ in range(burst):
            moment += timedelta(seconds=rng.randrange(20, 600))
            times.append(moment)
    return sorted(times)


CAMERAS = [("Apple", "iPhone 12"), ("Apple", "iPhone 15 Pro"), ("Google", "Pixel 7"), ("samsung", "SM-S918B"),
           ("Canon", "Canon EOS R6"), ("SONY", "ILCE-7M3")]


def small(out, count, source):
    rng = random.Random(23)
    images = pictures(source)
    taken = capture_times(count, rng)
    numbers = {}
    for index, moment in enumerate(taken):
        folder = os.path.join(out, f"{moment.year:04d}", f"{moment.month:02d}")
        number = numbers.get(folder, 0) + 1
        numbers[folder] = number
        if number == 1:
            os.makedirs(folder, exist_ok=True)
        make, model = CAMERAS[(moment.year + moment.month) % len(CAMERAS)]
        jpeg = images[index % len(images)]
        # The segment goes right after SOI (and APP0 when present).
        at = 2 + (struct.unpack(">H", jpeg[4:6])[0] + 2 if jpeg[2:4] == b"\xff\xe0" else 0)
        data = jpeg[:at] + exif_segment(moment, make, model) + jpeg[at:]
        path = os.path.join(folder, f"IMG_{number:05d}.jpg")
        with open(path, "wb") as file:
            file.write(data)
        stamp = moment.timestamp()
        os.utime(path, (stamp, stamp))


def large(out, count, source):
    rng = random.Random(2000)
    names = sorted(n for n in os.listdir(source) if n.lower().endswith(".jpg"))
    originals = [open(os.path.join(source, name), "rb").read() for name in names]
    taken = capture_times(count, rng)
    os.makedirs(out, exist_ok=True)
    for index, moment in enumerate(taken):
        data = originals[index % len(originals)]
        head = data[:65536]
        # Every EXIF date of the photo ("YYYY:MM:DD HH:MM:SS") becomes this one.
        new = moment.strftime("%Y:%m:%d %H:%M:%S").encode()
        dates = set()
        for at in range(len(head) - 19):
            chunk = head[at:at + 19]
            if chunk[4:5] == b":" and chunk[7:8] == b":" and chunk[10:11] == b" " and chunk[:4].isdigit() \
                    and chunk[13:14] == b":" and chunk[16:17] == b":":
                dates.add(bytes(chunk))
        for date in dates:
            head = head.replace(date, new)
        path = os.path.join(out, f"{moment:%Y%m%d_%H%M%S}_{index:04d}.jpg")
        with open(path, "wb") as file:
            file.write(head + data[65536:])
        stamp = moment.timestamp()
        os.utime(path, (stamp, stamp))


def main():
    if len(sys.argv) < 4 or sys.argv[1] not in ("small", "large"):
        sys.exit(__doc__)
    kind, out, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    source = sys.argv[4] if len(sys.argv) > 4 else None
    if kind == "small":
        small(out, count, source)
    else:
        if not source:
            sys.exit("large needs SOURCE_DIR (the corpus's photos12mp)")
        large(out, count, source)


if __name__ == "__main__":
    main()
