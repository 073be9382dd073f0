#!/usr/bin/env bash
# Makes TestImages/jxl/cmyk.jxl, a lossless CMYK JPEG XL (C, M, Y as colour
# channels, K as a black extra channel, the test CMYK profile of
# TestImages/tiff/cmyk.tif), through libjxl's encoder API: cjxl 0.7 writes
# no CMYK. Scripts/make-cmyk-jxl.c draws the picture (its comment says what);
# TestImages/jxl/README.md lists the file.
#
# Needs cc, pkg-config, libjxl-dev and exiftool. Scripts/make-jxl-test-images.py
# runs it. Usage: Scripts/make-cmyk-jxl.sh [OUTDIR] (default TestImages/jxl)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/TestImages/jxl}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck disable=SC2046  # pkg-config's flags are meant to split
cc -O1 -Wall "$root/Scripts/make-cmyk-jxl.c" $(pkg-config --cflags --libs libjxl) -o "$work/make-cmyk-jxl"
exiftool -b -ICC_Profile "$root/TestImages/tiff/cmyk.tif" > "$work/cmyk.icc"
"$work/make-cmyk-jxl" "$work/cmyk.icc" "$out/cmyk.jxl"
echo "wrote $out/cmyk.jxl ($(wc -c < "$out/cmyk.jxl") bytes)"
