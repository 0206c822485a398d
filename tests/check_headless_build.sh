#!/usr/bin/env bash
# A build without the editor (SANDTABLE_GUI=OFF) is a `sandtable` that links no wx and still exports
# every kind: the command line draws through render/ directly.
#
#   check_headless_build.sh SOURCES WORK SAMPLES TEST_BUILD_TREE TARGET PROGRAM
#
# TARGET is the test tree's GUI=OFF program: sandtable-headless, made from the test tree's own
# objects (or `sandtable` in a test tree built without the editor); PROGRAM its file. The script configures a GUI=OFF tree (seconds), checks that its `sandtable` is linked from
# the same objects and libraries as PROGRAM and that no command building it names wx, then checks
# PROGRAM itself. Building that tree whole took 288 s on two cores, a third of CI's tests; its objects
# are the ones the test tree compiles anyway, file by file.
set -u
src="$1"; work="$2"; samples="$3"; tree="$4"; target="$5"; bin="$6"
fail=0
rm -rf "$work/build"
cmake -S "$src" -B "$work/build" -G Ninja -DSANDTABLE_GUI=OFF -DSANDTABLE_TESTS=OFF -DCMAKE_BUILD_TYPE= \
    > "$work.configure.log" 2>&1 || { echo "FAIL: configure (see $work.configure.log)"; exit 1; }
if [[ ! -f "$tree/build.ninja" ]]; then
    echo "FAIL: $tree is not a Ninja build tree; this check compares link commands by 'ninja -t commands'"
    exit 1
fi

# What goes into a program: its objects and static libraries by name (the trees' paths and the test
# tree's sanitizer flags differ), and the shared libraries it asks for.
link_parts() { # tree target
    ninja -C "$1" -t commands "$2" | tail -1 | tr ' ' '\n' \
        | grep -E '\.(o|a|so)$|^-l' | sed -E 's|.*/||' | sort -u
}
headless_commands="$(ninja -C "$work/build" -t commands sandtable)" \
    || { echo "FAIL: the GUI=OFF tree has no sandtable to build"; exit 1; }
if grep -qiE 'wx|gtk' <<< "$headless_commands"; then
    echo "FAIL: building the GUI=OFF sandtable names wx or GTK:"
    grep -iE 'wx|gtk' <<< "$headless_commands" | head -3 | cut -c1-300
    fail=1
else
    echo "ok: no command building the GUI=OFF sandtable names wx or GTK ($(wc -l <<< "$headless_commands") commands)"
fi
if ! diff <(link_parts "$work/build" sandtable) <(link_parts "$tree" "$target") > "$work.link.diff"; then
    echo "FAIL: the GUI=OFF sandtable (<) and $bin (>) are linked from different parts:"
    cat "$work.link.diff"; fail=1
else
    echo "ok: the GUI=OFF sandtable and $target are linked from the same $(link_parts "$tree" "$target" | wc -l) parts"
fi

if [[ ! -x "$bin" ]]; then
    echo "FAIL: $bin is not a program"; exit 1
fi
if ldd "$bin" | grep -q "libwx_"; then
    echo "FAIL: the headless sandtable links wx:"; ldd "$bin" | grep libwx_; fail=1
else
    echo "ok: no wx linked"
fi
sample="$samples/franklin/franklin.sandtable.xml"
for kind in pdf svg png tmx vassal json roster counters booklet; do
    case $kind in svg|png|tmx|json) ext=$kind ;; vassal) ext=vmod ;; *) ext=pdf ;; esac
    out="$work/out-$kind.$ext"
    rm -f "$out"
    if ! env -u DISPLAY -u WAYLAND_DISPLAY "$bin" export "$sample" --to "$kind" -o "$out" --cell-size 20mm > "$work/$kind.log" 2>&1; then
        echo "FAIL: export --to $kind:"; cat "$work/$kind.log"; fail=1; continue
    fi
    case $ext in
        pdf) pdfinfo "$out" > /dev/null 2>&1 || { echo "FAIL: $kind is not a PDF pdfinfo reads"; fail=1; continue; } ;;
        svg|tmx) xmllint --noout "$out" || { echo "FAIL: $kind is not well-formed XML"; fail=1; continue; } ;;
        png) [[ "$(head -c 8 "$out" | od -An -tx1 | tr -d ' \n')" == "89504e470d0a1a0a" ]] \
                 || { echo "FAIL: png has no PNG signature"; fail=1; continue; } ;;
        json) python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$out" \
                 || { echo "FAIL: json does not parse"; fail=1; continue; } ;;
        vmod) python3 -c "import zipfile,sys; assert 'buildFile.xml' in zipfile.ZipFile(sys.argv[1]).namelist()" "$out" \
                 || { echo "FAIL: vassal is not a zip with a buildFile.xml"; fail=1; continue; } ;;
    esac
    echo "ok: export --to $kind ($(head -1 "$work/$kind.log"))"
done
exit $fail
