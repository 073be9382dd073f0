#!/usr/bin/env python3
"""Generate Filmroll's deterministic test-image fixtures (TestImages/).

Makes EXIF-orientation JPEGs (1..8), JPEG variants (progressive, greyscale,
CMYK/Adobe, photo with full EXIF + GPS, mislabeled, truncated), hand-written
PNGs (RGBA, palette+tRNS, 16-bit, Adam7-interlaced, eXIf), GIFs (animated,
still), dated JPEGs, awkward file names, broken files, and README.md (the
manifest of exact expected values).

Needs Pillow (`pip install pillow`); otherwise only the standard library.
Usage: python3 Scripts/make-test-images.py [--only tiff] [OUTDIR]
(default OUTDIR: TestImages/ next to the Scripts folder). Output is
deterministic: fixed seeds, no timestamps; running it twice gives
byte-identical files (for the same Pillow/libjpeg/zlib build).
"""

import io
import os
import random
import struct
import sys
import zlib

from PIL import Image, ImageChops, ImageDraw, ImageOps, ImageSequence
from PIL.TiffImagePlugin import IFDRational

# ---------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------

RED = (255, 0, 0)
GREEN = (0, 255, 0)
BLUE = (0, 0, 255)
YELLOW = (255, 255, 0)
COLOR_NAMES = {RED: "red", GREEN: "green", BLUE: "blue", YELLOW: "yellow"}

TAG_ORIENTATION = 0x0112
TAG_MAKE = 0x010F
TAG_MODEL = 0x0110
TAG_EXIF_IFD = 0x8769
TAG_GPS_IFD = 0x8825
TAG_DATETIME_ORIGINAL = 0x9003
TAG_OFFSET_TIME_ORIGINAL = 0x9011
TAG_SUBSEC_TIME_ORIGINAL = 0x9291
TAG_PIXEL_X = 0xA002
TAG_PIXEL_Y = 0xA003

# How Pillow turns a stored image upright for EXIF orientation N
# (same table as PIL.ImageOps.exif_transpose).
UPRIGHT_FROM_STORED = {
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270,  # Pillow rotates counter-clockwise: 270 = 90 CW
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,  # 90 CCW
}
# Inverse: stored image from the upright one.
STORED_FROM_UPRIGHT = {
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_90,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_270,
}

# Stored-corner colours derived by hand from the EXIF spec's wording
# ("0th row is the visual ..., 0th column is the visual ..."), as an
# independent check of the Pillow table above: (TL, TR, BL, BR) of the
# *stored* pixels when the upright picture is TL red, TR green,
# BL blue, BR yellow.
STORED_CORNERS = {
    1: (RED, GREEN, BLUE, YELLOW),
    2: (GREEN, RED, YELLOW, BLUE),
    3: (YELLOW, BLUE, GREEN, RED),
    4: (BLUE, YELLOW, RED, GREEN),
    5: (RED, BLUE, GREEN, YELLOW),
    6: (GREEN, YELLOW, RED, BLUE),
    7: (YELLOW, GREEN, BLUE, RED),
    8: (BLUE, RED, YELLOW, GREEN),
}

# Dated fixtures: (name, DateTimeOriginal, OffsetTimeOriginal or None,
#                  Orientation or None, base colour)
DATED = [
    ("IMG_0001.jpg", "2025:04:10 09:15:00", "+09:00", None, (220, 60, 60)),
    ("IMG_0002.jpg", "2025:04:10 12:40:30", "+09:00", None, (60, 180, 75)),
    ("IMG_0003.jpg", "2025:04:10 18:05:10", "+09:00", None, (60, 90, 220)),
    ("IMG_0004.jpg", "2025:04:11 08:00:00", "+09:00", 6, (230, 190, 40)),
    ("IMG_0005.jpg", "2025:04:12 21:30:00", None, None, (150, 70, 200)),
    ("IMG_0006.jpg", "2025:04:12 22:45:59", None, None, (40, 190, 200)),
]

GIF_BACKGROUNDS = [(200, 0, 0), (0, 200, 0), (0, 0, 200), (200, 200, 0)]
GIF_DELAYS_MS = [100, 200, 300, 500]

NAMES = ["with space.jpg", "한글 사진.jpg", "-leading-dash.jpg"]
NAMES_COLOR = (40, 120, 200)

MANIFEST = []  # (path, description) rows for README.md


def note(path, text):
    MANIFEST.append((path, text))


def close(a, b, tol):
    return all(abs(int(x) - int(y)) <= tol for x, y in zip(a, b))


def check(cond, msg):
    if not cond:
        raise AssertionError(msg)


