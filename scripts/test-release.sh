#!/usr/bin/env bash
# Tests scripts/release.sh without publishing anything: in a temporary clone of this
# repository's HEAD it checks that the script refuses an undated CHANGELOG heading, a
# CHANGELOG that disagrees with SwiftLabCore.version, and a tag that exists; that the tag
# it makes holds the libraries' package at its root; and that a package using README.md's
# manifest, with only the URL pointed at the clone, resolves that tag with SwiftPM.
# Called by `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
SWIFT=${SWIFT:-swift}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GIT_AUTHOR_NAME=release-test GIT_AUTHOR_EMAIL=release-test@localhost
export GIT_COMMITTER_NAME=release-test GIT_COMMITTER_EMAIL=release-test@localhost
clone="$work/SwiftLab"
git clone --quiet --no-hardlinks "$repo" "$clone"
git -C "$clone" checkout --quiet --detach "$(git -C "$repo" rev-parse HEAD)"  # this commit, also from a worktree
git -C "$clone" tag --list | xargs -r git -C "$clone" tag -d >/dev/null  # only the tags made here

failures=0
check() {  # check DESCRIPTION COMMAND...: COMMAND must succeed
    local description=$1
    shift
    if "$@" >"$work/out" 2>&1; then echo "ok: $description"; else
        echo "FAILED: $description" >&2
        cat "$work/out" >&2
        failures=$((failures + 1))
    fi
}
refuses() {  # refuses DESCRIPTION MESSAGE: release.sh must fail, saying MESSAGE
    if (cd "$clone" && scripts/release.sh) >"$work/out" 2>&1; then
        echo "FAILED: release.sh tagged when $1" >&2
        failures=$((failures + 1))
    elif grep -q -- "$2" "$work/out"; then echo "ok: release.sh refuses when $1"; else
        echo "FAILED: release.sh refused when $1, but not saying '$2':" >&2
        cat "$work/out" >&2
        failures=$((failures + 1))
    fi
}
commit() { git -C "$clone" commit --quiet --allow-empty -am "$1"; }

version=$(sed -n 's/^ *public static let version = "\(.*\)"$/\1/p' "$clone/Sources/SwiftLabCore/SwiftLabCore.swift")
heading=$(grep -m 1 -E '^## [0-9]' "$clone/CHANGELOG.md")
set_heading() {
    HEADING="$1" awk -v old="$heading" '!done && $0 == old { print ENVIRON["HEADING"]; done = 1; next } { print }' \
        "$clone/CHANGELOG.md" >"$work/changelog" && cp "$work/changelog" "$clone/CHANGELOG.md"
    heading=$1
}

set_heading "## $version (unreleased)" && commit "undated"
refuses "the CHANGELOG's heading is undated" "has no release date"
set_heading "## 9.9.9 (2030-01-01)" && commit "another version"
refuses "the CHANGELOG names another version" "newest version is 9.9.9"
set_heading "## $version (2030-01-01)"
refuses "the working tree has changes" "working tree has changes"
commit "dated"
check "release.sh tags v$version" bash -c "cd '$clone' && scripts/release.sh"
check "the tag's tree is Libraries/ of the commit" \
    test "$(git -C "$clone" rev-parse "v$version^{tree}")" = "$(git -C "$clone" rev-parse HEAD:Libraries)"
check "the tag's root holds the libraries' Package.swift" \
    bash -c "git -C '$clone' show 'v$version:Package.swift' | grep -q 'name: \"Streams\"'"
check "swiftlab-v$version marks the whole commit" \
    test "$(git -C "$clone" rev-parse "swiftlab-v$version^{commit}")" = "$(git -C "$clone" rev-parse HEAD)"
refuses "the tag exists" "exists already"

# README.md's manifest (the block that starts `// swift-tools-version:`), with only the
# URL changed.
user="$work/Search"
mkdir -p "$user/Sources/Search" "$user/Tests/SearchTests"
awk '/^```/ { inside = !inside; if (!inside && capture) exit; first = inside; next }
     inside && first { first = 0; if ($0 ~ /^\/\/ swift-tools-version:/) capture = 1 }
     inside && capture { print }' "$repo/README.md" |
    sed "s|https://github.com/OWNER/SwiftLab.git|file://$clone|" >"$user/Package.swift"
echo 'public let placeholder = 0' >"$user/Sources/Search/Search.swift"
echo 'import Search' >"$user/Tests/SearchTests/SearchTests.swift"
check "README.md's manifest names the URL line" grep -q "file://$clone" "$user/Package.swift"
check "README.md's URL dependency resolves to v$version and its products" \
    bash -c "cd '$user' && '$SWIFT' package show-dependencies | grep -q '<$clone@$version>'"

if [ $failures -gt 0 ]; then
    echo "test-release: $failures check(s) failed" >&2
    exit 1
fi
echo "test-release: release.sh passed every check."
