"""The swiftlab kernel driven as Jupyter drives it (scripts/test-jupyter.sh runs this).

python test_kernel.py SWIFTLAB WORK_DIR: SWIFTLAB is the swiftlab the installed kernelspec
runs, WORK_DIR a folder for the lesson notebook.
"""

import os
import subprocess
import sys
import time
import unittest

import nbformat
from jupyter_client.manager import start_new_kernel
from nbclient import NotebookClient

from swiftlab_kernel.swiftlab import SwiftLabProcess

SWIFTLAB, WORK = sys.argv[1], sys.argv[2]
# The swiftlab that SwiftLabProcess starts, as the kernelspec tells the kernel.
os.environ["SWIFTLAB_EXECUTABLE"] = SWIFTLAB
# A cell's first compile, a restart or the compiler's first completion can take long on a
# loaded machine; every wait ends as soon as the answer is there.
BOUND = 600


class KernelTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.manager, cls.client = start_new_kernel(kernel_name="swiftlab", startup_timeout=BOUND)

    @classmethod
    def tearDownClass(cls):
        cls.client.stop_channels()
        cls.manager.shutdown_kernel(now=False)

    def run_cell(self, code):
        """Runs `code`; returns the execute_reply's content and the cell's iopub messages."""
        outputs = []

        def keep(message):
            if message["msg_type"] in ("stream", "execute_result", "display_data", "error"):
                outputs.append(message)

        while True:
            reply = self.client.execute_interactive(code, output_hook=keep, timeout=BOUND)
            # Right after a cell ends in an error (an interrupt too), ipykernel answers the
            # requests that reach it while it clears its queue "aborted", without running
            # them; a cell sent that soon is sent again.
            if reply["content"]["status"] != "aborted":
                return reply["content"], outputs

    def shell_reply(self, message_id):
        """The content of the shell channel's reply to `message_id`."""
        while True:
            reply = self.client.get_shell_msg(timeout=BOUND)
            if reply["parent_header"].get("msg_id") == message_id:
                return reply["content"]

    def results(self, outputs):
        return [m["content"]["data"]["text/plain"] for m in outputs if m["msg_type"] == "execute_result"]

    def test_1_execute_shows_results_and_output(self):
        reply, outputs = self.run_cell('let xs = [1, 2, 3]\nprint("sum", xs.reduce(0, +))\nxs.map { $0 * 2 }')
        self.assertEqual(reply["status"], "ok")
        self.assertEqual(self.results(outputs), ["$R0: [Int] = [2, 4, 6]", "xs: [Int] = [1, 2, 3]"])
        streams = [m["content"]["text"] for m in outputs if m["msg_type"] == "stream"]
        self.assertEqual("".join(streams), "sum 6\n")

    def test_2_marbles_are_an_svg_picture(self):
        reply, outputs = self.run_cell(':marbles scheduler.cold("-a-b|").delay(for: 2, scheduler: scheduler)')
        self.assertEqual(reply["status"], "ok")
        pictures = [m["content"]["data"] for m in outputs if m["msg_type"] == "display_data"]
        self.assertEqual(len(pictures), 1)
        self.assertTrue(pictures[0]["image/svg+xml"].startswith('<svg xmlns="http://www.w3.org/2000/svg"'))
        self.assertEqual(pictures[0]["text/plain"], "input   -a-b|\noutput  ---a-b|")

    def test_3_completion_comes_from_the_compiler(self):
        self.run_cell("let words = [\"b\", \"a\"]")
        reply = self.client.complete("words.so", 8, reply=True, timeout=BOUND)["content"]
        self.assertEqual(reply["status"], "ok")
        self.assertIn("sorted()", reply["matches"])
        self.assertEqual((reply["cursor_start"], reply["cursor_end"]), (6, 8))
        self.assertEqual(self.shell_reply(self.client.is_complete("func f() {"))["status"], "incomplete")
        self.assertEqual(self.shell_reply(self.client.is_complete("func f() {}"))["status"], "complete")

    def test_3b_inspection_shows_the_declaration_and_its_documentation(self):
        self.run_cell("let numbers = [3, 1, 2]")
        reply = self.client.inspect("numbers.filter", 11, reply=True, timeout=BOUND)["content"]
        self.assertEqual(reply["status"], "ok")
        self.assertTrue(reply["found"])
        markdown = reply["data"]["text/markdown"]
        self.assertTrue(markdown.startswith("```swift\n"), markdown)
        self.assertIn("func filter(_ isIncluded:", markdown)
        self.assertIn("Returns an array containing", markdown)
        self.assertIn("func filter(_ isIncluded:", reply["data"]["text/plain"])
        # The session's own declarations are found too; nothing is found on blanks.
        self.run_cell("func twice(_ n: Int) -> Int { n * 2 }")
        reply = self.client.inspect("twice(4)", 2, reply=True, timeout=BOUND)["content"]
        self.assertIn("func twice(_ n: Int) -> Int", reply["data"]["text/plain"])
        reply = self.client.inspect("   ", 1, reply=True, timeout=BOUND)["content"]
        self.assertEqual((reply["status"], reply["found"]), ("ok", False))

    def test_4_a_compile_error_names_the_cells_line(self):
        reply, outputs = self.run_cell('let fine = 1\nlet wrong: String = fine')
        self.assertEqual(reply["status"], "error")
        errors = [m["content"] for m in outputs if m["msg_type"] == "error"]
        self.assertEqual(len(errors), 1)
        self.assertEqual(errors[0]["ename"], "CompileError")
        self.assertTrue(errors[0]["traceback"][0].startswith("2:21: error: cannot convert value of type 'Int'"))

    def test_4b_a_marbles_compile_error_is_an_error_on_the_cells_line(self):
        reply, outputs = self.run_cell('let step = 1\n  :marbles scheduler.cold("-a|").map { $0 + step }\nprint("not run")')
        self.assertEqual(reply["status"], "error")
        self.assertEqual([m["msg_type"] for m in outputs], ["execute_result", "error"])
        error = outputs[-1]["content"]
        self.assertEqual(error["ename"], "CompileError")
        self.assertIn("binary operator '+' cannot be applied", error["evalue"])
        # The '+' is on the cell's line 2, column 43 (after the indent and ':marbles ').
        self.assertTrue(error["traceback"][0].startswith("2:43: error: binary operator '+'"), error["traceback"])

    def test_5_an_interrupt_stops_the_cell_and_keeps_the_state(self):
        self.run_cell("var total = 41")
        message_id = self.client.execute('print("spinning")\nwhile true {}')
        # Wait for the loop to have started (its print arrives) before interrupting.
        deadline = time.monotonic() + BOUND
        while time.monotonic() < deadline:
            message = self.client.get_iopub_msg(timeout=BOUND)
            if (message["parent_header"].get("msg_id") == message_id and message["msg_type"] == "stream"
                    and "spinning" in message["content"]["text"]):
                break
        self.manager.interrupt_kernel()
        reply = self.shell_reply(message_id)
        self.assertEqual(reply["status"], "error")
        self.assertEqual(reply["ename"], "Interrupted")
        reply, outputs = self.run_cell("total += 1\ntotal")
        self.assertEqual(reply["status"], "ok")
        self.assertEqual(self.results(outputs)[-1].split(" = ")[-1], "42")

    def test_6_a_restart_starts_a_fresh_session(self):
        self.manager.restart_kernel(now=False)
        self.client.wait_for_ready(timeout=BOUND)
        reply, outputs = self.run_cell("total")
        self.assertEqual(reply["status"], "error")
        self.assertIn("cannot find 'total' in scope", outputs[-1]["content"]["evalue"])
        reply, outputs = self.run_cell("1 + 1")
        self.assertEqual(self.results(outputs), ["$R0: Int = 2"])


