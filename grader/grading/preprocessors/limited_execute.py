"""nbgrader's Execute step with limits and the judge, so that one notebook costs only its student.

``LimitedExecute`` replaces nbgrader's ``Execute`` in the autograde pipeline. On top of the
per-cell time limit (``Execute.timeout``) it

- runs the kernel in a scratch folder of its own (``work_dir``), never in the folder where the
  grader writes the graded notebook, so no file or link the kernel leaves there is ever followed;
- after each test cell, while the kernel still holds the notebook's state at that point, has the
  judge (``grader.judge``) run the cell's hidden tests and keeps its verdict in
  ``resources["verdicts"]``; when the cell fails, a diagnosis run follows (``judge.diagnose``);
  then gives the kernel back the code of every exercise now graded (with a ``kernel_library``)
  and reads the runtime guard's record: a notebook that tripped the guard is held for review with
  0 points (``judge.releases``);
- kills a kernel that ignores the interrupt sent at a cell's time limit (a probe checks that the
  kernel answers again), so one endless loop does not stall every later cell;
- kills the kernel when the whole notebook runs past ``notebook_timeout`` seconds, or when the
  kernel's process tree holds more than ``memory_mb`` of resident memory (a watchdog thread);
- keeps at most ``output_bytes`` of output per notebook;
- survives a dead kernel: the cells already run keep their outputs and their grades, the cells
  after it get an error output that says why they did not run, and nbgrader goes on to save the
  grades (plain nbgrader fails the whole submission).

What happened is written as JSON to ``report_path`` for the worker to read.
"""

from __future__ import annotations

import json
import pickle
import threading
import time
from pathlib import Path

import psutil
from jupyter_core.utils import run_sync
from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbformat.notebooknode import NotebookNode
from nbgrader.preprocessors import Execute
from traitlets import Dict, Float, Integer, Unicode

from grader.course.model import cell_kind
from grader.grading.preprocessors.verdicts import error_output
from grader.grading.sandbox import CourseKernelManager
from grader.judge.channel import KernelChannel
from grader.judge.judge import FAILED, KERNEL_GONE, TIMED_OUT, Judge
from grader.judge.releases import Releases


class KernelWatchdog(threading.Thread):
    """Kill the kernel's process tree past a deadline or past a resident-memory limit."""

    def __init__(self, pid: int, deadline: float, memory_bytes: int, interval: float = 0.2):
        super().__init__(daemon=True)
        self.pid, self.deadline, self.memory_bytes, self.interval = pid, deadline, memory_bytes, interval
        self.reason: str | None = None
        self.peak_rss = 0
        self._halt = threading.Event()

    def run(self) -> None:
        while not self._halt.wait(self.interval):
            try:
                root = psutil.Process(self.pid)
                tree = [root, *root.children(recursive=True)]
                rss = sum(p.memory_info().rss for p in tree if p.is_running())
            except psutil.Error:
                return
            self.peak_rss = max(self.peak_rss, rss)
            if rss > self.memory_bytes:
                self.kill(f"memory limit: the kernel used {rss / 2**20:.0f} MB of resident memory "
                          f"(limit {self.memory_bytes / 2**20:.0f} MB)")
                return
            if time.monotonic() > self.deadline:
                self.kill("notebook time limit: the notebook ran past its time budget")
                return

    def kill(self, reason: str) -> None:
        if self.reason is None:
            self.reason = reason
        kill_tree(self.pid)

    def stop(self) -> None:
        self._halt.set()


def kill_tree(pid: int) -> None:
    try:
        root = psutil.Process(pid)
        procs = [*root.children(recursive=True), root]
    except psutil.Error:
        return
    for proc in procs:
        try:
            proc.kill()
        except psutil.Error:
            pass


