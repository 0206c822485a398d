#!/usr/bin/env bash
# The natural style against the cells' style, whole processes on the same maps, each measured by
# run-timer (the median of RUNS runs, the largest peak memory; the two styles in turn, so that a
# drift in the machine's speed falls on both) and each ratio printed against issue 29's target:
# the natural style's PDF and PNG within 1.5 times the cells' time and memory.
#   PDF   export --to pdf of Gettysburg at 1 in a cell (10 pages), and of the 300 x 300 generated
#         battle at 16 mm a cell
#   PNG   export --to png of Gettysburg at 150 dpi, and of the 300 x 300 battle at 56 pixels a cell
#         (issue 28's picture)
# With BEFORE, the `sandtable` of a build from before the natural style (issue 29's "today's", as
# bc7b447 was when the issue was written) runs in the same turns, without --style (it has none), and
# each style's ratio to it is printed too: the issue asks the natural style to keep the time and
# memory of the pictures within 1.5 times what they were. An older build may not read today's
# Gettysburg (a later format): BEFORE_GETTYSBURG is the one it reads, its own sample.
# usage: tests/bench/styles.sh BUILD_DIR [RUNS [BEFORE [BEFORE_GETTYSBURG]]]
#        (./dev bench --styles builds and runs it)
set -euo pipefail
build="${1:?usage: styles.sh BUILD_DIR [RUNS [BEFORE [BEFORE_GETTYSBURG]]]}"
runs="${2:-5}"
before="${3:-}"
beforeGettysburg="${4:-}"
sandtable="$build/editor/sandtable"
timer="$build/tests/bench/run-timer"
here="$(cd "$(dirname "$0")/../.." && pwd)"
fail() { echo "styles: $*" >&2; exit 1; }
[[ -x "$sandtable" && -x "$timer" ]] || fail "no $sandtable or $timer: build with -DSANDTABLE_BENCH=ON first"
[[ -z "$before" || -x "$before" ]] || fail "BEFORE is no program: $before"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

field() { awk -v name="$2" '{ for (i = 1; i < NF; i++) if ($i == name) print $(i + 1) }' <<< "$1"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }
compare() { # label kind export-args...
    local label="$1" kind="$2"; shift 2
    local lines cells natural
    local earlier=()
    if [[ -n "$before" ]]; then
        # The earlier build's own Gettysburg, where it reads no other.
        local file="$1"
        [[ -z "$beforeGettysburg" || "$file" != "$gettysburg" ]] || file="$beforeGettysburg"
        earlier=(--vs "$before" export "$file" "${@:2}" --to "$kind" --force -o "$work/before.$kind")
    fi
    lines="$("$timer" "$runs" "$sandtable" export "$@" --to "$kind" --style cells --force -o "$work/cells.$kind" \
        --vs "$sandtable" export "$@" --to "$kind" --style natural --force -o "$work/natural.$kind" "${earlier[@]}")" ||
        fail "$label failed"
    cells="$(sed -n 1p <<< "$lines")"
    natural="$(sed -n 2p <<< "$lines")"
    printf '  %-40s cells %7.0f ms wall %7.0f ms CPU %6.0f MB %7.0f KB\n' "$label" "$(field "$cells" wall_ms)" \
        "$(field "$cells" cpu_ms)" "$(field "$cells" max_rss_mb)" "$(( $(stat -c %s "$work/cells.$kind") / 1024 ))"
    printf '  %-40s natural %5.0f ms wall %7.0f ms CPU %6.0f MB %7.0f KB\n' "" "$(field "$natural" wall_ms)" \
        "$(field "$natural" cpu_ms)" "$(field "$natural" max_rss_mb)" "$(( $(stat -c %s "$work/natural.$kind") / 1024 ))"
    echo "  $label: natural $(ratio "$(field "$natural" wall_ms)" "$(field "$cells" wall_ms)") the cells' time," \
         "$(ratio "$(field "$natural" cpu_ms)" "$(field "$cells" cpu_ms)") its CPU," \
         "$(ratio "$(field "$natural" max_rss_mb)" "$(field "$cells" max_rss_mb)") its memory (target: at most 1.5x)"
    if [[ -n "$before" ]]; then
        local was
        was="$(sed -n 3p <<< "$lines")"
        printf '  %-40s before %6.0f ms wall %7.0f ms CPU %6.0f MB %7.0f KB\n' "" "$(field "$was" wall_ms)" \
            "$(field "$was" cpu_ms)" "$(field "$was" max_rss_mb)" "$(( $(stat -c %s "$work/before.$kind") / 1024 ))"
        echo "  $label: natural $(ratio "$(field "$natural" wall_ms)" "$(field "$was" wall_ms)") the time before it," \
             "$(ratio "$(field "$natural" cpu_ms)" "$(field "$was" cpu_ms)") its CPU," \
             "$(ratio "$(field "$natural" max_rss_mb)" "$(field "$was" max_rss_mb)") its memory;" \
             "cells $(ratio "$(field "$cells" wall_ms)" "$(field "$was" wall_ms)") its time (target: at most 1.5x)"
    fi
}

echo "The natural style against the cells', medians of $runs whole-process runs ($(nproc) cores)"
gettysburg="$here/sample-maps/gettysburg/gettysburg.sandtable.xml"
"$sandtable" generate --cols 300 --rows 300 --units 3000 --roads 1500 -o "$work/map300.sandtable.xml" > /dev/null
compare "Gettysburg PDF, 1 in a cell" pdf "$gettysburg" --cell-size 1in
compare "Gettysburg PNG, 150 dpi" png "$gettysburg" --dpi 150
compare "300 x 300 PDF, 16 mm a cell" pdf "$work/map300.sandtable.xml" --cell-size 16mm
png_runs=$(( runs < 3 ? runs : 3 ))
runs=$png_runs compare "300 x 300 PNG, 56 pixels a cell" png "$work/map300.sandtable.xml" --dpi 72 --cell-size 56pt
