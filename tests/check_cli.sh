#!/usr/bin/env bash
# The real executable, run with no display: headless commands work, exit codes are as documented,
# and asking for the editor without a display fails cleanly instead of crashing.
set -u
bin="$1"; samples="$2"; work="$3"
mkdir -p "$work"
fail=0
check() { # expected-code description command...
    local want="$1" what="$2"; shift 2
    "$@" >"$work/out" 2>"$work/err"
    local got=$?
    if [[ $got -ne $want ]]; then
        echo "FAIL: $what: exit $got, expected $want"; cat "$work/err"; fail=1
    else
        echo "ok: $what"
    fi
}
check 0 "--help" "$bin" --help
check 0 "--version" "$bin" --version
check 2 "unknown command" "$bin" nosuchcommand
check 2 "editor without a display" "$bin"
grep -q "no display" "$work/err" || { echo "FAIL: no-display message missing"; fail=1; }
check 0 "generate" "$bin" generate --cols 30 --rows 30 --units 50 -o "$work/g.xml"
check 0 "info" "$bin" info "$work/g.xml"
check 0 "info --json" "$bin" info --json "$work/g.xml"
python3 -c "import json,sys; json.load(open('$work/out'))" || { echo "FAIL: info --json is not JSON"; fail=1; }
check 2 "info on a missing file" "$bin" info "$work/missing.xml"
check 0 "rulesets" "$bin" rulesets
# Printing works without a display, and refuses bad options with exit 2.
check 0 "export pdf" "$bin" export "$work/g.xml" -o "$work/g.pdf" --cell-size 20mm --paper a4 --orientation landscape
pdfinfo "$work/g.pdf" | grep -q "841.89 x 595.276 pts (A4)" || { echo "FAIL: the PDF is not A4 landscape"; fail=1; }
check 0 "export png" "$bin" export "$work/g.xml" -o "$work/g.png" --cell-size 10mm --dpi 50
check 0 "export svg" "$bin" export "$work/g.xml" -o "$work/g.svg" --cell-size 10mm
xmllint --noout "$work/g.svg" || { echo "FAIL: the SVG is not well-formed"; fail=1; }
check 2 "export with a bad cell size" "$bin" export "$work/g.xml" -o "$work/h.pdf" --cell-size 20
grep -q "has no unit" "$work/err" || { echo "FAIL: bad --cell-size message missing"; fail=1; }
check 2 "export with a bad paper" "$bin" export "$work/g.xml" -o "$work/h.pdf" --paper a9
check 2 "export with an unknown layer" "$bin" export "$work/g.xml" -o "$work/h.png" --layers grid,terrain
check 0 "export chosen layers" "$bin" export "$work/g.xml" -o "$work/l.png" --layers grid,paths --cell-size 5mm --dpi 30
check 0 "export booklet" "$bin" export "$work/g.xml" --to booklet -o "$work/booklet.pdf"
pdftotext "$work/booklet.pdf" - | grep -q "Order of battle" || { echo "FAIL: the booklet has no order of battle"; fail=1; }
for f in $(find "$samples" -name "*.xml"); do
    check 0 "validate --all $(basename "$f")" "$bin" validate --all "$f"
done
for f in $(find "$samples" -name '*.xml'); do
    check 0 "info $(basename "$f")" "$bin" info "$f"
done
exit $fail
