#!/usr/bin/env python3
"""Camera RAW fixtures (TestImages/raw/) and benchmark DNGs.

Fixtures (default): small DNGs made from a numpy Bayer mosaic of a known
picture, the reference decodes of a second decoder, and README.md with
the expected values, so that the tests run without any of these tools:

  camera.dng     Adobe's layout: IFD0 an RGB thumbnail, SubIFDs the raw
                 image and a full-size JPEG preview; EXIF and GPS.
  rotated.dng    the same picture stored turned (Orientation 6), with a
                 half-size JPEG preview stored as the raw data is.
  plain.dng      written by pidng: the raw image alone, no preview.
  truncated.dng  camera.dng cut inside its raw data (the preview is whole).
  plain.tiff, export.tiff
                 TIFFs written by Pillow (libtiff), the second with the
                 Make and Model of a camera as an export from a RAW keeps
                 them: neither may be taken for a RAW file.
  *.libraw.png   LibRaw's own processing (rawpy: camera white balance,
                 sRGB, 8 bits, no flip; -half: half_size) of each DNG.
  camera.preview.png
                 the embedded preview as Pillow decodes it.

CRW, MRW and IIQ files (no tool here writes them) are built byte by byte
by the tests themselves: Tests/TestSupport/RAWBuilder.swift.

Needs numpy, Pillow, pidng and rawpy (pip install numpy pillow pidng rawpy);
checks the metadata with exiftool when it is installed.

  python3 Scripts/make-raw-test-images.py [OUTDIR]        (default TestImages/raw)
  python3 Scripts/make-raw-test-images.py --bench SRC DST  JPEGs in SRC to DNGs in
      DST/preview (full-size JPEG preview) and DST/plain (pidng, no preview)

Output is deterministic: no timestamps, fixed pictures.
"""

import io
import json
import os
import shutil
import struct
import subprocess
import sys

import numpy as np
from PIL import Image, ImageDraw

# ---------------------------------------------------------------------------
# A small TIFF writer: IFDs first, pixel data last (as cameras write them),
# so that a file cut short keeps its header and preview.
# ---------------------------------------------------------------------------

BYTE, ASCII, SHORT, LONG, RATIONAL, UNDEFINED, SRATIONAL = 1, 2, 3, 4, 5, 7, 10


class IFD:
    """Tags (tag -> (type, values)), child IFDs behind pointer tags, and
    optionally one strip of data (StripOffsets/StripByteCounts)."""

    def __init__(self):
        self.tags = {}
        self.children = {}   # tag -> [IFD]
        self.strip = None

    def set(self, tag, kind, values):
        self.tags[tag] = (kind, values)


def pack(kind, values):
    if kind == ASCII:
        return values.encode("ascii") + b"\0"
    if kind in (BYTE, UNDEFINED):
        return bytes(values)
    if kind == SHORT:
        return struct.pack("<%dH" % len(values), *values)
    if kind == LONG:
        return struct.pack("<%dI" % len(values), *values)
    if kind == RATIONAL:
        return b"".join(struct.pack("<II", n, d) for n, d in values)
    if kind == SRATIONAL:
        return b"".join(struct.pack("<ii", n, d) for n, d in values)
    raise ValueError(kind)


def count(kind, values, packed):
    return len(packed) if kind in (ASCII, BYTE, UNDEFINED) else len(values)