def lesson_numbers():
    """The numbers of the lessons in $SWIFTLAB_LESSONS (`01-values-and-the-repl.md` is 1)."""
    names = os.listdir(os.environ["SWIFTLAB_LESSONS"])
    return sorted(int(name.split("-")[0]) for name in names if name[:2].isdigit() and name.endswith(".md"))


def run_notebook_cells(path):
    """Runs the code cells of the notebook at `path` in order in one fresh `swiftlab serve
    --jsonl` (the session the kernel talks to, without Jupyter in between); returns, for
    each cell, its source, the reply's status and its events."""
    notebook = nbformat.read(path, as_version=4)
    swiftlab = SwiftLabProcess()
    ran = []
    try:
        for count, cell in enumerate((c for c in notebook.cells if c.cell_type == "code"), start=1):
            request_id, answers = swiftlab.send("execute", code=cell.source, execution_count=count)
            events = []
            while True:
                message = answers.get(timeout=BOUND)
                if message["type"] in ("execute_reply", "ended"):
                    break
                events.append(message)
            swiftlab.done(request_id)
            ran.append((cell.source, message.get("status", "ended"), events))
    finally:
        swiftlab.stop()
    return ran


def markdown_of(events):
    return "".join(event["data"].get("text/markdown", "") for event in events if event["type"] == "display")


