#!/usr/bin/env bash
# `make jupyter`: installs the swiftlab Jupyter kernel for the current user, running the
# swiftlab at $1 (the release build). The kernel is the Python package in Jupyter/ (on
# ipykernel), installed with pip; its kernelspec goes in with `jupyter kernelspec install
# --user`. PYTHON chooses the Python (and so the Jupyter) it goes into: by default the
# active virtual environment's, else python3 for the user.
set -euo pipefail
swiftlab="$1"
root="$(cd "$(dirname "$0")/.." && pwd)"
python="${PYTHON:-python3}"

in_venv="$("$python" -c 'import sys; print(int(sys.prefix != sys.base_prefix))')"
pip_options=(--quiet)
[ "$in_venv" = 1 ] || pip_options+=(--user)
echo "swiftlab: installing the kernel package with $python -m pip ${pip_options[*]}..." >&2
# pip builds a package in its folder: a copy keeps the checkout clean.
package="$(mktemp -d)"
trap 'rm -rf "$package"' EXIT
cp -R "$root/Jupyter/." "$package"
if ! "$python" -m pip install "${pip_options[@]}" "$package"; then
    cat >&2 <<MESSAGE
swiftlab: pip could not install the kernel package. If it says the environment is
"externally managed" (Debian's own Python), make a virtual environment for Jupyter and
install there:
    python3 -m venv ~/.venvs/jupyter && ~/.venvs/jupyter/bin/pip install jupyterlab
    make jupyter PYTHON=~/.venvs/jupyter/bin/python
MESSAGE
    exit 1
fi
"$python" -m swiftlab_kernel.install --user --swiftlab "$swiftlab"
echo "swiftlab: the 'Swift (swiftlab)' kernel is installed for $(id -un); start Jupyter (jupyter lab) and pick it." >&2
