"""The swiftlab Jupyter kernel: ipykernel's protocol outside, swiftlab's machine interface inside."""

import queue

from ipykernel.kernelbase import Kernel

from . import __version__
from .swiftlab import SwiftLabProcess


class SwiftLabKernel(Kernel):
    implementation = "swiftlab"
    implementation_version = __version__
    language = "swift"
    language_info = {
        "name": "swift",
        "mimetype": "text/x-swift",
        "file_extension": ".swift",
        "codemirror_mode": "swift",
        "pygments_lexer": "swift",
    }
    banner = "Swift on swiftlab: every cell compiled, state kept between cells; :help lists the commands."
    help_links = [{"text": "swiftlab commands (:help in a cell)", "url": "https://www.swift.org/documentation/"}]

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.swiftlab = SwiftLabProcess()
        self.banner = f"swiftlab {self.swiftlab.version}. " + self.banner

    # Jupyter's interrupt (interrupt_mode "message" in kernel.json, or a signal) becomes
    # the machine interface's interrupt: swiftlab stops the running code and keeps state.
    def _send_interrupt_children(self):
        self.swiftlab.interrupt()

    async def do_shutdown(self, restart):
        self.swiftlab.stop()
        return {"status": "ok", "restart": restart}

    def _publish(self, message_type, content):
        self.send_response(self.iopub_socket, message_type, content)

    def _forward(self, message, silent):
        """Publishes one event of the running cell; returns an error's content."""
        kind = message.get("type")
        if silent:
            return message if kind == "error" else None
        if kind == "stream":
            self._publish("stream", {"name": message.get("name", "stdout"), "text": message.get("text", "")})
        elif kind == "result":
            self._publish("execute_result", {
                "execution_count": self.execution_count, "data": message.get("data", {}), "metadata": {}})
        elif kind == "display":
            self._publish("display_data", {"data": message.get("data", {}), "metadata": {}})
        elif kind == "error":
            self._publish("error", {
                "ename": message.get("ename", "Error"), "evalue": message.get("evalue", ""),
                "traceback": message.get("traceback", [])})
            return message
        return None

    def _forward_unclaimed(self, silent):
        while True:
            try:
                message = self.swiftlab.unclaimed.get_nowait()
            except queue.Empty:
                return
            if message.get("type") == "stream" and not silent:
                self._forward(message, silent)

    async def do_execute(self, code, silent, store_history=True, user_expressions=None, allow_stdin=False):
        self._forward_unclaimed(silent)
        request_id, answers = self.swiftlab.send("execute", code=code, execution_count=self.execution_count)
        error = None
        status = "ok"
        try:
            while True:
                message = answers.get()
                kind = message.get("type")
                if kind == "execute_reply":
                    status = message.get("status", "ok")
                    break
                if kind == "ended":
                    error = {"ename": "KernelDied", "evalue": "swiftlab ended; restart the kernel", "traceback": []}
                    self._forward(dict(error, type="error"), silent)
                    status = "error"
                    break
                error = self._forward(message, silent) or error
        finally:
            self.swiftlab.done(request_id)
        if status == "ok":
            return {"status": "ok", "execution_count": self.execution_count, "payload": [], "user_expressions": {}}
        error = error or {"ename": "Interrupted", "evalue": "stopped", "traceback": []}
        return {
            "status": "error", "execution_count": self.execution_count, "ename": error.get("ename", "Error"),
            "evalue": error.get("evalue", ""), "traceback": error.get("traceback", [])}

    async def do_complete(self, code, cursor_pos):
        reply = self.swiftlab.request("complete", "complete_reply", timeout=30, code=code, cursor=cursor_pos)
        if reply is None:
            return {"status": "ok", "matches": [], "cursor_start": cursor_pos, "cursor_end": cursor_pos, "metadata": {}}
        return {
            "status": "ok", "matches": reply.get("matches", []),
            "cursor_start": reply.get("cursor_start", cursor_pos), "cursor_end": reply.get("cursor_end", cursor_pos),
            "metadata": {}}

    async def do_inspect(self, code, cursor_pos, detail_level=0, omit_sections=()):
        # Shift-Tab: the compiler's declaration and doc comment of the name under the cursor.
        reply = self.swiftlab.request("inspect", "inspect_reply", timeout=30, code=code, cursor=cursor_pos)
        found = bool(reply and reply.get("found"))
        return {"status": "ok", "found": found, "data": reply.get("data", {}) if found else {}, "metadata": {}}

    async def do_is_complete(self, code):
        reply = self.swiftlab.request("is_complete", "is_complete_reply", timeout=30, code=code)
        if reply is None:
            return {"status": "unknown"}
        if reply.get("status") == "incomplete":
            return {"status": "incomplete", "indent": reply.get("indent", "")}
        return {"status": reply.get("status", "unknown")}
