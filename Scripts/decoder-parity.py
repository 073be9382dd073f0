#!/usr/bin/env python3
"""Decoder parity (issue 41): Filmroll's decode of public test files against a
second decoder, file by file.

    Scripts/decoder-parity.py [--filmroll BIN] [--json OUT] [--doc docs/decoders.md] [--srgb]
                              [--jobs N] [--only FORMAT[,FORMAT]] [--match TEXT]
                              [--sources pillow,exiftool,kimageformats,shared] [--from-json OUT]

The files are nobody's here and are never committed: Pillow's own test images
(Tests/images/ of Pillow's sdist, fetched with `pip download --no-binary pillow`), exiftool's
sample files (t/images/ of Debian's libimage-exiftool-perl source package,
fetched with `apt-get source --download-only`), KDE kimageformats' read
tests for JPEG XL, AVIF and HEIF (`apt-get source` of kimageformats, whose
expected PNGs are a third opinion) and ../shared/testdata (PngSuite, the GIF
suite, EXIF orientation). They are unpacked once under
PARITY_CACHE (default $XDG_CACHE_HOME/filmroll-parity, else
/tmp/filmroll-parity-cache).

For each file, grouped by the format its first bytes say (not its name):
Filmroll runs `filmroll convert FILE out.png --keep-profile` (the decoded
pixels, upright, not colour-converted); the second decoder is Pillow (JPEG,
PNG, GIF, WebP, TIFF, AVIF), tifffile for the TIFFs Pillow cannot read or
holds as 32-bit integers or floats, pillow-heif (libheif) for HEIF,
imagecodecs' libjxl for JPEG XL and rawpy (LibRaw, with Filmroll's
parameters) for camera RAW (jxlinfo, if present, gives a JPEG XL's
bit depth); its picture is turned upright by the EXIF
orientation as Filmroll's is (ImageOps.exif_transpose). CMYK and CIELab
pictures, and pictures whose profile Filmroll cannot embed in a PNG, are
compared in sRGB instead: Filmroll without --keep-profile against the second
decoder's pixels through lcms2 (ImageCms) with Filmroll's intents. Both are
compared as 8-bit RGBA (colour ignored where both are fully transparent):
the largest difference of any sample, PSNR, and the share of samples more
than 1 level apart.

Classes: `same` (identical), `within 1` (no sample more than 1 level apart),
`differ`, `only ref` (only the second decoder reads it), `only Filmroll`,
`neither`. A Filmroll failure is `clean` when it exits below 128 with its
last line naming the file. Files of formats Filmroll does not read (BMP,
PSD...) are only checked for a clean failure.

With --srgb every file is compared in sRGB, which checks Filmroll's colour
management (ICC profiles, PNG gAMA/cHRM, HEIF colour code points) against
lcms2; Pillow applies ICC profiles only, so PNGs with gAMA or cHRM and no
profile differ there by design.

The per-file results go to --json (default /tmp/filmroll-parity.json); with
--doc the table between the `parity:` markers of that Markdown file is
replaced (--from-json re-renders an earlier run). Makes its own venv under
/tmp (PARITY_VENV) on first use.
"""
import argparse
import concurrent.futures
import glob
import io
import json
import multiprocessing
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.environ.get("PARITY_VENV", "/tmp/filmroll-parity-venv")
PACKAGES = ["numpy", "pillow", "pillow-heif", "tifffile", "rawpy", "imagecodecs"]
PILLOW_CORPUS = "12.0.0"   # the sdist whose Tests/images/ is read
CACHE = os.environ.get("PARITY_CACHE") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or "/tmp", "filmroll-parity" if os.environ.get("XDG_CACHE_HOME") else "filmroll-parity-cache")
FORMATS = ["JPEG", "PNG", "GIF", "WebP", "TIFF", "HEIF", "AVIF", "JPEG XL", "RAW"]
RAW_EXTENSIONS = {"dng", "nef", "nrw", "cr2", "arw", "srf", "sr2", "orf", "rw2", "raw", "pef", "srw", "iiq", "3fr",
                  "erf", "kdc", "dcr", "mos", "mef", "rwl", "fff", "cap", "eip", "x3f", "crw", "mrw", "raf", "cr3", "gpr"}
