#!/usr/bin/env bash
# Builds the DocC documentation of every library product into a static site under
# .build/docs/<Product>, with the toolchain's own tools and no package plugin:
#   1. `swift build` of the product's target (debug, as `make test` builds it anyway);
#   2. `swift-symbolgraph-extract` of its public symbols from the built module;
#   3. scripts/navigator-titles.swift: the sidebar names functions and properties by their
#      titles (`debounce(for:scheduler:options:)`) instead of their cut-off declarations;
#   4. `docc convert --warnings-as-errors` of a copy of its catalog (Libraries/Sources/<Target>/<Target>.docc)
#      in .build/docs/catalogs; Streams' copy also gets the marble diagram of each time and
#      combining operator, drawn from the operator's marble test (Tests/StreamsOperatorMarbles)
#      by `streams-marble-pictures`, which refuses a diagram its test would fail: an SVG and
#      a documentation extension showing it on the operator's page;
#   5. scripts/check-doc-topics.swift: every public type, and every member of a protocol,
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
"$SWIFT" build --product streams-marble-pictures >/dev/null
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
    "$SWIFT" scripts/navigator-titles.swift "$graphs" >/dev/null
    # What is generated goes into a copy: the checkout stays as committed.
    catalog="$out/catalogs/$product.docc"
    rm -rf "$catalog"
    mkdir -p "$out/catalogs"
    cp -R "Libraries/Sources/$product/$product.docc" "$catalog"
    if [ "$product" = Streams ] && ! "$bin/streams-marble-pictures" "$catalog"; then
        failed+=("$product")
        continue
    fi
    if ! "${docc[@]}" convert "$catalog" \
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
    if ! "$SWIFT" scripts/check-doc-topics.swift "$out/$product" "$catalog"; then
        failed+=("$product")
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "docs: failed for ${failed[*]}." >&2
    exit 1
fi

# The root page: one card a library, its abstract taken from its catalog's landing page,
# and, when opened as a file, a notice that the sites need a web server.
{
    cat <<'HTML'
<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>SwiftLab libraries: documentation</title>
<style>
  :root { color-scheme: light dark; --accent: #0066cc; --card: #f5f5f7; --text: #1d1d1f; --muted: #6e6e73; }
  @media (prefers-color-scheme: dark) { :root { --accent: #2997ff; --card: #1d1d1f; --text: #f5f5f7; --muted: #a1a1a6; } }
  body { margin: 0; font: 17px/1.5 -apple-system, BlinkMacSystemFont, "Helvetica Neue", "Segoe UI", sans-serif; color: var(--text); }
  header { padding: 48px 24px 24px; max-width: 960px; margin: 0 auto; }
  header h1 { font-size: 40px; margin: 0 0 8px; }
  header p { color: var(--muted); margin: 0; }
  main { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 20px; padding: 24px; max-width: 960px; margin: 0 auto; }
  a.card { display: block; padding: 24px; border-radius: 14px; background: var(--card); color: inherit; text-decoration: none; border: 1px solid transparent; }
  a.card:hover { border-color: var(--accent); }
  a.card h2 { margin: 0 0 8px; font-size: 24px; color: var(--accent); }
  a.card p { margin: 0; color: var(--muted); font-size: 15px; }
  .notice { display: none; max-width: 912px; margin: 0 auto 8px; padding: 12px 24px; border-radius: 10px; background: #fff4ce; color: #3b2f00; }
  .notice code { font-size: 14px; }
  footer { max-width: 960px; margin: 0 auto; padding: 8px 24px 48px; color: var(--muted); font-size: 14px; }
</style>
<header>
  <h1>SwiftLab libraries</h1>
  <p>Reactive streams with Combine's names and behaviour, functional operators, and virtual time for tests, on Linux and macOS.</p>
</header>
<div class="notice" id="file-notice">These pages need a web server: opened as files, the library pages stay blank.
Serve this folder, for example with <code>python3 -m http.server --directory .build/docs 8000</code>, and open
<code>http://localhost:8000/</code>.</div>
<main>
HTML
    for product in "${PRODUCTS[@]}"; do
        lower=$(echo "$product" | tr '[:upper:]' '[:lower:]')
        # The landing page's abstract: its first paragraph after the title, markup left out.
        abstract=$(awk 'NR > 1 && NF { text = text (text ? " " : "") $0; next } text { exit } END { print text }' "Libraries/Sources/$product/$product.docc/$product.md" |
            sed 's/``\([^`]*\)``/\1/g; s/`//g; s/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g')
        echo "  <a class=\"card\" href=\"$product/documentation/$lower/\"><h2>$product</h2><p>$abstract</p></a>"
    done
    cat <<'HTML'
</main>
<footer>Built by <code>make docs</code> (scripts/docs.sh) from the DocC catalogs in Libraries/Sources.</footer>
<script>
  if (location.protocol === "file:") document.getElementById("file-notice").style.display = "block";
</script>
</html>
HTML
} >"$out/index.html"

if ! $quiet; then
    echo "docs: built ${PRODUCTS[*]} into $out/. To read them:"
    echo "    python3 -m http.server --directory $out 8000"
    echo "then open http://localhost:8000/ (the pages need a web server: opened as files they stay blank)."
fi