class LessonNotebookTests(unittest.TestCase):
    def test_every_lessons_notebook_runs_top_to_bottom_and_its_solutions_pass(self):
        # Every lesson's notebook as a class gets it: each cell, run in order in one session,
        # ends without an error, and each :check cell says the starter code is not done yet.
        # Then the teacher's copy (--solutions): every :check cell passes.
        numbers = lesson_numbers()
        self.assertGreaterEqual(len(numbers), 20)
        started = time.monotonic()
        checks = {False: 0, True: 0}
        for number in numbers:
            for solutions, verdict in ((False, "✗ Not yet"), (True, "✓ Passed")):
                path = os.path.join(WORK, f"lesson-{number}{'-solutions' if solutions else ''}.ipynb")
                subprocess.run(
                    [SWIFTLAB, "notebook", *(["--solutions"] if solutions else []), str(number), path],
                    check=True, stdout=subprocess.DEVNULL)
                for source, status, events in run_notebook_cells(path):
                    where = f"lesson {number}{' (solutions)' if solutions else ''}, cell {source[:60]!r}"
                    errors = [event for event in events if event["type"] == "error"]
                    self.assertEqual((status, errors), ("ok", []), where)
                    if source.startswith(":check "):
                        checks[solutions] += 1
                        self.assertIn(verdict, markdown_of(events), where)
        # Both copies have a :check cell for every exercise of every lesson.
        self.assertEqual(checks[False], checks[True])
        self.assertGreaterEqual(checks[True], len(numbers))
        print(f"\n{len(numbers)} lessons' notebooks, learner's and teacher's copies, ran in "
              f"{time.monotonic() - started:.0f} s", file=sys.stderr)

    def test_a_lessons_notebook_runs_top_to_bottom_in_jupyter(self):
        path = os.path.join(WORK, "lesson.ipynb")
        subprocess.run([SWIFTLAB, "notebook", "1", path], check=True, stdout=subprocess.DEVNULL)
        notebook = nbformat.read(path, as_version=4)
        # Raises CellExecutionError at the first cell that fails.
        NotebookClient(notebook, timeout=BOUND, kernel_name="swiftlab").execute()
        code = [cell for cell in notebook.cells if cell.cell_type == "code"]
        self.assertTrue(all(cell.execution_count for cell in code))
        outputs = [output for cell in code for output in cell.outputs]
        self.assertFalse([output for output in outputs if output.output_type == "error"])
        self.assertTrue(any(output.output_type == "execute_result" for output in outputs))
        checks = [cell for cell in code if cell.source.startswith(":check ")]
        self.assertTrue(checks)
        for cell in checks:
            # The starter code does not solve the exercise yet: the check says what is missing.
            text = "".join(output.get("data", {}).get("text/markdown", "") for output in cell.outputs)
            self.assertTrue(text.strip(), f"{cell.source} showed nothing")


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], "-v"])