BEGIN, END = "<!-- parity:begin -->", "<!-- parity:end -->"


def ensure_venv():
    """Re-run this script in the venv when a package is missing there."""
    import importlib.util
    modules = ["numpy", "PIL", "pillow_heif", "tifffile", "rawpy", "imagecodecs"]
    if all(importlib.util.find_spec(m) for m in modules):
        return
    python = os.path.join(VENV, "bin", "python")
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        sys.exit("decoder-parity: missing from %s (remove it to reinstall)" % VENV)
    if not os.path.exists(python):
        print("making a venv in %s for %s..." % (VENV, ", ".join(PACKAGES)), file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"] + PACKAGES, check=True)
    os.execv(python, [python, os.path.abspath(__file__)] + sys.argv[1:])


# ---------------------------------------------------------------- corpus

def extract(archive, prefix_part, destination):
    """Unpack the members of a tar whose path contains prefix_part into destination (flat paths below it)."""
    tmp = destination + ".partial"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            if not member.isfile() or prefix_part not in member.name:
                continue
            relative = member.name.split(prefix_part, 1)[1]
            path = os.path.join(tmp, relative)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with tar.extractfile(member) as source, open(path, "wb") as target:
                shutil.copyfileobj(source, target)
    os.rename(tmp, destination)


def pillow_images():
    destination = os.path.join(CACHE, "pillow-%s-images" % PILLOW_CORPUS)
    if not os.path.isdir(destination):
        download = os.path.join(CACHE, "downloads")
        os.makedirs(download, exist_ok=True)
        sdist = os.path.join(download, "pillow-%s.tar.gz" % PILLOW_CORPUS)
        if not os.path.exists(sdist):
            print("fetching Pillow %s's sdist for its test images..." % PILLOW_CORPUS, file=sys.stderr)
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-binary", "pillow", "--no-deps",
                            "pillow==" + PILLOW_CORPUS, "-d", download], check=True)
        extract(sdist, "/Tests/images/", destination)
    return destination


def debian_source_files(package, inside, name):
    """The files under `inside` of Debian's source package `package`, unpacked once under the cache as `name`."""
    destination = os.path.join(CACHE, name)
    if not os.path.isdir(destination):
        download = os.path.join(CACHE, "downloads")
        os.makedirs(download, exist_ok=True)
        pattern = os.path.join(download, package + "_*.orig.tar.*[!c]")   # not the .asc signature
        if not glob.glob(pattern):
            print("fetching %s's Debian source package for its test files..." % package, file=sys.stderr)
            subprocess.run(["apt-get", "source", "--download-only", "-qq", package], cwd=download,
                           check=True, stderr=subprocess.DEVNULL)
        extract(glob.glob(pattern)[0], inside, destination)
    return destination


def exiftool_images():
    return debian_source_files("libimage-exiftool-perl", "/t/images/", "exiftool-images")


def kimageformats_images():
    """KDE's kimageformats read tests: JPEG XL (every orientation), AVIF (every turn and mirror) and HEIF,
    each with the PNG its test expects."""
    return debian_source_files("kimageformats", "/autotests/read/", "kimageformats-read")


def shared_images():
    base = os.path.join(ROOT, "..", "shared", "testdata")
    return [os.path.join(base, d) for d in ("pngsuite", "gif-test-suite/gifs", "exif-orientation")
            if os.path.isdir(os.path.join(base, d))]


def corpus(sources):
    files = []
    roots = []
    if "pillow" in sources:
        roots.append(("pillow", pillow_images()))
    if "exiftool" in sources:
        roots.append(("exiftool", exiftool_images()))
    if "kimageformats" in sources:
        roots.append(("kimageformats", kimageformats_images()))
    if "shared" in sources:
        roots += [("shared", d) for d in shared_images()]
    for source, top in roots:
        for folder, dirs, names in os.walk(top):
            dirs[:] = sorted(d for d in dirs if d not in ("frames", "ref"))
            if source == "kimageformats" and os.path.basename(folder) not in ("jxl", "avif", "heif"):
                continue
            for name in sorted(names):
                path = os.path.join(folder, name)
                if source == "kimageformats" and name.endswith(".png"):
                    continue   # the expected pictures
                if os.path.getsize(path) > 0 and not name.endswith((".tsv", ".md", ".README", ".markdown")) \
                        and name not in ("LICENSE", "README"):
                    files.append((source, os.path.relpath(path, top) if source != "shared"
                                  else os.path.join(os.path.basename(top), os.path.relpath(path, top)), path))
    return files


