"""The swiftlab process behind a kernel, spoken to over its machine interface.

Documentation/MachineInterface.md describes the messages: JSON objects, one a line,
requests on swiftlab's standard input, answers and events on its standard output, each
with the id of the request it belongs to.
"""

import itertools
import json
import os
import queue
import shutil
import subprocess
import threading


class SwiftLabUnavailable(RuntimeError):
    """swiftlab could not be started, or ended."""


def executable():
    """The swiftlab to run: $SWIFTLAB_EXECUTABLE (make jupyter writes it into the
    kernelspec), else swiftlab on PATH."""
    path = os.environ.get("SWIFTLAB_EXECUTABLE") or shutil.which("swiftlab")
    if not path:
        raise SwiftLabUnavailable(
            "swiftlab not found: set SWIFTLAB_EXECUTABLE or put swiftlab on PATH (make jupyter does it)")
    return path


class SwiftLabProcess:
    """One `swiftlab serve --jsonl`, with its answers sorted by request id."""

    def __init__(self, arguments=()):
        # A session of its own: a signal sent to the kernel's process group (Ctrl-C at
        # the terminal running Jupyter) must not reach swiftlab; interrupts are messages.
        self.process = subprocess.Popen(
            [executable(), "serve", "--jsonl", *arguments],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, start_new_session=True)
        self._ids = itertools.count(1)
        self._write_lock = threading.Lock()
        self._queues_lock = threading.Lock()
        self._queues = {}
        # Events of no waiting request: output arriving between cells (a timer's prints).
        self.unclaimed = queue.Queue()
        self._ready = threading.Event()
        self.version = None
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._ready.wait()
        if self.version is None:
            raise SwiftLabUnavailable("swiftlab serve ended before it was ready (see the kernel's log)")

    def _read(self):
        for line in self.process.stdout:
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if message.get("type") == "ready":
                self.version = message.get("version")
                self._ready.set()
                continue
            with self._queues_lock:
                target = self._queues.get(message.get("id"))
            (target or self.unclaimed).put(message)
        # swiftlab ended: wake everyone who waits.
        self._ready.set()
        with self._queues_lock:
            for waiting in self._queues.values():
                waiting.put({"type": "ended"})
        self.unclaimed.put({"type": "ended"})

    def send(self, kind, **fields):
        """Sends a request; returns the queue its answers arrive in."""
        request_id = str(next(self._ids))
        answers = queue.Queue()
        with self._queues_lock:
            self._queues[request_id] = answers
        self.write(dict(fields, type=kind, id=request_id))
        return request_id, answers

    def write(self, message):
        line = (json.dumps(message) + "\n").encode()
        with self._write_lock:
            try:
                self.process.stdin.write(line)
                self.process.stdin.flush()
            except (BrokenPipeError, ValueError):
                pass

    def done(self, request_id):
        with self._queues_lock:
            self._queues.pop(request_id, None)

    def request(self, kind, reply_type, timeout=None, **fields):
        """Sends a request and returns its one reply (None when swiftlab ended or did
        not answer within `timeout` seconds)."""
        request_id, answers = self.send(kind, **fields)
        try:
            while True:
                message = answers.get(timeout=timeout)
                if message.get("type") in (reply_type, "ended", "protocol_error"):
                    return message if message.get("type") == reply_type else None
        except queue.Empty:
            return None
        finally:
            self.done(request_id)

    def interrupt(self):
        self.write({"type": "interrupt"})

    def stop(self):
        """Asks swiftlab to end, then makes sure it has."""
        if self.process.poll() is None:
            self.write({"type": "shutdown"})
            try:
                self.process.stdin.close()
                self.process.wait(timeout=10)
            except (subprocess.TimeoutExpired, OSError):
                self.process.kill()
                self.process.wait()
        # The reader ends at the end of swiftlab's output; then its pipe can be closed.
        self._reader.join(timeout=10)
        if not self._reader.is_alive():
            self.process.stdout.close()
