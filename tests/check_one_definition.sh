#!/usr/bin/env bash
# One definition of each named class, struct and enum in a namespace, across every source file of
# the folders given: two files defining sandtable::PixelRect differently is a one-definition-rule
# breach that links silently, and in the unity build two such definitions met in one file and
# stopped CI's build. Types in anonymous namespaces are each file's own and are not counted; a
# folder's data/ (the tests' fixtures) is not looked in.
set -u
[[ $# -gt 0 ]] || { echo "usage: $0 FOLDER..." >&2; exit 2; }
files=()
for folder in "$@"; do
    [[ -d "$folder" ]] || { echo "FAIL: no folder $folder"; exit 1; }
    while IFS= read -r -d '' f; do files+=("$f"); done < <(find "$folder" -path "$folder/data" -prune -o \( -name '*.hpp' -o -name '*.cpp' \) -print0)
done
[[ ${#files[@]} -gt 0 ]] || { echo "FAIL: no source files in $*"; exit 1; }
# "namespace::Name<TAB>file:line" for each type defined with a body at a namespace's own level
# (clang-format puts those at the line's start; nested and local types are indented).
definitions=$(awk '
FNR == 1 { depth = 0; anonymous = 0 }
/^namespace [A-Za-z_:]+ \{/ { stack[++depth] = $2; next }
/^namespace \{/ { stack[++depth] = ""; anonymous++; next }
/^\} \/\/ namespace/ { if (depth > 0) { if (stack[depth] == "") anonymous--; depth-- } next }
anonymous == 0 && depth > 0 &&
    match($0, /^(struct|class|enum class|enum) [A-Za-z_][A-Za-z0-9_:]*( final)? *(:[^;{]*)?\{/) {
    name = $0; sub(/^(enum class|struct|class|enum) /, "", name); sub(/[^A-Za-z0-9_:].*/, "", name)
    scope = ""; for (i = 1; i <= depth; i++) scope = scope (i > 1 ? "::" : "") stack[i]
    print scope "::" name "\t" FILENAME ":" FNR
}' "${files[@]}")
twice=$(cut -f1 <<<"$definitions" | sort | uniq -d)
if [[ -n "$twice" ]]; then
    while IFS= read -r name; do
        echo "FAIL: $name is defined in more than one place:"
        awk -F'\t' -v n="$name" '$1 == n { print "  " $2 }' <<<"$definitions"
    done <<<"$twice"
    exit 1
fi
echo "ok: $(wc -l <<<"$definitions") types in ${#files[@]} files, each defined once"
