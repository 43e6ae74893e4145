#!/usr/bin/env bash
# Builds the DocC documentation of every library product into a static site under
# .build/docs/<Product>, with the toolchain's own tools and no package plugin:
#   1. `swift build` of the product's target (debug, as `make test` builds it anyway);
#   2. `swift-symbolgraph-extract` of its public symbols from the built module;
#   3. `docc convert --warnings-as-errors` of its catalog (Libraries/Sources/<Target>/<Target>.docc);
#   4. scripts/check-doc-topics.swift: every public type, and every member of a protocol,
#      namespace or extension, sits in a topic group written in the catalog (DocC itself
#      files what no group names under groups of its own making, silently).
# Fails, naming what to fix, on any DocC warning or uncurated symbol. Called by `make docs`
# and `make test`. Options: --quiet leaves out how to view the site.
set -euo pipefail
cd "$(dirname "$0")/.."

# The documented products; each is one target of the same name with a catalog.
PRODUCTS=(Pipelines Streams StreamsFoundation StreamsFoundationTLS StreamsTesting)

SWIFT=${SWIFT:-swift}
quiet=false
[ "${1:-}" = --quiet ] && quiet=true

if [ "$(uname -s)" = Darwin ]; then
    docc=(xcrun docc)
    extract=(xcrun swift-symbolgraph-extract -sdk "$(xcrun --show-sdk-path)")
else
    docc=(docc)
    extract=(swift-symbolgraph-extract)
fi
triple=$("$SWIFT" -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)

out=.build/docs
mkdir -p "$out"
for product in "${PRODUCTS[@]}"; do
    "$SWIFT" build --target "$product" >/dev/null
done
bin=$("$SWIFT" build --show-bin-path)

# The system-library modules (COpenSSL) are found by their module maps, as SwiftPM does.
system_modules=()
for map in Libraries/Sources/*/module.modulemap; do
    system_modules+=(-Xcc "-fmodule-map-file=$map")
done

failed=()
for product in "${PRODUCTS[@]}"; do
    graphs="$out/symbol-graphs/$product"
    rm -rf "$graphs" "$out/$product"
    mkdir -p "$graphs"
    # Extension blocks let DocC show what the module adds to other modules' types
    # (Sequence.publisher, DispatchQueue as a Scheduler) under those types.
    "${extract[@]}" -module-name "$product" -target "$triple" \
        -I "$bin/Modules" -I "$bin" "${system_modules[@]}" -output-dir "$graphs" \
        -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols
    if ! "${docc[@]}" convert "Libraries/Sources/$product/$product.docc" \
            --additional-symbol-graph-dir "$graphs" \
            --output-dir "$out/$product" \
            --fallback-display-name "$product" \
            --fallback-bundle-identifier "swiftlab.$product" \
            --transform-for-static-hosting --hosting-base-path "$product" \
            --warnings-as-errors >"$out/$product.log" 2>&1; then
        cat "$out/$product.log" >&2
        echo "docs: DocC reported the problems above for $product." >&2
        failed+=("$product")
        continue
    fi
    if ! "$SWIFT" scripts/check-doc-topics.swift "$out/$product" "Libraries/Sources/$product/$product.docc"; then
        failed+=("$product")
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "docs: failed for ${failed[*]}." >&2
    exit 1
fi

# One page linking the sites, so that one server shows them all.
{
    echo '<!doctype html><meta charset="utf-8"><title>SwiftLab documentation</title>'
    echo '<h1>SwiftLab documentation</h1><ul>'
    for product in "${PRODUCTS[@]}"; do
        lower=$(echo "$product" | tr '[:upper:]' '[:lower:]')
        echo "<li><a href=\"$product/documentation/$lower/\">$product</a></li>"
    done
    echo '</ul>'
} >"$out/index.html"

if ! $quiet; then
    echo "docs: built ${PRODUCTS[*]} into $out/. To read them:"
    echo "    python3 -m http.server --directory $out 8000"
    echo "then open http://localhost:8000/ (the pages need a web server: opened as files they stay blank)."
fi