def write_tiff(ifd0):
    """Little-endian TIFF: header, every IFD with its values, then the strips."""
    order = []

    def walk(ifd):
        order.append(ifd)
        for tag in sorted(ifd.children):
            for child in ifd.children[tag]:
                walk(child)

    walk(ifd0)
    for ifd in order:   # placeholders: the layout pass needs the tag count
        for tag in ifd.children:
            ifd.tags[tag] = (LONG, [0] * len(ifd.children[tag]))
        if ifd.strip is not None:
            ifd.tags[273] = (LONG, [0])
            ifd.tags[279] = (LONG, [len(ifd.strip)])

    def align(n):
        return n + (n & 1)

    # Pass 1: offsets.
    position = 8
    where = {}
    for ifd in order:
        where[id(ifd)] = position
        position += 2 + 12 * len(ifd.tags) + 4
        for tag in sorted(ifd.tags):
            kind, values = ifd.tags[tag]
            size = len(pack(kind, values))
            if size > 4:
                position = align(position + size)
    strips = {}
    # Smaller strips first: the thumbnail and preview before the raw data.
    by_size = sorted((ifd for ifd in order if ifd.strip is not None), key=lambda ifd: len(ifd.strip))
    for ifd in by_size:
        if ifd.strip is not None:
            strips[id(ifd)] = position
            position = align(position + len(ifd.strip))
    for ifd in order:
        for tag, children in ifd.children.items():
            ifd.tags[tag] = (LONG, [where[id(child)] for child in children])
        if ifd.strip is not None:
            ifd.tags[273] = (LONG, [strips[id(ifd)]])

    # Pass 2: bytes.
    out = bytearray(b"II*\0" + struct.pack("<I", where[id(ifd0)]))
    for ifd in order:
        assert len(out) == where[id(ifd)]
        tags = sorted(ifd.tags)
        data_at = len(out) + 2 + 12 * len(tags) + 4
        entries, data = bytearray(struct.pack("<H", len(tags))), bytearray()
        for tag in tags:
            kind, values = ifd.tags[tag]
            packed = pack(kind, values)
            n = count(kind, values, packed)
            if len(packed) <= 4:
                entries += struct.pack("<HHI", tag, kind, n) + packed.ljust(4, b"\0")
            else:
                entries += struct.pack("<HHII", tag, kind, n, data_at + len(data))
                data += packed
                if len(data) & 1:
                    data += b"\0"
        entries += b"\0\0\0\0"
        out += entries + data
    for ifd in by_size:
        if ifd.strip is not None:
            assert len(out) == strips[id(ifd)]
            out += ifd.strip
            if len(out) & 1:
                out += b"\0"
    return bytes(out)


# ---------------------------------------------------------------------------
# The raw picture: linear sRGB values mosaicked RGGB, 12 bits packed.
# ---------------------------------------------------------------------------

WHITE_LEVEL = 4095
# XYZ (D65) to linear sRGB: as the DNG ColorMatrix1 it makes the camera's
# colours linear sRGB, so the processed result resembles the preview.
SRGB_FROM_XYZ = [[32406, -15372, -4986], [-9689, 18758, 415], [557, -2040, 10570]]


def linear(srgb8):
    c = np.asarray(srgb8, dtype=np.float64) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def mosaic(picture):
    """RGGB Bayer samples (uint16, 12 significant bits) of an RGB picture."""
    values = np.clip(linear(np.asarray(picture)) * 0.85 * WHITE_LEVEL + 0.5, 0, WHITE_LEVEL).astype(np.uint16)
    bayer = np.empty(values.shape[:2], dtype=np.uint16)
    bayer[0::2, 0::2] = values[0::2, 0::2, 0]
    bayer[0::2, 1::2] = values[0::2, 1::2, 1]
    bayer[1::2, 0::2] = values[1::2, 0::2, 1]
    bayer[1::2, 1::2] = values[1::2, 1::2, 2]
    return bayer


def pack12(bayer):
    """DNG's uncompressed 12-bit samples: big-endian bit order, no padding
    (rows of even width)."""
    flat = bayer.astype(np.uint32).reshape(-1, 2)
    out = np.empty((flat.shape[0], 3), dtype=np.uint8)
    out[:, 0] = flat[:, 0] >> 4
    out[:, 1] = ((flat[:, 0] & 15) << 4) | (flat[:, 1] >> 8)
    out[:, 2] = flat[:, 1] & 255
    return out.tobytes()


def jpeg_bytes(picture, quality=90):
    buffer = io.BytesIO()
    picture.save(buffer, "JPEG", quality=quality)
    return buffer.getvalue()


