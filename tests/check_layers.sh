#!/usr/bin/env bash
# The layering of docs/architecture.md, checked on every #include: a library never reaches up or
# sideways (render/ never sees formats/, validators/, exports/ or editor/; formats/ never sees render/;
# nothing below editor/ sees wx).
set -u
src="$1"
fail=0
check() { # folder, forbidden include pattern (extended regex), why
    local hits
    hits=$(grep -rnE "^#include [<\"]($2)" "$src/$1" --include='*.cpp' --include='*.hpp' || true)
    if [[ -n "$hits" ]]; then
        echo "FAIL: $1 includes what it must not ($3):"; echo "$hits"; fail=1
    else
        echo "ok: $1"
    fi
}
check model "wx/|pugixml|cairo|pango|formats/|validators/|render/|exports/|editor/" "model knows nothing of wx, XML or Cairo"
check validators "wx/|pugixml|cairo|pango|formats/|render/|exports/|editor/" "validators read the model"
check formats "wx/|cairo|pango|validators/|render/|exports/|editor/" "formats read and write Sandtable's own files and imported data"
check render "wx/|pugixml|formats/|validators/|exports/|editor/" "render draws the model with Cairo, no wx"
check exports "wx/|validators/|editor/" "exports sit above formats and render, below the editor"
check editor/cli "wx/" "the command line runs without a display"
for f in "$src"/editor/*.cpp "$src"/editor/*.hpp; do
    case "$(basename "$f")" in document.*|ruleset_loading.*|import_file.*|main_headless.cpp)
        if grep -nE "^#include [<\"]wx/" "$f"; then echo "FAIL: $f is below the GUI and includes wx"; fail=1; fi ;;
    esac
done
exit $fail
