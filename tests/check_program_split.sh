#!/usr/bin/env bash
# `sandtable` and `sandtable-editor` (editor/main_sandtable.cpp): the command users type loads none
# of the GUI, drawing or terrain-data libraries, runs its own commands, hands the others over with
# their output and exit codes intact, and says what is wrong when the editor program is missing.
# usage: check_program_split.sh SANDTABLE SAMPLES WORK
set -euo pipefail
sandtable="$1"; samples="$2"; work="$3"
fail() { echo "check_program_split: $*" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work"
editor="$(dirname "$sandtable")/sandtable-editor"
[[ -x "$editor" ]] || fail "no $editor beside $sandtable"

needed="$(readelf -d "$sandtable" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
[[ -n "$needed" ]] || fail "readelf lists no library of $sandtable"
heavy="$(grep -E 'wx_|gtk|gdk|cairo|pango|gdal|proj|glib|png|zip' <<< "$needed" || true)"
[[ -z "$heavy" ]] || fail "sandtable loads what only sandtable-editor needs: $(tr '\n' ' ' <<< "$heavy")"
grep -q "wx_" <<< "$(readelf -d "$editor")" || fail "sandtable-editor does not link wxWidgets: is it the editor?"

gettysburg="$samples/gettysburg/gettysburg.sandtable.xml"
"$sandtable" validate "$gettysburg" > /dev/null || fail "validate does not run in sandtable"
# Handed over: the same words, output and exit codes as the editor program's own.
for command in "export --help" "help thumbnail" "man-page"; do
    # shellcheck disable=SC2086 # the words of the command
    [[ "$("$sandtable" $command)" == "$("$editor" $command)" ]] || fail "sandtable $command differs from sandtable-editor's"
done
"$sandtable" thumbnail "$gettysburg" "$work/thumb.png" --size 64 || fail "thumbnail was not handed over"
[[ "$(head -c 4 "$work/thumb.png" | tail -c 3)" == PNG ]] || fail "the handed-over thumbnail wrote no PNG"
set +e
"$sandtable" export "$work/missing.xml" --to png -o "$work/x.png" 2> "$work/err.txt"; code=$?
set -e
[[ $code -eq 2 ]] || fail "a handed-over command's exit code was $code, not 2"
grep -q "missing.xml" "$work/err.txt" || fail "a handed-over command's error was lost: $(cat "$work/err.txt")"

# Without its editor program, sandtable still runs its own commands and names what is missing.
cp "$sandtable" "$work/sandtable"
"$work/sandtable" rulesets > /dev/null || fail "sandtable alone does not run rulesets"
set +e
"$work/sandtable" export "$gettysburg" --to png -o "$work/y.png" 2> "$work/err.txt"; code=$?
set -e
[[ $code -eq 2 ]] || fail "without sandtable-editor, export exited $code, not 2"
grep -q "cannot start $work/sandtable-editor" "$work/err.txt" ||
    fail "without sandtable-editor, the error does not name it: $(cat "$work/err.txt")"
echo "check_program_split: sandtable needs only $(tr '\n' ' ' <<< "$needed")"
