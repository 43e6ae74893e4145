#!/usr/bin/env bash
# Checks that Streams is a drop-in for Combine on real third-party code: builds CombineExt
# (github.com/CombineCommunity/CombineExt) and runs its whole test suite against Streams,
# with only the imports changed in each file: `import Combine` -> `import Streams`
# (`import StreamsFoundation` in a file that also imports Foundation, the porting rule for
# Combine code that uses Foundation: JSONEncoder's TopLevelEncoder conformance and the
# like live there, as on Apple platforms they live in Foundation) and
# `canImport(Combine)` -> `canImport(Streams)`.
#
#   scripts/check-combineext.sh <CombineExt checkout> [work folder]
#
# Get a checkout with `git clone https://github.com/CombineCommunity/CombineExt`. The work
# folder (default /tmp/combineext-check) gets a package of its own that depends on this
# checkout's Streams by path; nothing is written into this repository, and no CombineExt
# code is ever committed here.
#
# Four of CombineExt's test files import pointfreeco's CombineSchedulers, a package written
# for Combine: it is ported the same way (its sources resolved by SwiftPM into the work
# folder, imports changed) and built on Streams too.
#
# What cannot build on Linux whatever the Combine implementation, and what stands in:
# - CombineExt's Sources/Operators/Internal/Timer.swift (its own Publishers.Timer) marks
#   its timer callback `@objc`, and Objective-C interoperability exists only on Apple
#   platforms; Sources/Operators/PrefixDuration.swift is built on that timer, and
#   Tests/PrefixDurationTests.swift tests it. These three files are left out. (Streams
#   declares no Publishers.Timer of its own: Combine has none, and one would make
#   CombineSchedulers' Publishers.Timer, which the tests use, ambiguous.)
# - CombineExt's Sources/Operators/Internal/Lock.swift is `import Darwin` and Darwin's
#   os_unfair_lock, unguarded. It is replaced by a stand-in written here (a pthread mutex
#   with the same members: init, lock, tryLock, unlock, cleanupLock), so the files built on
#   it (withLatestFrom) compile unchanged. (CombineSchedulers has a Linux lock of its own.)
# - Tests/AssignOwnershipTests.swift calls CoreFoundation's CFGetRetainCount, which
#   swift-corelibs-foundation does not offer: its CFBase.h declares it only when not built
#   for the Swift runtime (`#if DEPLOYMENT_RUNTIME_SWIFT ... #else CFGetRetainCount`), and
#   the Linux toolchain's CoreFoundation is built for it. That file alone is left out.
set -euo pipefail

