#!/usr/bin/env bash
# Memory benchmark: peak RSS (GNU time %M) of each command on inputs built
# to cost memory, made here with python3's zlib (no other tool):
#
#   - two 9999×9999 RGBA PNGs (each 100 M pixels minus a few, below the
#     --max-pixels default; 400 MB decoded, 4 MB on disk), through video, fourcut, gif,
#     process, thumbs and convert;
#   - a 113-byte PNG whose tEXt chunk declares 2 GB, through info, convert, gif;
#   - TestImages' quadrants.heic with its ispe boxes saying 60000×60000.
#
# Target: every peak at most the --memory budget (1 GB by default), and the
# hostile files refused in well under a second with one line each.
#
#   Scripts/bench-memory.sh
#   MEMORY=500M Scripts/bench-memory.sh                         runs with --memory 500M
#   BASELINE=/path/to/older/filmroll Scripts/bench-memory.sh    adds its peaks beside
#   FILMROLL=.build/debug/filmroll Scripts/bench-memory.sh      measures that binary, unbuilt
#   KEEP=1 Scripts/bench-memory.sh                              keeps the work dir
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=Scripts/bench-common.sh
source Scripts/bench-common.sh
[[ -x /usr/bin/time ]] || { echo "bench-memory: GNU time (/usr/bin/time) is needed for peak RSS" >&2; exit 1; }
command -v python3 >/dev/null || { echo "bench-memory: python3 is needed to make the inputs" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/bench-memory.XXXXXX")
if [[ "${KEEP:-}" == 1 ]]; then
  trap 'echo "work dir kept: $work" >&2' EXIT
else
  trap 'rm -rf "$work"' EXIT
fi

filmroll=${FILMROLL:-.build/release/filmroll}
if [[ -z "${FILMROLL:-}" ]]; then
  log "building filmroll (swift build -c release --product filmroll)..."
  if ! swift build -c release --product filmroll >"$work/build.log" 2>&1; then
    tail -n 5 "$work/build.log" | sed 's/^/  build: /' >&2
    echo "bench-memory: filmroll does not build" >&2
    exit 1
  fi
fi
baseline=${BASELINE:-}
[[ -z "$baseline" || -x "$baseline" ]] || { echo "bench-memory: BASELINE=$baseline is not an executable" >&2; exit 2; }
memory=${MEMORY:-}

log "making the inputs..."
python3 - "$work" <<'PY'
import struct, sys, zlib
work = sys.argv[1]
def chunk(kind, data, length=None):
    size = len(data) if length is None else length
    return struct.pack('>I', size) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xFFFFFFFF)
signature = b'\x89PNG\r\n\x1a\n'
# Two 9999×9999 RGBA PNGs of about 4 MB, alpha changing along each row
# (every row the same, a 256-byte period: it compresses within zlib's window).
side = 9999
for name, shade in (('a', 1), ('b', 50)):
    row = b'\x00' + bytes((x * 7 + shade) & 255 for x in range(side * 4))
    packer = zlib.compressobj(1)
    data = b''.join(packer.compress(row) for _ in range(side)) + packer.flush()
    header = struct.pack('>IIBBBBB', side, side, 8, 6, 0, 0, 0)
    with open(f'{work}/{name}.png', 'wb') as out:
        out.write(signature + chunk(b'IHDR', header) + chunk(b'IDAT', data) + chunk(b'IEND', b''))
# 113 bytes: a 1×1 PNG whose tEXt chunk declares 2^31 - 1 bytes.
header = struct.pack('>IIBBBBB', 1, 1, 8, 2, 0, 0, 0)
bomb = signature + chunk(b'IHDR', header) + chunk(b'tEXt', b'Comment\x00hello, this is a bomb!!!', 0x7FFFFFFF)
bomb += chunk(b'IDAT', zlib.compress(b'\x00\x00\x00\x00')) + chunk(b'IEND', b'')
open(f'{work}/bomb.png', 'wb').write(bomb)
PY
python3 - "$work" TestImages/phone/quadrants.heic <<'PY'
import struct, sys
data = bytearray(open(sys.argv[2], 'rb').read())
at = data.find(b'ispe')
while at >= 0:
    data[at + 8:at + 16] = struct.pack('>II', 60000, 60000)
    at = data.find(b'ispe', at + 4)
open(f'{sys.argv[1]}/huge.heic', 'wb').write(data)
PY
mkdir -p "$work/folder"
cp "$work/a.png" "$work/b.png" "$work/folder/"
a=$work/a.png b=$work/b.png bomb=$work/bomb.png huge=$work/huge.heic

