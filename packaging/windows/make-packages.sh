#!/usr/bin/env bash
# packaging/windows/make-packages.sh BUILD OUT: from the cross build in BUILD, the portable zip
# OUT/sandtable-VERSION-win64.zip and the installer OUT/sandtable-VERSION-setup.exe. Both are made
# under temporary names and renamed when both are whole: a failure leaves neither behind (and the
# previous ones are gone, so nothing stale passes for this build).
set -euo pipefail
build="$1"
out="$2"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
version="$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")"
[[ -n "$version" ]] || { echo "make-packages: $build is not a configured build" >&2; exit 1; }
name="sandtable-$version-win64"
zip="$out/$name.zip"
setup="$out/sandtable-$version-setup.exe"
stage="$out/stage/$name"
rm -f "$zip" "$setup" "$zip.partial" "$setup.partial"
trap 'rm -f "$zip.partial" "$setup.partial"' EXIT

rm -rf "$out/stage"
cmake --install "$build" --prefix "$stage" --strip
install -m 644 "$root/packaging/windows/README.txt" "$stage/README.txt"
sed -i 's/$/\r/' "$stage/README.txt" # Notepad's line ends

(cd "$out/stage" && zip -q -r -9 "../$(basename "$zip").partial" "$name")

# The installer removes exactly what it installed: the lists of files and folders are written out
# from the stage, deepest folders last so each is empty when removed.
lists="$out/stage/installer-lists"
mkdir -p "$lists"
(cd "$stage" && find . -type f | sed 's|^\./||; s|/|\\|g' | sort) |
    awk '{ printf "Delete \"$INSTDIR\\%s\"\n", $0 }' > "$lists/delete-files.nsh"
(cd "$stage" && find . -mindepth 1 -type d | sed 's|^\./||; s|/|\\|g' | sort -r) |
    awk '{ printf "RMDir \"$INSTDIR\\%s\"\n", $0 }' > "$lists/delete-folders.nsh"
makensis -V2 -INPUTCHARSET UTF8 -DVERSION="$version" -DSTAGE="$(realpath "$stage")" -DLISTS="$(realpath "$lists")" \
    -DOUTFILE="$(realpath "$out")/$(basename "$setup").partial" "$root/packaging/windows/installer.nsi"
# Both whole: only now do they take their names.
mv "$zip.partial" "$zip"
mv "$setup.partial" "$setup"
echo "make-packages: $zip ($(du -h "$zip" | cut -f1))"
echo "make-packages: $setup ($(du -h "$setup" | cut -f1))"
