#!/usr/bin/env bash
# Tags a release of the libraries: `vX.Y.Z`, where X.Y.Z is the one version number the
# repository has, `SwiftLabCore.version` (Sources/SwiftLabCore/SwiftLabCore.swift, which
# `swiftlab --version` prints).
#
# The tag's tree is the Libraries/ folder alone (a subtree split), so that its root holds
# the libraries' Package.swift, which is what SwiftPM needs to resolve README.md's
# `.package(url: "https://github.com/OWNER/SwiftLab.git", from: ...)`: SwiftPM cannot take a
# package from a subfolder of a repository. The tag's commit names the commit it was cut
# from, and has the previous release's as its parent, so the releases form a history of
# their own. A second tag, `swiftlab-vX.Y.Z` (not a version to SwiftPM), marks that whole
# commit: the REPL and lessons of the same release.
#
# Before tagging it checks, and refuses with the reason otherwise:
#   - the working tree is clean (what is tagged is what is committed);
#   - CHANGELOG.md's newest version heading is `## X.Y.Z (YYYY-MM-DD)`: this version, dated
#     (not `(unreleased)`), with at least one entry below it;
#   - no tag vX.Y.Z exists, and X.Y.Z is above every earlier v-tag.
# It pushes nothing: it prints the `git push` that publishes the tags.
#
# Usage: scripts/release.sh        (in a clone, on the commit to release)
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
    echo "release: $*" >&2
    exit 1
}

source_file=Sources/SwiftLabCore/SwiftLabCore.swift
version=$(sed -n 's/^ *public static let version = "\(.*\)"$/\1/p' "$source_file")
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] ||
    fail "no version X.Y.Z in $source_file (found '$version')"
tag="v$version"

[ -z "$(git status --porcelain)" ] ||
    fail "the working tree has changes; commit them (or stash them) first"

heading=$(grep -m 1 -E '^## [0-9]' CHANGELOG.md || true)
[ -n "$heading" ] || fail "CHANGELOG.md has no version heading ('## X.Y.Z (YYYY-MM-DD)')"
heading_version=$(echo "$heading" | sed 's/^## \([^ ]*\).*/\1/')
[ "$heading_version" = "$version" ] ||
    fail "CHANGELOG.md's newest version is $heading_version, but $source_file says $version; make them agree"
[[ "$heading" =~ ^\#\#\ [0-9.]+\ \(([0-9]{4}-[0-9]{2}-[0-9]{2})\)$ ]] ||
    fail "CHANGELOG.md's heading '$heading' has no release date: write '## $version ($(date -u +%F))' in place of '(unreleased)', commit, and run this again"
# The section: from the heading to the next version heading.
notes=$(awk -v h="$heading" '$0 == h { on = 1; next } on && /^## [0-9]/ { exit } on { print }' CHANGELOG.md)
echo "$notes" | grep -q '^- ' || fail "CHANGELOG.md's section for $version lists no change ('- ...')"

git rev-parse -q --verify "refs/tags/$tag" >/dev/null && fail "the tag $tag exists already; raise the version"
previous=$(git tag --list 'v[0-9]*.[0-9]*.[0-9]*' | sort -V | tail -n 1)
if [ -n "$previous" ] && [ "$(printf '%s\n%s\n' "$previous" "$tag" | sort -V | tail -n 1)" != "$tag" ]; then
    fail "$version is not above the latest release, $previous"
fi

head=$(git rev-parse HEAD)
tree=$(git rev-parse "HEAD:Libraries")
parents=()
[ -n "$previous" ] && parents=(-p "$(git rev-parse "$previous^{commit}")")
commit=$(printf 'SwiftLab libraries %s\n\nThe Libraries/ folder of %s, as its own tree: the package that\n.package(url:from:) resolves.\n' \
    "$version" "$head" | git commit-tree "$tree" "${parents[@]}")
printf 'SwiftLab %s\n%s\n' "$version" "$notes" | git tag -a "$tag" "$commit" -F -
printf 'SwiftLab %s: the whole repository (the libraries are tagged %s)\n' "$version" "$tag" |
    git tag -a "swiftlab-$tag" "$head" -F -

echo "release: tagged $tag (the libraries, $commit) and swiftlab-$tag ($head)."
echo "Publish them with:"
echo "    git push origin $tag swiftlab-$tag"