def raw_ifd(bayer):
    height, width = bayer.shape
    ifd = IFD()
    ifd.set(254, LONG, [0])
    ifd.set(256, LONG, [width])
    ifd.set(257, LONG, [height])
    ifd.set(258, SHORT, [12])
    ifd.set(259, SHORT, [1])
    ifd.set(262, SHORT, [32803])          # colour filter array
    ifd.set(277, SHORT, [1])
    ifd.set(278, LONG, [height])
    ifd.set(284, SHORT, [1])
    ifd.set(33421, SHORT, [2, 2])         # CFARepeatPatternDim
    ifd.set(33422, BYTE, [0, 1, 1, 2])    # CFAPattern RGGB
    ifd.set(50714, SHORT, [0])            # BlackLevel
    ifd.set(50717, SHORT, [WHITE_LEVEL])  # WhiteLevel
    ifd.strip = pack12(bayer)
    return ifd


def jpeg_preview_ifd(preview):
    ifd = IFD()
    ifd.set(254, LONG, [1])               # reduced resolution
    ifd.set(256, LONG, [preview.width])
    ifd.set(257, LONG, [preview.height])
    ifd.set(258, SHORT, [8, 8, 8])
    ifd.set(259, SHORT, [7])              # JPEG
    ifd.set(262, SHORT, [6])              # YCbCr
    ifd.set(277, SHORT, [3])
    ifd.set(278, LONG, [preview.height])
    ifd.set(284, SHORT, [1])
    ifd.set(50970, LONG, [2])             # PreviewColorSpace sRGB
    ifd.strip = jpeg_bytes(preview)
    return ifd


def rgb_thumbnail_ifd(thumbnail):
    ifd = IFD()
    ifd.set(254, LONG, [1])
    ifd.set(256, LONG, [thumbnail.width])
    ifd.set(257, LONG, [thumbnail.height])
    ifd.set(258, SHORT, [8, 8, 8])
    ifd.set(259, SHORT, [1])
    ifd.set(262, SHORT, [2])              # RGB
    ifd.set(277, SHORT, [3])
    ifd.set(278, LONG, [thumbnail.height])
    ifd.set(284, SHORT, [1])
    ifd.strip = thumbnail.tobytes()
    return ifd


def dng_tags(ifd, make, model, orientation):
    ifd.set(271, ASCII, make)
    ifd.set(272, ASCII, model)
    ifd.set(274, SHORT, [orientation])
    ifd.set(305, ASCII, "make-raw-test-images")
    ifd.set(50706, BYTE, [1, 4, 0, 0])    # DNGVersion
    ifd.set(50707, BYTE, [1, 1, 0, 0])    # DNGBackwardVersion
    ifd.set(50708, ASCII, "%s %s" % (make, model))
    ifd.set(50721, SRATIONAL, [(v, 10000) for row in SRGB_FROM_XYZ for v in row])
    ifd.set(50778, SHORT, [21])           # CalibrationIlluminant1 D65
    ifd.set(50728, RATIONAL, [(1, 1), (1, 1), (1, 1)])   # AsShotNeutral


def exif_ifd(date, offset=None, subseconds=None):
    ifd = IFD()
    ifd.set(0x829A, RATIONAL, [(1, 250)])          # ExposureTime
    ifd.set(0x829D, RATIONAL, [(28, 10)])          # FNumber
    ifd.set(0x8827, SHORT, [400])                  # ISO
    ifd.set(0x9000, UNDEFINED, list(b"0231"))      # ExifVersion
    ifd.set(0x9003, ASCII, date)                   # DateTimeOriginal
    if offset:
        ifd.set(0x9011, ASCII, offset)             # OffsetTimeOriginal
    if subseconds:
        ifd.set(0x9291, ASCII, subseconds)         # SubSecTimeOriginal
    ifd.set(0x920A, RATIONAL, [(35, 1)])           # FocalLength
    ifd.set(0xA434, ASCII, "Fixture 35mm F2.8")    # LensModel
    return ifd


