#!/usr/bin/env bash
# sandtable --first-paint FILE: the editor opens FILE, draws its map once, says when, and quits
# with 0; without a FILE it says so and exits 2. Needs a display (./dev test runs under xvfb-run).
# usage: check_first_paint.sh SANDTABLE SAMPLE_FILE
set -uo pipefail
sandtable="$1"
sample="$2"
fail() { echo "check_first_paint: $*" >&2; exit 1; }
[[ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]] || fail "no display: run under xvfb-run (./dev test does)"
[[ -f "$sample" ]] || fail "no sample $sample"

said="$(timeout 120 "$sandtable" --first-paint "$sample" 2> /tmp/first-paint-err.$$)"
status=$?
errors="$(cat /tmp/first-paint-err.$$)"; rm -f /tmp/first-paint-err.$$
[[ $status -eq 0 ]] || fail "exit $status opening $sample: $said $errors"
[[ "$said" =~ ^first\ paint\ [0-9.]+\ ms\ after\ the\ program\ started$ ]] || fail "said '$said'"

said="$(timeout 120 "$sandtable" --first-paint 2>&1)"
status=$?
[[ $status -eq 2 ]] || fail "without a file: exit $status, not 2 ($said)"
[[ "$said" == *"--first-paint needs a file to open"* ]] || fail "without a file it said '$said'"
echo "check_first_paint: ok"