class LimitedExecute(Execute):
    """nbgrader's ``Execute`` with limits, a scratch folder and the judge (see the module doc)."""

    notebook_timeout = Integer(300, help="seconds the whole notebook may run").tag(config=True)
    memory_mb = Integer(2048, help="resident memory of the kernel's process tree").tag(config=True)
    output_bytes = Integer(1_000_000, help="bytes of output kept per notebook").tag(config=True)
    probe_timeout = Float(5.0, help="seconds an interrupted kernel has to answer again").tag(config=True)
    report_path = Unicode("", help="where to write what happened (JSON)").tag(config=True)
    work_dir = Unicode("", help="the kernel's working folder (default: the notebook's)").tag(config=True)
    hidden_tests = Dict(help="test grade_id -> the judge's code for it").tag(config=True)
    judge_seed = Integer(0, help="the seed the judge draws hidden inputs from").tag(config=True)
    transcripts_path = Unicode("", help="where to keep the diagnosis runs of failed test cells (pickle)").tag(
        config=True)
    kernel_library = Unicode("", help="the chapter's kernel library the kernel imports (its releases)").tag(config=True)
    exercise_tests = Dict(help="exercise -> grade ids of its test cells").tag(config=True)

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("kernel_manager_class", CourseKernelManager)
        super().__init__(*args, **kwargs)
        self.shell_timeout_interval = 1
        self.store_widget_state = False  # widget comms would carry any amount of state past the cap

    # -- the notebook -------------------------------------------------------------------------

    async def async_start_new_kernel_client(self):
        client = await super().async_start_new_kernel_client()
        seal = getattr(self.km, "seal_sockets", None)
        if seal is not None:
            seal()  # the kernel is ready and has made its sockets; no student code has run yet
        return client

    def preprocess(self, nb, resources=None, km=None):
        self._events: list[dict] = []
        self._dead: str | None = None
        self._started = time.monotonic()
        self._output_used = 0
        self._cut_cells: set[int] = set()
        self._watchdog: KernelWatchdog | None = None
        self._ran: set[int] = set()
        self._channel: KernelChannel | None = None
        self._transcripts: dict = {}
        self.judge = Judge(self.hidden_tests, self.judge_seed, time_limit=float(self.timeout or 30))
        self._releases = Releases.from_folder(self.kernel_library, self.exercise_tests)
        resources = resources if resources is not None else {}
        if self.work_dir:
            resources.setdefault("metadata", {})["path"] = self.work_dir
        try:
            return super().preprocess(nb, resources, km)
        except (DeadKernelError, RuntimeError, TimeoutError, OSError) as exc:  # start-up, shutdown
            reason = f"the kernel could not run the notebook: {type(exc).__name__}: {exc}"
            self._note("crashed", reason)
            for index, cell in enumerate(nb.cells):  # cells that never ran say why
                if cell.cell_type == "code" and index not in self._ran:
                    cell.outputs = [error_output("CellNotRun", f"this cell did not run: {reason}")]
            return nb, resources
        finally:
            if self._watchdog is not None:
                self._watchdog.stop()
            resources["verdicts"] = {g: v.as_dict() for g, v in self.judge.verdicts.items()}
            self._hold_if_guard_refused(resources)
            self._write_report()
            if self.transcripts_path and self._transcripts:
                with open(self.transcripts_path, "wb") as handle:
                    pickle.dump(self._transcripts, handle)  # the judge's own data, in the grader's folder

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type != "code":
            return super().preprocess_cell(cell, resources, index)
        self._ran.add(index)
        if self._dead is None and time.monotonic() - self._started > self.notebook_timeout:
            self._kill("notebook time limit: the notebook ran past its time budget")
        if self._dead is not None:
            cell.outputs = [error_output("CellNotRun", f"this cell did not run: {self._dead}")]
            return cell, resources
        self._start_watchdog()
        try:
            cell, resources = super().preprocess_cell(cell, resources, index)
        except DeadKernelError:
            reason = (self._watchdog and self._watchdog.reason) or (
                "the kernel died while this cell ran (the code exited the Python process, "
                "crashed it or killed it)")
            self._dead = reason
            self._note(_kind(reason), reason, index)
            cell.outputs = [*cell.get("outputs", []), error_output("KernelDied", reason)]
            return cell, resources
        except CellTimeoutError:  # no reply, or no idle status on IOPub after the reply
            cell.outputs = [*cell.get("outputs", []), error_output(
                "CellTimeoutError", f"the cell ran past the {self.timeout} s cell time limit")]
        if any(o.get("ename") == "CellTimeoutError" for o in cell.outputs):
            self._note("timed out", f"cell {index} ran past the {self.timeout} s cell time limit", index)
            if not self._responsive():
                self._kill("cell time limit: the kernel did not stop when interrupted")
        if cell_kind(cell) == "test":
            self._judge(cell.metadata["nbgrader"]["grade_id"], index)
        return cell, resources

    # -- the judge ------------------------------------------------------------------------------

    def _judge(self, grade_id: str, index: int) -> None:
        if self._dead is not None:
            self.judge.not_judged(grade_id, f"the kernel was gone before this cell was judged: {self._dead}")
            return
        if self._channel is None:
            self._channel = KernelChannel(
                self.kc,
                receive=lambda timeout: run_sync(self.kc.iopub_channel.get_msg)(timeout=timeout),
                interrupt=lambda: run_sync(self.km.interrupt_kernel)(),
                alive=lambda: run_sync(self.km.is_alive)(),
                grace=self.probe_timeout,
            )
        self._releases.before(grade_id, self._channel)
        verdict = self.judge.judge(grade_id, self._channel)
        if self.transcripts_path and verdict.outcome == FAILED \
                and "still raises NotImplementedError" not in verdict.message:
            transcript = self.judge.record(grade_id, self._channel)  # what the diagnosis compares
            if transcript is not None:
                self._transcripts[grade_id] = transcript
        if verdict.outcome not in (KERNEL_GONE, TIMED_OUT):  # a kernel that did not answer the judge is not asked
            self._releases.after(grade_id, self._channel)
        if verdict.outcome == TIMED_OUT:
            self._note("timed out", f"the hidden tests of cell {index} ran past the time limit", index)
        elif verdict.outcome == KERNEL_GONE:
            self._kill(f"the kernel stopped answering while the hidden tests of cell {index} ran: "
                       f"{verdict.message}")

    def _hold_if_guard_refused(self, resources) -> None:
        """A notebook that tripped the runtime guard scores 0 everywhere, held for review."""
        if not self._releases.refusals:
            return
        why = f"held for review with 0 points: the grading kernel's guard refused {self._releases.refusals[0]}"
        self._note("flagged", why)
        zeroed = resources.setdefault("zeroed", {})
        for tests in self.exercise_tests.values():
            for grade_id in tests:
                zeroed[grade_id] = why

    # -- limits ---------------------------------------------------------------------------------

    def _start_watchdog(self) -> None:
        if self._watchdog is not None or self.km is None:
            return
        process = getattr(getattr(self.km, "provisioner", None), "process", None)
        if process is None:
            return
        self._watchdog = KernelWatchdog(
            process.pid, self._started + self.notebook_timeout, self.memory_mb * 2**20)
        self._watchdog.start()

    def _kill(self, reason: str) -> None:
        if self._dead is None:
            self._dead = reason
            self._note(_kind(reason), reason)
        if self._watchdog is not None:
            self._watchdog.kill(reason)
        elif self.km is not None and getattr(self.km, "provisioner", None) is not None:
            process = getattr(self.km.provisioner, "process", None)
            if process is not None:
                kill_tree(process.pid)

    def _responsive(self) -> bool:
        """Does the kernel answer a tiny request within ``probe_timeout`` after an interrupt?"""
        try:
            msg_id = self.kc.execute("", silent=True, store_history=False)
            deadline = time.monotonic() + self.probe_timeout
            while time.monotonic() < deadline:
                try:
                    msg = run_sync(self.kc.shell_channel.get_msg)(timeout=0.5)
                except Exception:  # queue.Empty
                    continue
                if msg.get("parent_header", {}).get("msg_id") == msg_id:
                    return True
        except Exception:
            return False
        return False

    def output(self, outs, msg, display_id, cell_index):
        size = _message_size(msg)
        if self._output_used + size <= self.output_bytes:
            self._output_used += size
            return super().output(outs, msg, display_id, cell_index)
        if cell_index not in self._cut_cells:
            self._cut_cells.add(cell_index)
            self._note("output cut", f"output beyond {self.output_bytes} bytes was dropped", cell_index)
            outs.append(NotebookNode(output_type="stream", name="stdout", text=(
                f"[grader] output beyond {self.output_bytes} bytes per notebook was dropped\n")))
        return None

    # -- the report -----------------------------------------------------------------------------

    def _note(self, kind: str, message: str, cell_index: int | None = None) -> None:
        self._events.append({"kind": kind, "message": message, "cell": cell_index})

    def _write_report(self) -> None:
        if not self.report_path:
            return
        report = {
            "events": self._events,
            "seconds": round(time.monotonic() - self._started, 3),
            "peak_rss_mb": round((self._watchdog.peak_rss if self._watchdog else 0) / 2**20, 1),
            "output_bytes": self._output_used,
            "verdicts": {g: v.as_dict() for g, v in self.judge.verdicts.items()},
        }
        path = Path(self.report_path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(report, indent=1))


def _kind(reason: str) -> str:
    if reason.startswith("memory"):
        return "memory"
    if "time limit" in reason:
        return "timed out"
    return "crashed"


def _message_size(msg: dict) -> int:
    """What a message costs the notebook: all of its content (data, metadata, traceback ...)."""
    try:
        return len(json.dumps(msg.get("content", {}), default=str))
    except (TypeError, ValueError):
        return 0
