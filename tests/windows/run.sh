#!/usr/bin/env bash
# tests/windows/run.sh OUT LINUX_SANDTABLE: runs the Windows build (OUT/sandtable-*-win64.zip) under
# Wine beside this machine's own build and says where they differ. Both work in copies of the same
# folder named "Zoë's maps" (a space, an apostrophe and a letter outside ASCII), with the same
# relative paths, so their messages can be compared word for word.
#   - every headless command on every sample (and the import of its VASSAL and TMX exports): text and
#     JSON byte for byte (line ends normalised),
#     saved XML, TMX, TSX, JSON and the VASSAL buildFile.xml byte for byte, PNGs within a small
#     per-pixel tolerance, PDFs page for page, the same exit codes;
#   - every file of the bad-file corpus: the same message and exit code;
#   - a scenario with CRLF line ends reads as the same scenario;
#   - saving over a file another program holds open: a clear error, the file untouched;
#   - the editor opens a sample, paints a cell, saves, quits and opens it again, and its pans show
#     what a whole repaint shows (screenshots to look at: OUT/wine-test/editor-*.png);
#   - the installer installs for the user, and its uninstaller removes what it installed.
# Exit 0 when all agree, 1 when something differs (each difference printed), 2 when it cannot run.
set -uo pipefail
out="$(realpath "$1")"
linux="$(realpath "$2")"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export LC_ALL=C.UTF-8 WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
export WINEPREFIX="$out/wineprefix"

die() { echo "windows-test: $*" >&2; exit 2; }
command -v wine > /dev/null || die "wine is not installed (./dev windows-test installs it)"
command -v compare > /dev/null || die "ImageMagick's compare is not installed"
zip="$(ls "$out"/sandtable-*-win64.zip 2> /dev/null | head -1)"
[[ -f "$zip" ]] || die "no Windows build in $out (run ./dev windows)"
[[ -x "$linux" ]] || die "no Linux build at $linux"

work="$out/wine-test"
rm -rf "$work"
mkdir -p "$work/program"
unzip -q "$zip" -d "$work/program"
program="$(ls -d "$work"/program/sandtable-*-win64)"
exe="$program/bin/sandtable.com"
gui="$program/bin/sandtable.exe"
folder="Zoë's maps"
for side in linux windows; do
    mkdir -p "$work/$side/$folder/out"
    cp -r "$root/sample-maps/." "$work/$side/$folder/"
    cp -r "$root/tests/data/bad" "$work/$side/$folder/bad"
done
if [[ ! -d "$WINEPREFIX" ]]; then
    echo "windows-test: making a Wine prefix in $WINEPREFIX (once)"
    wineboot -i > /dev/null 2>&1 || die "wineboot could not make the Wine prefix $WINEPREFIX"
fi

failures=0
checks=0
differ() {
    echo "DIFFERS: $*"
    failures=$((failures + 1))
}
# Line ends, and the folder each program ships its rulesets' files in (it names them for copying).
normalise() { sed -E 's/\r$//; s#[^ "]*[/\\]rulesets[/\\]+#RULESETS/#g' "$1"; }

