#!/usr/bin/env bash
# Checks the samples and generated scenarios of every grid against docs/scenario.xsd with xmllint.
set -u
bin="$1"; xsd="$2"; samples="$3"; work="$4"
mkdir -p "$work"
files=()
for shape in hex-flat hex-pointy square; do
    "$bin" generate --cols 40 --rows 30 --units 100 --grid "$shape" -o "$work/$shape.xml" >/dev/null || exit 1
    files+=("$work/$shape.xml")
done
while IFS= read -r f; do files+=("$f"); done < <(find "$samples" -name '*.xml' | sort)
files+=("$(dirname "$0")/data/good/small.xml" "$(dirname "$0")/data/good/tabletop-scale.xml")
xmllint --noout --schema "$xsd" "${files[@]}"
