"""The venv the similar-photos scripts run in: PyPI's numpy, Pillow,
pillow-heif, PyWavelets, scipy and tqdm, and imagededup without its
dependencies (its hashing needs none of torch, torchvision, matplotlib or
scikit-learn, which its full install brings in). Made under /tmp on first
use (SIMILAR_VENV=DIR to put it elsewhere); not a requirement of the build
or of CI.

    import similar_venv
    similar_venv.ensure("numpy", "PIL", "pillow_heif")   # re-runs the script in the venv when one is missing
"""
import importlib.util
import os
import subprocess
import sys

VENV = os.environ.get("SIMILAR_VENV", "/tmp/filmroll-similar-venv")
PACKAGES = ["numpy", "pillow", "pillow-heif", "PyWavelets", "scipy", "tqdm"]
NO_DEPS = ["imagededup==0.3.3.post2"]


def _missing(modules):
    return [m for m in modules if importlib.util.find_spec(m) is None]


def ensure(*modules):
    """Return when every module imports here; otherwise make the venv (once)
    and run this script again with the venv's python."""
    if not _missing(modules):
        return
    python = os.path.join(VENV, "bin", "python")
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        sys.exit("%s: %s missing from %s (remove it to reinstall)"
                 % (os.path.basename(sys.argv[0]), ", ".join(_missing(modules)), VENV))
    if not os.path.exists(python):
        print("making a venv in %s for %s..." % (VENV, ", ".join(PACKAGES + NO_DEPS)), file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    pip = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    check = "import " + ", ".join(modules)
    if subprocess.run([python, "-c", check], capture_output=True).returncode:
        subprocess.run(pip + PACKAGES, check=True)
        subprocess.run(pip + ["--no-deps"] + NO_DEPS, check=True)
    os.execv(python, [python, os.path.abspath(sys.argv[0])] + sys.argv[1:])