def sniff(path):
    """The format the file's first bytes say: one of FORMATS, or 'other: EXT'."""
    with open(path, "rb") as f:
        head = f.read(32)
    ext = os.path.splitext(path)[1].lower().lstrip(".")
    if head[:3] == b"\xff\xd8\xff":
        return "JPEG"
    if head[:8] == b"\x89PNG\r\n\x1a\n":
        return "PNG"
    if head[:6] in (b"GIF87a", b"GIF89a"):
        return "GIF"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WebP"
    if head[:2] == b"\xff\x0a" or head[:12] == b"\0\0\0\x0cJXL \r\n\x87\n":
        return "JPEG XL"
    if head[4:8] == b"ftyp":
        brand = head[8:12]
        if brand in (b"avif", b"avis"):
            return "AVIF"
        if brand == b"crx ":
            return "RAW"
        if brand in (b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx", b"mif1", b"msf1", b"mif2"):
            with open(path, "rb") as f:
                box = f.read(int.from_bytes(head[:4], "big"))
            return "AVIF" if b"avif" in box[8:] and b"heic" not in box[8:] else "HEIF"
        return "other: video"
    if head[:4] in (b"II*\0", b"MM\0*", b"II+\0", b"MM\0+", b"IIRO", b"IIRS", b"IIU\0", b"IIII"):
        return "RAW" if ext in RAW_EXTENSIONS or head[:4] in (b"IIRO", b"IIRS", b"IIU\0") else "TIFF"
    if head[6:14] == b"HEAPCCDR" or head[:4] == b"\0MRM" or head[:15] == b"FUJIFILMCCD-RAW" or head[:4] == b"FOVb":
        return "RAW"
    return "other: " + (ext or "?")


# ---------------------------------------------------------------- decoders

def to_rgba8(a):
    """An H×W[×C] array of any depth as H×W×4 uint8 (16-bit rounded, floats taken as 0..1)."""
    import numpy as np
    if a.ndim == 2:
        a = a[:, :, None]
    if a.dtype == np.uint8:
        b = a
    elif a.dtype == np.uint16:
        b = ((a.astype(np.uint32) * 255 + 32767) // 65535).astype(np.uint8)
    elif a.dtype == np.int16:   # signed: negatives are black, 32767 white
        b = np.clip(np.round(a.astype(np.float64) * 255 / 32767), 0, 255).astype(np.uint8)
    elif a.dtype in (np.uint32, np.int32) or a.dtype == np.int64:
        top = 0xFFFFFFFF if a.dtype == np.uint32 else (0x7FFFFFFF if a.dtype == np.int32 else max(int(a.max()), 1))
        b = np.clip(np.round(a.astype(np.float64) * 255 / top), 0, 255).astype(np.uint8)
    elif a.dtype == bool:
        b = a.astype(np.uint8) * 255
    else:
        b = np.clip(np.round(a.astype(np.float64) * 255), 0, 255).astype(np.uint8)
    c = b.shape[2]
    if c == 1:
        b = np.repeat(b, 3, axis=2)
    elif c == 2:
        b = np.concatenate([np.repeat(b[:, :, :1], 3, axis=2), b[:, :, 1:]], axis=2)
    elif c > 4:
        b = b[:, :, :4]
    if b.shape[2] == 3:
        b = np.concatenate([b, np.full(b.shape[:2] + (1,), 255, np.uint8)], axis=2)
    return np.ascontiguousarray(b)


def cms(image, profile_bytes, intent_name):
    """The image's pixels in sRGB through lcms2, as Filmroll converts them."""
    from PIL import ImageCms
    intent = getattr(ImageCms.Intent, intent_name)
    if image.mode == "LAB":
        source = ImageCms.createProfile("LAB")
    else:
        source = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes))
    out_mode = "RGB"
    return ImageCms.profileToProfile(image, source, ImageCms.createProfile("sRGB"), renderingIntent=intent,
                                     outputMode=out_mode)


