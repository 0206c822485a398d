#!/usr/bin/env bash
# packaging/windows/deps.sh without access to Debian's source packages: it says what it could not
# reach and how to retry, exits 1 and leaves no package marked built.
#     tests/check_windows_deps_errors.sh SOURCE_DIR
set -euo pipefail
src="$1"
command -v apt-get > /dev/null || { echo "check_windows_deps_errors: apt-get not found" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/cache/apt"
# An archive nobody answers for (a closed port on this machine): apt fails at once.
echo "deb-src [trusted=yes] http://127.0.0.1:9/debian bookworm main" > "$work/cache/apt/sources.list"
if SANDTABLE_WINDOWS_CACHE="$work/cache" "$src/packaging/windows/deps.sh" > "$work/out" 2> "$work/err"; then
    echo "check_windows_deps_errors: deps.sh succeeded without its sources" >&2
    exit 1
fi
grep -q "cannot reach Debian's source packages" "$work/err" ||
    { echo "check_windows_deps_errors: no clear message: $(cat "$work/err")" >&2; exit 1; }
grep -q "run again" "$work/err" || { echo "check_windows_deps_errors: no word of retrying: $(cat "$work/err")" >&2; exit 1; }
[[ -z "$(ls -A "$work/cache/stamps")" ]] || { echo "check_windows_deps_errors: a stamp was left" >&2; exit 1; }
echo "check_windows_deps_errors: $(tail -1 "$work/err")"
