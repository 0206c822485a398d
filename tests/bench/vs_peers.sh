#!/usr/bin/env bash
# Sandtable side by side with its peers, whole processes on the same generated maps, each measured
# by run-timer (as /usr/bin/time, to the microsecond; the median of RUNS runs, the largest peak
# memory; ours and the peer's in turn, so that a drift in the machine's speed falls on both) and
# each ratio printed:
#   start-up        sandtable rulesets alone (no peer: the target is 10 ms)
#   load and save   sandtable convert of a 1000 x 1000 battle (10,000 units, 5,269 paths) against
#                   Tiled's own TMX round trip (tiled --export-map tmx) of our TMX export of it
#   PNG             sandtable export --to png of a 300 x 300 battle against tmxrasterizer on its TMX,
#                   the same picture size; CPU time compared, as both may use both cores
#   editor start    sandtable --first-paint of the 1000 x 1000 battle: the editor started, the battle
#                   opened and its map drawn once, then it quits (no peer: the target is 0.5 s); on
#                   a virtual display (xvfb-run) when there is none
# usage: tests/bench/vs_peers.sh BUILD_DIR [RUNS]   (./dev bench --vs-peers builds and runs it)
set -euo pipefail
build="${1:?usage: vs_peers.sh BUILD_DIR [RUNS]}"
runs="${2:-5}"
sandtable="$build/editor/sandtable"
timer="$build/tests/bench/run-timer"
fail() { echo "vs_peers: $*" >&2; exit 1; }
[[ -x "$sandtable" && -x "$timer" ]] || fail "no $sandtable or $timer: build with -DSANDTABLE_BENCH=ON first"
for tool in tiled tmxrasterizer pngcheck xvfb-run; do
    command -v "$tool" > /dev/null || fail "$tool is not installed (Debian packages tiled, pngcheck, xvfb; ./dev deps installs them)"
done
export QT_QPA_PLATFORM=offscreen
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# "wall_ms W cpu_ms C max_rss_mb M runs N" -> the field asked for
field() { awk -v name="$2" '{ for (i = 1; i < NF; i++) if ($i == name) print $(i + 1) }' <<< "$1"; }
report() { # label line
    printf '  %-44s %9.1f ms wall %9.1f ms CPU %7.1f MB\n' "$1" "$(field "$2" wall_ms)" \
        "$(field "$2" cpu_ms)" "$(field "$2" max_rss_mb)" >&2
}
measure() { # label command...
    local label="$1"; shift
    local line
    line="$("$timer" "$runs" "$@")" || fail "$label failed: $*"
    report "$label" "$line"
    echo "$line"
}
# Ours and the peer's run in turn (run-timer --vs): a drift in the machine's speed falls on both.
# Sets $ours and $theirs to their lines.
measure_pair() { # our_label their_label our_command... --vs their_command...
    local our_label="$1" their_label="$2"; shift 2
    local lines
    lines="$("$timer" "$runs" "$@")" || fail "$our_label against $their_label failed: $*"
    ours="$(sed -n 1p <<< "$lines")"
    theirs="$(sed -n 2p <<< "$lines")"
    report "$our_label" "$ours"
    report "$their_label" "$theirs"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1fx", a / b }'; }

echo "Sandtable against its peers, medians of $runs whole-process runs ($(nproc) cores)" >&2

echo "start-up:" >&2
startup="$(measure "sandtable rulesets" "$sandtable" rulesets)"
echo "  start-up: $(field "$startup" wall_ms) ms (target: at most 10 ms)"

echo "load and save, 1000 x 1000:" >&2
"$sandtable" generate --cols 1000 --rows 1000 --units 10000 --roads 5000 -o "$work/big.sandtable.xml" > /dev/null
"$sandtable" export "$work/big.sandtable.xml" --to tmx -o "$work/big.tmx" --force > /dev/null
measure_pair "sandtable convert" "tiled --export-map tmx (of our TMX export)" \
    "$sandtable" convert "$work/big.sandtable.xml" "$work/out.sandtable.xml" \
    --vs tiled --export-map tmx "$work/big.tmx" "$work/out.tmx"
echo "  load and save: sandtable $(field "$ours" wall_ms) ms, $(field "$ours" max_rss_mb) MB;" \
     "Tiled $(field "$theirs" wall_ms) ms, $(field "$theirs" max_rss_mb) MB:" \
     "$(ratio "$(field "$theirs" wall_ms)" "$(field "$ours" wall_ms)") faster (target: 6x)"

echo "PNG, 300 x 300 at 56 pixels a hex (Tiled's tile):" >&2
"$sandtable" generate --cols 300 --rows 300 --units 3000 --roads 1500 -o "$work/map300.sandtable.xml" > /dev/null
"$sandtable" export "$work/map300.sandtable.xml" --to tmx -o "$work/map300.tmx" --force > /dev/null
png_runs=$(( runs < 3 ? runs : 3 ))
runs=$png_runs measure_pair "sandtable export --to png" "tmxrasterizer (of our TMX export)" \
    "$sandtable" export "$work/map300.sandtable.xml" --to png --dpi 72 --cell-size 56pt --force -o "$work/ours.png" \
    --vs tmxrasterizer "$work/map300.tmx" "$work/tiled.png"
pngcheck -q "$work/ours.png" || fail "pngcheck finds our PNG broken"
# ImageMagick's policy refuses a side over 16,384 pixels: it reads the same map a quarter as large.
"$sandtable" export "$work/map300.sandtable.xml" --to png --dpi 18 --cell-size 56pt --force -o "$work/small.png" > /dev/null
[[ "$(/usr/bin/identify -format '%m %wx%h' "$work/small.png")" == "PNG 3642x4207" ]] ||
    fail "ImageMagick does not read our PNG as PNG 3642x4207: $(/usr/bin/identify "$work/small.png" 2>&1)"
size() { python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); print("%d x %d" % struct.unpack(">II", d[16:24]))' "$1"; }
echo "  PNG: sandtable $(size "$work/ours.png") px, $(field "$ours" cpu_ms) ms CPU ($(field "$ours" wall_ms) ms wall)," \
     "$(field "$ours" max_rss_mb) MB; tmxrasterizer $(size "$work/tiled.png") px, $(field "$theirs" cpu_ms) ms CPU," \
     "$(field "$theirs" max_rss_mb) MB: $(ratio "$(field "$theirs" cpu_ms)" "$(field "$ours" cpu_ms)") less CPU (target: 6x)"

echo "editor start, 1000 x 1000, to the first drawn map:" >&2
on_display() { if [[ -n "${DISPLAY:-}" ]]; then "$@"; else xvfb-run -a -s "-screen 0 1920x1080x24" "$@"; fi; }
said="$(on_display "$sandtable" --first-paint "$work/big.sandtable.xml")" || fail "the editor did not draw the map: $said"
[[ "$said" == "first paint "* ]] || fail "the editor said '$said', not when it drew the map"
ours="$(on_display "$timer" "$runs" "$sandtable" --first-paint "$work/big.sandtable.xml")" || fail "editor start failed"
printf '  %-44s %9.1f ms wall %9.1f ms CPU %7.1f MB\n' "sandtable --first-paint (whole process)" \
    "$(field "$ours" wall_ms)" "$(field "$ours" cpu_ms)" "$(field "$ours" max_rss_mb)" >&2
echo "  editor start: $(field "$ours" wall_ms) ms to the first drawn map, whole process ($said in the program)" \
     "(target: at most 500 ms)"