def reference_pillow(path, srgb, fmt):
    """(pixels, decoder, needs_srgb) from Pillow; needs_srgb when only the sRGB comparison is fair."""
    import numpy as np
    from PIL import Image, ImageOps
    with Image.open(path) as image:
        image.load()
        if getattr(image, "n_frames", 1) > 1:
            image.seek(0)
            image.load()
        if fmt in ("AVIF", "HEIF"):
            image.info.pop("xmp", None)   # their orientation is irot/imir's (which Pillow puts in the EXIF), never XMP's
        image = ImageOps.exif_transpose(image) or image
        icc = image.info.get("icc_profile")
        mode = image.mode
        needs_srgb = mode in ("CMYK", "LAB")
        if mode in ("I", "F") or mode.startswith("I;"):
            if mode in ("I", "F") and fmt == "TIFF":
                raise NotImplementedError("32-bit: tifffile")
            a = np.asarray(image)
            if mode.startswith("I;16"):
                a = a.astype(np.uint16)
                if "transparency" in image.info:   # a grey tRNS: the one transparent level
                    a = np.stack([a, np.where(a == image.info["transparency"], 0, 65535).astype(np.uint16)], -1)
            elif mode == "I":
                a = a.astype(np.uint16) if a.max() < 65536 and a.min() >= 0 else a
            return to_rgba8(a), "Pillow", needs_srgb
        if srgb and (needs_srgb or icc):
            if mode == "CMYK":
                if icc:
                    image = cms(image, icc, "PERCEPTUAL")
                else:
                    image = image.convert("RGB")
            elif mode == "LAB":
                image = cms(image, None, "RELATIVE_COLORIMETRIC")
            elif icc:
                has_alpha = "A" in image.getbands() or "transparency" in image.info
                rgba = image.convert("RGBA" if has_alpha else ("L" if mode in ("L", "1") else "RGB"))
                try:
                    if rgba.mode == "RGBA":
                        alpha = rgba.getchannel("A")
                        rgb = cms(rgba.convert("RGB"), icc, "RELATIVE_COLORIMETRIC")
                        rgb.putalpha(alpha)
                        image = rgb
                    elif rgba.mode == "L":
                        from PIL import ImageCms
                        src = ImageCms.ImageCmsProfile(io.BytesIO(icc))
                        image = ImageCms.profileToProfile(rgba, src, ImageCms.createProfile("sRGB"),
                                                          renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                                          outputMode="RGB")
                    else:
                        image = cms(rgba, icc, "RELATIVE_COLORIMETRIC")
                except Exception:
                    image = rgba
        return to_rgba8(np.asarray(image.convert("RGBA"))), "Pillow", needs_srgb


def reference_tifffile(path):
    import numpy as np
    import tifffile
    with tifffile.TiffFile(path) as tif:
        page = tif.pages[0]
        a = page.asarray()
        photometric = int(page.photometric)
        if a.ndim == 3 and a.shape[0] <= 4 and a.shape[2] > 4:   # planar
            a = np.moveaxis(a, 0, -1)
        if page.planarconfig == 2 and a.ndim == 3 and a.shape[0] < a.shape[-1]:
            a = np.moveaxis(a, 0, -1)
        if photometric == 0:   # min-is-white
            a = (np.iinfo(a.dtype).max - a) if a.dtype.kind in "ui" else 1 - a
        if a.dtype == np.float32 or a.dtype == np.float64 or a.dtype == np.float16:
            a = a.astype(np.float64)
    return to_rgba8(a), "tifffile", photometric in (5, 8, 9, 10)


def reference_heif(path):
    import numpy as np
    import pillow_heif
    heif = pillow_heif.open_heif(path, convert_hdr_to_8bit=True)
    image = heif.to_pillow()
    return to_rgba8(np.asarray(image.convert("RGBA"))), "pillow-heif", False


