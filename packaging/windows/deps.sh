#!/usr/bin/env bash
# What Sandtable needs on Windows, built from Debian's own bookworm source packages with Debian's
# MinGW-w64 into a cache that later runs reuse (build-windows/deps unless SANDTABLE_WINDOWS_CACHE
# says otherwise):
#   apt/       a private sources list and lists: the machine's own apt configuration is untouched
#   sources/   the source packages as apt-get source downloads them
#   src/       each unpacked with its Debian patches (dpkg-source -x)
#   build/     out-of-tree builds;  prefix/  what they install;  logs/  one log a package
#   stamps/    one a package built: a rerun skips it; a failure leaves none, so a rerun starts there
# Each package is built with what Sandtable uses and without the rest.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cache="${SANDTABLE_WINDOWS_CACHE:-$root/build-windows/deps}"
prefix="$cache/prefix"
host=x86_64-w64-mingw32
jobs="$(nproc 2>/dev/null || echo 2)"
mkdir -p "$cache"/{apt/lists/partial,apt/archives/partial,sources,src,build,prefix,logs,stamps}

export SANDTABLE_WINDOWS_PREFIX="$prefix"
export PKG_CONFIG_LIBDIR="$prefix/lib/pkgconfig:$prefix/share/pkgconfig"
unset PKG_CONFIG_PATH
toolchain="$root/packaging/windows/mingw-toolchain.cmake"

die() {
    echo "dev windows: $*" >&2
    exit 1
}

