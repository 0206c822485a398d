#!/usr/bin/env bash
# The Debian package builds from this build, unpacks into a temporary root (dpkg -x) and the program
# there finds its rulesets' files, samples and guide under that root; the desktop files and the man
# page are well formed. A bad build folder gets a clear error and no package.
#     tests/check_package.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build="$1"
src="$2"
fail() {
    echo "check_package: $*" >&2
    exit 1
}
for tool in dpkg-deb dpkg-shlibdeps rsvg-convert groff desktop-file-validate xmllint; do
    command -v "$tool" > /dev/null ||
        fail "$tool not found (./dev test installs dpkg-dev, librsvg2-bin, groff-base, desktop-file-utils, libxml2-utils)"
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A folder that is not a build: refused, nothing written.
if "$src/packaging/debian/build-deb.sh" "$work/not-a-build" "$work/bad" 2> "$work/bad.err"; then
    fail "build-deb.sh accepted a folder that is not a build"
fi
grep -q "is not a configured build" "$work/bad.err" || fail "unclear error for a bad build folder: $(cat "$work/bad.err")"
[[ ! -e "$work/bad" ]] || fail "a refused package left $work/bad behind"

# The test build's binary is large (sanitizers, debug information): stored, not compressed (gzip
# took half a minute of the test; the package's form is what is checked here).
deb="$(SANDTABLE_DEB_COMPRESSION=none "$src/packaging/debian/build-deb.sh" "$build" "$work/out")"
[[ -f "$deb" ]] || fail "no package at $deb"
control="$(dpkg-deb -f "$deb")"
for field in "Package: sandtable" "Section: graphics" "Depends: .*libwxgtk3.2-1" "Depends: .*libcairo2" \
    "Depends: .*libgdal32" "Depends: .*libzip4"; do
    grep -Eq "^$field" <<< "$control" || fail "the control file has no '$field':
$control"
done
dpkg-deb -c "$deb" > "$work/contents"
for file in usr/bin/sandtable usr/libexec/sandtable/sandtable-editor usr/libexec/sandtable/sandtable-draw usr/share/man/man1/sandtable.1.gz usr/share/applications/sandtable.desktop \
    usr/share/mime/packages/sandtable.xml usr/share/thumbnailers/sandtable.thumbnailer \
    usr/share/icons/hicolor/scalable/apps/sandtable.svg usr/share/icons/hicolor/16x16/apps/sandtable.png \
    usr/share/icons/hicolor/256x256/apps/sandtable.png usr/share/doc/sandtable/copyright \
    usr/share/doc/sandtable/changelog.gz usr/share/doc/sandtable/user-guide.md \
    usr/share/doc/sandtable/images/editor-1366x768.png usr/share/sandtable/rulesets/good-old-rebel.xml \
    usr/share/sandtable/samples/gettysburg/gettysburg.sandtable.xml; do
    grep -q " \./$file\$" "$work/contents" || fail "the package has no /$file"
done
! grep -q "build_sample.py\|make_pictures.sh" "$work/contents" || fail "the package carries the samples' build scripts"
for program in usr/bin/sandtable usr/libexec/sandtable/sandtable-editor usr/libexec/sandtable/sandtable-draw; do
    grep -q "^-rwxr-xr-x root/root .* ./$program$" "$work/contents" || fail "/$program is not root's 0755"
done

root="$work/root"
dpkg -x "$deb" "$root"
bin="$root/usr/bin/sandtable"
share="$root/usr/share/sandtable"
# The unpacked program finds its files where it is, not in the source tree it was built from.
"$bin" rulesets > "$work/rulesets.txt"
grep -qF "(as a file to copy for house rules: $share/rulesets/hexed-general.xml)" "$work/rulesets.txt" ||
    fail "the unpacked program does not point at its own rulesets' files: $(grep 'as a file' "$work/rulesets.txt" | head -1)"
for sample in "$share"/samples/*/*.sandtable.xml; do
    "$bin" validate "$sample" > /dev/null || fail "the installed $sample does not validate"
done
[[ "$(ls -d "$share"/samples/*/ | wc -l)" -eq 6 ]] || fail "not six sample battles in $share/samples"
# The thumbnailer's command, as the desktop runs it.
exec_line="$(sed -n 's/^Exec=//p' "$root/usr/share/thumbnailers/sandtable.thumbnailer")"
[[ "$exec_line" == "sandtable thumbnail %i %o --size %s" ]] || fail "unexpected thumbnailer Exec: $exec_line"
"$bin" thumbnail "$share/samples/gettysburg/gettysburg.sandtable.xml" "$work/thumb.png" --size 128
[[ "$(head -c 4 "$work/thumb.png" | tail -c 3)" == PNG ]] || fail "the thumbnail is not a PNG"
desktop-file-validate "$root/usr/share/applications/sandtable.desktop" || fail "the desktop entry does not validate"
xmllint --noout "$root/usr/share/mime/packages/sandtable.xml" || fail "the MIME type is not well-formed XML"
# The man page formats without a warning.
zcat "$root/usr/share/man/man1/sandtable.1.gz" > "$work/sandtable.1"
warnings="$(groff -man -Tutf8 -ww -z "$work/sandtable.1" 2>&1)"
[[ -z "$warnings" ]] || fail "the man page has groff warnings: $warnings"
grep -q '^\.SS "thumbnail"' "$work/sandtable.1" || fail "the man page lacks the thumbnail command"
echo "check_package: $(basename "$deb") $(du -k "$deb" | cut -f1) KiB: builds, unpacks and runs from its own root"
