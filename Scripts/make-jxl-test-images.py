#!/usr/bin/env python3
"""Generate the JPEG XL fixtures (TestImages/jxl/) and their references.

Each .jxl is made by cjxl (libjxl-tools) from a picture drawn here; the
container boxes Filmroll reads (Exif, xml) are written by this script around
cjxl's codestream, so their exact bytes are known. Each reference PNG is
djxl's own decode of the fixture (djxl applies the codestream orientation,
so references are upright), reduced to 8 bits per sample by rounding, so
tests compare Filmroll's decode with libjxl's reference decoder and need
neither tool to run. Metadata is cross-checked with exiftool (a plain Exif
box directly; the Brotli-compressed one of the recompressed JPEG through
the JPEG djxl rebuilds from it). TestImages/jxl/README.md lists every file
and its expected values.

Needs Pillow, numpy, cjxl and djxl (Debian: libjxl-tools) and exiftool
(libimage-exiftool-perl). Usage: python3 Scripts/make-jxl-test-images.py [OUTDIR]
(default OUTDIR: TestImages/jxl next to the Scripts folder). Deterministic
for one libjxl build (the fixtures were made with libjxl 0.7.0).
"""

import io
import os
import struct
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image, ImageCms, ImageDraw

MANIFEST = []


def note(name, text):
    MANIFEST.append((name, text))


def check(cond, msg):
    if not cond:
        raise AssertionError(msg)


def run(*args):
    return subprocess.run(args, check=True, capture_output=True).stdout


# ---------------------------------------------------------------------------
# Boxes
# ---------------------------------------------------------------------------

SIGNATURE_BOX = bytes([0, 0, 0, 0x0C]) + b"JXL \r\n\x87\n"
FTYP_BOX = struct.pack(">I", 20) + b"ftyp" + b"jxl " + struct.pack(">I", 0) + b"jxl "


def box(kind, payload):
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def boxes(data):
    """(type, payload) of each top-level box."""
    out, at = [], 0
    while at + 8 <= len(data):
        size = struct.unpack(">I", data[at:at + 4])[0]
        kind = data[at + 4:at + 8]
        header = 8
        if size == 1:
            size = struct.unpack(">Q", data[at + 8:at + 16])[0]
            header = 16
        elif size == 0:
            size = len(data) - at
        out.append((kind, data[at + header:at + size]))
        at += size
    return out


def codestream(jxl):
    """The bare codestream of a cjxl output, container or not."""
    if jxl[:2] == b"\xff\x0a":
        return jxl
    parts = []
    for kind, payload in boxes(jxl):
        if kind == b"jxlc":
            return payload
        if kind == b"jxlp":
            parts.append(payload[4:])     # after the part index
    check(parts, "cjxl wrote no codestream")
    return b"".join(parts)


def container(stream, exif=None, xmp=None):
    """A container with the metadata boxes before the codestream, as cjxl orders them."""
    data = SIGNATURE_BOX + FTYP_BOX
    if exif is not None:
        data += box(b"Exif", struct.pack(">I", 0) + exif)   # offset 0: the TIFF header follows at once
    if xmp is not None:
        data += box(b"xml ", xmp)
    return data + box(b"jxlc", stream)


# ---------------------------------------------------------------------------
# Pictures, encoders and references
# ---------------------------------------------------------------------------

RED, GREEN, BLUE, YELLOW = (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)