if [ $# -lt 1 ] || [ ! -d "$1/Sources" ] || [ ! -d "$1/Tests" ]; then
    echo "usage: $0 <CombineExt checkout> [work folder]" >&2
    exit 64
fi
combineext=$(cd "$1" && pwd)
work=${2:-/tmp/combineext-check}
streams=$(cd "$(dirname "$0")/.." && pwd)

rm -rf "$work/Sources" "$work/Tests" "$work/Package.swift"
mkdir -p "$work/Sources/CombineExt" "$work/Sources/CombineSchedulers" "$work/Tests/CombineExtTests"

# Copies one file with only the import and canImport spellings changed.
port() {
    local module=Streams
    if grep -Eq '^[[:space:]]*(@preconcurrency |public |internal )*import Foundation$' "$1"; then
        module=StreamsFoundation
    fi
    sed -E -e "s/^([[:space:]]*(@preconcurrency |public |internal )*)import Combine\$/\1import $module/" \
        -e 's/canImport\(Combine\)/canImport(Streams)/g' "$1" >"$2"
}

# The stand-in for Darwin's os_unfair_lock (see above), written for this check.
linux_lock() {
    cat >"$1" <<'LOCK'
// Written by SwiftLab's scripts/check-combineext.sh: a Linux stand-in for a lock file
// built on Darwin's os_unfair_lock, with the same members.
#if canImport(Glibc)
import Glibc

typealias Lock = UnsafeMutablePointer<pthread_mutex_t>

extension UnsafeMutablePointer where Pointee == pthread_mutex_t {
    init() {
        let mutex = UnsafeMutablePointer.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self = mutex
    }

    func cleanupLock() {
        pthread_mutex_destroy(self)
        deinitialize(count: 1)
        deallocate()
    }

    func lock() { pthread_mutex_lock(self) }

    func tryLock() -> Bool { pthread_mutex_trylock(self) == 0 }

    func unlock() { pthread_mutex_unlock(self) }
}
#endif
LOCK
}

# CombineSchedulers' sources, as SwiftPM resolves the package (from its usual address).
resolver="$work/.resolve-combine-schedulers"
mkdir -p "$resolver/Sources/Resolve"
cat >"$resolver/Package.swift" <<'MANIFEST'
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Resolve",
    dependencies: [.package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.0.0")],
    targets: [.target(name: "Resolve", dependencies: [.product(name: "CombineSchedulers", package: "combine-schedulers")])]
)
MANIFEST
touch "$resolver/Sources/Resolve/Resolve.swift"
(cd "$resolver" && swift package resolve >/dev/null)
schedulers="$resolver/.build/checkouts/combine-schedulers"

left_out=()
stand_ins=()
compiled=0
while IFS= read -r -d '' file; do
    relative=${file#"$combineext/Sources/"}
    mkdir -p "$work/Sources/CombineExt/$(dirname "$relative")"
    # CombineExt's own Publishers.Timer marks its timer's action `@objc`: Objective-C
    # interoperability exists only on Apple platforms. prefix(duration:) is built on it.
    if grep -q '^[[:space:]]*@objc' "$file"; then
        left_out+=("Sources/$relative (@objc: the Objective-C runtime is Apple-only)")
        continue
    fi
    if grep -q 'Publishers\.Timer(' "$file"; then
        left_out+=("Sources/$relative (CombineExt's Publishers.Timer, left out above)")
        continue
    fi
    if grep -q '^import Darwin' "$file"; then
        linux_lock "$work/Sources/CombineExt/$relative"
        stand_ins+=("Sources/$relative (Darwin's os_unfair_lock: a pthread mutex stands in)")
        continue
    fi
    port "$file" "$work/Sources/CombineExt/$relative"
    compiled=$((compiled + 1))
done < <(find "$combineext/Sources" -name '*.swift' -print0 | sort -z)

while IFS= read -r -d '' file; do
    relative=${file#"$combineext/Tests/"}
    if grep -q 'prefix(duration:' "$file"; then
        left_out+=("Tests/$relative (tests prefix(duration:), left out above)")
        continue
    fi
    if grep -q 'CFGetRetainCount' "$file"; then
        left_out+=("Tests/$relative (CFGetRetainCount: not in swift-corelibs-foundation's CoreFoundation)")
        continue
    fi
    port "$file" "$work/Tests/CombineExtTests/$relative"
    compiled=$((compiled + 1))
done < <(find "$combineext/Tests" -name '*.swift' -print0 | sort -z)

ported_schedulers=0
while IFS= read -r -d '' file; do
    relative=${file#"$schedulers/Sources/CombineSchedulers/"}
    mkdir -p "$work/Sources/CombineSchedulers/$(dirname "$relative")"
    port "$file" "$work/Sources/CombineSchedulers/$relative"
    ported_schedulers=$((ported_schedulers + 1))
done < <(find "$schedulers/Sources/CombineSchedulers" -name '*.swift' -print0 | sort -z)

# The language mode CombineExt itself declares (releases up to 1.8.1: Swift 5).
mode=v6
if grep -Eq 'swiftLanguageVersions: \[\.v5\]|swiftLanguageModes: \[\.v5\]' "$combineext/Package.swift"; then
    mode=v5
fi

cat >"$work/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
// Generated by scripts/check-combineext.sh: CombineExt's sources and tests, and the
// CombineSchedulers they test with, on Streams.
import PackageDescription

let streams: [Target.Dependency] = [
    .product(name: "Streams", package: "SwiftLab"), .product(name: "StreamsFoundation", package: "SwiftLab"),
]

let package = Package(
    name: "CombineExtOnStreams",
    dependencies: [
        .package(name: "SwiftLab", path: "$streams"),
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.0.0"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.2.2"),
    ],
    targets: [
        .target(name: "CombineExt", dependencies: streams),
        .target(
            name: "CombineSchedulers",
            dependencies: streams + [
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(name: "CombineExtTests", dependencies: ["CombineExt", "CombineSchedulers"] + streams),
    ],
    swiftLanguageModes: [.$mode]
)
MANIFEST

echo "CombineExt files ported unchanged but for their imports: $compiled"
echo "CombineSchedulers files ported the same way: $ported_schedulers"
for file in "${stand_ins[@]}"; do echo "stand-in: $file"; done
for file in "${left_out[@]}"; do echo "left out: $file"; done
cd "$work"
swift build --build-tests
swift test --skip-build
