#!/usr/bin/env bash
# A thread_local holds only what needs no destructor (a number, a flag, a pointer): MinGW's runtime
# may free a thread_local's storage before it runs the destructor when a thread ends, so a
# thread_local vector freed its buffer twice and corrupted the heap of a Windows export drawn on
# several threads. Scratch a thread reuses belongs to the object that draws. A folder's data/
# (the tests' fixtures) is not looked in.
set -u
[[ $# -gt 0 ]] || { echo "usage: $0 FOLDER..." >&2; exit 2; }
trivial='(static )?(const |constexpr )?(bool|char|int|unsigned|long|long long|float|double|std::size_t|std::u?int(8|16|32|64)_t)( |$)|(const )?[A-Za-z_][A-Za-z0-9_:]*( const)? *\*'
fail=0 seen=0
for folder in "$@"; do
    [[ -d "$folder" ]] || { echo "FAIL: no folder $folder"; exit 1; }
    while IFS= read -r hit; do
        [[ -n "$hit" ]] || continue
        seen=$((seen + 1))
        declared=${hit#*thread_local }
        if ! [[ "$declared" =~ ^($trivial) ]]; then
            echo "FAIL: ${hit%%:*}:$(cut -d: -f2 <<<"$hit"): a thread_local of a type with a destructor: ${declared}"
            fail=1
        fi
    done < <(grep -rnE --include='*.cpp' --include='*.hpp' --exclude-dir=data '(^|[^A-Za-z_])thread_local ' "$folder" |
             grep -vE ':[0-9]+: *//')
done
[[ $fail -eq 0 ]] && echo "ok: $seen thread_local declarations, none with a destructor"
exit $fail
