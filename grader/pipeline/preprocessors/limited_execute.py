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
- interrupts a cell that uses more than ``timeout`` seconds of the kernel's CPU time, and kills a
  kernel that ignores the interrupt, so one endless loop does not stall every later cell; a cell
  that sleeps meets a wall-clock backstop (``kernel_limits.WALL_BACKSTOP`` times the limit);
- kills the kernel when the whole notebook uses more than ``notebook_timeout`` seconds of CPU
  time, or more than ``idle_allowance`` seconds neither running nor waiting for a processor
  (sleeping, blocked: ``kernel_limits``), or when the kernel holds more than ``memory_mb`` of memory
  in any form (its own memory cgroup where one can be had: ``kernel_limits``);
- keeps at most ``output_bytes`` of output per notebook;
- survives a dead kernel: the cells already run keep their outputs and their grades, the cells
  after it get an error output that says why they did not run, and nbgrader goes on to save the
  grades (plain nbgrader fails the whole submission).

What happened is written as JSON to ``report_path`` for the worker to read.
"""

from __future__ import annotations

import json
import os
import pickle
import signal
import time
from pathlib import Path

from jupyter_core.utils import run_sync
from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbformat.notebooknode import NotebookNode
from nbgrader.preprocessors import Execute
from traitlets import Dict, Float, Integer, Unicode

from grader.course.model import cell_kind
from grader.judge.channel import KernelChannel
from grader.judge.judge import FAILED, KERNEL_GONE, TIMED_OUT, Judge
from grader.judge.releases import Releases
from grader.pipeline.preprocessors.verdicts import error_output
from grader.sandbox import kernel_limits
from grader.sandbox.kernel_limits import LAST_RESORT, WALL_BACKSTOP, KernelWatchdog, kill_tree, memory_meter
from grader.sandbox.kernel_manager import CourseKernelManager
from grader.sandbox.policy import PRIVATE_TMPFS


class LimitedExecute(Execute):
    """nbgrader's ``Execute`` with limits, a scratch folder and the judge (see the module doc).

    ``timeout`` (nbgrader's ``Execute.timeout``) is a cell's limit in seconds of the kernel's CPU
    time; nbclient itself waits ``WALL_BACKSTOP`` times as long in wall-clock time.
    """

    notebook_timeout = Integer(300, help="seconds of CPU time the whole notebook may use").tag(config=True)
    idle_allowance = Float(kernel_limits.IDLE_ALLOWANCE, help="seconds the whole notebook may spend neither "
                           "running nor waiting for a processor").tag(config=True)
    memory_mb = Integer(2048, help="memory of the kernel, in every form").tag(config=True)
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

    def create_kernel_manager(self):
        km = super().create_kernel_manager()
        km.memory_bytes = self.memory_mb * 2**20
        if not getattr(km, "warm", False):  # a warm kernel comes with its own meter
            private = PRIVATE_TMPFS + ((self.work_dir,) if self.work_dir else ()) if getattr(km, "sandbox", "") else ()
            self._meter = km.meter = memory_meter(km.memory_bytes, private)
            km.memory_prefix = self._meter.command_prefix()
        return km

    async def async_start_new_kernel_client(self):
        clock = time.monotonic()
        client = await super().async_start_new_kernel_client()
        seal = getattr(self.km, "seal_sockets", None)
        if seal is not None:
            seal()  # the kernel is ready and has made its sockets; no student code has run yet
        self._timing["kernel_start"] = round(time.monotonic() - clock, 3)
        self._meter = getattr(self.km, "meter", None) or self._meter
        self._kernel = "warm" if getattr(self.km, "warm", False) else "cold"
        self._start_watchdog()
        self._timing["kernel_start_cpu"] = self._kernel_cpu()
        return client

    def _kernel_cpu(self) -> float:
        return self._watchdog.sample_cpu() if self._watchdog is not None else 0.0

    # nbclient binds the synchronous form to its own coroutine: bind it to this one.
    start_new_kernel_client = run_sync(async_start_new_kernel_client)

    def preprocess(self, nb, resources=None, km=None):
        self._events: list[dict] = []
        self._dead: str | None = None
        self._started = time.monotonic()
        self._output_used = 0
        self._cut_cells: set[int] = set()
        self._watchdog: KernelWatchdog | None = None
        self._meter = None
        self._kernel = ""  # "warm" or "cold", once the kernel has started
        self._warm_error = ""
        self._not_started = ""  # why the kernel failed before any student code ran: the machine's, not the student's
        self._ran: set[int] = set()
        self._channel: KernelChannel | None = None
        self._transcripts: dict = {}
        self._refused = 0  # new processes or threads the kernel's pids cgroup refused so far
        # wall seconds, the kernel's CPU seconds (_cpu) and this worker's (_worker_cpu) of each part
        self._timing: dict[str, float] = {"cells": 0.0, "judge": 0.0, "cells_cpu": 0.0, "judge_cpu": 0.0,
                                          "cells_worker_cpu": 0.0, "judge_worker_cpu": 0.0}
        self.judge = Judge(self.hidden_tests, self.judge_seed, time_limit=float(self.timeout or 30),
                           clock=self._kernel_clock)
        self._releases = Releases.from_folder(self.kernel_library, self.exercise_tests)
        resources = resources if resources is not None else {}
        if self.work_dir:
            resources.setdefault("metadata", {})["path"] = self.work_dir
        try:
            return super().preprocess(nb, resources, km)
        except (DeadKernelError, RuntimeError, TimeoutError, OSError) as exc:  # start-up, shutdown
            reason = f"the kernel could not run the notebook: {type(exc).__name__}: {exc}"
            if type(exc).__name__ == "WarmUnavailable":
                self._warm_error = str(exc)  # the grader's trouble, not the student's: graded again, cold
            if not self._ran:  # no student cell ran: the machine failed, not the notebook
                self._not_started = reason
            self._note("crashed", reason)
            for index, cell in enumerate(nb.cells):  # cells that never ran say why
                if cell.cell_type == "code" and index not in self._ran:
                    cell.outputs = [error_output("CellNotRun", f"this cell did not run: {reason}")]
            return nb, resources
        finally:
            if self._watchdog is not None:
                self._watchdog.stop()
                self._timing["kernel_cpu"] = round(self._watchdog.cpu, 3)
                self._timing["idle"] = round(self._watchdog.idle_seconds, 3)
            if self._meter is not None and not getattr(self.km, "warm", False):
                self._meter.close()  # a warm kernel's goes with it
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
        if self._dead is None and self._watchdog is not None and self._watchdog.reason:
            self._kill(self._watchdog.reason)
        if self._dead is not None:
            cell.outputs = [error_output("CellNotRun", f"this cell did not run: {self._dead}")]
            return cell, resources
        clock, cpu, mine = time.monotonic(), self._kernel_cpu(), time.thread_time()
        if self._watchdog is not None:
            self._watchdog.cell_started(index, float(self.timeout or 30))
        try:
            cell, resources = super().preprocess_cell(cell, resources, index)
        except DeadKernelError:
            reason = self._death_reason()
            self._dead = reason
            self._note(_kind(reason), reason, index)
            cell.outputs = [*cell.get("outputs", []), error_output("KernelDied", reason)]
            return cell, resources
        except CellTimeoutError:  # no reply, or no idle status on IOPub after the reply
            cell.outputs = [*cell.get("outputs", []), error_output(
                "CellTimeoutError", f"the cell ran past its wall-clock limit ({self._get_timeout(cell):g} s)")]
        except ValueError as error:  # jupyter_client: a message its key did not sign (or a replayed one)
            if "Signature" not in str(error):
                raise
            reason = ("the kernel sent a message not signed with its key while this cell ran (as a kernel "
                      "broken by its own code does): it was stopped")
            self._kill(reason)
            cell.outputs = [*cell.get("outputs", []), error_output("KernelDied", reason)]
            return cell, resources
        finally:
            if self._watchdog is not None:
                self._watchdog.cell_finished()
            self._note_refused_processes(index)
            self._timing["cells"] += time.monotonic() - clock
            self._timing["cells_cpu"] += self._kernel_cpu() - cpu
            self._timing["cells_worker_cpu"] += time.thread_time() - mine
            if "first_cell" not in self._timing:  # a chapter's first code cell: its imports
                self._timing["first_cell"] = time.monotonic() - clock
                self._timing["first_cell_cpu"] = self._kernel_cpu() - cpu
        if self._watchdog is not None and index in self._watchdog.timed_out_cells:
            cell.outputs = [*cell.get("outputs", []), error_output(
                "CellTimeoutError", self._watchdog.timed_out_cells[index])]
        if any(o.get("ename") == "CellTimeoutError" for o in cell.outputs):
            self._note("timed out", f"cell {index} ran past the {self.timeout} s cell time limit", index)
            if not self._responsive():
                self._kill(f"cell {index} ran past the {self.timeout} s cell time limit and ignored the interrupt")
        if cell_kind(cell) == "test":
            clock, cpu, mine = time.monotonic(), self._kernel_cpu(), time.thread_time()
            self._judge(cell.metadata["nbgrader"]["grade_id"], index)
            self._timing["judge"] += time.monotonic() - clock
            self._timing["judge_cpu"] += self._kernel_cpu() - cpu
            self._timing["judge_worker_cpu"] += time.thread_time() - mine
        return cell, resources

    def _get_timeout(self, cell):
        """nbclient's own (wall-clock) limit per cell: the backstop of the CPU-time limit; while
        the watchdog keeps the backstop on a clock that does not count waiting for a busy
        processor, ``LAST_RESORT`` times that."""
        timeout = super()._get_timeout(cell)
        if timeout is None:
            return None
        return timeout * WALL_BACKSTOP * (LAST_RESORT if self._watchdog is not None else 1)

    # -- the judge ------------------------------------------------------------------------------

    def _kernel_clock(self) -> float:
        """The judge's budget clock: the kernel's CPU time (its own work never counts)."""
        return self._watchdog.sample_cpu() if self._watchdog is not None else time.monotonic()

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
                clock=self._kernel_clock,
                backstop=WALL_BACKSTOP,
                wall=self._watchdog.unstarved if self._watchdog is not None else time.monotonic,
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
            self._kill(self._death_reason(
                f"the kernel stopped answering while the hidden tests of cell {index} ran: {verdict.message}"))

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
        pid = getattr(self.km, "process_pid", None)
        if self._watchdog is not None or pid is None:
            return
        self._watchdog = KernelWatchdog(
            pid, self._meter or kernel_limits.WatchedMemory(), self.memory_mb * 2**20,
            notebook_cpu=float(self.notebook_timeout), notebook_wall=WALL_BACKSTOP * float(self.notebook_timeout),
            idle_allowance=float(self.idle_allowance), interrupt=self._interrupt, grace=self.probe_timeout)
        self._watchdog.start()

    def _interrupt(self) -> None:
        """SIGINT to the kernel's Python process (as the message interrupt does inside)."""
        pid = self.km.kernel_pid() if hasattr(self.km, "kernel_pid") else None
        if pid is None:
            raise ProcessLookupError("no kernel process")
        os.kill(pid, signal.SIGINT)

    def _death_reason(self, otherwise: str | None = None) -> str:
        """Why the kernel is gone: a limit the watchdog or Linux enforced, else ``otherwise``."""
        if self._watchdog is not None and self._watchdog.reason:
            return self._watchdog.reason
        if self._meter is not None and self._meter.killed_for_memory():
            return kernel_limits.memory_reason(self.memory_mb * 2**20, self._meter)
        return otherwise or ("the kernel died while this cell ran (the code exited the Python process, "
                             "crashed it or killed it)")

    def _kill(self, reason: str) -> None:
        if self._dead is None:
            self._dead = reason
            self._note(_kind(reason), reason)
        if self._watchdog is not None:
            self._watchdog.kill(reason)
        elif getattr(self.km, "process_pid", None) is not None:
            kill_tree(self.km.process_pid)

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

    def _note_refused_processes(self, index: int) -> None:
        """Say so when the cell met the kernel's process limit (its pids cgroup counts each
        refusal); the cell's own error shows only Python's "can't start new thread"."""
        pids = getattr(self._meter, "pids", None)
        refused = pids.refused() if pids is not None else 0
        if refused > self._refused:
            self._note("process limit", f"cell {index} was refused {refused - self._refused} new processes or "
                       f"threads at the kernel's limit of {pids.limit} ({self._meter.process_kind})", index)
            self._refused = refused

    # -- the report -----------------------------------------------------------------------------

    def _note(self, kind: str, message: str, cell_index: int | None = None) -> None:
        self._events.append({"kind": kind, "message": message, "cell": cell_index})

    def _write_report(self) -> None:
        if not self.report_path:
            return
        report = {
            "events": self._events,
            "seconds": round(time.monotonic() - self._started, 3),
            "peak_rss_mb": round((self._watchdog.peak_bytes if self._watchdog else 0) / 2**20, 1),
            "output_bytes": self._output_used,
            "memory_limit": self._meter.kind if self._meter is not None else "",
            "process_limit": self._meter.process_kind if self._meter is not None else "",
            "kernel": self._kernel,
            "warm_error": self._warm_error,
            "not_started": self._not_started,
            "timing": {k: round(v, 3) for k, v in self._timing.items()},
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