def write_bytes(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def save_image(im, path, fmt, **kw):
    buf = io.BytesIO()
    im.save(buf, fmt, **kw)
    write_bytes(path, buf.getvalue())
    return buf.getvalue()


# ---------------------------------------------------------------------------
# Minimal TIFF/EXIF reader used to verify what was written (tag types etc.)
# ---------------------------------------------------------------------------

TIFF_TYPE_SIZES = {1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8}
TIFF_TYPE_NAMES = {1: "BYTE", 2: "ASCII", 3: "SHORT", 4: "LONG", 5: "RATIONAL",
                   7: "UNDEFINED", 9: "SLONG", 10: "SRATIONAL"}


def parse_tiff(data):
    """Return {'IFD0': {...}, 'Exif': {...}, 'GPS': {...}}; each maps
    tag -> (type name, count, value)."""
    bo = {b"II": "<", b"MM": ">"}[data[:2]]
    check(struct.unpack(bo + "H", data[2:4])[0] == 42, "bad TIFF magic")

    def read_ifd(off):
        n = struct.unpack(bo + "H", data[off:off + 2])[0]
        out = {}
        for i in range(n):
            e = off + 2 + 12 * i
            tag, typ, cnt = struct.unpack(bo + "HHI", data[e:e + 8])
            size = TIFF_TYPE_SIZES[typ] * cnt
            voff = e + 8 if size <= 4 else struct.unpack(bo + "I", data[e + 8:e + 12])[0]
            raw = data[voff:voff + size]
            if typ == 2:
                val = raw.rstrip(b"\0").decode("ascii")
            elif typ == 3:
                val = struct.unpack(bo + "%dH" % cnt, raw)
            elif typ == 4:
                val = struct.unpack(bo + "%dI" % cnt, raw)
            elif typ == 5:
                nums = struct.unpack(bo + "%dI" % (2 * cnt), raw)
                val = tuple((nums[2 * k], nums[2 * k + 1]) for k in range(cnt))
            else:
                val = raw
            out[tag] = (TIFF_TYPE_NAMES[typ], cnt, val)
        return out

    ifd0 = read_ifd(struct.unpack(bo + "I", data[4:8])[0])
    res = {"IFD0": ifd0, "Exif": {}, "GPS": {}}
    if TAG_EXIF_IFD in ifd0:
        res["Exif"] = read_ifd(ifd0[TAG_EXIF_IFD][2][0])
    if TAG_GPS_IFD in ifd0:
        res["GPS"] = read_ifd(ifd0[TAG_GPS_IFD][2][0])
    return res


def jpeg_segments(data):
    """List of (marker, payload) for the JPEG header segments up to SOS."""
    check(data[:2] == b"\xff\xd8", "no SOI")
    pos, segs = 2, []
    while pos < len(data):
        check(data[pos] == 0xFF, "bad marker at %d" % pos)
        marker = data[pos + 1]
        length = struct.unpack(">H", data[pos + 2:pos + 4])[0]
        segs.append((marker, data[pos + 4:pos + 2 + length], pos))
        pos += 2 + length
        if marker == 0xDA:
            break
    return segs


def jpeg_exif(data):
    for marker, payload, _ in jpeg_segments(data):
        if marker == 0xE1 and payload.startswith(b"Exif\0\0"):
            return parse_tiff(payload[6:])
    return None


def jpeg_sof(data):
    for marker, payload, _ in jpeg_segments(data):
        if marker in (0xC0, 0xC1, 0xC2):
            _, h, w, nc = struct.unpack(">BHHB", payload[:6])
            comps = [tuple(payload[6 + 3 * i:9 + 3 * i]) for i in range(nc)]
            sampling = [(c[1] >> 4, c[1] & 15) for c in comps]
            return {"sof": marker, "width": w, "height": h, "components": nc,
                    "sampling": sampling}
    raise AssertionError("no SOF")


# ---------------------------------------------------------------------------
# 1. Orientation
# ---------------------------------------------------------------------------

def quadrant_picture(w=128, h=96):
    im = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, w // 2 - 1, h // 2 - 1), fill=RED)
    d.rectangle((w // 2, 0, w - 1, h // 2 - 1), fill=GREEN)
    d.rectangle((0, h // 2, w // 2 - 1, h - 1), fill=BLUE)
    d.rectangle((w // 2, h // 2, w - 1, h - 1), fill=YELLOW)
    return im


def make_orientation(out):
    upright = quadrant_picture()
    save_image(upright, os.path.join(out, "orientation/upright.png"), "PNG")
    note("orientation/upright.png",
         "RGB PNG 128x96, reference picture: four solid 64x48 quadrants, "
         "TL red (255,0,0), TR green (0,255,0), BL blue (0,0,255), "
         "BR yellow (255,255,0). Exact pixel values.")
    for n in range(1, 9):
        stored = upright if n == 1 else upright.transpose(STORED_FROM_UPRIGHT[n])
        exif = Image.Exif()
        exif[TAG_ORIENTATION] = n
        path = os.path.join(out, "orientation/orientation-%d.jpg" % n)
        data = save_image(stored, path, "JPEG", quality=95, subsampling=0,
                          exif=exif.tobytes())
        # verify
        im = Image.open(path)
        check(im.getexif().get(TAG_ORIENTATION) == n, "orientation tag %d" % n)
        sw, sh = im.size
        check((sw, sh) == ((128, 96) if n <= 4 else (96, 128)), "stored size %d" % n)
        tiff = jpeg_exif(data)
        check(tiff["IFD0"][TAG_ORIENTATION] == ("SHORT", 1, (n,)), "tag type %d" % n)
        rgb = im.convert("RGB")
        corners = [(sw // 4, sh // 4), (3 * sw // 4, sh // 4),
                   (sw // 4, 3 * sh // 4), (3 * sw // 4, 3 * sh // 4)]
        for (x, y), want in zip(corners, STORED_CORNERS[n]):
            got = rgb.getpixel((x, y))
            check(close(got, want, 30), "orientation-%d stored (%d,%d) %s != %s"
                  % (n, x, y, got, want))
        up = ImageOps.exif_transpose(Image.open(path)).convert("RGB")
        check(up.size == (128, 96), "upright size %d" % n)
        for (x, y), want in zip([(32, 24), (96, 24), (32, 72), (96, 72)],
                                [RED, GREEN, BLUE, YELLOW]):
            got = up.getpixel((x, y))
            check(close(got, want, 30), "orientation-%d upright (%d,%d) %s != %s"
                  % (n, x, y, got, want))
        tl, tr, bl, br = (COLOR_NAMES[c] for c in STORED_CORNERS[n])
        note("orientation/orientation-%d.jpg" % n,
             "JPEG q95 4:4:4, EXIF IFD0 Orientation=%d (SHORT). Stored %dx%d; "
             "upright 128x96 = upright.png. Stored quadrants TL %s, TR %s, "
             "BL %s, BR %s." % (n, sw, sh, tl, tr, bl, br))
    print("orientation: 8 JPEGs verified (stored layout + exif_transpose upright)")


# ---------------------------------------------------------------------------
# 2. JPEG variants
# ---------------------------------------------------------------------------

def gradient(w, h):
    """R = round(x*255/(w-1)), G = round(y*255/(h-1)), B = 128."""
    rx = bytes(round(x * 255 / (w - 1)) for x in range(w))
    data = bytearray()
    for y in range(h):
        g = round(y * 255 / (h - 1))
        for x in range(w):
            data += bytes((rx[x], g, 128))
    return Image.frombytes("RGB", (w, h), bytes(data))


def make_photo():
    w, h = 640, 480
    im = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(im)
    # sky: vertical gradient (40,90,180) at top -> (170,210,240) at horizon y=300
    for y in range(300):
        t = y / 299
        d.line((0, y, w - 1, y), fill=(round(40 + 130 * t), round(90 + 120 * t),
                                        round(180 + 60 * t)))
    # ground below horizon
    for y in range(300, h):
        t = (y - 300) / (h - 301)
        d.line((0, y, w - 1, y), fill=(round(70 - 30 * t), round(130 - 50 * t),
                                        round(60 - 25 * t)))
    # sun with a soft halo
    for r, c in ((70, (250, 235, 190)), (58, (253, 225, 150)), (48, (255, 215, 90))):
        d.ellipse((470 - r, 110 - r, 470 + r, 110 + r), fill=c)
    # hills (back to front)
    d.polygon([(0, 300), (0, 250), (90, 205), (200, 240), (330, 190), (470, 250),
               (560, 220), (639, 245), (639, 300)], fill=(80, 120, 110))
    d.polygon([(0, 340), (0, 290), (140, 260), (260, 300), (400, 270), (520, 310),
               (639, 280), (639, 340)], fill=(60, 130, 70))
    d.polygon([(0, 479), (0, 360), (180, 330), (360, 370), (520, 340), (639, 365),
               (639, 479)], fill=(45, 105, 45))
    # deterministic mild noise: each channel += (byte % 9) - 4  (range -4..+4)
    rng = random.Random(20250410)
    noise = Image.frombytes("RGB", (w, h), rng.randbytes(w * h * 3))
    noise = noise.point(lambda v: v % 9)
    im = ImageChops.add(im, noise, 1.0, -4)
    return im


def make_jpegs(out):
    jdir = os.path.join(out, "jpeg")

    # progressive
    prog = gradient(160, 120)
    data = save_image(prog, os.path.join(jdir, "progressive.jpg"), "JPEG",
                      quality=90, progressive=True)
    sof = jpeg_sof(data)
    check(sof["sof"] == 0xC2 and (sof["width"], sof["height"]) == (160, 120),
          "progressive SOF2")
    im = Image.open(os.path.join(jdir, "progressive.jpg"))
    check(im.info.get("progressive") == 1, "progressive flag")
    px = im.convert("RGB").getpixel((80, 60))
    check(close(px, (128, 129, 128), 12), "progressive centre %s" % (px,))
    note("jpeg/progressive.jpg",
         "Progressive JPEG (SOF2) 160x120 q90 4:2:0, no EXIF. Gradient: "
         "R = round(x*255/159), G = round(y*255/119), B = 128 (tolerance ~10). "
         "Pillow reads centre (80,60) as %s." % (px,))

    # grayscale
    g = Image.frombytes("L", (64, 48), bytes(round(x * 255 / 63) for x in range(64)) * 48)
    data = save_image(g, os.path.join(jdir, "grayscale.jpg"), "JPEG", quality=95)
    check(jpeg_sof(data)["components"] == 1, "grayscale 1 component")
    im = Image.open(os.path.join(jdir, "grayscale.jpg"))
    check(im.mode == "L" and im.size == (64, 48), "grayscale mode")
    for x in (0, 21, 42, 63):
        v = im.getpixel((x, 24))
        check(abs(v - round(x * 255 / 63)) <= 6, "grayscale ramp x=%d %d" % (x, v))
    note("jpeg/grayscale.jpg",
         "Baseline JPEG, 1 component (Pillow mode L), 64x48 q95, no EXIF. "
         "Every row: value = round(x*255/63) (0 at x=0, 255 at x=63; tolerance ~6).")

    # CMYK
    c = Image.new("CMYK", (64, 48), (0, 255, 0, 0))
    c.paste((255, 0, 0, 0), (0, 0, 32, 48))
    data = save_image(c, os.path.join(jdir, "cmyk.jpg"), "JPEG", quality=95)
    sof = jpeg_sof(data)
    check(sof["components"] == 4, "cmyk 4 components")
    adobe = [p for m, p, _ in jpeg_segments(data) if m == 0xEE]
    check(adobe and adobe[0][:5] == b"Adobe", "Adobe APP14 marker")
    transform = adobe[0][11]
    im = Image.open(os.path.join(jdir, "cmyk.jpg"))
    check(im.mode == "CMYK", "cmyk mode")
    raw_l, raw_r = im.getpixel((16, 24)), im.getpixel((48, 24))
    rgb = im.convert("RGB")
    left, right = rgb.getpixel((16, 24)), rgb.getpixel((48, 24))
    print("cmyk.jpg: Pillow CMYK left %s right %s; as RGB left %s right %s; "
          "Adobe transform=%d" % (raw_l, raw_r, left, right, transform))
    check(close(left, (0, 255, 255), 30), "cmyk left %s" % (left,))
    check(close(right, (255, 0, 255), 30), "cmyk right %s" % (right,))
    # Raw sample values stored in the scan (Adobe CMYK is stored inverted):
    # decode again without Pillow's inversion.
    raw = Image.open(os.path.join(jdir, "cmyk.jpg"))
    t0 = raw.tile[0]
    raw.tile = [(t0[0], t0[1], t0[2], ("CMYK", ""))]
    raw.load()
    stored_l, stored_r = raw.getpixel((16, 24)), raw.getpixel((48, 24))
    print("cmyk.jpg: raw stored samples left %s right %s" % (stored_l, stored_r))
    check(close(stored_l, (0, 255, 255, 255), 3) and
          close(stored_r, (255, 0, 255, 255), 3), "cmyk stored inverted")
    note("jpeg/cmyk.jpg",
         "4-component CMYK JPEG 64x48 q95 (SOF0, no JFIF), Adobe APP14 marker "
         "(\"Adobe\", transform=%d = no colour transform), samples stored "
         "inverted (Adobe convention: stored = 255 - ink; raw decoded samples "
         "left %s, right %s). Left half x<32 "
         "cyan ink C=255 M=0 Y=0 K=0, right half magenta ink C=0 M=255 Y=0 K=0. "
         "Naive CMYK->RGB (R=255-C ... times 1-K) gives left (0,255,255), right "
         "(255,0,255); Pillow reads CMYK %s / %s, RGB %s / %s."
         % (transform, stored_l, stored_r, raw_l, raw_r, left, right))

    # photo
    photo = make_photo()
    exif = Image.Exif()
    exif[TAG_ORIENTATION] = 1
    exif[TAG_MAKE] = "Filmroll"
    exif[TAG_MODEL] = "Fixture Cam"
    sub = exif.get_ifd(TAG_EXIF_IFD)
    sub[TAG_DATETIME_ORIGINAL] = "2025:04:10 14:30:05"
    sub[TAG_OFFSET_TIME_ORIGINAL] = "+09:00"
    sub[TAG_SUBSEC_TIME_ORIGINAL] = "250"
    sub[TAG_PIXEL_X] = 640
    sub[TAG_PIXEL_Y] = 480
    gps = exif.get_ifd(TAG_GPS_IFD)
    gps[1] = "N"
    gps[2] = (IFDRational(37, 1), IFDRational(33, 1), IFDRational(594, 10))
    gps[3] = "E"
    gps[4] = (IFDRational(126, 1), IFDRational(58, 1), IFDRational(408, 10))
    path = os.path.join(jdir, "photo.jpg")
    data = save_image(photo, path, "JPEG", quality=88, subsampling=2,
                      exif=exif.tobytes())
    sof = jpeg_sof(data)
    check(sof["sof"] == 0xC0 and sof["sampling"][0] == (2, 2), "photo 4:2:0 baseline")
    t = jpeg_exif(data)
    check(t["IFD0"][TAG_ORIENTATION][2] == (1,), "photo orientation")
    check(t["IFD0"][TAG_MAKE][2] == "Filmroll", "photo make")
    check(t["IFD0"][TAG_MODEL][2] == "Fixture Cam", "photo model")
    check(t["Exif"][TAG_DATETIME_ORIGINAL][2] == "2025:04:10 14:30:05", "photo dto")
    check(t["Exif"][TAG_OFFSET_TIME_ORIGINAL][2] == "+09:00", "photo offset")
    check(t["Exif"][TAG_SUBSEC_TIME_ORIGINAL][2] == "250", "photo subsec")
    check(t["Exif"][TAG_PIXEL_X][2] == (640,) and t["Exif"][TAG_PIXEL_Y][2] == (480,),
          "photo pixel dims")
    check(t["GPS"][1][2] == "N" and t["GPS"][3][2] == "E", "gps refs")
    # Pillow stores rationals reduced: 594/10 -> 297/5, 408/10 -> 204/5.
    check(t["GPS"][2] == ("RATIONAL", 3, ((37, 1), (33, 1), (297, 5))), "gps lat")
    check(t["GPS"][4] == ("RATIONAL", 3, ((126, 1), (58, 1), (204, 5))), "gps lon")
    im = Image.open(path)
    e = im.getexif()
    check(e[TAG_MAKE] == "Filmroll" and e.get_ifd(TAG_GPS_IFD)[1] == "N", "pillow exif")
    lat = sum(float(v) / 60 ** i for i, v in enumerate(e.get_ifd(TAG_GPS_IFD)[2]))
    lon = sum(float(v) / 60 ** i for i, v in enumerate(e.get_ifd(TAG_GPS_IFD)[4]))
    check(abs(lat - 37.5665) < 1e-9 and abs(lon - 126.9780) < 1e-9, "gps decimal")
    print("photo.jpg exif:", {k: {hex(tag): v[2] for tag, v in d.items()}
                              for k, d in t.items()})
    types = ", ".join("%s %s" % (name, t[ifd][tag][0]) for ifd, tag, name in [
        ("IFD0", TAG_ORIENTATION, "Orientation"), ("IFD0", TAG_MAKE, "Make"),
        ("Exif", TAG_DATETIME_ORIGINAL, "DateTimeOriginal"),
        ("Exif", TAG_PIXEL_X, "PixelXDimension"), ("GPS", 2, "GPSLatitude")])
    note("jpeg/photo.jpg",
         "Baseline JPEG 640x480 q88 4:2:0; sky gradient, sun disc at (470,110), "
         "three hills, deterministic noise +-4. EXIF: IFD0 Orientation=1, "
         "Make \"Filmroll\", Model \"Fixture Cam\"; Exif IFD DateTimeOriginal "
         "\"2025:04:10 14:30:05\", OffsetTimeOriginal \"+09:00\", "
         "SubSecTimeOriginal \"250\" (=> 2025-04-10T14:30:05.250+09:00 = "
         "2025-04-10T05:30:05.250Z), PixelXDimension 640, PixelYDimension 480; "
         "GPS LatitudeRef \"N\", Latitude RATIONAL[3] 37/1 33/1 297/5 (37 deg 33 min 59.4 s = 37.5665), "
         "LongitudeRef \"E\", Longitude RATIONAL[3] 126/1 58/1 204/5 (126 deg 58 min 40.8 s = 126.978). "
         "Tag types: %s." % types)

    # mislabeled
    m = Image.new("RGB", (64, 48), (200, 100, 50))
    data = save_image(m, os.path.join(jdir, "mislabeled.png"), "JPEG", quality=95,
                      subsampling=0)
    check(data[:3] == b"\xff\xd8\xff", "mislabeled is JPEG")
    im = Image.open(os.path.join(jdir, "mislabeled.png"))
    check(im.format == "JPEG" and im.size == (64, 48), "mislabeled sniff")
    px = im.convert("RGB").getpixel((32, 24))
    check(close(px, (200, 100, 50), 3), "mislabeled colour %s" % (px,))
    note("jpeg/mislabeled.png",
         "Actually a baseline JPEG (starts FF D8 FF) despite .png: 64x48 q95 4:4:4, "
         "solid (200,100,50) (Pillow reads %s)." % (px,))

    # truncated
    full = io.BytesIO()
    gradient(320, 240).save(full, "JPEG", quality=90)
    full = full.getvalue()
    cut = len(full) * 40 // 100
    segs = jpeg_segments(full)
    sos_end = segs[-1][2] + 2 + struct.unpack(">H", full[segs[-1][2] + 2:segs[-1][2] + 4])[0]
    check(segs[-1][0] == 0xDA and sos_end < cut, "truncated header complete")
    write_bytes(os.path.join(jdir, "truncated.jpg"), full[:cut])
    im = Image.open(os.path.join(jdir, "truncated.jpg"))
    check(im.size == (320, 240), "truncated header readable")
    try:
        im.load()
        raise AssertionError("truncated.jpg loaded without error")
    except OSError as exc:
        print("truncated.jpg: Pillow load() fails as expected:", exc)
    note("jpeg/truncated.jpg",
         "First %d of %d bytes (40%%) of a baseline 320x240 q90 4:2:0 JPEG of the "
         "gradient R=round(x*255/319), G=round(y*255/239), B=128. Header (through "
         "SOS, ends at byte %d) is complete, so size 320x240 is readable; scan data "
         "is cut, no EOI. Full decode must fail (or report truncation)."
         % (cut, len(full), sos_end))

    # bad
    write_bytes(os.path.join(out, "bad/not-an-image.jpg"), b"this is not an image\n")
    note("bad/not-an-image.jpg", "21-byte plain text \"this is not an image\\n\". "
         "Must be rejected as not an image.")
    write_bytes(os.path.join(out, "bad/empty.png"), b"")
    note("bad/empty.png", "Zero-byte file. Must be rejected.")
    print("jpeg: progressive, grayscale, cmyk, photo, mislabeled, truncated verified")


# ---------------------------------------------------------------------------
# 3. PNG (hand-written)
# ---------------------------------------------------------------------------

def png_chunk(typ, data):
    return (struct.pack(">I", len(data)) + typ + data
            + struct.pack(">I", zlib.crc32(typ + data) & 0xFFFFFFFF))


def png_file(width, height, bit_depth, color_type, raw_scanlines, interlace=0,
             extra_before_idat=()):
    """raw_scanlines: the already-filtered byte stream (filter byte per row)."""
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, interlace)
    out = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr)
    for typ, data in extra_before_idat:
        out += png_chunk(typ, data)
    out += png_chunk(b"IDAT", zlib.compress(bytes(raw_scanlines), 9))
    out += png_chunk(b"IEND", b"")
    return out


def scanlines(rows):
    """rows: list of bytes (one per row); filter type 0 on every row."""
    return b"".join(b"\0" + bytes(r) for r in rows)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4),
         (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def adam7_scanlines(width, height, pixel):
    """pixel(x, y) -> bytes. Returns the concatenated filtered pass images."""
    out = b""
    for x0, y0, dx, dy in ADAM7:
        xs = list(range(x0, width, dx))
        ys = list(range(y0, height, dy))
        if not xs or not ys:
            continue  # empty pass: no scanlines at all
        out += scanlines([b"".join(pixel(x, y) for x in xs) for y in ys])
    return out


def make_pngs(out):
    pdir = os.path.join(out, "png")

    # RGBA
    def rgba_px(x, y):
        return (x * 8, y * 8, 128, x * 8 if y < 16 else 255)
    rows = [b"".join(bytes(rgba_px(x, y)) for x in range(32)) for y in range(32)]
    write_bytes(os.path.join(pdir, "rgba.png"), png_file(32, 32, 8, 6, scanlines(rows)))
    im = Image.open(os.path.join(pdir, "rgba.png"))
    check(im.mode == "RGBA", "rgba mode")
    check(all(im.getpixel((x, y)) == rgba_px(x, y) for y in range(32) for x in range(32)),
          "rgba pixels")
    note("png/rgba.png",
         "PNG 32x32 colour type 6 (RGBA) 8-bit, non-interlaced, filter 0, "
         "non-premultiplied. Pixel (x,y) = (x*8, y*8, 128, A) with A = x*8 for "
         "y < 16 and A = 255 for y >= 16. E.g. (0,0) = (0,0,128,0) fully "
         "transparent; (31,15) = (248,120,128,248); (5,20) = (40,160,128,255).")

    # palette + tRNS
    pal = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
    trns = [0, 128, 255]
    rows = [bytes((x // 8) % 4 for x in range(32)) for _ in range(32)]
    data = png_file(32, 32, 8, 3, scanlines(rows), extra_before_idat=[
        (b"PLTE", b"".join(bytes(c) for c in pal)), (b"tRNS", bytes(trns))])
    write_bytes(os.path.join(pdir, "palette-trns.png"), data)
    im = Image.open(os.path.join(pdir, "palette-trns.png"))
    check(im.mode == "P", "palette mode")
    rgba = im.convert("RGBA")
    for x in range(32):
        i = (x // 8) % 4
        want = pal[i] + ((trns + [255])[i],)
        check(rgba.getpixel((x, 7)) == want, "palette px %d %s" % (x, rgba.getpixel((x, 7))))
    note("png/palette-trns.png",
         "PNG 32x32 colour type 3, 8-bit, PLTE 4 entries [(255,0,0),(0,255,0),"
         "(0,0,255),(255,255,255)], tRNS [0,128,255] (entry 3 opaque by omission). "
         "Index = (x//8)%4 in every row, so RGBA: x 0-7 (255,0,0,0) transparent, "
         "x 8-15 (0,255,0,128), x 16-23 (0,0,255,255), x 24-31 (255,255,255,255).")

    # 16-bit RGB
    def rgb16_px(x, y):
        return (x * 4369, 65535 - x * 4369, y * 4369)
    rows = [b"".join(struct.pack(">3H", *rgb16_px(x, y)) for x in range(16))
            for y in range(16)]
    write_bytes(os.path.join(pdir, "rgb16.png"), png_file(16, 16, 16, 2, scanlines(rows)))
    im = Image.open(os.path.join(pdir, "rgb16.png"))
    im.load()
    # Pillow has no 16-bit RGB mode: it opens RGB 16-bit as 8-bit "RGB"
    # (high byte of each sample). 4369 = 0x1111, so the 8-bit value is x*17.
    rgb = im.convert("RGB")
    check(im.size == (16, 16), "rgb16 size")
    for y in range(16):
        for x in range(16):
            want = tuple(v >> 8 for v in rgb16_px(x, y))
            check(close(rgb.getpixel((x, y)), want, 1), "rgb16 px %d,%d" % (x, y))
    note("png/rgb16.png",
         "PNG 16x16 colour type 2 (RGB), 16-bit big-endian samples. Pixel (x,y) = "
         "(R,G,B) = (x*4369, 65535 - x*4369, y*4369) (4369 = 0x1111 = 65535/15). "
         "Scaled to 8-bit (v*255/65535, exact here) = (x*17, 255 - x*17, y*17). "
         "Corners: (0,0) = (0,65535,0); (15,0) = (65535,0,0); (0,15) = (0,65535,65535); "
         "(15,15) = (65535,0,65535). Pillow opens it as mode %s." % im.mode)

    # Adam7
    def il_px(x, y):
        return bytes(((x * 7) % 256, (y * 15) % 256, (x * y) % 256))
    write_bytes(os.path.join(pdir, "interlaced.png"),
                png_file(33, 17, 8, 2, adam7_scanlines(33, 17, il_px), interlace=1))
    im = Image.open(os.path.join(pdir, "interlaced.png"))
    check(im.info.get("interlace") == 1 and im.size == (33, 17), "interlace flag")
    im = im.convert("RGB")
    check(all(im.getpixel((x, y)) == tuple(il_px(x, y)) for y in range(17)
              for x in range(33)), "interlaced pixels")
    note("png/interlaced.png",
         "PNG 33x17 colour type 2, 8-bit, Adam7 interlaced (interlace method 1; "
         "all 7 passes non-empty, filter 0). Pixel (x,y) = ((x*7)%256, (y*15)%256, "
         "(x*y)%256). E.g. (32,16) = (224,240,0); (10,3) = (70,45,30).")

    # grey + eXIf
    tiff = b"II*\0" + struct.pack("<I", 8) + struct.pack("<H", 1) + \
        struct.pack("<HHIHH", TAG_ORIENTATION, 3, 1, 6, 0) + struct.pack("<I", 0)
    rows = [bytes((x * 10) % 256 for x in range(24)) for _ in range(16)]
    write_bytes(os.path.join(pdir, "gray-exif.png"),
                png_file(24, 16, 8, 0, scanlines(rows), extra_before_idat=[(b"eXIf", tiff)]))
    check(parse_tiff(tiff)["IFD0"][TAG_ORIENTATION] == ("SHORT", 1, (6,)), "eXIf parse")
    im = Image.open(os.path.join(pdir, "gray-exif.png"))
    check(im.mode == "L", "gray mode")
    check(all(im.getpixel((x, y)) == (x * 10) % 256 for y in range(16) for x in range(24)),
          "gray pixels")
    check(im.getexif().get(TAG_ORIENTATION) == 6, "gray eXIf orientation")
    up = ImageOps.exif_transpose(im)
    check(up.size == (16, 24), "gray upright size")
    note("png/gray-exif.png",
         "PNG 24x16 stored, colour type 0 (grey) 8-bit, pixel = (x*10)%%256 in every "
         "row (0..230). eXIf chunk before IDAT: %d-byte little-endian TIFF "
         "(\"II*\\0\", IFD0 at 8, 1 entry Orientation SHORT = 6, next IFD 0), no "
         "\"Exif\\0\\0\" prefix. Upright (rotate 90 CW) is 16x24: the ramp runs "
         "top->bottom (top row 0, bottom row 230)." % len(tiff))
    print("png: rgba, palette-trns, rgb16, interlaced, gray-exif verified")


# ---------------------------------------------------------------------------
# 4. GIF
# ---------------------------------------------------------------------------

def gif_frame(k):
    im = Image.new("P", (48, 32), 0)
    im.putpalette(GIF_BACKGROUNDS[k] + (255, 255, 255))
    ImageDraw.Draw(im).rectangle((4 + 10 * k, 12, 4 + 10 * k + 7, 19), fill=1)
    return im


def make_gifs(out):
    gdir = os.path.join(out, "gif")
    frames = [gif_frame(k) for k in range(4)]
    path = os.path.join(gdir, "animated.gif")
    save_image(frames[0], path, "GIF", save_all=True, append_images=frames[1:],
               duration=GIF_DELAYS_MS, loop=0, disposal=1, optimize=False)
    data = open(path, "rb").read()
    check(b"NETSCAPE2.0\x03\x01\x00\x00" in data, "NETSCAPE loop 0")
    # Walk the blocks to collect frame descriptors and GCE delays.
    w, h, flags = struct.unpack("<HHB", data[6:11])
    pos = 13 + (3 * 2 ** ((flags & 7) + 1) if flags & 0x80 else 0)
    descs, gces = [], []
    while data[pos] != 0x3B:
        if data[pos] == 0x21:
            label = data[pos + 1]
            if label == 0xF9:
                pk, delay = struct.unpack("<BH", data[pos + 3:pos + 6])
                gces.append(((pk >> 2) & 7, delay))
            pos += 2
            while data[pos]:
                pos += data[pos] + 1
            pos += 1
        elif data[pos] == 0x2C:
            x, y, fw, fh, fl = struct.unpack("<HHHHB", data[pos + 1:pos + 10])
            descs.append((x, y, fw, fh, bool(fl & 0x80)))
            pos += 10 + (3 * 2 ** ((fl & 7) + 1) if fl & 0x80 else 0)
            pos += 1  # LZW min code size
            while data[pos]:
                pos += data[pos] + 1
            pos += 1
        else:
            raise AssertionError("bad GIF block %x" % data[pos])
    check((w, h) == (48, 32), "gif screen")
    check([d[:4] for d in descs] == [(0, 0, 48, 32)] * 4, "gif full frames %s" % descs)
    check([g[1] for g in gces] == [10, 20, 30, 50], "gif delays %s" % gces)
    im = Image.open(path)
    check(im.n_frames == 4 and im.info.get("loop") == 0, "gif frames/loop")
    durs = []
    for k, fr in enumerate(ImageSequence.Iterator(im)):
        durs.append(fr.info.get("duration"))
        rgb = fr.convert("RGB")
        check(rgb.getpixel((0, 0)) == GIF_BACKGROUNDS[k], "gif bg %d" % k)
        check(rgb.getpixel((4 + 10 * k, 12)) == (255, 255, 255), "gif square %d" % k)
        check(rgb.getpixel((4 + 10 * k + 7, 19)) == (255, 255, 255), "gif square %d" % k)
        check(rgb.getpixel((4 + 10 * k + 8, 19)) == GIF_BACKGROUNDS[k], "gif sq edge %d" % k)
        if k:
            check(rgb.getpixel((4 + 10 * (k - 1), 12)) == GIF_BACKGROUNDS[k], "no ghost %d" % k)
    check(durs == GIF_DELAYS_MS, "gif durations %s" % durs)
    print("animated.gif: frames", descs, "GCE (disposal, delay cs)", gces)
    local = ["local" if d[4] else "global" for d in descs]
    note("gif/animated.gif",
         "GIF89a, logical screen 48x32, 4 frames, each a full 48x32 image "
         "descriptor at (0,0) (colour tables: %s), no transparency, disposal %s. "
         "NETSCAPE2.0 loop count 0 (forever). Delays 10,20,30,50 cs = "
         "100,200,300,500 ms (total 1100 ms). Fully composited frame k (0-based) = "
         "solid background B[k] with an opaque white (255,255,255) 8x8 square "
         "covering x = 4+10k .. 11+10k, y = 12..19 (inclusive); nothing from earlier "
         "frames shows. B = [(200,0,0), (0,200,0), (0,0,200), (200,200,0)]; "
         "squares at x 4-11, 14-21, 24-31, 34-41."
         % (", ".join(local), "/".join(str(g[0]) for g in gces)))

    still = Image.new("P", (16, 16), 0)
    still.putpalette((0, 0, 0, 255, 255, 255))
    ImageDraw.Draw(still).rectangle((8, 0, 15, 15), fill=1)
    data = save_image(still, os.path.join(gdir, "still.gif"), "GIF", optimize=False)
    check(b"NETSCAPE" not in data and b"\x21\xf9" not in data, "still: no extensions")
    im = Image.open(os.path.join(gdir, "still.gif"))
    check(im.n_frames == 1, "still frames")
    rgb = im.convert("RGB")
    check(rgb.getpixel((7, 5)) == (0, 0, 0) and rgb.getpixel((8, 5)) == (255, 255, 255),
          "still pixels")
    note("gif/still.gif",
         "%s, 16x16, one frame, no NETSCAPE and no Graphic Control Extension. "
         "x 0-7 black (0,0,0), x 8-15 white (255,255,255)." % data[:6].decode())
    print("gif: animated (4 frames, delays %s) and still verified" % durs)


# ---------------------------------------------------------------------------
# 5. Dated + names
# ---------------------------------------------------------------------------

def soft_gradient(base, w=160, h=120):
    """Upright pixel = round(c * (0.75 + 0.15*x/(w-1) + 0.10*y/(h-1)))."""
    data = bytearray()
    for y in range(h):
        for x in range(w):
            f = 0.75 + 0.15 * x / (w - 1) + 0.10 * y / (h - 1)
            data += bytes(min(255, round(c * f)) for c in base)
    return Image.frombytes("RGB", (w, h), bytes(data))


def make_dated(out):
    ddir = os.path.join(out, "dated")
    rows = []
    for name, dto, off, orient, base in DATED:
        upright = soft_gradient(base)
        stored = upright.transpose(STORED_FROM_UPRIGHT[orient]) if orient else upright
        exif = Image.Exif()
        if orient:
            exif[TAG_ORIENTATION] = orient
        exif[TAG_MAKE] = "Filmroll"
        exif[TAG_MODEL] = "Fixture Cam"
        sub = exif.get_ifd(TAG_EXIF_IFD)
        sub[TAG_DATETIME_ORIGINAL] = dto
        if off:
            sub[TAG_OFFSET_TIME_ORIGINAL] = off
        path = os.path.join(ddir, name)
        data = save_image(stored, path, "JPEG", quality=85, exif=exif.tobytes())
        t = jpeg_exif(data)
        check(t["Exif"][TAG_DATETIME_ORIGINAL][2] == dto, "%s dto" % name)
        check((TAG_OFFSET_TIME_ORIGINAL in t["Exif"]) == bool(off), "%s offset" % name)
        check(t["IFD0"][TAG_MAKE][2] == "Filmroll" and
              t["IFD0"][TAG_MODEL][2] == "Fixture Cam", "%s make/model" % name)
        check((TAG_ORIENTATION in t["IFD0"]) == bool(orient), "%s orient" % name)
        im = Image.open(path)
        check(im.size == ((120, 160) if orient == 6 else (160, 120)), "%s stored" % name)
        up = ImageOps.exif_transpose(im).convert("RGB")
        check(up.size == (160, 120), "%s upright" % name)
        for (x, y) in ((2, 2), (157, 2), (2, 117), (157, 117), (80, 60)):
            want = upright.getpixel((x, y))
            check(close(up.getpixel((x, y)), want, 12), "%s px %d,%d %s %s"
                  % (name, x, y, up.getpixel((x, y)), want))
        tl, br = upright.getpixel((0, 0)), upright.getpixel((159, 119))
        rows.append((name, dto, off, orient, base, tl, br))
        e = im.getexif()
        print("%s: %s stored %dx%d DateTimeOriginal=%s Offset=%s Orientation=%s"
              % (name, e.get(TAG_MAKE), im.size[0], im.size[1],
                 e.get_ifd(TAG_EXIF_IFD).get(TAG_DATETIME_ORIGINAL),
                 e.get_ifd(TAG_EXIF_IFD).get(TAG_OFFSET_TIME_ORIGINAL), e.get(TAG_ORIENTATION)))
        note("dated/" + name,
             "Baseline JPEG q85 4:2:0, stored %s, upright 160x120. EXIF IFD0 Make "
             "\"Filmroll\", Model \"Fixture Cam\", Orientation %s; Exif IFD "
             "DateTimeOriginal \"%s\", OffsetTimeOriginal %s. Upright colour: base %s "
             "times (0.75 + 0.15*x/159 + 0.10*y/119): TL %s, BR %s."
             % ("120x160" if orient == 6 else "160x120",
                "%d (SHORT)" % orient if orient else "absent (=> 1)", dto,
                "\"%s\"" % off if off else "absent", base, tl, br))

    tiny = Image.new("RGB", (32, 24), NAMES_COLOR)
    buf = io.BytesIO()
    tiny.save(buf, "JPEG", quality=90, subsampling=0)
    for name in NAMES:
        path = os.path.join(out, "names", name)
        write_bytes(path, buf.getvalue())
        im = Image.open(path)
        check(im.size == (32, 24) and close(im.convert("RGB").getpixel((16, 12)),
                                            NAMES_COLOR, 3), "names " + name)
        note("names/" + name,
             "Byte-identical copies (%d bytes each): baseline JPEG 32x24 q90 4:4:4, "
             "solid %s, no EXIF. File name is UTF-8%s." % (
                 len(buf.getvalue()), NAMES_COLOR,
                 " NFC (U+D55C U+AE00 U+0020 U+C0AC U+C9C4 \".jpg\")"
                 if not name.isascii() else ""))
    print("dated: 6 JPEGs verified; names: %d copies" % len(NAMES))


# ---------------------------------------------------------------------------
# 6. Manifest
# ---------------------------------------------------------------------------

# ---------------------------------------------------------------------------
# Phone formats: HEIC, AVIF, WebP (needs heif-enc from libheif-examples and
# pillow-heif for the HEIF transformations; Pillow writes WebP)
# ---------------------------------------------------------------------------

def heif_enc(png_path, out_path, *args):
    import subprocess
    subprocess.run(["heif-enc", *args, "-o", out_path, png_path], check=True,
                   stdout=subprocess.DEVNULL)


def make_phone(out):
    import shutil
    import tempfile
    phone = os.path.join(out, "phone")
    os.makedirs(phone, exist_ok=True)
    quadrants = quadrant_picture(64, 48)
    with tempfile.TemporaryDirectory() as tmp:
        png = os.path.join(tmp, "quadrants.png")
        quadrants.save(png)
        heif_enc(png, os.path.join(phone, "quadrants.heic"), "-q", "90", "-t", "32")
        note("phone/quadrants.heic", "HEIC 64x48 (x265 q90) with a 32x24 thumbnail; quadrants TL red, "
             "TR green, BL blue, BR yellow (approximate)")
        heif_enc(png, os.path.join(phone, "quadrants.avif"), "-q", "90")
        note("phone/quadrants.avif", "AVIF 64x48 (aom q90); quadrants as quadrants.heic")
        deep = os.path.join(tmp, "gray16.png")
        Image.new("I;16", (32, 32), 0x8080).save(deep)
        heif_enc(deep, os.path.join(phone, "ten-bit.heic"), "-q", "95", "-b", "10")
        note("phone/ten-bit.heic", "HEIC 32x32, 10 bits per sample, mid grey (16-bit 0x8080 -> 8-bit ~128)")
        exif = Image.Exif()
        exif[TAG_ORIENTATION] = 6
        exif[TAG_MAKE] = "Filmroll"
        exif[TAG_MODEL] = "Filmroll Phone"
        exif_jpeg = os.path.join(tmp, "exif6.jpg")
        quadrants.save(exif_jpeg, quality=95, exif=exif)
        heif_enc(exif_jpeg, os.path.join(phone, "exif6-no-irot.heic"), "-q", "90")
        from PIL import ImageCms
        srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
        flat = Image.new("RGB", (32, 24), (200, 120, 80))
        profiled = os.path.join(tmp, "profiled.png")
        flat.save(profiled, icc_profile=srgb)
        heif_enc(profiled, os.path.join(phone, "srgb-profile.heic"), "-q", "95")
        note("phone/srgb-profile.heic", "HEIC 32x24 of (200,120,80) with an ICC profile in its colr box "
             "(lcms2's \"sRGB built-in\")")
        save_image(flat, os.path.join(phone, "srgb-profile.webp"), "WEBP", quality=95, icc_profile=srgb)
        note("phone/srgb-profile.webp", "lossy WebP 32x24 of (200,120,80) with an ICCP chunk (\"sRGB built-in\")")
        note("phone/exif6-no-irot.heic", "HEIC 64x48 whose EXIF says Orientation 6 and which has no irot: "
             "shown as stored (64x48, red top-left), the EXIF value reported only")
    try:
        import pillow_heif
    except ImportError:
        raise SystemExit("make-test-images: needs pillow-heif for phone/irot-exif6.heic "
                         "(python3 -m pip install pillow-heif)")
    pillow_heif.register_heif_opener()
    exif = Image.Exif()
    exif[TAG_ORIENTATION] = 6
    rotated = os.path.join(phone, "irot-exif6.heic")
    quadrants.save(rotated, "HEIF", quality=90, exif=exif.tobytes())
    note("phone/irot-exif6.heic", "HEIC whose irot turns the 64x48 picture 90 CW (upright 48x64: blue top-left, "
         "red top-right) and whose EXIF also says 6: turned once, not twice")
    rgba = quadrants.convert("RGBA")
    rgba.putalpha(Image.linear_gradient("L").transpose(Image.Transpose.ROTATE_90).resize((64, 48)))
    rgba.save(os.path.join(phone, "alpha.heic"), "HEIF", quality=90)
    note("phone/alpha.heic", "HEIC 64x48 with an alpha plane, rising from 0 at the left edge to 255 at the right")

    save_image(quadrants, os.path.join(phone, "quadrants.webp"), "WEBP", quality=90)
    note("phone/quadrants.webp", "lossy WebP 64x48; quadrants as quadrants.heic")
    save_image(rgba, os.path.join(phone, "alpha-lossless.webp"), "WEBP", lossless=True)
    note("phone/alpha-lossless.webp", "lossless WebP 64x48 RGBA, exact: quadrants as quadrants.heic, "
         "alpha rising from 0 at the left edge to 255 at the right")
    frames = [Image.new("RGB", (40, 30), c) for c in (RED, GREEN, BLUE)]
    save_image(frames[0], os.path.join(phone, "animated.webp"), "WEBP", save_all=True,
               append_images=frames[1:], duration=[100, 200, 300], loop=0, lossless=True)
    note("phone/animated.webp", "animated lossless WebP 40x30: red 100 ms, green 200 ms, blue 300 ms, loops forever")
    dated = Image.Exif()
    dated[TAG_MAKE] = "Filmroll"
    dated[TAG_MODEL] = "Filmroll Phone"
    dated[TAG_EXIF_IFD] = {0x9003: "2024:05:03 14:22:10"}
    save_image(quadrants, os.path.join(phone, "exif.webp"), "WEBP", quality=90, exif=dated.tobytes())
    note("phone/exif.webp", "lossy WebP 64x48 with an EXIF chunk: DateTimeOriginal 2024-05-03 14:22:10, "
         "camera Filmroll Phone")


# ---------------------------------------------------------------------------
# A CMYK JPEG with its own CMYK profile: an ICC v2 output profile written by
# hand (A2B0 as a 2-point lut16 from CMYK to Lab), in which cyan ink is
# pure blue and magenta ink pure green, so a decode that honours the profile
# is told from the plain inversion at a glance.
# ---------------------------------------------------------------------------

SRGB_TO_XYZ_D50 = ((0.4360747, 0.3850649, 0.1430804), (0.2225045, 0.7168786, 0.0606169),
                   (0.0139322, 0.0971045, 0.7141733))
D50 = (0.9642, 1.0, 0.8249)


def srgb_to_lab_d50(rgb):
    linear = [(c / 255 / 12.92) if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    xyz = [sum(m * v for m, v in zip(row, linear)) / w for row, w in zip(SRGB_TO_XYZ_D50, D50)]
    f = [v ** (1 / 3) if v > 0.008856 else 7.787 * v + 16 / 116 for v in xyz]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def cmyk_corner_rgb(c, m, y, k):
    """What each ink corner shows in this profile (0 or 1 per ink)."""
    if (c, m, y, k) == (1, 0, 0, 0):
        return (0, 0, 255)
    if (c, m, y, k) == (0, 1, 0, 0):
        return (0, 255, 0)
    return tuple(round(255 * (1 - ink) * (1 - k)) for ink in (c, m, y))


def cmyk_profile():
    def s15(v):
        return struct.pack(">i", round(v * 65536))
    def tag_desc(text):
        ascii_text = text.encode("ascii") + b"\0"
        return (b"desc" + b"\0" * 4 + struct.pack(">I", len(ascii_text)) + ascii_text
                + b"\0" * 4 + b"\0" * 4 + b"\0" * 2 + b"\0" + b"\0" * 67)
    clut = b""
    for c in (0, 1):
        for m in (0, 1):
            for y in (0, 1):
                for k in (0, 1):
                    L, a, b = srgb_to_lab_d50(cmyk_corner_rgb(c, m, y, k))
                    clut += struct.pack(">HHH", round(min(max(L, 0), 100) / 100 * 0xFF00),
                                        round(min(max(a + 128, 0), 255.996) * 256),
                                        round(min(max(b + 128, 0), 255.996) * 256))
    identity = b"".join(s15(1 if i == j else 0) for i in range(3) for j in range(3))
    ramp = struct.pack(">HH", 0, 65535)
    a2b0 = (b"mft2" + b"\0" * 4 + bytes([4, 3, 2, 0]) + identity + struct.pack(">HH", 2, 2)
            + ramp * 4 + clut + ramp * 3)
    tags = [(b"desc", tag_desc("Filmroll test CMYK")), (b"wtpt", b"XYZ " + b"\0" * 4 + b"".join(s15(v) for v in D50)),
            (b"A2B0", a2b0), (b"cprt", b"text" + b"\0" * 4 + b"No copyright, use freely\0")]
    offset = 128 + 4 + 12 * len(tags)
    table, data = struct.pack(">I", len(tags)), b""
    for signature, body in tags:
        while (offset + len(data)) % 4:
            data += b"\0"
        table += signature + struct.pack(">II", offset + len(data), len(body))
        data += body
    size = 128 + len(table) + len(data)
    header = (struct.pack(">I", size) + b"lcms" + struct.pack(">I", 0x02100000) + b"prtrCMYKLab "
              + struct.pack(">6H", 2026, 1, 1, 0, 0, 0) + b"acsp" + b"\0" * 4 + b"\0" * 4 + b"\0" * 8 + b"\0" * 8
              + struct.pack(">I", 0) + b"".join(s15(v) for v in D50) + b"\0" * 4 + b"\0" * 16 + b"\0" * 28)
    check(len(header) == 128, "ICC header is 128 bytes")
    return header + table + data


def make_cmyk_profile_jpeg(out):
    blocks = [(255, 0, 0, 0), (0, 255, 0, 0), (0, 0, 255, 0), (0, 0, 0, 128)]
    im = Image.new("CMYK", (64, 16))
    d = ImageDraw.Draw(im)
    for i, ink in enumerate(blocks):
        d.rectangle((i * 16, 0, i * 16 + 15, 15), fill=ink)
    save_image(im, os.path.join(out, "jpeg/cmyk-profile.jpg"), "JPEG", quality=100, icc_profile=cmyk_profile())
    note("jpeg/cmyk-profile.jpg", "CMYK JPEG 64x16 with its own CMYK profile (cyan ink shows pure blue, magenta "
         "pure green in it): blocks of 16 px: C, M, Y, K 50%; through the profile ~(0,0,255), (0,255,0), "
         "(255,255,0), (118,118,118) (Pillow with lcms2 agrees); the plain inversion would give cyan and magenta")


def inverse3(m):
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
            [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
            [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]


def multiply3(m, n):
    return [[sum(m[r][k] * n[k][c] for k in range(3)) for c in range(3)] for r in range(3)]


def display_p3_profile():
    """A matrix/TRC ICC v2 profile for Display P3 (D65 white, the sRGB
    curve), its colorants adapted to D50 with Bradford, as ICC requires."""
    def xyz(x, y):
        return [x / y, 1.0, (1 - x - y) / y]
    primaries = [xyz(0.680, 0.320), xyz(0.265, 0.690), xyz(0.150, 0.060)]
    columns = [[primaries[c][r] for c in range(3)] for r in range(3)]
    white65 = xyz(0.3127, 0.3290)
    scale = [sum(row[k] * white65[k] for k in range(3)) for row in inverse3(columns)]
    to_xyz = [[columns[r][c] * scale[c] for c in range(3)] for r in range(3)]
    bradford = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]
    cone65 = [sum(bradford[r][k] * white65[k] for k in range(3)) for r in range(3)]
    cone50 = [sum(bradford[r][k] * D50[k] for k in range(3)) for r in range(3)]
    gain = [[cone50[r] / cone65[r] if r == c else 0 for c in range(3)] for r in range(3)]
    colorants = multiply3(multiply3(multiply3(inverse3(bradford), gain), bradford), to_xyz)

    def s15(v):
        return struct.pack(">i", round(v * 65536))

    def xyz_tag(values):
        return b"XYZ " + b"\0" * 4 + b"".join(s15(v) for v in values)
    curve = [t / 1023 for t in range(1024)]
    curve = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in curve]
    curv = b"curv" + b"\0" * 4 + struct.pack(">I", 1024) + b"".join(struct.pack(">H", round(v * 65535)) for v in curve)
    text = b"Display P3 (Filmroll test)\0"
    desc = b"desc" + b"\0" * 4 + struct.pack(">I", len(text)) + text + b"\0" * 8 + b"\0" * 3 + b"\0" * 67
    tags = [(b"desc", desc), (b"wtpt", xyz_tag(D50)),
            (b"rXYZ", xyz_tag([colorants[r][0] for r in range(3)])),
            (b"gXYZ", xyz_tag([colorants[r][1] for r in range(3)])),
            (b"bXYZ", xyz_tag([colorants[r][2] for r in range(3)])),
            (b"rTRC", curv), (b"gTRC", curv), (b"bTRC", curv),
            (b"cprt", b"text" + b"\0" * 4 + b"No copyright, use freely\0")]
    offset = 128 + 4 + 12 * len(tags)
    table, data, placed = struct.pack(">I", len(tags)), b"", {}
    for signature, body in tags:
        if body not in placed:
            while (offset + len(data)) % 4:
                data += b"\0"
            placed[body] = offset + len(data)
            data += body
        table += signature + struct.pack(">II", placed[body], len(body))
    size = 128 + len(table) + len(data)
    header = (struct.pack(">I", size) + b"lcms" + struct.pack(">I", 0x02100000) + b"mntrRGB XYZ "
              + struct.pack(">6H", 2026, 1, 1, 0, 0, 0) + b"acsp" + b"\0" * 4 + b"\0" * 4 + b"\0" * 8 + b"\0" * 8
              + struct.pack(">I", 0) + b"".join(s15(v) for v in D50) + b"\0" * 4 + b"\0" * 16 + b"\0" * 28)
    check(len(header) == 128, "ICC header is 128 bytes")
    return header + table + data


def make_colour(out):
    """A Display P3 picture with detail a resize mixes, and the sRGB image
    that resizing it in its own colours and then converting once gives."""
    from PIL import ImageCms
    width, height = 96, 64
    im = Image.new("RGB", (width, height))
    px = im.load()
    rng = random.Random(7)
    for y in range(height):
        for x in range(width):
            if x < 32:
                px[x, y] = (0, 255, 0) if (x + y) % 2 == 0 else (255, 255, 255)
            elif x < 64:
                px[x, y] = ((x - 32) * 255 // 31, y * 255 // 63, 128)
            else:
                px[x, y] = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
    profile = display_p3_profile()
    save_image(im, os.path.join(out, "colour/p3-detail.png"), "PNG", icc_profile=profile)
    note("colour/p3-detail.png", "RGB PNG 96x64 with an iCCP Display P3 profile (\"Display P3 (Filmroll test)\", "
         "matrix/TRC v2, D65, sRGB curve). x 0-31: 1-px checkerboard of P3 green (0,255,0) (outside sRGB) and white, "
         "(0,0) green; x 32-63: R = (x-32)*255//31, G = y*255//63, B = 128; x 64-95: random RGB (Python "
         "random.Random(7), row by row, R G B per pixel). Exact P3 values")
    p3 = ImageCms.ImageCmsProfile(io.BytesIO(profile))
    srgb = ImageCms.createProfile("sRGB")
    reference = ImageCms.profileToProfile(im.resize((24, 16), Image.LANCZOS), p3, srgb,
                                          renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, outputMode="RGB")
    save_image(reference, os.path.join(out, "colour/p3-detail-24.png"), "PNG")
    note("colour/p3-detail-24.png", "RGB PNG 24x16, no profile: colour/p3-detail.png resized with Pillow's Lanczos "
         "in its own (P3) colours, then converted once to sRGB by Pillow's ImageCms (lcms2, relative colorimetric). "
         "Converting first and resizing after differs by up to ~120 in the checkerboard (its green is clipped "
         "before it is averaged)")


# ---------------------------------------------------------------------------
# TIFF (TestImages/tiff/, its own README.md): Pillow, tifffile, libtiff's
# tiffcp and exiftool write them; every lossless file is read back by Pillow
# or tifffile and must equal its reference PNG, which the Swift tests
# compare the decoder's pixels against (so they need none of these tools).
# ---------------------------------------------------------------------------

TIFF_NOTES = []  # (path, description) rows for TestImages/tiff/README.md


def tiff_note(path, text):
    TIFF_NOTES.append((path, text))


def tiff_picture(w=70, h=45):
    """R = x*255/(w-1), G = y*255/(h-1), B a diagonal pattern: every pixel
    differs from its neighbours, and 70x45 leaves partial blocks at every
    shrink factor and partial 16x16 tiles."""
    data = bytearray()
    for y in range(h):
        for x in range(w):
            data += bytes((round(x * 255 / (w - 1)), round(y * 255 / (h - 1)), (x * 7 + y * 13) % 256))
    return Image.frombytes("RGB", (w, h), bytes(data))


def run_tool(*args):
    import subprocess
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)


def tiff_entry(tag, typ, values, bo):
    """One IFD entry's (tag, type, count, value bytes)."""
    if typ == 2:
        raw = values.encode("ascii") + b"\0"
        return (tag, typ, len(raw), raw)
    fmt = {3: "H", 4: "I", 5: "II"}[typ]
    flat = [v for pair in values for v in pair] if typ == 5 else list(values)
    return (tag, typ, len(values), struct.pack(bo + fmt[0] * len(flat) if typ != 5 else bo + "I" * len(flat), *flat))


def write_tiff_at_end(width, height, pixels, ifd0, exif, gps, big_endian=False):
    """A classic TIFF whose pixels come first and whose directories (IFD0,
    then its EXIF and GPS directories) come after them, as libtiff lays
    files out: the metadata sits past the first 64 KB of a large file."""
    bo = ">" if big_endian else "<"
    out = bytearray(b"MM\0*" if big_endian else b"II*\0")
    out += struct.pack(bo + "I", 0)   # patched below
    strip_at = len(out)
    out += pixels
    def write_ifd(entries):
        while len(out) % 2:
            out.append(0)
        start = len(out)
        entries = sorted(entries)
        out.extend(b"\0" * (2 + 12 * len(entries) + 4))
        struct.pack_into(bo + "H", out, start, len(entries))
        slots = {}
        for i, (tag, typ, count, raw) in enumerate(entries):
            e = start + 2 + 12 * i
            struct.pack_into(bo + "HHI", out, e, tag, typ, count)
            if len(raw) <= 4:
                out[e + 8:e + 8 + len(raw)] = raw
            else:
                while len(out) % 2:
                    out.append(0)
                struct.pack_into(bo + "I", out, e + 8, len(out))
                out.extend(raw)
            slots[tag] = e + 8
        return start, slots
    ifd0 = ifd0 + [tiff_entry(256, 4, (width,), bo), tiff_entry(257, 4, (height,), bo),
                   tiff_entry(258, 3, (8, 8, 8), bo), tiff_entry(259, 3, (1,), bo), tiff_entry(262, 3, (2,), bo),
                   tiff_entry(273, 4, (strip_at,), bo), tiff_entry(277, 3, (3,), bo),
                   tiff_entry(278, 4, (height,), bo), tiff_entry(279, 4, (len(pixels),), bo),
                   tiff_entry(0x8769, 4, (0,), bo), tiff_entry(0x8825, 4, (0,), bo)]
    first, slots = write_ifd(ifd0)
    struct.pack_into(bo + "I", out, 4, first)
    exif_at, _ = write_ifd(exif)
    struct.pack_into(bo + "I", out, slots[0x8769], exif_at)
    gps_at, _ = write_ifd(gps)
    struct.pack_into(bo + "I", out, slots[0x8825], gps_at)
    return bytes(out)


def tiff_reads_as(path, reference, via="pillow"):
    """Checks that Pillow (or tifffile) reads `path` as the `reference` image."""
    import numpy as np
    if via == "pillow":
        im = Image.open(path)
        im.load()
        got = np.asarray(im.convert(reference.mode))
    else:
        import tifffile
        got = tifffile.imread(path)
    want = np.asarray(reference)
    check(got.shape == want.shape and (got == want).all(), "%s: read back differs from its reference" % path)


def make_tiffs(out):
    import numpy as np
    import tifffile
    from PIL import ImageCms
    tdir = os.path.join(out, "tiff")
    os.makedirs(tdir, exist_ok=True)
    p = lambda name: os.path.join(tdir, name)
    picture = tiff_picture()
    picture.save(p("picture.png"))
    tiff_note("picture.png", "Reference 70x45 RGB: R = x*255/69, G = y*255/44, B = (7x + 13y) mod 256. "
              "Every lossless RGB fixture below decodes to exactly these pixels (Pillow or tifffile checked each).")

    # 8-bit RGB: uncompressed, LZW, Deflate (Pillow), tiled and planar (tiffcp), big-endian and BigTIFF (tifffile).
    picture.save(p("rgb8.tif"))
    picture.save(p("rgb8-lzw.tif"), compression="tiff_lzw")
    picture.save(p("rgb8-deflate.tif"), compression="tiff_adobe_deflate")
    run_tool("tiffcp", "-c", "lzw", "-t", "-w", "16", "-l", "16", p("rgb8.tif"), p("rgb8-tiled.tif"))
    run_tool("tiffcp", "-c", "zip", "-p", "separate", "-r", "8", p("rgb8.tif"), p("rgb8-planar.tif"))
    run_tool("tiffcp", "-c", "none", "-p", "separate", p("rgb8.tif"), p("rgb8-planar-raw.tif"))
    run_tool("tiffcp", "-c", "lzw:2", "-r", "8", p("rgb8.tif"), p("rgb8-lzw-predictor.tif"))
    tifffile.imwrite(p("rgb8-bigendian.tif"), np.asarray(picture), byteorder=">", photometric="rgb",
                     metadata=None, software=False)
    tifffile.imwrite(p("rgb8-bigtiff.tif"), np.asarray(picture), bigtiff=True, photometric="rgb",
                     metadata=None, software=False)
    for name, via in [("rgb8.tif", "pillow"), ("rgb8-lzw.tif", "pillow"), ("rgb8-deflate.tif", "pillow"),
                      ("rgb8-tiled.tif", "tifffile"), ("rgb8-planar.tif", "pillow"), ("rgb8-planar-raw.tif", "pillow"),
                      ("rgb8-lzw-predictor.tif", "pillow"), ("rgb8-bigendian.tif", "tifffile"), ("rgb8-bigtiff.tif", "tifffile")]:
        if via == "tifffile" and name in ("rgb8-tiled.tif",):
            via = "pillow"   # tifffile needs imagecodecs for LZW
        tiff_reads_as(p(name), picture, via)
    tiff_note("rgb8.tif", "picture.png as 8-bit RGB, uncompressed, one strip (Pillow)")
    tiff_note("rgb8-lzw.tif", "picture.png, LZW (Pillow)")
    tiff_note("rgb8-deflate.tif", "picture.png, Adobe Deflate (Pillow)")
    tiff_note("rgb8-tiled.tif", "picture.png, LZW in 16x16 tiles (tiffcp -t): partial tiles right and bottom")
    tiff_note("rgb8-planar.tif", "picture.png, Deflate, one plane per channel, 8 rows a strip (tiffcp -p separate)")
    tiff_note("rgb8-planar-raw.tif", "picture.png, uncompressed, one plane per channel (tiffcp -p separate)")
    tiff_note("rgb8-lzw-predictor.tif", "picture.png, LZW with the horizontal predictor, 8 rows a strip, the last "
              "of 5 (tiffcp -c lzw:2 -r 8): as scanners and photo editors write them")
    tiff_note("rgb8-bigendian.tif", "picture.png, big-endian (\"MM\"), uncompressed (tifffile)")
    tiff_note("rgb8-bigtiff.tif", "picture.png as BigTIFF (\"II+\"), uncompressed (tifffile)")

    # JPEG-compressed, YCbCr 4:2:0 (libtiff's JPEG codec; lossy): its reference is Pillow's decode.
    run_tool("tiffcp", "-c", "jpeg:90", "-r", "16", p("rgb8.tif"), p("rgb8-jpeg.tif"))
    jpeg_ref = Image.open(p("rgb8-jpeg.tif")).convert("RGB")
    jpeg_ref.save(p("rgb8-jpeg.png"))
    tiff_note("rgb8-jpeg.tif", "picture.png, JPEG q90 YCbCr (tiffcp -c jpeg); rgb8-jpeg.png is Pillow's decode of it")

    # 16 bits: samples v*257 + 100 (the 8-bit value rounds back to v; v >> 8 would too, but v*257 - 100 would not).
    wide = np.asarray(picture).astype(np.uint16) * 257
    wide = np.where(wide >= 100, wide - 100, wide)   # round(v/257) = original, v >> 8 = original - 1 for most
    tifffile.imwrite(p("rgb16.tif"), wide, byteorder=">", photometric="rgb", metadata=None, software=False)
    check(((tifffile.imread(p("rgb16.tif")).astype(np.uint32) + 128) // 257 == np.asarray(picture)).all(),
          "rgb16 rounds to picture")
    tiff_note("rgb16.tif", "picture.png as 16-bit big-endian RGB, each sample v*257 - 100 (tifffile): "
              "rounded to 8 bits it is picture.png again; truncating (v >> 8) gives v - 1")

    # Grey 8 and 16-bit.
    gray = picture.convert("L")
    gray.save(p("gray.png"))
    gray.save(p("gray8.tif"))
    tiff_reads_as(p("gray8.tif"), gray)
    tifffile.imwrite(p("gray16.tif"), np.asarray(gray).astype(np.uint16) * 257, photometric="minisblack",
                     metadata=None, software=False)
    tiff_note("gray.png", "Reference: picture.png in grey (Pillow's L)")
    tiff_note("gray8.tif", "gray.png, 8-bit min-is-black (Pillow)")
    tiff_note("gray16.tif", "gray.png, 16-bit min-is-black, samples v*257 (tifffile)")

    # A 1-bit scan: CCITT G4, as scanners write text pages.
    scan = Image.new("L", (200, 120), 255)
    d = ImageDraw.Draw(scan)
    for line in range(8):
        d.rectangle((10, 8 + line * 14, 30 + (line * 37) % 160, 14 + line * 14), fill=0)
    d.ellipse((150, 60, 190, 110), outline=0, width=3)
    scan = scan.convert("1")
    scan.convert("L").save(p("bilevel.png"))
    scan.save(p("bilevel.tif"), compression="group4")
    tiff_reads_as(p("bilevel.tif"), scan.convert("L"))
    tiff_note("bilevel.png", "Reference: a 200x120 1-bit text-like page, black bars and a ring on white (0/255)")
    tiff_note("bilevel.tif", "bilevel.png, 1 bit, CCITT Group 4 (Pillow: min-is-black)")
    # Pillow writes min-is-black; scanners write min-is-white (1 = black): tifffile packs the bits, tiffcp
    # compresses them.
    black = np.asarray(scan.convert("L")) == 0
    tifffile.imwrite(p("bilevel-raw.tif"), black, photometric="miniswhite", metadata=None, software=False)
    run_tool("tiffcp", "-c", "g4", p("bilevel-raw.tif"), p("bilevel-white.tif"))
    os.remove(p("bilevel-raw.tif"))
    tiff_reads_as(p("bilevel-white.tif"), scan.convert("L"))
    tiff_note("bilevel-white.tif", "bilevel.png, 1 bit G4, min-is-white (1 = black), as scanners write")

    # Palette.
    pal = picture.quantize(colors=16, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    pal.convert("RGB").save(p("palette.png"))
    pal.save(p("palette.tif"))
    tiff_reads_as(p("palette.tif"), pal.convert("RGB"))
    tiff_note("palette.tif", "picture.png quantized to 16 colours, 8-bit palette (Pillow); palette.png its RGB")

    # Alpha: unassociated (Pillow RGBA) and associated (premultiplied, tifffile).
    alpha = Image.new("L", picture.size)
    alpha.putdata([min(255, x * 4 + (y % 3) * 40) for y in range(45) for x in range(70)])
    rgba = picture.copy()
    rgba.putalpha(alpha)
    rgba.save(p("rgba.png"))
    rgba.save(p("rgba.tif"), compression="tiff_lzw")
    tiff_reads_as(p("rgba.tif"), rgba)
    tiff_note("rgba.png", "Reference: picture.png with alpha = min(255, 4x + 40 (y mod 3))")
    tiff_note("rgba.tif", "rgba.png, unassociated alpha (ExtraSamples 2), LZW (Pillow)")
    straight = np.asarray(rgba).astype(np.uint32)
    a = straight[..., 3:4]
    premultiplied = np.concatenate([(straight[..., :3] * a + 127) // 255, a], axis=2).astype(np.uint8)
    tifffile.imwrite(p("rgba-premultiplied.tif"), premultiplied, photometric="rgb", extrasamples=["assocalpha"],
                     metadata=None, software=False)
    back = premultiplied.astype(np.uint32)
    pa = back[..., 3:4]
    unpremultiplied = np.where(pa == 0, 0, np.minimum(255, (back[..., :3] * 255 + pa // 2) // np.maximum(pa, 1)))
    Image.fromarray(np.concatenate([unpremultiplied, pa], axis=2).astype(np.uint8), "RGBA").save(
        p("rgba-premultiplied.png"))
    tiff_note("rgba-premultiplied.tif", "rgba.png premultiplied (c*a/255 rounded), associated alpha "
              "(ExtraSamples 1, tifffile); rgba-premultiplied.png: un-premultiplied as round(c*255/a)")

    # CMYK: with the test CMYK profile (cyan shows blue, magenta green) and without one.
    blocks = [(255, 0, 0, 0), (0, 255, 0, 0), (0, 0, 255, 0), (0, 0, 0, 128), (64, 128, 32, 16)]
    cmyk = Image.new("CMYK", (80, 16))
    d = ImageDraw.Draw(cmyk)
    for i, ink in enumerate(blocks):
        d.rectangle((i * 16, 0, i * 16 + 15, 15), fill=ink)
    cmyk.save(p("cmyk.tif"), icc_profile=cmyk_profile())
    cmyk.save(p("cmyk-noprofile.tif"))
    check(np.array_equal(np.asarray(Image.open(p("cmyk.tif"))), np.asarray(cmyk)), "cmyk inks read back")
    srgb = ImageCms.createProfile("sRGB")
    through = ImageCms.profileToProfile(cmyk, ImageCms.ImageCmsProfile(io.BytesIO(cmyk_profile())), srgb,
                                        renderingIntent=ImageCms.Intent.PERCEPTUAL, outputMode="RGB")
    expected = [through.getpixel((i * 16 + 8, 8)) for i in range(len(blocks))]
    naive = [tuple((255 - k) * (255 - ink) // 255 for ink in (c, m, y)) for c, m, y, k in blocks]
    tiff_note("cmyk.tif", "CMYK 80x16 with the test CMYK profile (as jpeg/cmyk-profile.jpg), 16 px blocks of inks "
              "%s; through the profile (Pillow + lcms2, perceptual) to sRGB: %s" % (blocks, expected))
    tiff_note("cmyk-noprofile.tif", "the same inks, no profile; naive (255-k)(255-ink)/255 as libtiff does: %s" % (naive,))

    # Display P3: its reds come out in sRGB as lcms says.
    p3_colors = [(200, 60, 50), (60, 150, 90), (255, 0, 0)]
    p3 = Image.new("RGB", (48, 16))
    d = ImageDraw.Draw(p3)
    for i, color in enumerate(p3_colors):
        d.rectangle((i * 16, 0, i * 16 + 15, 15), fill=color)
    profile = display_p3_profile()
    p3.save(p("p3.tif"), icc_profile=profile)
    converted = ImageCms.profileToProfile(p3, ImageCms.ImageCmsProfile(io.BytesIO(profile)), srgb,
                                          renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    p3_expected = [converted.getpixel((i * 16 + 8, 8)) for i in range(len(p3_colors))]
    tiff_note("p3.tif", "48x16, three 16 px blocks %s in Display P3 (display_p3_profile(): \"Display P3 "
              "(Filmroll test)\"); in sRGB by Pillow + lcms2 (relative colorimetric): %s" % (p3_colors, p3_expected))

    # Three pages: the first is the picture.
    pages = [picture, Image.new("RGB", (32, 32), RED), Image.new("RGB", (20, 10), BLUE)]
    pages[0].save(p("pages.tif"), save_all=True, append_images=pages[1:], compression="tiff_lzw")
    check(getattr(Image.open(p("pages.tif")), "n_frames", 1) == 3, "three pages")
    tiff_note("pages.tif", "3 pages (Pillow save_all, LZW): picture.png, then 32x32 red, then 20x10 blue")

    # Orientation 6: stored so that it shows the quadrant picture upright.
    upright = quadrant_picture(64, 48)
    upright.transpose(STORED_FROM_UPRIGHT[6]).save(p("orientation6.tif"), tiffinfo={TAG_ORIENTATION: 6})
    tiff_reads_as(p("orientation6.tif"), upright.transpose(STORED_FROM_UPRIGHT[6]), "tifffile")
    check(ImageOps.exif_transpose(Image.open(p("orientation6.tif"))).tobytes() == upright.tobytes(),
          "orientation 6 upright")
    tiff_note("orientation6.tif", "Orientation 6, stored 48x64; upright 64x48 red TL, green TR, blue BL, yellow BR")

    # EXIF written by exiftool (Pillow puts the directory first, exiftool keeps it there).
    picture.save(p("exif.tif"))
    run_tool("exiftool", "-q", "-overwrite_original", "-Make=Filmroll", "-Model=Fixture Scanner",
             "-DateTimeOriginal=2024:05:06 07:08:09", "-OffsetTimeOriginal=+02:00", "-GPSLatitude=48.8584",
             "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E", p("exif.tif"))
    tags = parse_tiff(open(p("exif.tif"), "rb").read())
    check(tags["IFD0"][TAG_MAKE][2] == "Filmroll" and tags["Exif"][TAG_DATETIME_ORIGINAL][2] == "2024:05:06 07:08:09",
          "exif.tif tags")
    tiff_reads_as(p("exif.tif"), picture)
    tiff_note("exif.tif", "picture.png with EXIF by exiftool: Make Filmroll, Model Fixture Scanner, DateTimeOriginal "
              "2024:05:06 07:08:09 +02:00, GPS 48.8584 N 2.2945 E")

    # The same tags after 81 KB of pixels, big-endian, as libtiff lays files out.
    big = tiff_picture(180, 150)
    bo = ">"
    data = write_tiff_at_end(180, 150, big.tobytes(), [
        tiff_entry(TAG_MAKE, 2, "Filmroll", bo), tiff_entry(TAG_MODEL, 2, "Fixture Scanner", bo),
        tiff_entry(TAG_ORIENTATION, 3, (8,), bo), tiff_entry(0x0132, 2, "2024:06:07 10:11:12", bo)],
        [tiff_entry(TAG_DATETIME_ORIGINAL, 2, "2024:05:06 07:08:09", bo),
         tiff_entry(TAG_OFFSET_TIME_ORIGINAL, 2, "+02:00", bo)],
        [tiff_entry(1, 2, "S", bo), tiff_entry(2, 5, ((33, 1), (51, 1), (3564, 100)), bo),
         tiff_entry(3, 2, "E", bo), tiff_entry(4, 5, ((151, 1), (12, 1), (5184, 100)), bo)], big_endian=True)
    write_bytes(p("exif-at-end.tif"), data)
    check(struct.unpack(">I", data[4:8])[0] > 65536, "directory past 64 KB")
    import json
    import subprocess
    read = json.loads(subprocess.run(["exiftool", "-j", "-n", p("exif-at-end.tif")], check=True,
                                     capture_output=True).stdout)[0]
    check(read["Make"] == "Filmroll" and read["DateTimeOriginal"] == "2024:05:06 07:08:09"
          and read["Orientation"] == 8 and abs(read["GPSLatitude"] + 33.8599) < 1e-4
          and abs(read["GPSLongitude"] - 151.2144) < 1e-4, "exiftool reads exif-at-end.tif: %s" % read)
    tiff_reads_as(p("exif-at-end.tif"), big, "tifffile")   # Pillow would turn it upright
    tiff_note("exif-at-end.tif", "180x150 (the picture's formula at that size), big-endian, uncompressed, its "
              "directories after the 81 KB of pixels (written here; exiftool reads them back): Make Filmroll, Model "
              "Fixture Scanner, Orientation 8, DateTimeOriginal 2024:05:06 07:08:09 +02:00, GPS 33.8599 S 151.2144 E")

    # Damaged: cut in the pixels; a header declaring 100000x100000.
    with open(p("rgb8.tif"), "rb") as f:
        whole = f.read()
    check(struct.unpack("<I", whole[4:8])[0] == 8, "Pillow writes the directory first")
    write_bytes(p("truncated.tif"), whole[:len(whole) * 6 // 10])
    tiff_note("truncated.tif", "rgb8.tif cut at 60%%: its directory is whole, its one strip ends early (%d of %d bytes)"
              % (len(whole) * 6 // 10, len(whole)))
    # tiffcp writes the directory after the strips: the cut strip keeps its declared length, past the file's end.
    damaged = bytearray(open(p("rgb8-lzw-predictor.tif"), "rb").read())
    first_strip = 8
    damaged[first_strip + 40:first_strip + 120] = b"\xff" * 80   # codes past the table: not LZW
    write_bytes(p("lzw-damaged.tif"), bytes(damaged))
    tiff_note("lzw-damaged.tif", "rgb8-lzw-predictor.tif with 80 bytes of its first strip set to 0xFF (codes past the table)")
    bo = "<"
    huge = bytearray(b"II*\0" + struct.pack("<I", 8))
    entries = [tiff_entry(256, 4, (100000,), bo), tiff_entry(257, 4, (100000,), bo), tiff_entry(258, 3, (8, 8, 8), bo),
               tiff_entry(259, 3, (1,), bo), tiff_entry(262, 3, (2,), bo), tiff_entry(273, 4, (200,), bo),
               tiff_entry(277, 3, (3,), bo), tiff_entry(278, 4, (100000,), bo), tiff_entry(279, 4, (30000000000 % 2**32,), bo)]
    huge += struct.pack("<H", len(entries))
    values = 8 + 2 + 12 * len(entries) + 4
    tail = b""
    for tag, typ, count, raw in entries:
        if len(raw) <= 4:
            huge += struct.pack("<HHI", tag, typ, count) + raw.ljust(4, b"\0")
        else:
            huge += struct.pack("<HHII", tag, typ, count, values + len(tail))
            tail += raw
    huge += struct.pack("<I", 0) + tail
    huge += bytes(256 - len(huge))
    write_bytes(p("huge.tif"), bytes(huge))
    tiff_note("huge.tif", "256 bytes declaring 100000x100000 RGB in one strip (10^10 pixels): refused before any "
              "allocation")

    lines = ["# TestImages/tiff", "",
             "Generated by `Scripts/make-test-images.py` (`--only tiff` makes these alone): Pillow, tifffile, "
             "libtiff's tiffcp and exiftool. **Do not edit by hand.** The PNGs are references the tests compare "
             "decoded pixels against, so the tests need none of those tools.", "",
             "| File | Bytes | What it is / expected values |", "| --- | --- | --- |"]
    for path, text in TIFF_NOTES:
        lines.append("| `%s` | %d | %s |" % (path, os.path.getsize(os.path.join(tdir, path)), text.replace("|", "\\|")))
    lines.append("")
    write_bytes(os.path.join(tdir, "README.md"), "\n".join(lines).encode("utf-8"))
    total = sum(os.path.getsize(os.path.join(tdir, f)) for f in os.listdir(tdir))
    print("tiff: %d files, %d bytes" % (len(TIFF_NOTES), total))


def write_manifest(out):
    lines = [
        "# TestImages",
        "",
        "Generated by `Scripts/make-test-images.py`. **Do not edit by hand.** "
        "Regenerate with `python3 Scripts/make-test-images.py` (needs Pillow: "
        "`pip install pillow`). Output is deterministic (fixed seeds, no timestamps).",
        "",
        "Coordinates are (x, y) with (0,0) top-left; ranges are inclusive. "
        "\"Stored\" = pixel dimensions in the file; \"upright\" = after applying "
        "EXIF Orientation. JPEG colours are approximate (allow ~10-30 per channel "
        "in flat areas); PNG and GIF values are exact.",
        "",
        "| File | Bytes | What it is / expected values |",
        "| --- | --- | --- |",
    ]
    for path, text in MANIFEST:
        size = os.path.getsize(os.path.join(out, path))
        lines.append("| `%s` | %d | %s |" % (path, size, text.replace("|", "\\|")))
    lines += [
        "",
        "EXIF orientation meaning (how to turn the stored pixels upright): "
        "1 none; 2 mirror horizontally; 3 rotate 180; 4 flip vertically; "
        "5 transpose (mirror across TL-BR diagonal); 6 rotate 90 CW; "
        "7 transverse (mirror across TR-BL diagonal); 8 rotate 90 CCW.",
        "",
    ]
    write_bytes(os.path.join(out, "README.md"), "\n".join(lines).encode("utf-8"))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    arguments = sys.argv[1:]
    only_tiff = "--only" in arguments and arguments[arguments.index("--only") + 1:][:1] == ["tiff"]
    if only_tiff:
        del arguments[arguments.index("--only"):arguments.index("--only") + 2]
    out = arguments[0] if arguments else os.path.join(os.path.dirname(here), "TestImages")
    out = os.path.abspath(out)
    if only_tiff:
        make_tiffs(out)
        return
    make_orientation(out)
    make_jpegs(out)
    make_pngs(out)
    make_gifs(out)
    make_dated(out)
    make_phone(out)
    make_cmyk_profile_jpeg(out)
    make_colour(out)
    make_tiffs(out)
    write_manifest(out)
    total = 0
    for root, _, files in os.walk(out):
        for f in files:
            total += os.path.getsize(os.path.join(root, f))
    print("wrote %d files (+ README.md) to %s, %d bytes total"
          % (len(MANIFEST), out, total))


if __name__ == "__main__":
    main()
