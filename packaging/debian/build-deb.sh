#!/usr/bin/env bash
# Makes sandtable_VERSION_ARCH.deb from a built Sandtable (./dev package gives it a Release build
# with Debian's hardening flags; the package test gives it the test build):
#     packaging/debian/build-deb.sh BUILD_DIR OUT_DIR
# The files are those `cmake --install` puts under /usr (packaging/CMakeLists.txt); the
# dependencies are what dpkg-shlibdeps finds the binary linked with. A failure leaves no .deb.
# SANDTABLE_DEB_COMPRESSION: dpkg-deb's compressor (xz unless said; the test stores: none).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
die() {
    echo "build-deb: $*" >&2
    exit 1
}
(($# == 2)) || die "usage: build-deb.sh BUILD_DIR OUT_DIR"
build="$(realpath "$1")"
out="$(realpath -m "$2")"
[[ -f "$build/CMakeCache.txt" ]] || die "$build is not a configured build (no CMakeCache.txt)"
for tool in dpkg-deb dpkg-shlibdeps gzip; do
    command -v "$tool" > /dev/null || die "$tool is needed (Debian's dpkg-dev); ./dev package installs it"
done
version="$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")"
[[ -n "$version" ]] || die "no project version in $build/CMakeCache.txt"
arch="$(dpkg --print-architecture)"
deb="$out/sandtable_${version}_${arch}.deb"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/root"
DESTDIR="$root" cmake --install "$build" --prefix /usr > "$work/install.log" ||
    die "cmake --install failed: $(tail -5 "$work/install.log")"
for needed in usr/bin/sandtable usr/libexec/sandtable/sandtable-editor usr/libexec/sandtable/sandtable-draw usr/share/man/man1/sandtable.1 usr/share/icons/hicolor/48x48/apps/sandtable.png \
    usr/share/sandtable/rulesets/hexed-general.xml usr/share/doc/sandtable/user-guide.md; do
    [[ -e "$root/$needed" ]] || die "the build installs no /$needed (the PNG icons need rsvg-convert, librsvg2-bin, when the build is configured)"
done

# Debian's ways: a stripped binary, compressed manual and changelog, the copyright file, md5sums.
programs=("$root/usr/bin/sandtable" "$root/usr/libexec/sandtable/sandtable-editor" "$root/usr/libexec/sandtable/sandtable-draw")
strip --strip-unneeded --remove-section=.comment --remove-section=.note "${programs[@]}"
gzip -9n "$root/usr/share/man/man1/sandtable.1"
doc="$root/usr/share/doc/sandtable"
gzip -9nc "$here/changelog" > "$doc/changelog.gz"
cp "$here/copyright" "$doc/copyright"
find "$root" -type d -exec chmod 0755 {} +
find "$root" -type f -exec chmod 0644 {} +
chmod 0755 "${programs[@]}"

# The libraries the programs link, as package dependencies.
mkdir -p "$work/debian"
printf 'Source: sandtable\n\nPackage: sandtable\nArchitecture: any\n' > "$work/debian/control"
depends="$(cd "$work" && dpkg-shlibdeps -O "${programs[@]/#/-e}" 2> "$work/shlibdeps.log" |
    sed -n 's/^shlibs:Depends=//p')" || die "dpkg-shlibdeps failed: $(cat "$work/shlibdeps.log")"
[[ -n "$depends" ]] || die "dpkg-shlibdeps found no dependency: $(cat "$work/shlibdeps.log")"
# The maps are set in DejaVu (render/text.hpp): without it fontconfig would choose other shapes.
depends="$depends, fonts-dejavu-core"

mkdir -p "$root/DEBIAN"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
cat > "$root/DEBIAN/control" <<CONTROL
Package: sandtable
Version: $version
Architecture: $arch
Maintainer: Sandtable developers <sandtable@users.noreply.github.com>
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Recommends: xdg-utils
Section: graphics
Priority: optional
Description: scenario and map editor for American Civil War grid wargames
 Sandtable paints terrain, elevation, roads, railroads, rivers, walls and lines
 of supply onto hex or square grids, builds both orders of battle and deploys
 them. A validator checks every deployment against the stacking, command and
 supply rules of The Hexed General, Kallistra's ACW hex rules, the 2015 ACW
 area rules or I'm a Good Old Rebel, or against house rules, which are data
 files. Scenarios are saved as XML, exported as VASSAL modules and Tiled maps,
 and printed at tabletop scale.
 .
 The package has six sample battles, the rulesets as files to copy, the user
 guide, a desktop entry and thumbnails for scenario files.
CONTROL
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

mkdir -p "$out"
rm -f "$deb"
dpkg-deb --root-owner-group -Z"${SANDTABLE_DEB_COMPRESSION:-xz}" --build "$root" "$work/package.deb" > /dev/null
mv "$work/package.deb" "$deb"
echo "$deb"
