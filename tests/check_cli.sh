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
grep -q "the layers are grid, labels, elevation, shading, symbols" <("$bin" export "$work/g.xml" -o "$work/h.png" --layers terrain 2>&1) \
    || { echo "FAIL: an unknown layer's message does not list the layers"; fail=1; }
check 2 "export with an unknown style" "$bin" export "$work/g.xml" -o "$work/h.pdf" --style sepia
grep -q "\-\-style takes natural, cells, colour, grayscale, low-ink (a style and an ink, comma separated), not 'sepia'" "$work/err" \
    || { echo "FAIL: bad --style message missing"; cat "$work/err"; fail=1; }
[[ ! -e "$work/h.pdf" ]] || { echo "FAIL: a refused --style left a file"; fail=1; }
check 0 "export in grayscale" "$bin" export "$work/g.xml" -o "$work/gray.png" --style grayscale --cell-size 5mm --dpi 30
check 0 "export booklet" "$bin" export "$work/g.xml" --to booklet -o "$work/booklet.pdf"
pdftotext "$work/booklet.pdf" - | grep -q "Order of battle" || { echo "FAIL: the booklet has no order of battle"; fail=1; }
# Numbers: NaN, infinities and overflowing products are refused with a message, exit 2, no file.
expect_err() { # pattern description
    grep -q -- "$1" "$work/err" || { echo "FAIL: $2: the message lacks '$1'"; cat "$work/err"; fail=1; }
}
check 2 "export --cell-size nanmm" "$bin" export "$work/g.xml" -o "$work/n.pdf" --cell-size nanmm
expect_err "is not a length" "--cell-size nanmm"
check 2 "export --cell-size infin" "$bin" export "$work/g.xml" -o "$work/n.pdf" --cell-size infin
check 2 "export --dpi nan" "$bin" export "$work/g.xml" -o "$work/n.png" --dpi nan
expect_err "must be a number from 10 to 1,200, not 'nan'" "--dpi nan"
check 2 "export --cell-size 1e9pt" "$bin" export "$work/g.xml" -o "$work/n.png" --cell-size 1e9pt
expect_err "must be from 1mm to 10in" "--cell-size 1e9pt"
check 0 "export a VASSAL module, --to inferred from .vmod" "$bin" export "$work/g.xml" -o "$work/g.vmod" --cell-pixels 40
python3 -c "import zipfile,sys; assert 'buildFile.xml' in zipfile.ZipFile(sys.argv[1]).namelist()" "$work/g.vmod" \
    || { echo "FAIL: the module has no buildFile.xml"; fail=1; }
check 2 "export --cell-pixels 3" "$bin" export "$work/g.xml" -o "$work/n.vmod" --cell-pixels 3
expect_err "\-\-cell-pixels must be" "--cell-pixels 3"
[[ ! -e "$work/n.vmod" ]] || { echo "FAIL: a refused --cell-pixels left a file"; fail=1; }
# Terrain data: an unknown coordinate system, an unplaced map, a file that is no raster: exit 2, said.
check 2 "place with an unknown coordinate system" "$bin" place "$work/g.xml" --crs EPSG:nonsense --x 1 --y 2 -o "$work/p.xml"
expect_err "not a coordinate system GDAL knows" "place --crs EPSG:nonsense"
[[ ! -e "$work/p.xml" ]] || { echo "FAIL: a refused placement wrote a file"; fail=1; }
echo "not a raster" > "$work/dem.txt"
check 2 "import-elevation onto an unplaced map" "$bin" import-elevation "$work/g.xml" "$work/dem.txt" --interval 20ft -o "$work/p.xml"
expect_err "not placed on the Earth" "import-elevation on an unplaced map"
check 0 "place" "$bin" place "$work/g.xml" --crs EPSG:4326 --x -77.23 --y 39.83 -o "$work/placed.xml"
check 2 "import-elevation from a file that is no raster" "$bin" import-elevation "$work/placed.xml" "$work/dem.txt" --interval 20ft
expect_err "dem.txt: not a raster GDAL can read" "import-elevation from a text file"
check 2 "import-elevation without an interval" "$bin" import-elevation "$work/placed.xml" "$work/dem.txt"
expect_err "\-\-interval must be a height" "import-elevation without --interval"
check 2 "import-land-cover from a file that is no raster" "$bin" import-land-cover "$work/placed.xml" "$work/dem.txt" --table nlcd
expect_err "dem.txt: not a raster GDAL can read" "import-land-cover from a text file"
check 2 "import-land-cover with a table that is not there" "$bin" import-land-cover "$work/placed.xml" "$work/dem.txt" --table nowhere.txt
expect_err "nowhere.txt: no such table file (and not a built-in table: nlcd, worldcover)" "import-land-cover --table nowhere.txt"
check 2 "import-land-cover --min-share 0%" "$bin" import-land-cover "$work/placed.xml" "$work/dem.txt" --table nlcd --min-share 0%
expect_err "\-\-min-share must be a percentage" "import-land-cover --min-share 0%"
check 0 "import-land-cover --help" "$bin" import-land-cover --help
grep -q "usage: sandtable import-land-cover" "$work/out" || { echo "FAIL: import-land-cover --help shows no usage"; fail=1; }
check 2 "export --margin 1e300in" "$bin" export "$work/g.xml" -o "$work/n.pdf" --margin 1e300in
check 0 "generate a big map" "$bin" generate --cols 2000 --rows 2000 --units 10 -o "$work/big.xml"
check 2 "a PDF of too many pages is refused" "$bin" export "$work/big.xml" -o "$work/n.pdf" --cell-size 10in
expect_err "pages are printed" "too many pages"
check 2 "a PNG too large is refused" "$bin" export "$work/big.xml" -o "$work/n.png" --cell-size 10in --dpi 1200
expect_err "pixels" "too large a PNG"
[[ ! -e "$work/n.pdf" && ! -e "$work/n.png" ]] || { echo "FAIL: a refused export left a file"; fail=1; }
ls -a "$work" | grep -q '^\.n\.' && { echo "FAIL: a refused export left a temporary file"; fail=1; }
# Options: CLI11 parses; -- ends the options; a typo gets a suggestion.
cp "$work/g.xml" "$work/-dash.xml"
check 0 "-- ends the options" "$bin" info -- "$work/-dash.xml"
check 2 "a mistyped option" "$bin" info "$work/g.xml" --jsno
expect_err "unknown option --jsno (did you mean --json?)" "the suggestion"
check 2 "an option without its value" "$bin" validate "$work/g.xml" --ruleset
expect_err "option --ruleset needs a value" "a missing value"
check 0 "validate --help" "$bin" validate --help
grep -q "usage: sandtable validate" "$work/out" || { echo "FAIL: validate --help shows no usage"; fail=1; }
# Files that are not regular files are refused before reading, and never written to.
check 2 "info /dev/zero" "$bin" info /dev/zero
expect_err "is a character device, not a regular file" "info /dev/zero"
mkfifo "$work/fifo.xml" 2>/dev/null || true
check 2 "convert into a FIFO" "$bin" convert "$work/g.xml" "$work/fifo.xml"
expect_err "is a pipe (FIFO); Sandtable writes only regular files" "convert into a FIFO"
for f in $(find "$samples" -name "*.xml"); do
    check 0 "validate --all $(basename "$f")" "$bin" validate --all "$f"
done
for f in $(find "$samples" -name '*.xml'); do
    check 0 "info $(basename "$f")" "$bin" info "$f"
done
exit $fail
