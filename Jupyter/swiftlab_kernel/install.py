"""python -m swiftlab_kernel.install [--user | --sys-prefix | --prefix DIR] [--swiftlab PATH]

Writes the kernelspec (kernel.json: how Jupyter starts the kernel, and which swiftlab it
runs) and installs it with `jupyter kernelspec install`. `make jupyter` runs it with
--user; a JupyterHub installs it system-wide (no option: /usr/local/share/jupyter).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile


def kernel_json(swiftlab):
    spec = {
        "argv": [sys.executable, "-m", "swiftlab_kernel", "-f", "{connection_file}"],
        "display_name": "Swift (swiftlab)",
        "language": "swift",
        "interrupt_mode": "message",
        "env": {},
        "metadata": {"debugger": False},
    }
    if swiftlab:
        spec["env"]["SWIFTLAB_EXECUTABLE"] = os.path.abspath(swiftlab)
    return spec


def main(argv=None):
    parser = argparse.ArgumentParser(description="Install the swiftlab Jupyter kernel.")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--user", action="store_true", help="for the current user only")
    where.add_argument("--sys-prefix", action="store_true", help="into this Python environment")
    where.add_argument("--prefix", help="under this prefix")
    parser.add_argument("--swiftlab", help="the swiftlab executable the kernel runs")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as directory:
        spec = os.path.join(directory, "swiftlab")
        os.mkdir(spec)
        with open(os.path.join(spec, "kernel.json"), "w") as file:
            json.dump(kernel_json(options.swiftlab), file, indent=2)
        command = [sys.executable, "-m", "jupyter", "kernelspec", "install", spec, "--name", "swiftlab", "--replace"]
        if options.user:
            command.append("--user")
        elif options.sys_prefix:
            command.append("--sys-prefix")
        elif options.prefix:
            command += ["--prefix", options.prefix]
        return subprocess.call(command)


if __name__ == "__main__":
    sys.exit(main())
