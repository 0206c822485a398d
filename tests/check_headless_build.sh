#!/usr/bin/env bash
# A build without the editor (SANDTABLE_GUI=OFF) is a `sandtable` that links no wx and still exports
# every kind: the command line draws through render/ directly.
#
# Built without optimisation (no build type: no -O, no -g): what is checked is that the sources
# build this way, link no wx and export, not their speed. As a Release build it was CI's longest
# test by far (800 s beside the others); on two cores alone it takes 288 s so, 389 s at -O2. The
# warnings only an optimiser finds stay errors in ./dev build, bench, package and windows.
set -u
src="$1"; work="$2"; samples="$3"
fail=0
cmake -S "$src" -B "$work/build" -G Ninja -DSANDTABLE_GUI=OFF -DSANDTABLE_TESTS=OFF -DCMAKE_BUILD_TYPE= \
    > "$work.configure.log" 2>&1 || { echo "FAIL: configure (see $work.configure.log)"; exit 1; }
cmake --build "$work/build" --target sandtable -j "$(nproc)" > "$work.build.log" 2>&1 \
    || { echo "FAIL: build (see $work.build.log)"; tail -20 "$work.build.log"; exit 1; }
bin="$work/build/editor/sandtable"
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
