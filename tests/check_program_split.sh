#!/usr/bin/env bash
# `sandtable`, `sandtable-draw` and `sandtable-editor` (editor/main_sandtable.cpp): the command users
# type loads none of the GUI, drawing or terrain-data libraries and runs its own commands;
# sandtable-draw loads the drawing ones but neither the GUI's nor GDAL's; sandtable hands each
# command to the program that runs it, with its output and exit codes intact, and says what is wrong
# when that program is missing.
# usage: check_program_split.sh SANDTABLE SAMPLES WORK
set -euo pipefail
sandtable="$1"; samples="$2"; work="$3"
fail() { echo "check_program_split: $*" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work"
editor="$(dirname "$sandtable")/sandtable-editor"
drawing="$(dirname "$sandtable")/sandtable-draw"
[[ -x "$editor" ]] || fail "no $editor beside $sandtable"
[[ -x "$drawing" ]] || fail "no $drawing beside $sandtable"

needed="$(readelf -d "$sandtable" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
[[ -n "$needed" ]] || fail "readelf lists no library of $sandtable"
heavy="$(grep -E 'wx_|gtk|gdk|cairo|pango|gdal|proj|glib|png|zip' <<< "$needed" || true)"
[[ -z "$heavy" ]] || fail "sandtable loads what only sandtable-editor needs: $(tr '\n' ' ' <<< "$heavy")"
grep -q "wx_" <<< "$(readelf -d "$editor")" || fail "sandtable-editor does not link wxWidgets: is it the editor?"
drawing_needs="$(readelf -d "$drawing" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
grep -q "cairo" <<< "$drawing_needs" || fail "sandtable-draw does not link Cairo: does it draw?"
heavy="$(grep -E 'wx_|gtk|gdk|gdal|proj' <<< "$drawing_needs" || true)"
[[ -z "$heavy" ]] || fail "sandtable-draw loads what only sandtable-editor needs: $(tr '\n' ' ' <<< "$heavy")"

gettysburg="$samples/gettysburg/gettysburg.sandtable.xml"
"$sandtable" validate "$gettysburg" > /dev/null || fail "validate does not run in sandtable"
# Handed over: the same words, output and exit codes as the editor program's own.
for command in "export --help" "help thumbnail" "man-page"; do
    # shellcheck disable=SC2086 # the words of the command
    [[ "$("$sandtable" $command)" == "$("$editor" $command)" ]] || fail "sandtable $command differs from sandtable-editor's"
done
"$sandtable" thumbnail "$gettysburg" "$work/thumb.png" --size 64 || fail "thumbnail was not handed over"
[[ "$(head -c 4 "$work/thumb.png" | tail -c 3)" == PNG ]] || fail "the handed-over thumbnail wrote no PNG"
# sandtable-draw draws what sandtable-editor draws, byte for byte, and hands nothing on: a command
# that reads terrain data is refused with the program that runs it named.
"$editor" thumbnail "$gettysburg" "$work/thumb-editor.png" --size 64
cmp -s "$work/thumb.png" "$work/thumb-editor.png" || fail "sandtable-draw's thumbnail differs from sandtable-editor's"
"$sandtable" export "$gettysburg" --to svg --cell-size 12mm -o "$work/map.svg" || fail "export was not handed over"
"$editor" export "$gettysburg" --to svg --cell-size 12mm -o "$work/map-editor.svg"
cmp -s "$work/map.svg" "$work/map-editor.svg" || fail "sandtable-draw's SVG differs from sandtable-editor's"
set +e
"$drawing" place "$gettysburg" --clear 2> "$work/err.txt"; code=$?
set -e
[[ $code -eq 2 ]] || fail "sandtable-draw place exited $code, not 2"
grep -q "runs in sandtable-editor" "$work/err.txt" || fail "sandtable-draw place did not name sandtable-editor: $(cat "$work/err.txt")"
set +e
"$sandtable" export "$work/missing.xml" --to png -o "$work/x.png" 2> "$work/err.txt"; code=$?
set -e
[[ $code -eq 2 ]] || fail "a handed-over command's exit code was $code, not 2"
grep -q "missing.xml" "$work/err.txt" || fail "a handed-over command's error was lost: $(cat "$work/err.txt")"

# Without the programs it hands commands to, sandtable still runs its own and names what is missing.
cp "$sandtable" "$work/sandtable"
"$work/sandtable" rulesets > /dev/null || fail "sandtable alone does not run rulesets"
set +e
"$work/sandtable" export "$gettysburg" --to png -o "$work/y.png" 2> "$work/err.txt"; code=$?
set -e
[[ $code -eq 2 ]] || fail "without sandtable-draw, export exited $code, not 2"
grep -q "cannot start $work/sandtable-draw" "$work/err.txt" ||
    fail "without sandtable-draw, the error does not name it: $(cat "$work/err.txt")"
set +e
"$work/sandtable" import-elevation "$gettysburg" "$work/dem.tif" 2> "$work/err.txt"; code=$?
set -e
[[ $code -eq 2 ]] || fail "without sandtable-editor, import-elevation exited $code, not 2"
grep -q "cannot start $work/sandtable-editor" "$work/err.txt" ||
    fail "without sandtable-editor, the error does not name it: $(cat "$work/err.txt")"
echo "check_program_split: sandtable needs only $(tr '\n' ' ' <<< "$needed")"
echo "check_program_split: sandtable-draw needs $(wc -l <<< "$drawing_needs") libraries: $(tr '\n' ' ' <<< "$drawing_needs")"
