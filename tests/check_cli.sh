#!/usr/bin/env bash
# The real executable, run with no display: headless commands work, exit codes are as documented,
# and asking for the editor without a display fails cleanly instead of crashing.
set -u
bin="$1"; samples="$2"; work="$3"
mkdir -p "$work"
fail=0
check() { # expected-code description command...
    local want="$1" what="$2"; shift 2
    "$@" >"$work/out" 2>"$work/err"
    local got=$?
    if [[ $got -ne $want ]]; then
        echo "FAIL: $what: exit $got, expected $want"; cat "$work/err"; fail=1
    else
        echo "ok: $what"
    fi
}
check 0 "--help" "$bin" --help
check 0 "--version" "$bin" --version
check 2 "unknown command" "$bin" nosuchcommand
check 2 "editor without a display" "$bin"
grep -q "no display" "$work/err" || { echo "FAIL: no-display message missing"; fail=1; }
check 0 "generate" "$bin" generate --cols 30 --rows 30 --units 50 -o "$work/g.xml"
check 0 "info" "$bin" info "$work/g.xml"
check 0 "info --json" "$bin" info --json "$work/g.xml"
python3 -c "import json,sys; json.load(open('$work/out'))" || { echo "FAIL: info --json is not JSON"; fail=1; }
check 2 "info on a missing file" "$bin" info "$work/missing.xml"
check 0 "rulesets" "$bin" rulesets
for f in $(find "$samples" -name "*.xml"); do
    check 0 "validate $(basename "$f")" "$bin" validate "$f"
done
for f in $(find "$samples" -name '*.xml'); do
    check 0 "info $(basename "$f")" "$bin" info "$f"
done
exit $fail
