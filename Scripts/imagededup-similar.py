#!/usr/bin/env python3
"""imagededup's dHash or pHash (PyPI imagededup 0.3.3) over a folder, its
duplicates written as JSON for Scripts/score-similar.py.

    python3 Scripts/imagededup-similar.py FOLDER dhash|phash OUT.json

`find_duplicates(image_dir=FOLDER, recursive=True)` at its defaults: Hamming
distance <= 10 of 64 bits, its brute-force Cython search, all cores. Two
changes, both so that it sees the photos Filmroll sees: HEIC opens through
pillow-heif, and "HEIF" joins imagededup's list of formats it accepts (out of
the box it skips every HEIC file with a warning). Its hashing needs none of
torch, torchvision, matplotlib or scikit-learn, which only its CNN method
and plotting use: the venv (Scripts/similar_venv.py) installs imagededup
without them, and empty stand-ins for those modules are put in place here.
Prints the photos hashed and the seconds taken.
"""
import json
import os
import sys
import time
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import similar_venv  # noqa: E402

similar_venv.ensure("numpy", "PIL", "pillow_heif", "pywt", "scipy", "tqdm", "imagededup")


def stand_in(name, **attributes):
    module = types.ModuleType(name)
    module.__dict__.update(attributes)
    sys.modules[name] = module


def unavailable(*_, **__):
    raise RuntimeError("not installed: only imagededup's hashing is")


# The CNN method and the plotter import torch and matplotlib at import time.
stand_in("imagededup.utils.plotter", plot_duplicates=unavailable)
stand_in("imagededup.utils.models", CustomModel=unavailable)
stand_in("imagededup.methods.cnn", CNN=unavailable)
stand_in("sklearn")
stand_in("sklearn.metrics")
stand_in("sklearn.metrics.pairwise", cosine_similarity=unavailable)

import pillow_heif  # noqa: E402
import imagededup  # noqa: E402
from imagededup.methods.hashing import DHash, PHash  # noqa: E402
from imagededup.utils import image_utils  # noqa: E402

pillow_heif.register_heif_opener()
if "HEIF" not in image_utils.IMG_FORMATS:
    image_utils.IMG_FORMATS.append("HEIF")


def main():
    if len(sys.argv) != 4 or sys.argv[2] not in ("dhash", "phash"):
        sys.exit(__doc__.split("\n\n")[1])
    folder, method, out = sys.argv[1:]
    hasher = {"dhash": DHash, "phash": PHash}[method](verbose=False)
    started = time.monotonic()
    duplicates = hasher.find_duplicates(image_dir=folder, recursive=True)
    seconds = time.monotonic() - started
    with open(out, "w") as f:
        json.dump(duplicates, f, indent=1)
    with_duplicates = sum(1 for v in duplicates.values() if v)
    print("imagededup %s %s: %d photos hashed, %d with duplicates at distance <= 10, %.1f s"
          % (imagededup.__version__, method, len(duplicates), with_duplicates, seconds))


if __name__ == "__main__":
    main()
