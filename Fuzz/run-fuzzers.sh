#!/usr/bin/env bash
# Builds and runs the libFuzzer harnesses over CImaging (address and
# undefined-behaviour sanitizers on), each for SECONDS seconds, with seed
# corpora made from TestImages/. Crashes land in Fuzz/findings/; copy each
# into Fuzz/regressions/ once fixed: the tests replay that folder.
#
#   Fuzz/run-fuzzers.sh [SECONDS] [TARGET...]      targets: jpeg png gif exif xmp heif webp icc video swift
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-${SECONDS_PER_TARGET:-60}}
shift || true
targets=("${@:-jpeg png gif exif xmp heif webp icc video swift}")
read -ra targets <<<"${targets[*]}"
Scripts/install-deps.sh
work=.build-fuzz
mkdir -p "$work" Fuzz/findings
cc=${CC:-clang}
sources=(CImaging/cimg_common.c CImaging/cimg_lazy.c CImaging/cimg_jpeg.c CImaging/cimg_png.c CImaging/cimg_png_plain.c CImaging/cimg_gif.c CImaging/cimg_exif.c CImaging/cimg_xmp.c
         CImaging/cimg_heif.c CImaging/cimg_webp.c CImaging/cimg_color.c CImaging/cimg_video.c CImaging/cimg_video_aac.c)
libraries=(-ljpeg -lpng16 -lz -ldeflate -lgif -lexif -lexpat -lheif -lwebp -lwebpdemux -llcms2 -lavformat -lavcodec -lswscale -lavutil)
declare -A number=([jpeg]=1 [png]=2 [gif]=3 [exif]=4 [xmp]=5 [heif]=6 [webp]=7 [icc]=8 [video]=9)

# The Swift decode path: Imaging's sources and the C shims in one fuzzer.
build_swift() {
  local binary=$1 objects=() source
  mkdir -p "$work/swift"
  printf 'module CImaging {\n  umbrella header "%s/CImaging/include/cimaging.h"\n  export *\n}\n' "$PWD" >"$work/swift/module.modulemap"
  for source in "${sources[@]}" CImaging/cimg_sqlite.c CImaging/cimg_hash.c CImaging/cimg_text.c CImaging/cimg_quantize.c CImaging/cimg_gif_write.c CImaging/cimg_lzw.c CImaging/cimg_webp_anim.c CImaging/cimg_versions.c \
      CImaging/cimg_tiff.c CImaging/cimg_tiff_lzw.c CImaging/cimg_raw.c CImaging/cimg_jxl.c; do
    "$cc" -c -g -O1 -fsanitize=fuzzer-no-link,address -ICImaging/include -ICImaging -I/usr/include/freetype2 "$source" \
      -o "$work/swift/$(basename "$source" .c).o"
    objects+=("$work/swift/$(basename "$source" .c).o")
  done
  # Imaging imports Files (the file utilities): built first as a module of its own.
  mapfile -t file_sources < <(find Sources/Files -name '*.swift')
  swiftc -sanitize=address -parse-as-library -g -O -wmo -module-name Files -emit-module \
    -emit-module-path "$work/swift/Files.swiftmodule" -c "${file_sources[@]}" -o "$work/swift/Files.o"
  mapfile -t swift_sources < <(find Sources/Imaging -name '*.swift')
  swiftc -sanitize=fuzzer,address -parse-as-library -g -O -module-name FuzzImaging -I "$work/swift" \
    "${swift_sources[@]}" Fuzz/FuzzDecode.swift "$work/swift/Files.o" "${objects[@]}" "${libraries[@]}" -lsqlite3 -lxxhash \
    -lfreetype -lfontconfig -limagequant -lwebpmux -ltiff -lraw_r -ljxl -ljxl_threads -o "$binary"
}

seed() {  # seed corpus: the project's own fixtures of that kind
  local target=$1 folder=$work/corpus-$1
  mkdir -p "$folder"
  case $target in
    jpeg) find TestImages -name '*.jpg' -exec cp {} "$folder"/ \; ;;
    png) find TestImages -name '*.png' -exec cp {} "$folder"/ \; ;;
    gif) find TestImages -name '*.gif' -exec cp {} "$folder"/ \; ;;
    heif) find TestImages \( -name '*.heic' -o -name '*.avif' \) -exec cp {} "$folder"/ \; ;;
    webp) find TestImages -name '*.webp' -exec cp {} "$folder"/ \; ;;
    icc) python3 - "$folder" <<'PY'
