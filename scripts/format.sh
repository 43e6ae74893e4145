#!/usr/bin/env bash
# Formats every Swift file of the package and its side packages in place, as .swift-format
# says (Sources, Tests, Examples, Benchmarks; build folders left out). What it cannot fix
# (a `forEach` to turn into a `for` loop, say) scripts/lint.sh still reports.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname -s)" = Darwin ]; then format=(xcrun swift-format); else format=(swift-format); fi
find Sources Libraries Tests Examples Benchmarks -name '.build*' -prune -o -name '*.swift' -print0 |
    xargs -0 "${format[@]}" format --in-place --parallel --configuration .swift-format