# run_both NAME ARGS...: the same command on both sides; stdout, stderr and exit code compared.
run_both() {
    local name="$1"
    shift
    checks=$((checks + 1))
    (cd "$work/linux/$folder" && "$linux" "$@" > "../$name.out" 2> "../$name.err"; echo $? > "../$name.code")
    (cd "$work/windows/$folder" && wine "$exe" "$@" > "../$name.out" 2> "../$name.err"; echo $? > "../$name.code")
    local part
    for part in out err code; do
        if ! diff -q <(normalise "$work/linux/$name.$part") <(normalise "$work/windows/$name.$part") > /dev/null; then
            differ "$name ($part): sandtable $*"
            diff <(normalise "$work/linux/$name.$part") <(normalise "$work/windows/$name.$part") | head -8
        fi
    done
}
same_file() { # relative path under the folder
    checks=$((checks + 1))
    local a="$work/linux/$folder/$1" b="$work/windows/$folder/$1"
    if [[ ! -f "$a" || ! -f "$b" ]]; then
        differ "$1: missing (linux: $([[ -f $a ]] && echo yes || echo no), windows: $([[ -f $b ]] && echo yes || echo no))"
    elif ! cmp -s <(normalise "$a") <(normalise "$b"); then
        differ "$1: not the same bytes"
        diff <(normalise "$a") <(normalise "$b") | head -6
    fi
}
same_picture() { # relative path; at most 0.5 % of the pixels differ by more than 8 %
    checks=$((checks + 1))
    local a="$work/linux/$folder/$1" b="$work/windows/$folder/$1"
    if [[ ! -f "$a" || ! -f "$b" ]]; then
        differ "$1: missing"
        return
    fi
    local size_a size_b pixels changed
    size_a="$(identify -format '%wx%h' "$a")"
    size_b="$(identify -format '%wx%h' "$b")"
    if [[ "$size_a" != "$size_b" ]]; then
        differ "$1: $size_a on Linux, $size_b on Windows"
        return
    fi
    pixels=$((${size_a%x*} * ${size_a#*x}))
    changed="$(compare -metric AE -fuzz 8% "$a" "$b" null: 2>&1 | cut -d' ' -f1)"
    changed="${changed%%.*}"
    if ((changed * 200 > pixels)); then
        differ "$1: $changed of $pixels pixels differ"
        compare -fuzz 8% "$a" "$b" "$work/$(basename "$1" .png)-difference.png" 2> /dev/null
    fi
}

same_pages() { # relative path of a PDF: the same number of pages, each of the same size
    checks=$((checks + 1))
    if [[ "$(pdfinfo -f 1 -l 9999 "$work/linux/$folder/$1" 2> /dev/null | grep -E '^(Pages|Page.*size)')" != \
        "$(pdfinfo -f 1 -l 9999 "$work/windows/$folder/$1" 2> /dev/null | grep -E '^(Pages|Page.*size)')" ]]; then
        differ "$1: other pages or page sizes"
    fi
}

echo "windows-test: $(basename "$zip") under $(wine --version) against $linux"

# What Explorer shows and Windows reads of the program: its own icon first (not wx's), the
# per-monitor DPI awareness in its manifest.
checks=$((checks + 1))
if command -v wrestool > /dev/null; then
    first_icon="$(wrestool -l --type=14 "$gui" | head -1)"
    [[ "$first_icon" == *AAAA_SANDTABLE* ]] || differ "sandtable.exe's first icon is not Sandtable's: $first_icon"
    wrestool -x --raw --type=24 "$gui" | grep -q "PerMonitorV2" || differ "sandtable.exe's manifest does not ask for per-monitor DPI"
else
    differ "wrestool (icoutils) is not installed: the program's resources cannot be checked"
fi
run_both help --help
run_both rulesets rulesets
run_both rulesets-json rulesets --json
run_both man-page man-page
run_both export-help export --help
run_both no-such-file validate "no such file.sandtable.xml"
run_both bad-option info --no-such-option

for file in "$root"/sample-maps/*/*.sandtable.xml; do
    name="$(basename "$file" .sandtable.xml)"
    s="$name/$name.sandtable.xml"
    run_both "$name-info" info "$s"
    run_both "$name-info-json" info "$s" --json
    run_both "$name-validate" validate "$s"
    run_both "$name-validate-json" validate "$s" --json
    run_both "$name-convert" convert "$s" "out/$name.sandtable.xml"
    same_file "out/$name.sandtable.xml"
    run_both "$name-tmx" export "$s" --to tmx -o "out/$name.tmx" --force
    same_file "out/$name.tmx"
    same_file "out/$name-terrain.tsx"
    same_picture "out/$name-terrain.png"
    run_both "$name-json" export "$s" --to json -o "out/$name.json" --force
    same_file "out/$name.json"
    run_both "$name-vassal" export "$s" --to vassal -o "out/$name.vmod" --force
    for side in linux windows; do
        (cd "$work/$side/$folder/out" && unzip -q -o "$name.vmod" buildFile.xml -d "$name-vmod" 2> /dev/null)
    done
    same_file "out/$name-vmod/buildFile.xml"
    # And back: the module's board and pieces, the TMX's map with its tiles drawn under the grid.
    run_both "$name-import-vassal" import "out/$name.vmod" -o "out/$name-from-vassal.sandtable.xml"
    same_file "out/$name-from-vassal.sandtable.xml"
    same_picture "out/$name-from-vassal-board.png"
    run_both "$name-import-tmx" import "out/$name.tmx" --tiles-background -o "out/$name-from-tmx.sandtable.xml"
    same_file "out/$name-from-tmx.sandtable.xml"
    same_picture "out/$name-from-tmx-tiles.png"
    run_both "$name-png" export "$s" --to png --dpi 40 -o "out/$name.png" --force
    same_picture "out/$name.png"
    run_both "$name-thumbnail" thumbnail "$s" "out/$name-thumbnail.png" --size 256
    same_picture "out/$name-thumbnail.png"
    run_both "$name-svg" export "$s" --to svg -o "out/$name.svg" --force
    same_file "out/$name.svg"
    for kind in pdf roster counters booklet; do
        run_both "$name-$kind" export "$s" --to "$kind" -o "out/$name-$kind.pdf" --force
        same_pages "out/$name-$kind.pdf"
    done
done
run_both generate generate --cols 60 --rows 40 --units 200 --seed 7 -o out/generated.sandtable.xml
same_file out/generated.sandtable.xml

# Placing a map on the Earth (PROJ and its database) and taking heights from an ASCII grid (GDAL).
s="gettysburg/gettysburg.sandtable.xml"
run_both place place "$s" --crs EPSG:32618 --x 309000 --y 4410000 -o out/placed.sandtable.xml
same_file out/placed.sandtable.xml
for side in linux windows; do
    python3 - "$work/$side/$folder/out/dem.asc" << 'PY'
import sys
rows, cols = 200, 200
with open(sys.argv[1], "w") as f:
    f.write(f"ncols {cols}\nnrows {rows}\nxllcorner 300000\nyllcorner 4400000\ncellsize 100\nNODATA_value -9999\n")
    for r in range(rows):
        f.write(" ".join(str(150 + (r * 7 + c * 3) % 90) for c in range(cols)) + "\n")
# Its coordinate system, as GIS programs write it beside an ASCII grid: UTM zone 18 north.
with open(sys.argv[1][:-4] + ".prj", "w") as f:
    f.write('PROJCS["WGS_1984_UTM_Zone_18N",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",'
            'SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],'
            'UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],'
            'PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],'
            'PARAMETER["Central_Meridian",-75.0],PARAMETER["Scale_Factor",0.9996],'
            'PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]')
PY
done
run_both elevation import-elevation out/placed.sandtable.xml out/dem.asc --interval 10m --dem-units m -o out/heights.sandtable.xml
same_file out/heights.sandtable.xml
# Land cover: NLCD classes (water, deciduous forest, crops, developed) in bands over the same ground.
for side in linux windows; do
    python3 - "$work/$side/$folder/out/cover.asc" << 'PY'
import shutil, sys
rows, cols = 200, 200
classes = [11, 41, 82, 22]
with open(sys.argv[1], "w") as f:
    f.write(f"ncols {cols}\nnrows {rows}\nxllcorner 300000\nyllcorner 4400000\ncellsize 100\nNODATA_value 0\n")
    for r in range(rows):
        f.write(" ".join(str(classes[(r // 20 + c // 30) % 4]) for c in range(cols)) + "\n")
shutil.copy(sys.argv[1][:-9] + "dem.prj", sys.argv[1][:-4] + ".prj")
# A designer's table for this map's terrain types (The Hexed General's): water left alone.
with open(sys.argv[1][:-9] + "cover-table.txt", "w") as f:
    f.write("11 -\n41 woods\n82 orchard\n22 town\n")
PY
done
run_both land-cover import-land-cover out/placed.sandtable.xml out/cover.asc --table out/cover-table.txt -o out/covered.sandtable.xml
same_file out/covered.sandtable.xml

# The bad-file corpus: the same message, the same exit code.
for file in "$root"/tests/data/bad/*.xml; do
    run_both "bad-$(basename "$file" .xml)" validate "bad/$(basename "$file")"
done

# CRLF line ends (a file edited in Notepad): the same scenario.
for side in linux windows; do
    sed 's/$/\r/' "$work/$side/$folder/shiloh/shiloh.sandtable.xml" > "$work/$side/$folder/out/shiloh-crlf.sandtable.xml"
done
run_both crlf convert out/shiloh-crlf.sandtable.xml out/shiloh-from-crlf.sandtable.xml
same_file out/shiloh-from-crlf.sandtable.xml
checks=$((checks + 1))
cmp -s "$work/windows/$folder/out/shiloh-from-crlf.sandtable.xml" "$work/windows/$folder/out/shiloh.sandtable.xml" ||
    differ "a CRLF copy of shiloh does not convert to the same file as shiloh"

# Saving over a file another program holds open: an error that says so, and the file as it was.
checks=$((checks + 1))
holder="$work/hold_open.exe"
x86_64-w64-mingw32-gcc -municode -O2 -o "$holder" "$root/tests/windows/hold_open.c" || die "cannot build hold_open.exe"
target="$work/windows/$folder/out/shiloh.sandtable.xml"
before="$(sha256sum < "$target")"
rm -f "$work/release"
(cd "$work/windows/$folder" && wine "$holder" out/shiloh.sandtable.xml ../../release) &
holding=$!
sleep 3
(cd "$work/windows/$folder" && wine "$exe" convert franklin/franklin.sandtable.xml out/shiloh.sandtable.xml \
    > "$work/held.out" 2> "$work/held.err")
code=$?
touch "$work/release"
wait "$holding"
if ((code == 0)); then
    differ "saving over a file held open succeeded (or the file was not held)"
elif ! grep -q "another program may have the file open" "$work/held.err"; then
    differ "saving over a file held open: the message does not say why: $(cat "$work/held.err")"
elif [[ "$(sha256sum < "$target")" != "$before" ]]; then
    differ "saving over a file held open changed it"
fi
ls "$work/windows/$folder/out/".shiloh.sandtable.xml.* 2> /dev/null && differ "a temporary file was left beside the held file"

# The editor as a user drives it: it opens a sample, the terrain brush (key B) paints one cell with a
# click, Ctrl+S saves, Ctrl+Q quits, and the saved file opens again. Screenshots of the screen
# (the editor's own --screenshot copies the window's pixels, which under Wine lack the controls'
# text) are left in OUT/wine-test to look at.
checks=$((checks + 1))
display=":$((70 + RANDOM % 200))"
Xvfb "$display" -screen 0 1600x1000x24 > /dev/null 2>&1 &
xvfb=$!
sleep 1
edited="$work/windows/$folder/edit/gettysburg.sandtable.xml"
mkdir -p "$(dirname "$edited")"
cp "$root/sample-maps/gettysburg/gettysburg.sandtable.xml" "$edited"
editor() { # FILE: opens the editor on FILE and waits for its window
    (cd "$work/windows/$folder" && DISPLAY="$display" wine "$gui" "$1" > "$work/editor.log" 2>&1) &
    editor_pid=$!
    DISPLAY="$display" timeout 90 xdotool search --sync --onlyvisible --name "Sandtable" > /dev/null ||
        differ "the editor's window did not appear (log: $work/editor.log)"
    sleep 4 # the map drawn
}
quit_editor() {
    DISPLAY="$display" xdotool key ctrl+q
    timeout 30 tail --pid="$editor_pid" -f /dev/null || { differ "the editor did not quit on Ctrl+Q"; kill "$editor_pid"; }
}
editor edit/gettysburg.sandtable.xml
DISPLAY="$display" import -window root "$work/editor-opened.png"
DISPLAY="$display" xdotool mousemove 600 300 click 1 sleep 0.5 key b sleep 0.5 mousemove 518 438 click 1 sleep 1 key ctrl+s
sleep 3
DISPLAY="$display" import -window root "$work/editor-painted.png"
quit_editor
changed="$(diff "$root/sample-maps/gettysburg/gettysburg.sandtable.xml" "$edited" | grep -c '^>')"
if ((changed != 1)); then
    differ "painting one cell and saving changed $changed lines of the file (1 expected)"
elif ! "$linux" info "$edited" > /dev/null 2>&1; then
    differ "the file the Windows editor saved does not read on Linux"
fi
editor edit/gettysburg.sandtable.xml
DISPLAY="$display" import -window root "$work/editor-reopened.png"
# Pans move what the window shows (ScrollWindow on Windows: editor/canvas/shown_pixels) and paint
# the strips that come into view: after six pans by the arrow keys the screen shows what a whole
# repaint of the same view shows (the wheel's keys, out and in again). A middle click gives the map
# the keys and changes nothing.
checks=$((checks + 1))
DISPLAY="$display" xdotool mousemove 600 300 click 2 sleep 0.5 key Right sleep 0.4 key Right sleep 0.4 key Down \
    sleep 0.4 key Left sleep 0.4 key Down sleep 0.4 key Right sleep 1.5
DISPLAY="$display" import -window root "$work/editor-panned.png"
DISPLAY="$display" xdotool key minus sleep 1 key plus sleep 2.5
DISPLAY="$display" import -window root "$work/editor-repainted.png"
pixels_apart() { # A B: how many pixels differ by more than a tenth
    compare -metric AE -fuzz 10% "$1" "$2" null: 2>&1 | awk '{printf "%.0f", $1}'
}
moved="$(pixels_apart "$work/editor-reopened.png" "$work/editor-panned.png")"
apart="$(pixels_apart "$work/editor-panned.png" "$work/editor-repainted.png")"
if ! [[ "$moved" =~ ^[0-9]+$ ]] || ((moved < 20000)); then
    differ "the arrow keys did not pan the map ($moved pixels changed)"
elif ! [[ "$apart" =~ ^[0-9]+$ ]] || ((apart > 2000)); then
    differ "after pans the editor shows other pixels than a whole repaint ($apart apart; editor-panned.png, editor-repainted.png)"
fi
quit_editor
kill "$xvfb" 2> /dev/null

# The installer, silently for the user (NSIS's /S): the program, its Start menu entry and its
# registry entries are there; its uninstaller removes every file it installed, and a map the user
# saved in the program's folder stays.
checks=$((checks + 1))
setup="$(ls "$out"/sandtable-*-setup.exe | head -1)"
installed="$WINEPREFIX/drive_c/users/$(id -un)/AppData/Local/Programs/Sandtable" # Wine names it after the Unix user
rm -rf "$installed"
wine "$setup" /S > /dev/null 2>&1
wineserver -w
if [[ ! -f "$installed/bin/sandtable.exe" ]]; then
    differ "the installer did not install bin\sandtable.exe under $installed"
else
    [[ "$(wine "$installed/bin/sandtable.com" --help 2>&1 | head -1 | tr -d '\r')" == "$(head -1 "$work/linux/help.out")" ]] ||
        differ "the installed sandtable.com does not run"
    wine reg query 'HKCU\Software\Classes\Sandtable.Scenario\shell\open\command' 2> /dev/null | grep -q 'sandtable.exe' ||
        differ "the installer did not register Sandtable.Scenario"
    find "$WINEPREFIX/drive_c/users" -name "Sandtable.lnk" | grep -q . || differ "no Start menu entry"
    echo "<kept/>" > "$installed/my map.sandtable.xml"
    wine "$installed/uninstall.exe" /S > /dev/null 2>&1
    wineserver -w
    sleep 2
    leftover="$(cd "$installed" 2> /dev/null && find . -type f ! -name 'my map.sandtable.xml' | head -5)"
    [[ -z "$leftover" ]] || differ "the uninstaller left: $leftover"
    [[ -f "$installed/my map.sandtable.xml" ]] || differ "the uninstaller removed a map the user saved in the program's folder"
    wine reg query 'HKCU\Software\Classes\Sandtable.Scenario' > /dev/null 2>&1 && differ "the uninstaller left Sandtable.Scenario in the registry"
    find "$WINEPREFIX/drive_c/users" -name "Sandtable.lnk" | grep -q . && differ "the uninstaller left the Start menu entry"
fi

echo "windows-test: $checks checks, $failures differ"
((failures == 0))