import sys, pathlib
from PIL import ImageCms   # lcms2's own sRGB and Lab profiles as seeds
out = pathlib.Path(sys.argv[1])
for name in ("sRGB", "LAB"):
    (out / (name + ".icc")).write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile(name)).tobytes())
PY
    ;;
    swift) find TestImages -type f ! -name '*.md' -size -64k -exec cp {} "$folder"/ \; ;;
    video)  # small MP4s: the test videos, and with ffmpeg B-frames, variable frame rate, 4:4:4, full range
      cp Tests/Videos/*.mp4 "$folder"/
      if command -v ffmpeg >/dev/null; then
        local source=(-f lavfi -i testsrc2=size=64x48:rate=10 -frames:v 6)
        ffmpeg -v error -y "${source[@]}" -c:v libx264 -pix_fmt yuv420p -movflags +faststart "$folder/faststart.mp4"
        ffmpeg -v error -y "${source[@]}" -c:v libx264 -pix_fmt yuv444p -bf 0 "$folder/yuv444.mp4"
        ffmpeg -v error -y "${source[@]}" -c:v libx264 -pix_fmt yuvj420p -color_range pc "$folder/full-range.mov"
        ffmpeg -v error -y "${source[@]}" -vf "setpts='N*N/10/TB'" -fps_mode vfr -c:v libx264 "$folder/vfr.mp4"
      fi ;;
    exif) python3 - "$folder" <<'PY'
import sys, pathlib
out = pathlib.Path(sys.argv[1])
for path in pathlib.Path("TestImages").rglob("*.jpg"):
    data = path.read_bytes()
    at = data.find(b"Exif\0\0")
    if at > 0:
        length = int.from_bytes(data[at - 2:at], "big") - 2
        (out / (path.stem + ".exif")).write_bytes(data[at:at + length])
PY
    ;;
    xmp) python3 - "$folder" <<'PY'
import sys, pathlib
out = pathlib.Path(sys.argv[1])
rdf = ('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
       '<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"'
       ' xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmlns:tiff="http://ns.adobe.com/tiff/1.0/"%s>%s'
       '</rdf:Description></rdf:RDF></x:xmpmeta>')
seeds = {
    "attributes": rdf % (' exif:DateTimeOriginal="2024-05-03T14:22:10.25+09:00" tiff:Orientation="6"', ""),
    "elements": rdf % ("", "<xmp:CreateDate>2024-05-03</xmp:CreateDate><tiff:Make>Make</tiff:Make>"
                           "<photoshop:DateCreated>2024-05-03T14:22Z</photoshop:DateCreated>"),
    "nested": rdf % ("", '<xmp:CreateDate><rdf:Alt><rdf:li xml:lang="x-default">x</rdf:li></rdf:Alt></xmp:CreateDate>'),
    "doctype": '<!DOCTYPE x [<!ENTITY a "b">]>' + rdf % ("", "<tiff:Model>&a;</tiff:Model>"),
}
for name, text in seeds.items():
    (out / (name + ".xmp")).write_text('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>' + text + '<?xpacket end="w"?>')
PY
    ;;
  esac
  cp Fuzz/regressions/"$target"-* "$folder"/ 2>/dev/null || true
  echo "$folder"
}

export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0"
status=0
for target in "${targets[@]}"; do
  binary=$work/fuzz-$target
  if [[ $target == swift ]]; then
    build_swift "$binary"
  else
  "$cc" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -DFUZZ_TARGET="${number[$target]}" \
    -ICImaging/include -ICImaging -I/usr/include/freetype2 Fuzz/fuzz_decode.c "${sources[@]}" "${libraries[@]}" -o "$binary" \
    2> >(grep -v "Cannot export local symbol" >&2)
  fi
  corpus=$(seed "$target")
  echo "== fuzzing $target for $seconds s (corpus $(ls "$corpus" | wc -l) files)"
  if ! "$binary" "$corpus" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=262144 \
       -artifact_prefix="Fuzz/findings/$target-" -print_final_stats=1 2>&1 | tail -n 12; then
    status=1
  fi
done
exit $status
