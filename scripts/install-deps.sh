#!/usr/bin/env bash
# Installs the system packages SwiftLab needs when they are missing: libedit's headers (the
# REPL's line editor) and OpenSSL's (libssl-dev: wss:// in StreamsFoundationTLS).
# Called by `make run` and `make test`; safe to run again: it does nothing when all is there.
# With --python (make jupyter, make test): also Python 3 with venv and pip, for the kernel.
set -euo pipefail

# macOS ships libedit (and its headers in the SDK) with the system; OpenSSL's headers come
# from Homebrew (brew install openssl@3), which SwiftPM names when they are missing.
[ "$(uname -s)" = Darwin ] && exit 0

missing=()
[ -f /usr/include/histedit.h ] || missing+=(libedit-dev)
[ -f /usr/include/openssl/ssl.h ] || missing+=(libssl-dev)
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
if [ "${1:-}" = --python ]; then
    command -v python3 >/dev/null 2>&1 || missing+=(python3)
    # Debian's python3 leaves out venv's pip bootstrap (ensurepip) and pip itself.
    python3 -c 'import ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)
    python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
fi
[ ${#missing[@]} -eq 0 ] && exit 0

echo "swiftlab: installing ${missing[*]} (needed to build the line editor and wss://, or for the Jupyter kernel)..." >&2
if ! command -v apt-get >/dev/null 2>&1; then
    echo "swiftlab: apt-get is not available; please install ${missing[*]} (the headers of libedit and OpenSSL) with your package manager, then run make again." >&2
    exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
    sudo=()
elif command -v sudo >/dev/null 2>&1; then
    sudo=(sudo)
else
    echo "swiftlab: ${missing[*]} must be installed as root: run 'apt-get install ${missing[*]}' as root, then make again." >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq >/dev/null || echo "swiftlab: apt-get update failed; trying the install anyway." >&2
if ! "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null; then
    echo "swiftlab: could not install ${missing[*]}; install it by hand (apt-get install ${missing[*]}) and run make again." >&2
    exit 1
fi
echo "swiftlab: installed ${missing[*]}." >&2
