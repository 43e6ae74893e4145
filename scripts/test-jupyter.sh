#!/usr/bin/env bash
# The Jupyter kernel's test in `make test`: a temporary Python environment gets ipykernel,
# jupyter_client and nbclient from PyPI and the kernel package from Jupyter/; the kernel,
# running the swiftlab at $1, is then driven with jupyter_client and runs a lesson's
# notebook with nbclient; every lesson's notebook, and its teacher's copy, then runs top to
# bottom through `swiftlab serve --jsonl` (Jupyter/tests/test_kernel.py). Nothing is kept
# afterwards.
set -euo pipefail
swiftlab="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

started=$(date +%s)
python3 -m venv "$work/venv"
# pip builds a package in its folder: a copy keeps the checkout clean.
cp -R "$root/Jupyter" "$work/package"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    ipykernel jupyter_client nbclient "$work/package"
echo "swiftlab: the kernel test's Python environment took $(($(date +%s) - started)) s to make." >&2
# The kernelspec goes into the environment, where its Jupyter looks first.
"$work/venv/bin/python" -m swiftlab_kernel.install --sys-prefix --swiftlab "$swiftlab" >/dev/null

# Progress and Jupyter's own files in the temporary folder; the compiled module cache is
# shared with the other tests.
export XDG_CACHE_HOME="${XDG_CACHE_HOME:-$HOME/.cache}"
export HOME="$work/home" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state"
export JUPYTER_CONFIG_DIR="$work/jupyter/config" JUPYTER_DATA_DIR="$work/jupyter/data"
export JUPYTER_RUNTIME_DIR="$work/jupyter/runtime" SWIFTLAB_LESSONS="$root/Lessons"
mkdir -p "$HOME"
"$work/venv/bin/python" "$root/Jupyter/tests/test_kernel.py" "$swiftlab" "$work"
