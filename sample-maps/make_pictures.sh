#!/usr/bin/env bash
# Draws each sample's thumbnail.png (the whole map, half an inch a cell at 50 dpi) and
# printed-page.png (the first map page of the A4 print at one inch a cell, read back by poppler's
# pdftoppm at 60 dpi), from the committed scenario:
#     sample-maps/make_pictures.sh build/editor/sandtable [FOLDER...]
set -euo pipefail
bin="$(realpath "$1")"; shift
here="$(cd "$(dirname "$0")" && pwd)"
command -v pdftoppm > /dev/null || { echo "pdftoppm (poppler-utils) is needed" >&2; exit 2; }
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
folders=("$@")
[ ${#folders[@]} -gt 0 ] || folders=($(cd "$here" && ls -d */ | tr -d /))
for name in "${folders[@]}"; do
    scenario="$here/$name/$name.sandtable.xml"
    "$bin" export "$scenario" --to png --cell-size 0.5in --dpi 50 -o "$here/$name/thumbnail.png" > /dev/null
    "$bin" export "$scenario" --to pdf --paper a4 --cell-size 1in -o "$work/$name.pdf" > /dev/null
    pdftoppm -f 2 -l 2 -r 60 -png -singlefile "$work/$name.pdf" "$here/$name/printed-page"
    echo "$name: thumbnail.png, printed-page.png"
done