# run KEY BINARY ARGS...: peak RSS (MB), wall seconds, exit status and the
# last line of standard error, into peak[KEY], wall[KEY], status[KEY], line[KEY].
declare -A peak=() wall=() status=() line=()
run() {
  local key=$1 binary=$2 code=0
  shift 2
  rm -rf "$work/out" "$work/folder/.filmroll"
  mkdir -p "$work/out"
  /usr/bin/time -q -f '%e %M' -o "$work/time" "$binary" "$@" ${memory:+--memory "$memory"} </dev/null \
    >"$work/stdout" 2>"$work/stderr" || code=$?
  read -r seconds kb <"$work/time"
  peak[$key]=$(calc %.0f "$kb / 1024") wall[$key]=$seconds status[$key]=$code
  line[$key]=$( (grep -v "^Command exited" "$work/stderr" || true) | tail -n 1 | sed "s|$work/||g")
}

cases=(
  "video|two 9999² RGBA PNGs|video $a $b -o $work/out/v.mp4 --no-catalog -q"
  "fourcut|two 9999² RGBA PNGs|fourcut $a $b $a $b -o $work/out/f.jpg --no-catalog -q"
  "gif|two 9999² RGBA PNGs|gif $a $b -o $work/out/g.gif --no-catalog -q"
  "process|two 9999² RGBA PNGs|process $work/folder -q"
  "thumbs|two 9999² RGBA PNGs|thumbs $a $b --out $work/out/thumbs --no-cache -q"
  "convert|one 9999² RGBA PNG → PNG|convert $a $work/out/c.png"
  "convert|one 9999² RGBA PNG → JPEG|convert $a $work/out/c.jpg"
  "info|113-byte PNG, tEXt declaring 2 GB|info $bomb"
  "convert|113-byte PNG, tEXt declaring 2 GB|convert $bomb $work/out/bomb.jpg"
  "gif|113-byte PNG, tEXt declaring 2 GB|gif $bomb $bomb -o $work/out/bomb.gif --no-catalog"
  "info|HEIC declaring 60000×60000|info $huge"
  "thumbs|HEIC declaring 60000×60000|thumbs $huge --out $work/out/thumbs --no-cache -q"
)
for index in "${!cases[@]}"; do
  IFS='|' read -r command input arguments <<<"${cases[$index]}"
  log "  $command on $input..."
  # shellcheck disable=SC2086
  run "new-$index" "$filmroll" $arguments
  if [[ -n "$baseline" ]]; then
    # shellcheck disable=SC2086
    run "old-$index" "$baseline" $arguments
  fi
done

cpu=$(grep -m 1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
# The budget in MB, from MEMORY as --memory reads it (1G without it).
budget_mb=$(python3 -c '
import re, sys
value, prefix, binary = re.fullmatch(r"([0-9.]+)([KMGT]?)(I?)B?", sys.argv[1].upper().replace(" ", "")).groups()
print(round(float(value) * (1024 if binary else 1000) ** " KMGT".index(prefix or " ") / 1e6))' "${memory:-1G}")
echo
echo "### Memory: peak RSS per command on inputs built to cost memory"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $cpu, $ncpu cores; one run each; --memory ${memory:-1G (default)}."
echo "filmroll: $("$filmroll" --version 2>&1 | head -n 1) ($filmroll).${baseline:+ Baseline: $baseline.}"
echo
if [[ -n "$baseline" ]]; then
  echo "| command | input | baseline peak MB | peak MB | wall s | exit | last line |"
  echo "|---|---|---|---|---|---|---|"
else
  echo "| command | input | peak MB | wall s | exit | last line |"
  echo "|---|---|---|---|---|---|"
fi
worst=0
for index in "${!cases[@]}"; do
  IFS='|' read -r command input _ <<<"${cases[$index]}"
  key=new-$index
  if (( peak[$key] > worst )); then worst=${peak[$key]}; fi
  shown=${line[$key]:-–}
  if [[ -n "$baseline" ]]; then
    echo "| $command | $input | ${peak[old-$index]} | ${peak[$key]} | ${wall[$key]} | ${status[$key]} | $shown |"
  else
    echo "| $command | $input | ${peak[$key]} | ${wall[$key]} | ${status[$key]} | $shown |"
  fi
done
echo
verdict=$( (( worst <= budget_mb )) && echo PASS || echo FAIL)
echo "Target: every peak ≤ the budget ($budget_mb MB): largest $worst MB, $verdict."
