#!/usr/bin/env bash
# Each library compiles against an include root holding only its own folder and those below it
# (CMakeLists.txt, sandtable_target SEES): an upward #include must not compile. For each library, a
# header below it must compile (so a failure below is the layering, not a broken compiler) and a
# header above it must fail with "No such file".
set -u
compiler="$1"
roots="$(cd "$2" 2>/dev/null && pwd)" || { echo "FAIL: no include roots in $2"; exit 1; }
fail=0
probe() { # library, header, expect (ok|missing)
    local out
    out=$(printf '#include "%s"\n' "$2" | "$compiler" -std=c++23 -fsyntax-only -x c++ -I"$roots/$1" - 2>&1)
    local status=$?
    if [[ "$3" == ok && $status -ne 0 ]]; then
        echo "FAIL: $1 cannot include $2, which is below it:"; echo "$out" | head -5; fail=1
    elif [[ "$3" == missing && ( $status -eq 0 || "$out" != *"No such file"* ) ]]; then
        echo "FAIL: $1 can include $2, which is above it"; fail=1
    else
        echo "ok: $1 $([[ "$3" == ok ]] && echo can || echo cannot) include $2"
    fi
}
[[ -d "$roots" ]] || { echo "FAIL: no include roots in $roots"; exit 1; }
# From an empty folder: a quoted #include also looks in the current one.
cd "$(mktemp -d)" || exit 1
probe sandtable_model model/enum_names.hpp ok
probe sandtable_model validators/violation.hpp missing
probe sandtable_model formats/load_error.hpp missing
probe sandtable_validators model/enum_names.hpp ok
probe sandtable_validators formats/load_error.hpp missing
probe sandtable_formats model/enum_names.hpp ok
probe sandtable_formats render/colours.hpp missing
probe sandtable_formats validators/violation.hpp missing
probe sandtable_render model/enum_names.hpp ok
probe sandtable_render formats/load_error.hpp missing
probe sandtable_exports formats/load_error.hpp ok
probe sandtable_exports validators/violation.hpp missing
probe sandtable_exports editor/document.hpp missing
exit $fail