# deb-src for the archive the machine's apt already uses (its URIs and key), suite bookworm.
private_sources() {
    local list="$cache/apt/sources.list"
    [[ -s "$list" ]] && return 0
    local uri="" key=""
    if [[ -f /etc/apt/sources.list.d/debian.sources ]]; then
        read -r uri key < <(awk '
            /^URIs:/ { u = $2 } /^Suites:/ { s = $0 } /^Signed-By:/ { k = $2 }
            /^$/ { if (s ~ /bookworm( |$)/ && u != "") { print u, k; exit } u = ""; s = ""; k = "" }
            END { if (s ~ /bookworm( |$)/ && u != "") print u, k }' /etc/apt/sources.list.d/debian.sources)
    fi
    if [[ -z "$uri" && -f /etc/apt/sources.list ]]; then
        uri="$(awk '$1 == "deb" && $3 == "bookworm" { print $2; exit }' /etc/apt/sources.list)"
    fi
    [[ -n "$uri" ]] || die "no Debian bookworm archive in the machine's apt sources to take the source packages from"
    key="${key:-/usr/share/keyrings/debian-archive-keyring.gpg}"
    echo "deb-src [signed-by=$key] $uri bookworm main" > "$list.new"
    mv "$list.new" "$list"
}

apt_private() {
    apt-get -o Dir::Etc::SourceList="$cache/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null \
        -o Dir::State::Lists="$cache/apt/lists" -o Dir::Cache::Archives="$cache/apt/archives" "$@"
}

# The unpacked source of Debian's source package $1 (downloaded and unpacked once).
source_of() {
    local name="$1" dir="$cache/src/$1"
    if [[ ! -f "$dir/.unpacked" ]]; then
        private_sources
        if [[ ! -f "$cache/apt/lists/.updated" ]]; then
            # --error-on=any: an index that could not be fetched is a failure, not a warning.
            apt_private update -qq --error-on=any || die "cannot reach Debian's source packages (apt-get update on $cache/apt/sources.list failed); check the network and run again"
            touch "$cache/apt/lists/.updated"
        fi
        local fetched=1
        (cd "$cache/sources" && apt_private source --download-only "$name" > "$cache/logs/$name.fetch.log" 2>&1) ||
            fetched=0
        local dsc
        dsc="$(ls -t "$cache/sources/${name}"_*.dsc 2> /dev/null | head -1)"
        [[ -n "$dsc" ]] || die "cannot download the source package $name (see $cache/logs/$name.fetch.log); run again to retry"
        rm -rf "$dir"
        if ((fetched)); then
            dpkg-source --no-check -x "$dsc" "$dir" > "$cache/logs/$name.unpack.log" 2>&1 ||
                die "cannot unpack $dsc (see $cache/logs/$name.unpack.log)"
        else
            # Some archives miss an old-style package's .diff.gz (Debian's packaging, no source
            # patch); its upstream tarball, checked against the .dsc's SHA-256, is the source.
            local orig sum
            orig="$(ls "$cache/sources/${name}"_*.orig.tar.* 2> /dev/null | head -1)"
            [[ -n "$orig" ]] || die "cannot download the source package $name (see $cache/logs/$name.fetch.log); run again to retry"
            sum="$(awk -v f="$(basename "$orig")" '/^Checksums-Sha256:/ { on = 1; next } /^[^ ]/ { on = 0 } on && $3 == f { print $1 }' "$dsc")"
            [[ -n "$sum" && "$(sha256sum "$orig" | cut -d' ' -f1)" == "$sum" ]] ||
                die "$orig does not match the SHA-256 in $dsc"
            grep -q "diff.gz" "$cache/logs/$name.fetch.log" ||
                die "cannot download the source package $name (see $cache/logs/$name.fetch.log); run again to retry"
            echo "dev windows: $name: Debian's .diff.gz is not in the archive; building its checked upstream tarball" >&2
            mkdir -p "$dir"
            tar -xf "$orig" -C "$dir" --strip-components=1
        fi
        touch "$dir/.unpacked"
    fi
    echo "$dir"
}

meson_cross() {
    local file="$cache/meson-cross.ini"
    cat > "$file" <<CROSS
[binaries]
c = '$host-gcc-posix'
cpp = '$host-g++-posix'
ar = '$host-ar'
strip = '$host-strip'
windres = '$host-windres'
pkgconfig = 'pkg-config'

[built-in options]
c_args = ['-I$prefix/include']
cpp_args = ['-I$prefix/include']
c_link_args = ['-L$prefix/lib']
cpp_link_args = ['-L$prefix/lib']

[host_machine]
system = 'windows'
cpu_family = 'x86_64'
cpu = 'x86_64'
endian = 'little'
CROSS
    echo "$file"
}

cmake_package() { # source dir, build dir, cmake options...
    local src="$1" build="$2"
    shift 2
    cmake -S "$src" -B "$build" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_PREFIX_PATH="$prefix" -DBUILD_SHARED_LIBS=ON "$@"
    cmake --build "$build" -j "$jobs"
    cmake --install "$build"
}

meson_package() { # source dir, build dir, meson options...
    local src="$1" build="$2"
    shift 2
    local again=()
    [[ -f "$build/build.ninja" ]] && again=(--reconfigure) # a rerun after a failed build
    meson setup "${again[@]}" "$build" "$src" --cross-file "$(meson_cross)" --prefix "$prefix" --libdir lib \
        --buildtype release --default-library shared --wrap-mode nodownload "$@"
    ninja -C "$build" -j "$jobs"
    ninja -C "$build" install
}

autotools_package() { # source dir, build dir, configure options...
    local src="$1" build="$2"
    shift 2
    mkdir -p "$build"
    # shared_flags: wx's configure knows no --disable-static (it builds one kind or the other).
    # shellcheck disable=SC2086
    (cd "$build" && "$src/configure" --host="$host" --prefix="$prefix" ${shared_flags---enable-shared --disable-static} \
        CC="$host-gcc-posix" CXX="$host-g++-posix" CPPFLAGS="-I$prefix/include" LDFLAGS="-L$prefix/lib" "$@")
    # Only the library's folder where the package's tests cannot be left out otherwise.
    # make_vars: words for make's command line (variables a package's configure sets wrongly).
    # shellcheck disable=SC2086
    make -C "$build/$make_in" -j "$jobs" $make_vars
    # shellcheck disable=SC2086
    make -C "$build/$make_in" install $make_vars
}
make_in=.
make_vars=""

# --- the packages, in the order they depend on each other -------------------------------------

build_zlib() {
    # Debian's zlib source leaves out win32/, whose version resource the CMake build compiles into
    # the DLL on MinGW: give it a plain one.
    local src
    src="$(source_of zlib)"
    mkdir -p "$src/win32"
    cat > "$src/win32/zlib1.rc" <<'RC'
#include <winver.h>
VS_VERSION_INFO VERSIONINFO
FILEVERSION 1,2,13,0
PRODUCTVERSION 1,2,13,0
FILEOS VOS__WINDOWS32
FILETYPE VFT_DLL
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904E4"
    BEGIN
      VALUE "FileDescription", "zlib data compression library\0"
      VALUE "FileVersion", "1.2.13\0"
      VALUE "ProductName", "zlib\0"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x0409, 1252
  END
END
RC
    cmake_package "$src" "$cache/build/zlib"
    # On MinGW its CMake names the import library libzlib, while its zlib.pc (and every other
    # build) asks for -lz: the same import library under that name too.
    cp "$prefix/lib/libzlib.dll.a" "$prefix/lib/libz.dll.a"
}

build_libpng() {
    cmake_package "$(source_of libpng1.6)" "$cache/build/libpng" -DPNG_STATIC=OFF -DPNG_TESTS=OFF \
        -Dld-version-script=OFF
}

build_pixman() {
    meson_package "$(source_of pixman)" "$cache/build/pixman" -Dgtk=disabled -Dlibpng=disabled -Dtests=disabled \
        -Dopenmp=disabled
}

build_libzstd() {
    # Tiled maps' zstd-compressed layers: the library alone, no programs.
    cmake_package "$(source_of libzstd)/build/cmake" "$cache/build/libzstd" -DZSTD_BUILD_PROGRAMS=OFF \
        -DZSTD_BUILD_TESTS=OFF -DZSTD_BUILD_STATIC=OFF -DZSTD_BUILD_SHARED=ON -DZSTD_LEGACY_SUPPORT=OFF
}

build_pugixml() {
    cmake_package "$(source_of pugixml)" "$cache/build/pugixml" -DPUGIXML_BUILD_TESTS=OFF
}

build_libzip() {
    # Sandtable reads and writes plain Deflate archives: no other codecs, no encryption.
    cmake_package "$(source_of libzip)" "$cache/build/libzip" -DENABLE_BZIP2=OFF -DENABLE_LZMA=OFF \
        -DENABLE_ZSTD=OFF -DENABLE_OPENSSL=OFF -DENABLE_GNUTLS=OFF -DENABLE_MBEDTLS=OFF \
        -DENABLE_COMMONCRYPTO=OFF -DENABLE_WINDOWS_CRYPTO=OFF -DBUILD_TOOLS=OFF -DBUILD_REGRESS=OFF \
        -DBUILD_EXAMPLES=OFF -DBUILD_DOC=OFF
}

build_fribidi() {
    meson_package "$(source_of fribidi)" "$cache/build/fribidi" -Ddocs=false
}

build_pcre2() {
    # GLib's regular expressions; 8-bit only, no grep or tests.
    cmake_package "$(source_of pcre2)" "$cache/build/pcre2" -DPCRE2_BUILD_PCRE2GREP=OFF -DPCRE2_BUILD_TESTS=OFF \
        -DPCRE2_SUPPORT_JIT=OFF
}

build_libffi() {
    autotools_package "$(source_of libffi)" "$cache/build/libffi" --disable-docs
}

build_gettext() {
    # Only libintl, which GLib needs on Windows: the runtime's intl library, nothing else of gettext.
    local src
    src="$(source_of gettext)"
    autotools_package "$src/gettext-runtime" "$cache/build/gettext" --disable-java --disable-csharp \
        --disable-libasprintf --disable-openmp --enable-threads=windows --without-libiconv-prefix \
        --without-emacs --without-git --without-cvs
    # The package's own install: intl only (the tools and their manuals are not needed).
    make -C "$cache/build/gettext/intl" install
}

build_glib() {
    meson_package "$(source_of glib2.0)" "$cache/build/glib" -Dtests=false -Dinstalled_tests=false \
        -Dnls=disabled -Dman=false -Dgtk_doc=false -Dlibelf=disabled
}

build_expat() {
    # The XML parser fontconfig reads its configuration with; the library only. Debian's security
    # patches test `#if XML_DTD == 1`, as its autotools build defines it; the CMake build's header
    # defines it empty unless told to define it as 1.
    local src
    src="$(source_of expat)/expat"
    sed -i 's/^#cmakedefine XML_DTD$/#cmakedefine01 XML_DTD/' "$src/expat_config.h.cmake"
    cmake_package "$src" "$cache/build/expat" -DEXPAT_BUILD_TOOLS=OFF -DEXPAT_BUILD_EXAMPLES=OFF \
        -DEXPAT_BUILD_TESTS=OFF -DEXPAT_BUILD_DOCS=OFF -DEXPAT_BUILD_PKGCONFIG=ON
}

build_freetype() {
    # Glyphs drawn as on Linux (the same rasteriser and hinting), so maps, prints and PNGs match.
    # Outlines only: no bzip2 fonts, no Brotli (WOFF2), no PNG colour glyphs, no HarfBuzz hinting.
    cmake_package "$(source_of freetype)" "$cache/build/freetype" -DFT_REQUIRE_ZLIB=ON -DFT_DISABLE_BZIP2=ON \
        -DFT_DISABLE_PNG=ON -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON
}

build_fontconfig() {
    # Finds the fonts Sandtable ships (DejaVu, as Debian's fonts-dejavu-core) and Windows' own, by the
    # configuration the Windows build installs beside it. No tools, documentation or translations.
    meson_package "$(source_of fontconfig)" "$cache/build/fontconfig" -Ddoc=disabled -Dtests=disabled \
        -Dtools=disabled -Dcache-build=disabled -Dnls=disabled
}

build_harfbuzz() {
    # Shaping for Pango through GLib, with FreeType's fonts. No ICU or Graphite (Latin scripts).
    meson_package "$(source_of harfbuzz)" "$cache/build/harfbuzz" -Dglib=enabled -Dgobject=disabled \
        -Dcairo=disabled -Dfreetype=enabled -Dicu=disabled -Dgraphite2=disabled -Dgdi=enabled \
        -Dtests=disabled -Ddocs=disabled -Dintrospection=disabled -Dbenchmark=disabled
}

# Debian's patches to some packages' configure.ac and Makefile.am are for Debian's own build (which
# runs autoreconf): maintainer mode, Linux symbol exports, perf utilities. Their upstream configure
# and Makefile.in serve here, so they are marked newer than what the patches touched and make does
# not try to regenerate them with another automake than theirs.
keep_generated_build_files() {
    local src="$1"
    touch "$src/aclocal.m4"
    sleep 1
    touch "$src/configure"
    find "$src" -name config.h.in -exec touch {} +
    sleep 1
    find "$src" -name Makefile.in -exec touch {} +
}

build_cairo() {
    # PNG, PDF and SVG (the exports) with FreeType's fonts found by fontconfig, as on Linux; the
    # Windows surface and fonts too, which Pango's Windows backend needs to build. No X11.
    local src
    src="$(source_of cairo)"
    keep_generated_build_files "$src"
    # Cairo's configure turns on _FORTIFY_SOURCE, whose checks MinGW-w64 keeps in libssp: libtool
    # makes a DLL only when it sees libssp's import library, in the compiler's own folder. Its test
    # suite (which wants FreeType) is always built by `make`: only src/ is made and installed.
    local ssp
    ssp="$(dirname "$("$host-gcc-posix" -print-file-name=libssp.dll.a)")"
    # MinGW's own printf (__USE_MINGW_ANSI_STDIO), not Windows' C library's, which Cairo asks for by
    # name on Windows (_snprintf): Cairo writes the numbers of its SVG and PDF with it, and Windows'
    # rounds a last decimal half-way otherwise than glibc, so the same map's SVG would not be the
    # same bytes as on Linux.
    sed -i 's/^#define snprintf _snprintf$//; s/^#define vsnprintf _vsnprintf$//' "$src/src/cairo-compiler-private.h"
    make_in=src autotools_package "$src" "$cache/build/cairo" LIBS=-lssp LDFLAGS="-L$prefix/lib -L$ssp" \
        CPPFLAGS="-I$prefix/include -D__USE_MINGW_ANSI_STDIO=1" --enable-win32 --enable-win32-font \
        --disable-xlib --disable-xcb --disable-xlib-xrender --enable-ft --enable-fc --enable-png \
        --enable-pdf --enable-svg --enable-ps --disable-gobject --disable-trace --disable-interpreter \
        --disable-full-testing --disable-gtk-doc --disable-valgrind --disable-symbol-lookup
}

build_pango() {
    # With fontconfig and FreeType: Sandtable draws text through them on Windows as on Linux.
    meson_package "$(source_of pango1.0)" "$cache/build/pango" -Dintrospection=disabled -Dfontconfig=enabled \
        -Dfreetype=enabled -Dxft=disabled -Dcairo=enabled -Dgtk_doc=false -Dinstall-tests=false \
        -Dsysprof=disabled -Dlibthai=disabled
}

build_wxwidgets() {
    # The MSW port as DLLs with what the editor uses: base, core, adv, aui, propgrid, and nanosvg for
    # the SVG pictures. Debian's source drops wx's own zlib, libpng, libjpeg, libtiff and expat:
    # pictures are read with the zlib and libpng above, JPEG and TIFF are not read by wx (GDAL reads
    # the rasters), and what needs expat (XRC, wxXmlDocument) is left out. Also left out, unused:
    # HTML help, rich text, Scintilla, the ribbon, OpenGL, media and web views, and the debug
    # report (wxQA, which needs XML).
    shared_flags=--enable-shared autotools_package "$(source_of wxwidgets3.2)" "$cache/build/wxwidgets" --with-msw \
        --disable-debug_flag \
        --with-zlib=sys --with-libpng=sys --with-libjpeg=no --with-libtiff=no --with-expat=no \
        --with-liblzma=no --with-regex=builtin --with-opengl=no --disable-xrc --disable-html --disable-debugreport \
        --disable-richtext --disable-stc --disable-ribbon --disable-mediactrl --disable-webview
}

build_sqlite3() {
    # PROJ's database engine, as upstream ships it to other builds: the amalgamation. sqlite3.c is
    # generated by a build for this machine (its generators, lemon and mkkeywordhash, must run
    # here, and its configure cannot build them while cross-compiling), then compiled for Windows
    # as one DLL with its import library, headers and pkg-config file. No Tcl binding, no shell.
    local src native="$cache/build/sqlite3-native" out="$cache/build/sqlite3" version
    src="$(source_of sqlite3)"
    version="$(cat "$src/VERSION")"
    mkdir -p "$native" "$out"
    (cd "$native" && "$src/configure" --disable-tcl --disable-readline --disable-editline TCLSH_CMD=tclsh)
    make -C "$native" -j "$jobs" sqlite3.c
    # What PROJ asks of it: threads (GDAL reads in several), column metadata, R*Tree off (unused).
    "$host-gcc-posix" -O2 -shared -DSQLITE_THREADSAFE=1 -DSQLITE_ENABLE_COLUMN_METADATA \
        -DSQLITE_DEFAULT_FOREIGN_KEYS=0 -o "$out/libsqlite3-0.dll" "$native/sqlite3.c" \
        -Wl,--out-implib,"$out/libsqlite3.dll.a"
    install -D -m 755 "$out/libsqlite3-0.dll" "$prefix/bin/libsqlite3-0.dll"
    install -D -m 644 "$out/libsqlite3.dll.a" "$prefix/lib/libsqlite3.dll.a"
    install -D -m 644 "$native/sqlite3.h" "$prefix/include/sqlite3.h"
    install -D -m 644 "$src/src/sqlite3ext.h" "$prefix/include/sqlite3ext.h"
    mkdir -p "$prefix/lib/pkgconfig"
    cat > "$prefix/lib/pkgconfig/sqlite3.pc" <<PC
prefix=$prefix
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: SQLite
Description: SQL database engine
Version: $version
Libs: -L\${libdir} -lsqlite3
Cflags: -I\${includedir}
PC
}

build_proj() {
    # Coordinate systems for GDAL and proj.db (written by this machine's sqlite3 from PROJ's SQL).
    # No network grids (curl) and no TIFF grids: Sandtable places maps in a coordinate system,
    # it does not shift datums by grid files. No programs, no tests.
    cmake_package "$(source_of proj)" "$cache/build/proj" -DENABLE_TIFF=OFF -DENABLE_CURL=OFF \
        -DBUILD_TESTING=OFF -DBUILD_APPS=OFF -DBUILD_CCT=OFF -DBUILD_CS2CS=OFF -DBUILD_GEOD=OFF \
        -DBUILD_GIE=OFF -DBUILD_PROJ=OFF -DBUILD_PROJINFO=OFF -DBUILD_PROJSYNC=OFF \
        -DEXE_SQLITE3="$(command -v sqlite3)"
}

build_gdal() {
    # The drivers Sandtable reads: GeoTIFF (with GDAL's own libtiff and libgeotiff), ASCII grid,
    # SRTM .hgt, PNG and JPEG with their world files, and VRT (always built). Every other driver and
    # every other external library is off: no network (curl), no databases, no Python.
    cmake_package "$(source_of gdal)" "$cache/build/gdal" -DGDAL_USE_EXTERNAL_LIBS=OFF -DGDAL_USE_ZLIB=ON \
        -DGDAL_USE_PNG=ON -DGDAL_USE_TIFF_INTERNAL=ON -DGDAL_USE_GEOTIFF_INTERNAL=ON \
        -DGDAL_USE_JPEG_INTERNAL=ON -DGDAL_USE_ICONV=OFF -DGDAL_BUILD_OPTIONAL_DRIVERS=OFF \
        -DOGR_BUILD_OPTIONAL_DRIVERS=OFF -DGDAL_ENABLE_DRIVER_AAIGRID=ON -DGDAL_ENABLE_DRIVER_SRTMHGT=ON \
        -DGDAL_ENABLE_DRIVER_PNG=ON -DGDAL_ENABLE_DRIVER_JPEG=ON -DBUILD_APPS=OFF -DBUILD_TESTING=OFF \
        -DBUILD_PYTHON_BINDINGS=OFF -DBUILD_JAVA_BINDINGS=OFF -DBUILD_CSHARP_BINDINGS=OFF
}

packages=(zlib libzstd libpng pixman pugixml libzip fribidi pcre2 libffi gettext glib expat freetype fontconfig harfbuzz cairo pango
    wxwidgets sqlite3 proj gdal)

# A package's stamp holds its build time and a hash of its recipe (its build_ function): a recipe
# changed since the cache was made builds that package again.
recipe_of() {
    declare -f "build_$1" | sha256sum | cut -c1-16
}

for p in "${packages[@]}"; do
    stamp="$cache/stamps/$p"
    if [[ -f "$stamp" && "$(cut -d' ' -f2 "$stamp")" == "$(recipe_of "$p")" ]]; then
        continue
    fi
    echo "dev windows: building $p (log: $cache/logs/$p.log)"
    start=$(date +%s)
    # In a subshell of its own, outside any `if`, so that set -e stops it at its first failure.
    set +e
    (
        set -e
        "build_$p"
    ) > "$cache/logs/$p.log" 2>&1
    status=$?
    set -e
    if ((status != 0)); then
        tail -25 "$cache/logs/$p.log" >&2
        die "$p failed (log: $cache/logs/$p.log); fix it and run again: the packages built so far are kept"
    fi
    seconds=$(($(date +%s) - start))
    echo "$seconds $(recipe_of "$p")" > "$stamp"
    echo "dev windows: $p built in $seconds s"
done
# Boost.Geometry, CLI11 and nlohmann-json are headers: Debian's own (libboost-dev, libcli11-dev,
# nlohmann-json3-dev), seen by the cross build through links in the prefix (never the rest of
# /usr/include, which is this machine's).
mkdir -p "$prefix/share/cmake/CLI11" "$prefix/share/cmake/nlohmann_json"
ln -sfn /usr/include/boost "$prefix/include/boost"
ln -sfn /usr/include/CLI "$prefix/include/CLI"
ln -sfn /usr/include/nlohmann "$prefix/include/nlohmann"
for f in /usr/share/cmake/CLI11/*.cmake; do
    ln -sfn "$f" "$prefix/share/cmake/CLI11/$(basename "$f")"
done
for f in /usr/share/cmake/nlohmann_json/*.cmake; do
    ln -sfn "$f" "$prefix/share/cmake/nlohmann_json/$(basename "$f")"
done
echo "dev windows: every dependency built into $prefix"