def quadrants(w, h):
    im = Image.new("RGB", (w, h))
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, w // 2 - 1, h // 2 - 1), fill=RED)
    d.rectangle((w // 2, 0, w - 1, h // 2 - 1), fill=GREEN)
    d.rectangle((0, h // 2, w // 2 - 1, h - 1), fill=BLUE)
    d.rectangle((w // 2, h // 2, w - 1, h - 1), fill=YELLOW)
    return im


def soft_photo(w, h):
    """A smooth picture with some edges: what a photo's thumbnail is made of."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    r = 128 + 100 * np.sin(x / 23.0) * np.cos(y / 31.0)
    g = 40 + 170 * (y / h)
    b = 200 - 150 * (x / w) + 30 * np.sin((x + y) / 17.0)
    im = Image.fromarray(np.clip(np.dstack([r, g, b]), 0, 255).round().astype(np.uint8), "RGB")
    d = ImageDraw.Draw(im)
    d.ellipse((w * 0.55, h * 0.2, w * 0.9, h * 0.7), fill=(240, 230, 210))
    d.rectangle((w * 0.1, h * 0.6, w * 0.35, h * 0.9), fill=(30, 60, 40))
    return im


def cjxl(source_png, *args):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.jxl")
        run("cjxl", source_png, out, *args)
        with open(out, "rb") as f:
            return f.read()


def djxl_array(jxl_path):
    """djxl's decode (upright) as an 8-bit array: 16-bit output rounded to 8 bits."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.png")
        run("djxl", jxl_path, out)
        return png_array(out)


def png_array(path):
    """A PNG's samples as uint8; 16-bit samples rounded (Pillow would truncate them)."""
    with open(path, "rb") as f:
        data = f.read()
    check(data[:8] == b"\x89PNG\r\n\x1a\n", "a PNG")
    width, height, depth, color_type = struct.unpack(">IIBB", data[16:26])
    if depth == 8:
        return np.array(Image.open(path))
    check(depth == 16, "8- or 16-bit PNG from djxl")
    import zlib
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[color_type]
    idat = b"".join(payload for kind, payload in png_chunks(data) if kind == b"IDAT")
    raw = zlib.decompress(idat)
    stride = width * channels * 2
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        unfilter(kind, line, previous, channels * 2)
        rows.append(bytes(line))
        previous = line
    samples = np.frombuffer(b"".join(rows), dtype=">u2").reshape(height, width, channels).astype(np.float64)
    array = np.floor(samples * 255 / 65535 + 0.5).astype(np.uint8)
    return array[:, :, 0] if channels == 1 else array


def png_chunks(data):
    at = 8
    while at + 8 <= len(data):
        length = struct.unpack(">I", data[at:at + 4])[0]
        yield data[at + 4:at + 8], data[at + 8:at + 8 + length]
        at += 12 + length


def unfilter(kind, line, previous, bpp):
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b = previous[i]
        c = previous[i - bpp] if i >= bpp else 0
        if kind == 1:
            line[i] = (line[i] + a) & 0xFF
        elif kind == 2:
            line[i] = (line[i] + b) & 0xFF
        elif kind == 3:
            line[i] = (line[i] + (a + b) // 2) & 0xFF
        elif kind == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF


def png16(path, width, height, rgb16):
    """A 16-bit RGB PNG (Pillow cannot write one) from a (h, w, 3) uint16 array."""
    import zlib
    raw = b"".join(b"\0" + rgb16[y].astype(">u2").tobytes() for y in range(height))

    def chunk(kind, payload):
        return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))
    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 16, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(data)


def exif_tiff(orientation=None, make=None, model=None, date=None):
    """A TIFF (EXIF) block, without JPEG's "Exif\\0\\0" prefix."""
    exif = Image.Exif()
    if orientation is not None:
        exif[0x0112] = orientation
    if make is not None:
        exif[0x010F] = make
    if model is not None:
        exif[0x0110] = model
    if date is not None:
        exif[0x8769] = {0x9003: date}
    data = exif.tobytes()
    return data[6:] if data.startswith(b"Exif\0\0") else data


def exiftool(path, *tags):
    lines = run("exiftool", "-s", "-s", "-s", "-n", *["-" + t for t in tags], path).decode().splitlines()
    return lines


# ---------------------------------------------------------------------------
# Display P3: an ICC v4 matrix/shaper profile written here (Pillow makes
# only sRGB), P3 primaries, D65 white adapted to D50 (Bradford), sRGB curve.
# ---------------------------------------------------------------------------

def xy_to_xyz(x, y):
    return np.array([x / y, 1.0, (1 - x - y) / y])


BRADFORD = np.array([[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])
D50 = np.array([0.9642, 1.0, 0.8249])


def adaptation(source_white, target_white):
    cone_source, cone_target = BRADFORD @ source_white, BRADFORD @ target_white
    return np.linalg.inv(BRADFORD) @ np.diag(cone_target / cone_source) @ BRADFORD


def rgb_to_xyz(primaries, white):
    columns = np.column_stack([xy_to_xyz(*p) for p in primaries])
    scale = np.linalg.solve(columns, xy_to_xyz(*white))
    return columns * scale


def display_p3_profile():
    white = (0.3127, 0.3290)
    matrix = adaptation(xy_to_xyz(*white), D50) @ rgb_to_xyz([(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], white)
    chad = adaptation(xy_to_xyz(*white), D50)

    def s15(v):
        return struct.pack(">i", round(v * 65536))

    def xyz(v):
        return b"XYZ " + b"\0" * 4 + b"".join(s15(c) for c in v)

    def mluc(text):
        encoded = text.encode("utf-16-be")
        return b"mluc" + b"\0" * 4 + struct.pack(">II", 1, 12) + b"enUS" + struct.pack(">II", len(encoded), 28) + encoded

    curve = b"para" + b"\0" * 4 + struct.pack(">HH", 3, 0) + b"".join(
        s15(v) for v in (2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045))
    tags = [(b"desc", mluc("Filmroll test Display P3")), (b"cprt", mluc("No copyright, use freely")),
            (b"wtpt", xyz(D50)), (b"chad", b"sf32" + b"\0" * 4 + b"".join(s15(v) for v in chad.flatten())),
            (b"rXYZ", xyz(matrix[:, 0])), (b"gXYZ", xyz(matrix[:, 1])), (b"bXYZ", xyz(matrix[:, 2])),
            (b"rTRC", curve), (b"gTRC", curve), (b"bTRC", curve)]
    offset = 128 + 4 + 12 * len(tags)
    table, data = struct.pack(">I", len(tags)), b""
    for signature, body in tags:
        while (offset + len(data)) % 4:
            data += b"\0"
        table += signature + struct.pack(">II", offset + len(data), len(body))
        data += body
    size = 128 + len(table) + len(data)
    header = (struct.pack(">I", size) + b"lcms" + struct.pack(">I", 0x04300000) + b"mntrRGB XYZ "
              + struct.pack(">6H", 2026, 1, 1, 0, 0, 0) + b"acsp" + b"\0" * 4 + b"\0" * 4 + b"\0" * 8 + b"\0" * 8
              + struct.pack(">I", 0) + b"".join(s15(v) for v in D50) + b"\0" * 4 + b"\0" * 16 + b"\0" * 28)
    check(len(header) == 128, "ICC header is 128 bytes")
    return header + table + data


# ---------------------------------------------------------------------------
# A bare codestream that claims a huge picture and ends after its header.
# ---------------------------------------------------------------------------

def huge_codestream(width, height):
    bits = []

    def put(value, count):           # JPEG XL packs bits from the least significant end
        bits.extend((value >> i) & 1 for i in range(count))

    def u32_18(value):               # U32 selector 2: BitsOffset(18, 1)
        put(2, 2)
        put(value - 1, 18)
    put(0, 1)                        # SizeHeader.small = false
    u32_18(height)
    put(0, 3)                        # ratio 0: the width follows
    u32_18(width)
    put(1, 1)                        # ImageMetadata.all_default
    while len(bits) % 8:
        bits.append(0)
    body = bytes(sum(bits[i + j] << j for j in range(8)) for i in range(0, len(bits), 8))
    return b"\xff\x0a" + body + b"\0" * 16


# ---------------------------------------------------------------------------

def save(out, name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)
    return os.path.join(out, name)


def save_reference(out, name, array):
    mode = "L" if array.ndim == 2 else {3: "RGB", 4: "RGBA"}[array.shape[2]]
    Image.fromarray(array, mode).save(os.path.join(out, name), optimize=True)


def make(out):
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        # 8-bit sRGB, lossy, with a plain Exif box and an XMP box.
        photo = soft_photo(192, 128)
        photo_png = os.path.join(tmp, "photo.png")
        photo.save(photo_png)
        exif = exif_tiff(make="Filmroll", model="Filmroll Phone", date="2024:05:03 14:22:10")
        xmp = (b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
               b'<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" '
               b'xmp:CreateDate="2023-01-02T03:04:05"/></rdf:RDF></x:xmpmeta>')
        path = save(out, "photo.jxl", container(codestream(cjxl(photo_png, "-d", "1")), exif=exif, xmp=xmp))
        check(exiftool(path, "DateTimeOriginal", "Make", "Model") ==
              ["2024:05:03 14:22:10", "Filmroll", "Filmroll Phone"], "exiftool reads photo.jxl's Exif box")
        save_reference(out, "photo.png", djxl_array(path))
        note("photo.jxl", "lossy (cjxl -d 1) 8-bit sRGB 192x128 soft picture, container with a plain Exif box "
             "(DateTimeOriginal 2024:05:03 14:22:10, Make Filmroll, Model Filmroll Phone; exiftool agrees) and an "
             "xml box (xmp:CreateDate 2023-01-02T03:04:05, which EXIF's date outranks); photo.png is djxl's decode")
        save(out, "truncated.jxl", open(path, "rb").read()[:900])
        note("truncated.jxl", "photo.jxl cut after 900 bytes: the header whole, the picture data not")

        # Larger than one 256x256 group, so the DC pass is a section of its own (a one-group frame
        # codes DC and AC together, and libjxl has no DC-only step to stop at).
        large_png = os.path.join(tmp, "large.png")
        soft_photo(384, 256).save(large_png)
        path = save(out, "large.jxl", cjxl(large_png, "-d", "1"))
        full = djxl_array(path).astype(np.float64)
        means = full.reshape(32, 8, 48, 8, 3).mean(axis=(1, 3))
        save_reference(out, "large-8x8.png", np.floor(means + 0.5).astype(np.uint8))
        note("large.jxl", "lossy 8-bit sRGB 384x256 soft picture (two 256x256 groups wide: its DC pass can be decoded "
             "alone); large-8x8.png is djxl's decode averaged over 8x8 blocks (48x32)")

        # XMP alone: the date and camera come from it.
        small = os.path.join(tmp, "small.png")
        quadrants(16, 16).save(small)
        xmp_only = (b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
                    b'<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" '
                    b'xmlns:tiff="http://ns.adobe.com/tiff/1.0/" exif:DateTimeOriginal="2022-07-08T09:10:11" '
                    b'tiff:Make="XMPMaker" tiff:Model="XMP Camera"/></rdf:RDF></x:xmpmeta>')
        save(out, "xmp.jxl", container(codestream(cjxl(small, "-d", "0")), xmp=xmp_only))
        note("xmp.jxl", "lossless 16x16 quadrants with only an xml box: DateTimeOriginal 2022-07-08 09:10:11, "
             "camera XMPMaker XMP Camera")

        # Lossless 8-bit, as a bare codestream (no container).
        q = quadrants(64, 48)
        q_png = os.path.join(tmp, "quadrants.png")
        q.save(q_png)
        path = save(out, "lossless.jxl", codestream(cjxl(q_png, "-d", "0")))
        reference = djxl_array(path)
        check(np.array_equal(reference, np.array(q)), "lossless.jxl decodes exactly")
        note("lossless.jxl", "bare codestream (starts FF 0A), lossless 64x48: quadrants TL red, TR green, BL blue, "
             "BR yellow, exact")

        # 16-bit lossless: values whose low byte decides the rounding.
        y, x = np.mgrid[0:32, 0:48]
        deep = np.dstack([x * 1365 + 128, y * 2047 + 127, (x * y * 37) % 65536]).astype(np.uint16)
        deep_png = os.path.join(tmp, "deep.png")
        png16(deep_png, 48, 32, deep)
        path = save(out, "deep16.jxl", cjxl(deep_png, "-d", "0"))
        reference = djxl_array(path)
        check(np.array_equal(reference, np.floor(deep.astype(np.float64) * 255 / 65535 + 0.5).astype(np.uint8)),
              "deep16.jxl decodes to the 16-bit source, rounded")
        save_reference(out, "deep16.png", reference)
        note("deep16.jxl", "lossless 16-bit RGB 48x32 gradients; deep16.png is djxl's 16-bit decode rounded to 8 bits "
             "(round(v * 255 / 65535))")

        # RGBA, lossy.
        rgba = soft_photo(64, 48).convert("RGBA")
        rgba.putalpha(Image.linear_gradient("L").transpose(Image.Transpose.ROTATE_90).resize((64, 48)))
        rgba_png = os.path.join(tmp, "rgba.png")
        rgba.save(rgba_png)
        path = save(out, "alpha.jxl", cjxl(rgba_png, "-d", "1"))
        save_reference(out, "alpha.png", djxl_array(path))
        note("alpha.jxl", "lossy RGBA 64x48, alpha rising from 0 at the left edge to 255 at the right; alpha.png is "
             "djxl's decode")

        # Grey, lossless.
        gray = Image.linear_gradient("L").resize((32, 24))
        gray_png = os.path.join(tmp, "gray.png")
        gray.save(gray_png)
        path = save(out, "gray.jxl", cjxl(gray_png, "-d", "0"))
        reference = djxl_array(path)
        check(np.array_equal(reference, np.array(gray)), "gray.jxl decodes exactly")
        save_reference(out, "gray.png", reference)
        note("gray.jxl", "lossless greyscale 32x24 vertical ramp (Pillow's linear_gradient, resized), exact; gray.png "
             "is djxl's decode")

        # Codestream orientation 6: a JPEG with EXIF Orientation 6, recompressed by cjxl (its Exif box is a brob).
        exif6 = Image.Exif()
        exif6[0x0112] = 6
        exif6[0x010F] = "Filmroll"
        exif6[0x0110] = "Filmroll Phone"
        exif6[0x8769] = {0x9003: "2024:05:03 14:22:10"}
        jpeg = os.path.join(tmp, "exif6.jpg")
        q.save(jpeg, quality=95, exif=exif6.tobytes())
        path = save(out, "orientation6.jxl", cjxl(jpeg))
        check(b"brob" in [kind for kind, _ in boxes(open(path, "rb").read())], "the Exif box is Brotli-compressed")
        rebuilt = os.path.join(tmp, "rebuilt.jpg")
        run("djxl", path, rebuilt)
        check(exiftool(rebuilt, "Orientation", "Model", "DateTimeOriginal") ==
              ["6", "Filmroll Phone", "2024:05:03 14:22:10"], "exiftool reads the rebuilt JPEG's EXIF")
        reference = djxl_array(path)
        check(reference.shape[:2] == (64, 48), "djxl turns orientation6.jxl upright")
        save_reference(out, "orientation6.png", reference)
        note("orientation6.jxl", "64x48 quadrants JPEG (EXIF Orientation 6) recompressed losslessly by cjxl: codestream "
             "orientation 6, upright 48x64 (blue top-left, red top-right); Exif box Brotli-compressed (brob) with "
             "Orientation 6, Model Filmroll Phone, DateTimeOriginal 2024:05:03 14:22:10 (exiftool on the JPEG djxl "
             "rebuilds); orientation6.png is djxl's upright decode")

        # An Exif box that says 6 over a codestream that says 1: shown as stored.
        stream = codestream(cjxl(q_png, "-d", "0"))
        path = save(out, "exif6-codestream1.jxl", container(stream, exif=exif_tiff(orientation=6)))
        check(exiftool(path, "Orientation") == ["6"], "exiftool reads Orientation 6")
        check(djxl_array(path).shape[:2] == (48, 64), "djxl shows exif6-codestream1.jxl as stored")
        note("exif6-codestream1.jxl", "lossless 64x48 quadrants, codestream orientation 1, Exif box Orientation 6: "
             "shown as stored (64x48, red top-left), the Exif value reported as ignored")

        # Display P3 from an ICC-tagged PNG, lossy (cjxl names it) and lossless (the ICC kept).
        p3 = display_p3_profile()
        patches = [(255, 0, 0), (200, 60, 50), (60, 170, 90), (128, 128, 128)]
        p3_image = Image.new("RGB", (32, 8))
        for index, color in enumerate(patches):
            p3_image.paste(color, (index * 8, 0, index * 8 + 8, 8))
        p3_png = os.path.join(tmp, "p3.png")
        p3_image.save(p3_png, icc_profile=p3)
        srgb = ImageCms.createProfile("sRGB")
        converted = ImageCms.profileToProfile(p3_image, ImageCms.ImageCmsProfile(io.BytesIO(p3)), srgb,
                                              renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
        converted.info.clear()      # no profile (its header has a date): plain sRGB numbers
        converted.save(os.path.join(out, "p3-srgb.png"))
        expected = [converted.getpixel((index * 8 + 4, 4)) for index in range(len(patches))]
        path = save(out, "p3.jxl", cjxl(p3_png, "-d", "1"))
        save(out, "p3-lossless.jxl", cjxl(p3_png, "-d", "0"))
        # The lossy file's own colours (compression moves them a little): djxl's decode, in the profile
        # djxl tags it with, converted by lcms2 the same way.
        with tempfile.TemporaryDirectory() as decoded_dir:
            decoded_png = os.path.join(decoded_dir, "p3.png")
            run("djxl", path, decoded_png)
            decoded = Image.open(decoded_png)
            decoded_profile = ImageCms.ImageCmsProfile(io.BytesIO(decoded.info["icc_profile"]))
            lossy = ImageCms.profileToProfile(decoded, decoded_profile, srgb,
                                              renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
            lossy.info.clear()
            lossy.save(os.path.join(out, "p3-lossy-srgb.png"))
        note("p3-lossless.jxl", "lossless 32x8, four 8x8 Display P3 patches %s from an ICC-tagged PNG (a v4 Display P3 "
             "profile written by the script), the ICC profile kept; p3-srgb.png is the PNG converted to sRGB by Pillow "
             "with lcms2 (relative colorimetric): %s" % (patches, expected))
        note("p3.jxl", "the same picture, lossy (-d 1): cjxl names P3 in the codestream; p3-lossy-srgb.png is djxl's "
             "decode (tagged with libjxl's P3 profile) converted to sRGB by Pillow with lcms2: %s"
             % [lossy.getpixel((index * 8 + 4, 4)) for index in range(len(patches))])

        # An animation: three frames of 100, 200 and 300 ms from a GIF.
        frames = [Image.new("RGB", (40, 30), c) for c in (RED, GREEN, BLUE)]
        gif = os.path.join(tmp, "animated.gif")
        frames[0].save(gif, save_all=True, append_images=frames[1:], duration=[100, 200, 300], loop=0)
        save(out, "animated.jxl", cjxl(gif, "-d", "0"))
        note("animated.jxl", "animation 40x30 from a GIF: red 100 ms, green 200 ms, blue 300 ms, loops forever")

    save(out, "huge.jxl", huge_codestream(100000, 100000))
    note("huge.jxl", "bare codestream claiming 100000x100000 that ends after its size header (hand-written bits)")

    # CMYK: cjxl writes none; libjxl's encoder API does (Scripts/make-cmyk-jxl.c).
    subprocess.run([os.path.join(os.path.dirname(os.path.abspath(__file__)), "make-cmyk-jxl.sh"), out], check=True)
    note("cmyk.jxl", CMYK_NOTE)

    lines = ["# TestImages/jxl", "",
             "Generated by `Scripts/make-jxl-test-images.py` with cjxl/djxl (libjxl 0.7.0). **Do not edit by hand.**",
             "", "| File | Bytes | What it is / expected values |", "| --- | --- | --- |"]
    for name, text in MANIFEST:
        lines.append("| `%s` | %d | %s |" % (name, os.path.getsize(os.path.join(out, name)), text.replace("|", "\\|")))
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write("\n".join(lines) + "\n")


CMYK_NOTE = ("lossless CMYK 64x48 (libjxl's encoder API, Scripts/make-cmyk-jxl.sh): C, M, Y as the colour channels, "
             "K as a black extra channel, each stored as 1 - ink, with the test CMYK profile of tiff/cmyk.tif (cyan ink "
             "shows blue, magenta green, K black). Inks: rows 0-15 16-px blocks C, M, Y, K (255 each); rows 16-31 "
             "K 128, (64, 128, 32, 16), none, C 255 + K 128; rows 32-47 no ink with K 255 bars at rows 36-37 and "
             "42-43, columns 4-59. djxl 0.7 writes only the raw channels; tests compare with lcms2's tificc")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(here), "TestImages", "jxl")
    make(os.path.abspath(out))
    total = sum(os.path.getsize(os.path.join(out, f)) for f in os.listdir(out))
    print("wrote %d files to %s, %d bytes total" % (len(os.listdir(out)), out, total))


if __name__ == "__main__":
    main()
