#!/usr/bin/env bash
# Checks the house style, as .swift-format states it, over every Swift file of the package
# and its side packages (Sources, Tests, Examples, Benchmarks; build folders left out):
# `swift-format lint --strict`, so any finding fails. scripts/format.sh fixes most findings.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname -s)" = Darwin ]; then format=(xcrun swift-format); else format=(swift-format); fi
find Sources Libraries Tests Examples Benchmarks -name '.build*' -prune -o -name '*.swift' -print0 |
    xargs -0 "${format[@]}" lint --strict --parallel --configuration .swift-format
