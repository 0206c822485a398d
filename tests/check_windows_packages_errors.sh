#!/usr/bin/env bash
# packaging/windows/make-packages.sh when the installer cannot be made (makensis fails): it fails,
# and leaves neither the zip nor the installer, nor a half-made one, nor the previous build's.
#     tests/check_windows_packages_errors.sh SOURCE_DIR
set -euo pipefail
src="$1"
for tool in cmake zip; do
    command -v "$tool" > /dev/null || { echo "check_windows_packages_errors: $tool not found" >&2; exit 1; }
done
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# A configured build whose install puts one program in bin/.
mkdir -p "$work/build" "$work/out" "$work/bin"
echo "CMAKE_PROJECT_VERSION:STATIC=9.8.7" > "$work/build/CMakeCache.txt"
echo 'file(INSTALL "${CMAKE_CURRENT_LIST_DIR}/CMakeCache.txt" DESTINATION "${CMAKE_INSTALL_PREFIX}/bin")' \
    > "$work/build/cmake_install.cmake"
# Last run's packages, which must not survive a failed one.
touch "$work/out/sandtable-9.8.7-win64.zip" "$work/out/sandtable-9.8.7-setup.exe"
printf '#!/bin/sh\necho "makensis: Error in script" >&2\nexit 1\n' > "$work/bin/makensis"
chmod +x "$work/bin/makensis"
if PATH="$work/bin:$PATH" "$src/packaging/windows/make-packages.sh" "$work/build" "$work/out" > "$work/log" 2>&1; then
    echo "check_windows_packages_errors: make-packages.sh succeeded though makensis failed" >&2
    exit 1
fi
left="$(cd "$work/out" && ls sandtable-* 2> /dev/null || true)"
if [[ -n "$left" ]]; then
    echo "check_windows_packages_errors: left behind: $left" >&2
    exit 1
fi
echo "check_windows_packages_errors: failed as it should, nothing left: $(tail -1 "$work/log")"