def reference_jxl(path):
    import imagecodecs
    import numpy as np
    with open(path, "rb") as f:
        a = imagecodecs.jpegxl_decode(f.read())
    if a.ndim == 4:
        a = a[0]
    if a.dtype == np.uint16:   # samples of the file's own depth (9 bits: 0..511), not scaled to 16 bits
        bits = jxl_bits(path) or max(8, int(a.max()).bit_length())
        a = (a.astype(np.float64) / ((1 << bits) - 1))
    return to_rgba8(a), "libjxl (imagecodecs)", False


def jxl_bits(path):
    """The JPEG XL's bits per sample, as libjxl's jxlinfo says (None without it)."""
    import re
    try:
        out = subprocess.run(["jxlinfo", path], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = re.search(r"(\d+)-bit", out)
    return int(found.group(1)) if found else None


def reference_raw(path):
    import rawpy
    with rawpy.imread(path) as raw:
        a = raw.postprocess(use_camera_wb=True, output_color=rawpy.ColorSpace.sRGB, output_bps=8)
    return to_rgba8(a), "LibRaw (rawpy)", False


def reference(path, fmt, srgb):
    """The second decoder's picture: (pixels or None, decoder, error, needs_srgb)."""
    errors = []
    chain = {"RAW": [reference_raw], "HEIF": [reference_heif], "JPEG XL": [reference_jxl],
             "TIFF": [lambda p: reference_pillow(p, srgb, fmt), reference_tifffile]}.get(fmt, [lambda p: reference_pillow(p, srgb, fmt)])
    for decoder in chain:
        try:
            pixels, name, needs_srgb = decoder(path)
            return pixels, name, None, needs_srgb
        except Exception as e:   # a decoder's refusal is a result
            message = str(e).splitlines()[0].replace(path, os.path.basename(path)) if str(e) else ""
            errors.append("%s: %s" % (type(e).__name__, message))
    return None, None, "; ".join(errors)[:300], False


def run_filmroll(binary, path, out, keep_profile):
    command = [binary, "convert", path, out, "--force"] + (["--keep-profile"] if keep_profile else [])
    start = time.monotonic()
    try:
        p = subprocess.run(command, capture_output=True, timeout=180)
        code, err = p.returncode, p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        code, err = -9, "timed out after 180 s"
    seconds = time.monotonic() - start
    lines = [l for l in err.splitlines() if l.strip()]
    failure = None
    if code != 0:
        last = lines[-1] if lines else ""
        failure = {"exit": code, "error": last[:300],
                   "clean": 0 < code < 128 and (os.path.basename(path) in last), "lines": len(lines)}
    return failure, seconds


def read_png(path):
    import numpy as np
    from PIL import Image
    with Image.open(path) as image:
        return to_rgba8(np.asarray(image.convert("RGBA")))


def premultiplied(a):
    """Colour times alpha (rounded), and alpha: what shows over any background, so that the colour of
    (nearly) transparent pixels, which decoders need not agree on, weighs only as much as it shows."""
    import numpy as np
    out = a.astype(np.int32)
    out[:, :, :3] = (out[:, :, :3] * out[:, :, 3:4] + 127) // 255
    return out


def compare(a, b):
    import numpy as np
    if a.shape != b.shape:
        return {"size": "%dx%d vs %dx%d" % (a.shape[1], a.shape[0], b.shape[1], b.shape[0])}
    d = np.abs(premultiplied(a) - premultiplied(b))
    mse = float((d.astype(np.float64) ** 2).mean())
    return {"max": int(d.max()), "psnr": round(10 * np.log10(255 ** 2 / mse), 2) if mse else None,
            "over1": round(float((d > 1).mean()), 6),
            "channel_max": [int(d[:, :, c].max()) for c in range(4)]}


def suite_reference(source, name):
    """The suite's own expected picture, where it has one (PngSuite's ref/, the GIF suite's frames/)."""
    import numpy as np
    if source == "kimageformats":
        expected = os.path.join(kimageformats_images(), os.path.splitext(name)[0] + ".png")
        return read_png(expected) if os.path.exists(expected) else None
    if source != "shared":
        return None
    base = os.path.join(ROOT, "..", "shared", "testdata")
    stem = os.path.splitext(os.path.basename(name))[0]
    if name.startswith("pngsuite/"):
        raw = os.path.join(base, "pngsuite", "ref", stem + ".rgba")
        if os.path.exists(raw):
            from PIL import Image
            with Image.open(os.path.join(base, "pngsuite", os.path.basename(name))) as image:
                width, height = image.size
            return np.fromfile(raw, np.uint8).reshape(height, width, 4)
    if name.startswith("gifs/"):
        frame = os.path.join(base, "gif-test-suite", "gifs", "frames", stem + "-0.png")
        if os.path.exists(frame):
            return read_png(frame)
    return None


def check(job):
    binary, source, name, path, work, all_srgb = job
    quiet()
    fmt = sniff(path)
    result = {"source": source, "file": name, "format": fmt}
    out = os.path.join(work, "%d.png" % os.getpid())
    if fmt.startswith("other"):
        failure, seconds = run_filmroll(binary, path, out, True)
        result.update(filmroll_failure=failure, filmroll_s=round(seconds, 3), klass="not a Filmroll format"
                      if failure else "Filmroll reads it")
        return result
    if all_srgb:
        failure, needs_srgb = {"error": "cannot write PNG"}, True
    else:
        failure, seconds = run_filmroll(binary, path, out, True)
        mode = "keep-profile"
        ref, decoder, ref_error, needs_srgb = reference(path, fmt, False)
    keep_profile_error = failure["error"].split(": ", 2)[-1] \
        if not all_srgb and failure and "cannot write PNG" in failure["error"] else None
    if needs_srgb or (failure and "cannot write PNG" in failure["error"]):
        # compare in sRGB: Filmroll's default conversion against the reference through lcms2
        failure, seconds = run_filmroll(binary, path, out, False)
        mode = "sRGB"
        ref, decoder, ref_error, needs_srgb = reference(path, fmt, True)
    result.update(mode=mode, filmroll_failure=failure, filmroll_s=round(seconds, 3),
                  reference=decoder, reference_error=ref_error)
    if mode == "sRGB" and keep_profile_error:
        result["keep_profile_error"] = keep_profile_error
    mine = None
    if not failure:
        try:
            mine = read_png(out)
        except Exception as e:
            result["filmroll_failure"] = failure = {"exit": 0, "error": "unreadable output: %s" % e, "clean": False}
    if mine is not None:
        result["filmroll_size"] = "%dx%d" % (mine.shape[1], mine.shape[0])
    if mine is not None and int(mine[:, :, :3].max()) - int(mine[:, :, :3].min()) <= 1 and mine.shape[0] * mine.shape[1] > 64:
        result["filmroll_blank"] = "#%02x%02x%02x" % tuple(int(v) for v in mine[0, 0, :3])   # one colour
    if failure and ref is None:
        result["klass"] = "neither"
    elif failure:
        result["klass"] = "only ref"
    elif ref is None:
        result["klass"] = "only Filmroll"
    else:
        c = compare(mine, ref)
        result.update(c)
        result["klass"] = "differ" if "size" in c or c["max"] > 1 else ("same" if c["max"] == 0 else "within 1")
    if source == "shared" and name.startswith("pngsuite/x"):
        result["suite_expects_error"] = True   # PngSuite's corrupt files
    if mine is not None and result["klass"] != "same":
        suite = suite_reference(source, name)
        if suite is not None:
            result["suite"] = compare(mine, suite)
    if os.path.exists(out):
        os.remove(out)
    return result


# ---------------------------------------------------------------- report

KLASSES = ["same", "within 1", "differ", "only ref", "only Filmroll", "neither"]


def table(results):
    rows = ["| format | files | both read | same | within 1 | differ | parity | only 2nd decoder | only Filmroll |"
            " neither | Filmroll failures clean |",
            "|---|---|---|---|---|---|---|---|---|---|---|"]
    for fmt in FORMATS + ["other"]:
        group = [r for r in results if r["format"] == fmt or (fmt == "other" and r["format"].startswith("other"))]
        if not group:
            continue
        n = {k: sum(r["klass"] == k for r in group) for k in KLASSES}
        fails = [r for r in group if r.get("filmroll_failure")]
        clean = sum(bool(r["filmroll_failure"]["clean"]) for r in fails)
        if fmt == "other":
            rows.append("| other formats | %d | – | – | – | – | – | – | %d | – | %d/%d |" % (
                len(group),
                len(group) - len(fails), clean, len(fails)))
            continue
        both = n["same"] + n["within 1"] + n["differ"]
        rate = "%d/%d" % (n["same"] + n["within 1"], both)
        rows.append("| %s | %d | %d | %d | %d | %d | %s | %d | %d | %d | %d/%d |" % (
            fmt, len(group), both, n["same"], n["within 1"], n["differ"], rate, n["only ref"], n["only Filmroll"],
            n["neither"], clean, len(fails)))
    return rows


def detail(r):
    text = detail_of_class(r)
    if r.get("filmroll_blank") and r.get("suite", {}).get("max", 255) > 1:
        text += "; Filmroll's picture is one colour (%s)" % r["filmroll_blank"]
    return text


def detail_of_class(r):
    if r["klass"] == "differ":
        text = ("size %s (Filmroll vs second decoder)" % r["size"]) if "size" in r else \
            "max %d, PSNR %s dB, %.2f %% of samples > 1 (%s)" % (r["max"], r["psnr"], 100 * r["over1"], r["mode"])
        if "suite" in r:
            text += "; the suite's reference against Filmroll: " + (
                "size %s" % r["suite"]["size"] if "size" in r["suite"] else "max %d" % r["suite"]["max"])
        return text
    if r["klass"] == "only ref":
        return "Filmroll: %s%s" % (r["filmroll_failure"]["error"].split(": ", 2)[-1],
                                   " (the suite expects an error)" if r.get("suite_expects_error") else "")
    if r["klass"] == "only Filmroll":
        return "Filmroll: %s; %s" % (r.get("filmroll_size", "read"), r["reference_error"])
    if r["klass"] == "neither":
        return "Filmroll: %s; %s" % (r["filmroll_failure"]["error"].split(": ", 2)[-1], r["reference_error"])
    return ""


def listing(results):
    rows = ["| format | file | class | second decoder | what differs |", "|---|---|---|---|---|"]
    for fmt in FORMATS:
        for r in results:
            if r["format"] == fmt and (r["klass"] in ("differ", "only ref", "only Filmroll") or
                                       r["klass"] == "neither" and not r.get("suite_expects_error")):
                rows.append("| %s | %s/%s | %s | %s | %s |" % (fmt, r["source"], r["file"], r["klass"],
                                                              r.get("reference") or "–",
                                                              detail(r).replace("|", "\\|")))
    unclean = [r for r in results if r.get("filmroll_failure") and not r["filmroll_failure"]["clean"]]
    return rows, unclean


def versions(binary):
    import PIL
    import pillow_heif
    import rawpy
    import tifffile
    import imagecodecs
    filmroll = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip().split(" (")[0]
    return "%s; Pillow %s, pillow-heif %s (libheif %s), tifffile %s, rawpy %s (LibRaw %s), imagecodecs %s (%s)" % (
        filmroll, PIL.__version__, pillow_heif.__version__, pillow_heif.libheif_version(), tifffile.__version__,
        rawpy.__version__, ".".join(map(str, rawpy.libraw_version)), imagecodecs.__version__,
        imagecodecs.jpegxl_version())


def keep_profile_line(results):
    kept = [r for r in results if r.get("keep_profile_error")]
    reasons = sorted({r["keep_profile_error"] for r in kept})
    return ("Compared in sRGB because `--keep-profile` could not write their PNG: %d files (%s): %s." % (
        len(kept), ", ".join(sorted({r["format"] for r in kept})), "; ".join(reasons))
        if kept else "`--keep-profile` wrote every PNG.")


def write_doc(doc, run):
    results = run["results"]
    rows, unclean = listing(results)
    block = [BEGIN, "",
             "Measured %s with a release build of commit %s: %d files (Pillow %s's Tests/images/, exiftool's "
             "t/images/, kimageformats' autotests/read/, ../shared/testdata). Decoders: %s." % (run["date"], run["commit"], len(results),
                                                              PILLOW_CORPUS, run["versions"]),
             ""] + table(results) + ["",
             keep_profile_line(results), "",
             "Crashes or failures that are not one line naming the file: %s." % (
                 ", ".join("%s/%s (exit %s)" % (r["source"], r["file"], r["filmroll_failure"]["exit"]) for r in unclean)
                 or "none"),
             "", "Every file that differs, that one decoder reads and the other does not, or that neither reads:", ""] + rows + ["", END]
    text = open(doc).read() if os.path.exists(doc) else "%s\n%s\n" % (BEGIN, END)
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    with open(doc + ".tmp", "w") as f:
        f.write(head + "\n".join(block) + tail)
    os.rename(doc + ".tmp", doc)


def quiet():
    """The second decoders' warnings about odd files are not results."""
    import logging
    import warnings
    warnings.filterwarnings("ignore")
    logging.getLogger("tifffile").setLevel(logging.CRITICAL)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--filmroll", default=os.environ.get("FILMROLL") or os.path.join(ROOT, ".build/release/filmroll"))
    parser.add_argument("--json", default="/tmp/filmroll-parity.json", help="where the per-file results go")
    parser.add_argument("--doc")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--only", help="formats, comma-separated (e.g. TIFF,PNG)")
    parser.add_argument("--sources", default="pillow,exiftool,kimageformats,shared")
    parser.add_argument("--match", help="only files whose name contains this")
    parser.add_argument("--srgb", action="store_true",
                        help="compare every file in sRGB (Filmroll's colour management against lcms2 through ImageCms)")
    parser.add_argument("--from-json", help="report the results of an earlier run instead of running")
    args = parser.parse_args()
    if not os.access(args.filmroll, os.X_OK):
        sys.exit("decoder-parity: no filmroll at %s (swift build -c release, or --filmroll BIN)" % args.filmroll)
    if args.from_json:
        with open(args.from_json) as f:
            report(json.load(f), args)
        return
    files = corpus(args.sources.split(","))
    if args.only:
        wanted = set(args.only.split(","))
        files = [f for f in files if sniff(f[2]) in wanted]
    if args.match:
        files = [f for f in files if args.match in f[1]]
    work = tempfile.mkdtemp(prefix="filmroll-parity.")
    jobs = [(os.path.abspath(args.filmroll), s, n, p, work, args.srgb) for s, n, p in files]
    print("%d files, %d at a time..." % (len(jobs), args.jobs), file=sys.stderr)
    start = time.monotonic()
    results = []
    try:
        context = multiprocessing.get_context("spawn")   # LibRaw's OpenMP does not survive fork
        with concurrent.futures.ProcessPoolExecutor(args.jobs, mp_context=context) as pool:
            for i, r in enumerate(pool.map(check, jobs, chunksize=4)):
                results.append(r)
                if (i + 1) % 100 == 0:
                    print("  %d/%d" % (i + 1, len(jobs)), file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("done in %.0f s" % (time.monotonic() - start), file=sys.stderr)
    run = {"date": time.strftime("%Y-%m-%d"), "filmroll": args.filmroll, "versions": versions(args.filmroll),
           "commit": head_commit(), "results": results}
    with open(args.json, "w") as f:
        json.dump(run, f, indent=1)
    print("per-file results: %s" % args.json, file=sys.stderr)
    report(run, args)


def head_commit():
    return subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip()


def report(run, args):
    if isinstance(run, list):   # the per-file results alone
        run = {"date": time.strftime("%Y-%m-%d"), "filmroll": args.filmroll, "versions": versions(args.filmroll),
               "commit": head_commit(), "results": run}
    results = run["results"]
    print("\n".join(table(results)))
    rows, unclean = listing(results)
    print()
    print("\n".join(rows))
    print("\n" + keep_profile_line(results))
    print("unclean failures: %d" % len(unclean))
    for r in unclean:
        print("  %s/%s: exit %s, %s" % (r["source"], r["file"], r["filmroll_failure"]["exit"],
                                        r["filmroll_failure"]["error"]))
    if args.doc:
        write_doc(args.doc, run)


if __name__ == "__main__":
    ensure_venv()
    main()
