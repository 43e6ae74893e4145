"""Start time and memory of a swiftlab Jupyter kernel (figures in BENCHMARKS.md).

python benchmark_kernel.py [ROUNDS]: run with the Python the kernel is installed in
(kernelspec `swiftlab`). Each round starts a kernel and times it until the kernel answers
(`kernel_info`), then the first cell (`1 + 1`: the session's first compile) and a second
one; then runs a few more cells (a :marbles diagram, a Streams pipeline, completion) and
reads the memory of every process of the kernel (the Python kernel, swiftlab, its worker,
warm compiler and completion helper) from /proc: RSS, and PSS, which shares the pages the
processes share (libraries) between them, so it adds up to what the kernel costs a machine.
"""

import os
import statistics
import sys
import time

from jupyter_client.manager import start_new_kernel

BOUND = 600


def children(pid):
    """`pid` and every process below it."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as file:
                    fields = file.read().rsplit(")", 1)[1].split()
                parents.setdefault(int(fields[1]), []).append(int(entry))
            except OSError:
                continue
    found, waiting = [], [pid]
    while waiting:
        current = waiting.pop()
        found.append(current)
        waiting += parents.get(current, [])
    return found


def memory(pid):
    """(name, RSS kB, PSS kB) of process `pid`."""
    # The executable's name: a thread of sourcekitd renames the compile server's `comm`.
    name = os.path.basename(os.readlink(f"/proc/{pid}/exe"))
    values = {}
    with open(f"/proc/{pid}/smaps_rollup") as file:
        for line in file:
            parts = line.split()
            if parts[0] in ("Rss:", "Pss:"):
                values[parts[0]] = int(parts[1])
    return name, values.get("Rss:", 0), values.get("Pss:", 0)


def run(client, code):
    reply = client.execute_interactive(code, timeout=BOUND, output_hook=lambda message: None)
    assert reply["content"]["status"] == "ok", reply["content"]


def round_once():
    started = time.monotonic()
    manager, client = start_new_kernel(kernel_name="swiftlab", startup_timeout=BOUND)
    ready = time.monotonic() - started
    mark = time.monotonic()
    run(client, "1 + 1")
    first = time.monotonic() - mark
    mark = time.monotonic()
    run(client, "let xs = [1, 2, 3]")
    second = time.monotonic() - mark
    run(client, ':marbles scheduler.cold("-a-b|").delay(for: 2, scheduler: scheduler)')
    run(client, "var seen: [Int] = []\nlet c = [1, 2, 3].publisher.map { $0 * 10 }.sink { seen.append($0) }\nseen")
    client.complete("xs.ma", 5, reply=True, timeout=BOUND)
    processes = [memory(pid) for pid in children(manager.provisioner.process.pid)]
    client.stop_channels()
    manager.shutdown_kernel(now=False)
    return ready, first, second, processes


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    results = [round_once() for _ in range(rounds)]
    for label, index in (("kernel ready", 0), ("first cell (1 + 1)", 1), ("second cell", 2)):
        values = [result[index] for result in results]
        print(f"{label:22} median {statistics.median(values):6.2f} s  (runs: {', '.join(f'{v:.2f}' for v in values)})")
    print("memory of the last round, after 5 cells and a completion:")
    processes = results[-1][3]
    for name, rss, pss in processes:
        print(f"  {name:26} RSS {rss / 1024:7.1f} MiB  PSS {pss / 1024:7.1f} MiB")
    print(f"  {'total':26} RSS {sum(p[1] for p in processes) / 1024:7.1f} MiB  "
          f"PSS {sum(p[2] for p in processes) / 1024:7.1f} MiB")


if __name__ == "__main__":
    main()
