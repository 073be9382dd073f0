#!/usr/bin/env bash
# The main job on TestImages/: installs missing Debian packages, builds
# Filmroll in release mode, prints what each photo's header says, converts
# every photo upright (longest edge at most 512 px) into out/, and makes
# thumbnails of the whole folder twice (the second run finds them cached),
# then catalogs the dated photos, shows their month, frames four of them
# as a photo-booth strip, and runs `filmroll process` on a copy of the
# whole folder: out/gallery/index.html is its gallery.
# TestImages/ holds broken files on purpose; they are reported by name and
# the rest is still done.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/install-deps.sh
swift build -c release --product filmroll
filmroll=.build/release/filmroll
out=${1:-out}
mkdir -p "$out"

echo "== filmroll info TestImages"
"$filmroll" info TestImages || echo "(exit $?: the broken fixtures above fail by design)"

echo
echo "== filmroll convert, each photo into $out/"
converted=0 failed=0
while IFS= read -r -d '' input; do
  relative=${input#TestImages/}
  output="$out/${relative%.*}.jpg"
  mkdir -p "$(dirname "$output")"
  if "$filmroll" convert --max-size 512 -- "$input" "$output"; then
    converted=$((converted + 1))
  else
    failed=$((failed + 1))
  fi
done < <(find TestImages -type f \( -name '*.jpg' -o -name '*.png' -o -name '*.gif' \) -print0 | sort -z)
find "$out" -mindepth 1 -type d -empty -delete
echo "$converted converted into $out/, $failed failed (the truncated and not-an-image fixtures are expected to fail)"

echo
echo "== filmroll thumbs TestImages --size 256,64 --out $out/thumbs"
thumbs=("$filmroll" thumbs TestImages --size 256,64 --out "$out/thumbs" --cache-dir "$out/.thumb-store")
"${thumbs[@]}" || echo "(exit $?: the broken fixtures fail by design)"
echo "== the same again: every thumbnail is found in the store"
"${thumbs[@]}" 2>/dev/null || true

echo
echo "== filmroll index, ls, calendar on a copy of TestImages/dated (the catalog goes beside the photos)"
rm -rf "$out/dated-catalogued"
cp -r TestImages/dated "$out/dated-catalogued"
"$filmroll" index "$out/dated-catalogued"
"$filmroll" ls "$out/dated-catalogued" --day 2025-04-10
"$filmroll" calendar "$out/dated-catalogued"

echo
echo "== filmroll fourcut: four dated photos as a 300 dpi strip, recorded in their catalog"
"$filmroll" fourcut "$out"/dated-catalogued/IMG_000{1,2,3,5}.jpg -o "$out/fourcut-strip.jpg" --dpi 300 \
  --title "Filmroll" --frame "#fde2e4" --radius 12
"$filmroll" info "$out/fourcut-strip.jpg"
"$filmroll" show "$out/dated-catalogued/IMG_0001.jpg" | tail -2

echo
echo "== filmroll process: everything of a copy of TestImages/ (catalog, thumbnails, four-cuts, animations, gallery)"
rm -rf "$out/photos" "$out/gallery"
cp -r TestImages "$out/photos"
"$filmroll" process "$out/photos" --out "$out/gallery" --title "Filmroll test images" \
  || echo "(exit $?: the broken fixtures fail by design, and are listed on the gallery's problems page)"
echo "== the same again: nothing to do"
"$filmroll" process "$out/photos" --out "$out/gallery" --title "Filmroll test images" --quiet