def gps_ifd():
    ifd = IFD()
    ifd.set(0, BYTE, [2, 3, 0, 0])
    ifd.set(1, ASCII, "N")
    ifd.set(2, RATIONAL, [(37, 1), (33, 1), (297, 5)])    # 37.5665
    ifd.set(3, ASCII, "E")
    ifd.set(4, RATIONAL, [(126, 1), (58, 1), (204, 5)])   # 126.978
    return ifd


def adobe_layout_dng(upright, orientation, transpose, preview_scale, date, offset=None, subseconds=None,
                     gps=True, thumbnail=True):
    """A DNG as Adobe's converter lays it out: IFD0 an RGB thumbnail (or
    the JPEG preview itself), SubIFDs the raw image and the JPEG preview,
    both stored as the sensor saw the picture (`transpose` turns the
    upright picture into the stored one)."""
    stored = upright.transpose(transpose) if transpose is not None else upright
    raw = raw_ifd(mosaic(stored))
    preview = stored.resize((stored.width // preview_scale, stored.height // preview_scale), Image.LANCZOS) \
        if preview_scale > 1 else stored
    preview_ifd = jpeg_preview_ifd(preview)
    if thumbnail:
        ifd0 = rgb_thumbnail_ifd(stored.resize((stored.width // 4, stored.height // 4), Image.LANCZOS))
        ifd0.children[330] = [raw, preview_ifd]
    else:
        ifd0 = preview_ifd
        ifd0.children[330] = [raw]
    dng_tags(ifd0, "Filmroll", "RAW One", orientation)
    ifd0.children[0x8769] = [exif_ifd(date, offset, subseconds)]
    if gps:
        ifd0.children[0x8825] = [gps_ifd()]
    return write_tiff(ifd0), preview


def pidng_dng(picture, make, model, orientation=1):
    """The raw image alone, written by pidng (uncompressed, 12 bits)."""
    from pidng.core import RAW2DNG, DNGTags, Tag
    from pidng.defs import CFAPattern, CalibrationIlluminant, PhotometricInterpretation
    bayer = mosaic(picture)
    height, width = bayer.shape
    tags = DNGTags()
    tags.set(Tag.ImageWidth, width)
    tags.set(Tag.ImageLength, height)
    tags.set(Tag.TileWidth, width)
    tags.set(Tag.TileLength, height)
    tags.set(Tag.Orientation, orientation)
    tags.set(Tag.PhotometricInterpretation, PhotometricInterpretation.Color_Filter_Array)
    tags.set(Tag.SamplesPerPixel, 1)
    tags.set(Tag.BitsPerSample, 12)
    tags.set(Tag.CFARepeatPatternDim, [2, 2])
    tags.set(Tag.CFAPattern, CFAPattern.RGGB)
    tags.set(Tag.BlackLevel, 0)
    tags.set(Tag.WhiteLevel, WHITE_LEVEL)
    tags.set(Tag.ColorMatrix1, [[v, 10000] for row in SRGB_FROM_XYZ for v in row])
    tags.set(Tag.CalibrationIlluminant1, CalibrationIlluminant.D65)
    tags.set(Tag.AsShotNeutral, [[1, 1], [1, 1], [1, 1]])
    tags.set(Tag.Make, make)
    tags.set(Tag.Model, model)   # pidng adds DNGVersion 1.4 and DNGBackwardVersion 1.0 itself
    converter = RAW2DNG()
    converter.options(tags, path="", compress=False)
    return bytes(converter.convert(bayer))


# ---------------------------------------------------------------------------
# Fixtures
# ---------------------------------------------------------------------------

# The picture upright: four quadrants (not fully saturated, so no channel
# clips), as TestImages/orientation uses.
QUADRANTS = [(200, 60, 50), (60, 170, 80), (50, 80, 200), (220, 190, 60)]   # TL, TR, BL, BR
WIDTH, HEIGHT = 240, 160

MANIFEST = []


def note(path, text):
    MANIFEST.append((path, text))


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def quadrant_picture(width=WIDTH, height=HEIGHT):
    picture = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(picture)
    draw.rectangle((0, 0, width // 2 - 1, height // 2 - 1), fill=QUADRANTS[0])
    draw.rectangle((width // 2, 0, width - 1, height // 2 - 1), fill=QUADRANTS[1])
    draw.rectangle((0, height // 2, width // 2 - 1, height - 1), fill=QUADRANTS[2])
    draw.rectangle((width // 2, height // 2, width - 1, height - 1), fill=QUADRANTS[3])
    return picture


def libraw_reference(path, half):
    import rawpy
    with rawpy.imread(path) as raw:
        return raw.postprocess(use_camera_wb=True, output_bps=8, user_flip=0, half_size=half)


def exiftool(path):
    if shutil.which("exiftool") is None:
        return None
    output = subprocess.run(["exiftool", "-json", "-n", "-a", "-G1", path], capture_output=True, check=True)
    return json.loads(output.stdout)[0]


def save_png(array_or_image, path):
    image = array_or_image if isinstance(array_or_image, Image.Image) else Image.fromarray(array_or_image)
    image.save(path, "PNG", optimize=True)


def quadrant_means(array, width, height):
    """Mean colour of the middle of each quadrant (TL, TR, BL, BR)."""
    result = []
    for qy in (0, 1):
        for qx in (0, 1):
            x0, y0 = qx * width // 2 + width // 8, qy * height // 2 + height // 8
            block = array[y0:y0 + height // 4, x0:x0 + width // 4].reshape(-1, 3)
            result.append(tuple(int(round(v)) for v in block.mean(axis=0)))
    return result


def make_fixtures(out):
    os.makedirs(out, exist_ok=True)
    upright = quadrant_picture()

    # camera.dng
    camera, preview = adobe_layout_dng(upright, 1, None, 1, "2025:04:10 14:30:05", "+09:00", "250")
    path = os.path.join(out, "camera.dng")
    with open(path, "wb") as f:
        f.write(camera)
    save_png(Image.open(io.BytesIO(jpeg_preview_ifd(preview).strip)).convert("RGB"),
             os.path.join(out, "camera.preview.png"))
    tags = exiftool(path)
    if tags is not None:
        check(tags["IFD0:Make"] == "Filmroll" and tags["IFD0:Model"] == "RAW One", "make/model %s" % tags)
        check(tags["ExifIFD:DateTimeOriginal"] == "2025:04:10 14:30:05", "date")
        check(tags["ExifIFD:OffsetTimeOriginal"] == "+09:00" and str(tags["ExifIFD:SubSecTimeOriginal"]) == "250",
              "offset/subsec")
        check(abs(tags["GPS:GPSLatitude"] - 37.5665) < 1e-9 and abs(tags["GPS:GPSLongitude"] - 126.978) < 1e-9, "gps")
        check(tags["ExifIFD:ISO"] == 400 and abs(tags["ExifIFD:ExposureTime"] - 0.004) < 1e-9, "exposure")
        check(tags["ExifIFD:FNumber"] == 2.8 and tags["ExifIFD:FocalLength"] == 35, "aperture/focal")
        check(tags["ExifIFD:LensModel"] == "Fixture 35mm F2.8", "lens")
        check(tags["IFD0:Orientation"] == 1 and tags["IFD0:DNGVersion"] == "1 4 0 0", "orientation/version")
        check(tags["SubIFD1:ImageWidth"] == WIDTH and tags["SubIFD1:ImageHeight"] == HEIGHT, "preview size")
        check(tags["IFD0:ImageWidth"] == WIDTH // 4, "thumbnail size")
    note("camera.dng", "DNG 1.4 in Adobe's layout: IFD0 an RGB thumbnail 60x40 (8-bit, uncompressed), SubIFDs "
         "[raw 240x160 RGGB 12-bit uncompressed, JPEG preview 240x160 q90]. Picture: quadrants TL %s, TR %s, BL %s, "
         "BR %s (sRGB; the raw holds them linear x 0.85 x 4095, ColorMatrix1 = XYZ->linear sRGB, AsShotNeutral 1 1 1). "
         "Make \"Filmroll\", Model \"RAW One\", Orientation 1; DateTimeOriginal \"2025:04:10 14:30:05\", "
         "OffsetTimeOriginal \"+09:00\", SubSecTimeOriginal \"250\"; ExposureTime 1/250, FNumber 2.8, ISO 400, "
         "FocalLength 35, LensModel \"Fixture 35mm F2.8\"; GPS 37.5665 N, 126.978 E (checked with exiftool)."
         % tuple(QUADRANTS))
    note("camera.preview.png", "The JPEG preview of camera.dng as Pillow decodes it (240x160).")

    # rotated.dng: stored turned so that Orientation 6 shows the picture upright.
    rotated, _ = adobe_layout_dng(upright, 6, Image.Transpose.ROTATE_90, 2, "2025:04:11 08:00:00", gps=False,
                                  thumbnail=False)
    path = os.path.join(out, "rotated.dng")
    with open(path, "wb") as f:
        f.write(rotated)
    tags = exiftool(path)
    if tags is not None:
        check(tags["IFD0:Orientation"] == 6 and tags["IFD0:ImageWidth"] == HEIGHT // 2, "rotated tags %s" % tags)
        check(tags["SubIFD:ImageWidth"] == HEIGHT and tags["SubIFD:ImageHeight"] == WIDTH, "rotated raw size")
        check(tags["ExifIFD:DateTimeOriginal"] == "2025:04:11 08:00:00", "rotated date")
    stored = upright.transpose(Image.Transpose.ROTATE_90)
    corners = [stored.getpixel((x, y)) for y in (0, stored.height - 1) for x in (0, stored.width - 1)]
    check(corners == [QUADRANTS[1], QUADRANTS[3], QUADRANTS[0], QUADRANTS[2]], "stored corners %s" % corners)
    note("rotated.dng", "DNG whose IFD0 is a JPEG preview 80x120 (half size) and whose SubIFD is the raw image "
         "160x240, both stored turned: Orientation 6 (rotate 90 CW) shows the camera.dng picture upright "
         "(240x160). Stored quadrants TL %s, TR %s, BL %s, BR %s. "
         "DateTimeOriginal \"2025:04:11 08:00:00\", no offset, no GPS." % tuple(corners))

    # plain.dng (pidng)
    plain = pidng_dng(upright, "Filmroll", "Plain")
    path = os.path.join(out, "plain.dng")
    with open(path, "wb") as f:
        f.write(plain)
    tags = exiftool(path)
    if tags is not None:
        check(tags["IFD0:Make"] == "Filmroll" and tags["IFD0:Software"] == "PiDNG", "pidng tags %s" % tags)
    note("plain.dng", "DNG written by pidng: one IFD, the raw image 240x160 RGGB 12-bit as one tile, no preview, "
         "no EXIF; Make \"Filmroll\", Model \"Plain\"; the camera.dng picture.")

    # truncated.dng: the IFDs and the preview whole, the raw data cut.
    cut = len(camera) - len(pack12(mosaic(upright))) // 2
    path = os.path.join(out, "truncated.dng")
    with open(path, "wb") as f:
        f.write(camera[:cut])
    note("truncated.dng", "The first %d of %d bytes of camera.dng: header, thumbnail and preview whole, the raw "
         "data cut in half. Its header and preview read; a full decode fails." % (cut, len(camera)))

    # References: LibRaw's processing through rawpy, as stored (no flip).
    for name in ("camera", "rotated", "plain"):
        dng = os.path.join(out, name + ".dng")
        full, half = libraw_reference(dng, False), libraw_reference(dng, True)
        save_png(full, os.path.join(out, name + ".libraw.png"))
        save_png(half, os.path.join(out, name + ".libraw-half.png"))
        height, width = full.shape[:2]
        means = quadrant_means(full, width, height)
        note(name + ".libraw.png", "rawpy %s (LibRaw %s) postprocess(use_camera_wb=True, output_bps=8, user_flip=0) "
             "of %s.dng, %dx%d as stored; quadrant middles TL %s TR %s BL %s BR %s."
             % (rawpy_version(), libraw_version(), name, width, height, *means))
        note(name + ".libraw-half.png", "The same with half_size=True: %dx%d." % (half.shape[1], half.shape[0]))

    # TIFFs that are not RAW files.
    small = quadrant_picture(64, 48)
    small.save(os.path.join(out, "plain.tiff"), "TIFF")
    note("plain.tiff", "RGB TIFF 64x48 written by Pillow, uncompressed: not a RAW file.")
    exported = Image.open(io.BytesIO(jpeg_bytes(small))).copy()
    exif = exported.getexif()
    exif[271] = "NIKON CORPORATION"
    exif[272] = "NIKON D750"
    exported.save(os.path.join(out, "export.tiff"), "TIFF", compression="tiff_lzw", exif=exif)
    data = open(os.path.join(out, "export.tiff"), "rb").read()
    check(b"NIKON CORPORATION" in data, "export.tiff keeps its Make")
    note("export.tiff", "RGB TIFF 64x48 written by Pillow (LZW) with IFD0 Make \"NIKON CORPORATION\", Model "
         "\"NIKON D750\", as an export from a NEF keeps them: still not a RAW file.")

    with open(os.path.join(out, "README.md"), "w") as f:
        f.write("# TestImages/raw\n\nGenerated by `Scripts/make-raw-test-images.py`. **Do not edit by hand.** "
                "Regenerate with `python3 Scripts/make-raw-test-images.py` (needs numpy, Pillow, pidng, rawpy; "
                "checks the tags with exiftool when installed).\n\n| File | Bytes | What it is |\n| --- | --- | --- |\n")
        for name, text in MANIFEST:
            f.write("| `%s` | %d | %s |\n" % (name, os.path.getsize(os.path.join(out, name)), text))
    for name, _ in MANIFEST:
        print("%-24s %7d" % (name, os.path.getsize(os.path.join(out, name))))


def rawpy_version():
    import rawpy
    return rawpy.__version__


def libraw_version():
    import rawpy
    return ".".join(str(v) for v in rawpy.libraw_version)


# ---------------------------------------------------------------------------
# Benchmark DNGs from the JPEG corpus
# ---------------------------------------------------------------------------

def make_bench(source, destination):
    with_preview = os.path.join(destination, "preview")
    without = os.path.join(destination, "plain")
    os.makedirs(with_preview, exist_ok=True)
    os.makedirs(without, exist_ok=True)
    names = sorted(n for n in os.listdir(source) if n.lower().endswith((".jpg", ".jpeg")))
    for name in names:
        stem = os.path.splitext(name)[0]
        targets = [os.path.join(with_preview, stem + ".dng"), os.path.join(without, stem + ".dng")]
        if all(os.path.exists(t) for t in targets):
            continue
        jpeg = Image.open(os.path.join(source, name))
        orientation = jpeg.getexif().get(0x0112, 1)   # the JPEG's pixels as stored, its orientation kept
        picture = jpeg.convert("RGB")
        # Even sizes: whole 2x2 filter blocks.
        picture = picture.crop((0, 0, picture.width & ~1, picture.height & ~1))
        dng, _ = adobe_layout_dng(picture, orientation, None, 1, "2025:04:10 14:30:05", gps=False)
        with open(targets[0], "wb") as f:
            f.write(dng)
        with open(targets[1], "wb") as f:
            f.write(pidng_dng(picture, "Filmroll", "Bench", orientation))
        print("%s: %dx%d, orientation %d" % (stem, picture.width, picture.height, orientation))


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if arguments[:1] == ["--bench"]:
        if len(arguments) != 3:
            raise SystemExit("usage: make-raw-test-images.py --bench SOURCE DESTINATION")
        make_bench(arguments[1], arguments[2])
    else:
        here = os.path.dirname(os.path.abspath(__file__))
        make_fixtures(arguments[0] if arguments else os.path.join(here, "..", "TestImages", "raw"))
