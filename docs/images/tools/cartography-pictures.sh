#!/usr/bin/env bash
# Pictures of every sample battle as the editor shows it (under Xvfb, the fitted view zoomed in
# twice) and as a printed page (the middle map page of its PDF at 16 mm cells, drawn by pdftoppm),
# made with the sandtable binary given. Run it with a build of a commit before a change of look and
# with today's (each on the samples of its own commit) to get before/after pairs:
#   docs/images/tools/cartography-pictures.sh OLD_BINARY before docs/images OLD_CHECKOUT/sample-maps
#   docs/images/tools/cartography-pictures.sh build/editor/sandtable after
# A fifth argument `natural` draws the natural style (--style natural; View > Natural ground,
# Ctrl+Shift+N, in the editor):
#   docs/images/tools/cartography-pictures.sh build/editor/sandtable natural docs/images sample-maps natural
# Needs Xvfb, xdotool, ImageMagick (import, convert), pdftoppm and pdfinfo; says which is missing.
set -u
bin="$1"; tag="$2"; out="${3:-docs/images}"; samples="${4:-sample-maps}"; style="${5:-}"
style_option=(); style_keys=()
if [ "$style" = natural ]; then
    style_option=(--style natural); style_keys=(ctrl+shift+n)
fi
for tool in Xvfb xdotool import convert pdftoppm pdfinfo; do
    command -v "$tool" > /dev/null || { echo "missing $tool: install xvfb, xdotool, imagemagick, poppler-utils" >&2; exit 2; }
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
display=:77
Xvfb "$display" -screen 0 1600x1000x24 > /dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2> /dev/null; rm -rf "$work"' EXIT
sleep 1
for folder in "$samples"/*/; do
    name="$(basename "$folder")"
    file="${folder%/}/$name.sandtable.xml"
    [ -f "$file" ] || continue
    # Printed: the middle map page (page 1 is the overview).
    "$bin" export "$file" --to pdf --cell-size 16mm -o "$work/$name.pdf" --force "${style_option[@]}" > /dev/null || exit 1
    pages="$(pdfinfo "$work/$name.pdf" | awk '/^Pages:/ {print $2}')"
    page=$(( 2 + (pages - 1) / 2 ))
    pdftoppm -f "$page" -l "$page" -r 110 -png -singlefile "$work/$name.pdf" "$work/$name-page"
    convert "$work/$name-page.png" -gravity north -crop 100%x55%+0+0 +repage -colors 256 "$out/look-$name-print-$tag.png"
    # On screen: opened, fitted, zoomed in twice.
    HOME="$work" DISPLAY="$display" "$bin" "$file" > /dev/null 2>&1 &
    editor=$!
    sleep 4
    DISPLAY="$display" xdotool search --sync --onlyvisible --class sandtable windowactivate --sync 2> /dev/null
    DISPLAY="$display" xdotool key ctrl+0 ctrl+plus ctrl+plus "${style_keys[@]}"
    sleep 2
    DISPLAY="$display" import -window root "$work/$name-screen.png"
    # The map canvas of the editor's 1400 x 900 window.
    convert "$work/$name-screen.png" -crop 836x680+217+24 +repage -colors 256 "$out/look-$name-screen-$tag.png"
    kill "$editor" 2> /dev/null
    wait "$editor" 2> /dev/null
    echo "$name: page $page of $pages, screen"
done
