#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages Filmroll builds against, when missing.
# Uses apt-get (through sudo when not root). Safe to run again: installed
# packages are left alone, and nothing is done when all are present.
#
#   Scripts/install-deps.sh [--tests] [--bench]
#     --tests adds the programs tests cross-check against, --bench the benchmark's tools
set -euo pipefail

packages=(
  libjpeg-dev        # libjpeg-turbo (libjpeg62-turbo-dev on Debian, libjpeg-turbo8-dev on Ubuntu)
  libpng-dev
  zlib1g-dev         # the commonest PNGs' data inflated directly: zlib for huge ones,
  libdeflate-dev     #   libdeflate for the rest
  libgif-dev
  libexif-dev
  libexpat1-dev      # XMP
  libsqlite3-dev
  libxxhash-dev
  libfreetype-dev
  libimagequant-dev  # GIF palettes (GPL-3.0-or-later)
  libfontconfig-dev
  libheif-dev        # HEIC and AVIF (with libde265, dav1d and aom on Debian 12)
  libwebp-dev
  libjxl-dev         # JPEG XL
  libtiff-dev        # TIFF (libtiff 4.5: per-handle error handlers)
  liblcms2-dev       # colour management
  libavformat-dev    # MP4 video: FFmpeg's muxer and demuxer,
  libavcodec-dev     #   its codecs (Debian's libavcodec depends on libx264 for H.264),
  libswscale-dev     #   RGB to YUV conversion,
  libswresample-dev  #   sound resampled for the web clips' AAC,
  libavutil-dev      #   and its utilities
  libraw-dev         # camera RAW (DNG, CR2, CR3, CRW, NEF, ARW, RAF, MRW, IIQ, ...)
  libgeonames-dev    # UTF-8 names for Scripts/make-place-data.py (the gazetteer itself is built in)
  libnetcdf-dev      # day maps' shorelines: GSHHG's binned files are netCDF-4 (libnetcdf loaded on first use)
  gmt-gshhg-full     # GSHHG 2.3.7 full-resolution shorelines, lakes and rivers (LGPL-3, 41 MB)
  fonts-dejavu-core  # the default caption font
  fonts-nanum        # Hangul captions (--locale ko)
  pkg-config
)
for option in "$@"; do case "$option" in
  # the programs tests cross-check against: exiftool, djxl, tiffcp, ffmpeg (AVIF sequences), lcms2's tificc,
  # LibRaw's dcraw_emu and raw-identify
  --tests) packages+=(libimage-exiftool-perl libjxl-tools libtiff-tools ffmpeg liblcms2-utils libraw-bin) ;;
  --bench) ;;
  *) echo "usage: Scripts/install-deps.sh [--tests] [--bench]" >&2; exit 2 ;;
esac; done
if [[ " $* " == *" --bench "* ]]; then
  packages+=(libjpeg-turbo-progs libimage-exiftool-perl bc libvips-tools time ffmpeg gifsicle libheif-examples libraw-bin libjxl-tools
             libtiff-tools)   # tiffcp, for Scripts/make-test-images.py's TIFFs
fi

# Ubuntu 24.04 and Debian 13 ship libheif's decoders as plugins.
for plugin in libheif-plugin-libde265 libheif-plugin-dav1d; do
  if apt-cache show "$plugin" >/dev/null 2>&1; then packages+=("$plugin"); fi
done

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "filmroll: missing packages ${missing[*]}, and apt-get is not available; install them with your package manager." >&2
  exit 1
fi
sudo=()
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
    echo "filmroll: missing packages ${missing[*]}; run as root or install sudo." >&2
    exit 1
  fi
fi
echo "Installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
