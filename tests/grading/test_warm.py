"""Warm kernels: forked from a template, each as isolated as a cold one, used once.

The kernels here come straight from a ``TemplateProcesses`` of this test process (as a grading worker's
do), and run code sent by a jupyter_client client. The two guarantees of the warm path:

- no state of one submission is visible to the next (files, environment, modules, memory,
  shared memory, random states), also to the kernel forked ahead while the first one ran;
- no kernel can see, trace or signal another, including the one started ahead of it;

and the two of the kernel's contents: a chapter's warm kernel holds no answer of its chapter (its
template imported the chapter's kernel library, not the installed package), and the grading agent
and its runtime guard start in each forked kernel, before any student code.

Every hostile fixture (``test_hostile*.py``) is graded on the warm path too: it is the default.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from jupyter_client import BlockingKernelClient
from support import threads

from grader.pipeline.nbgrader_steps import warm_kernel_spec
from grader.sandbox import kernel_limits
from grader.sandbox.policy import MAX_PROCESSES, find_bwrap
from grader.sandbox.warm_kernels import KernelSpec, TemplateProcesses

pytestmark = [pytest.mark.skipif(find_bwrap() is None or not sys.platform.startswith("linux"),
                                 reason="warm kernels need bubblewrap on Linux"),
              pytest.mark.xdist_group("nbgrader")]

def _spec(memory_mb: int = 700) -> KernelSpec:
    """A warm kernel's spec without the agent's start-up: the isolation tests' kernels use ctypes
    (SysV shared memory, ptrace), which the runtime guard refuses to student code. Isolation must
    hold without the guard; the guard is tested on its own below."""
    spec = warm_kernel_spec([], memory_mb=memory_mb, jobs=2)
    return replace(spec, arguments=tuple(a for a in spec.arguments if "exec_lines" not in a))


@pytest.fixture(scope="module")
def warm():
    templates = TemplateProcesses()
    spec = _spec()
    template = templates.template(spec)
    yield template, spec
    templates.close()


class Kernel:
    """A warm kernel and a client of it."""

    def __init__(self, template, spec):
        self.template, self.warm = template, template.take(spec)
        self.client = BlockingKernelClient()
        self.client.load_connection_info(self.warm.connection_info)
        self.client.start_channels()
        self.client.wait_for_ready(timeout=120)

    def run(self, code: str) -> str:
        """The text the code printed (an error's name and value, if it raised)."""
        msg_id = self.client.execute(code)
        text = []
        while True:
            msg = self.client.get_iopub_msg(timeout=120)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "stream":
                text.append(msg["content"]["text"])
            elif msg["msg_type"] == "error":
                text.append(f"{msg['content']['ename']}: {msg['content']['evalue']}")
            elif msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                return "".join(text)

    def json(self, code: str):
        return json.loads(self.run(code).strip().splitlines()[-1])

    def close(self):
        self.client.stop_channels()
        self.template.release(self.warm)


LEAVE_TRACES = r"""
import os, sys, random, numpy, torch, autograd_lib
from multiprocessing import shared_memory
for folder in ("/tmp", "/dev/shm", os.environ["HOME"], os.getcwd(), os.environ["MPLCONFIGDIR"]):
    open(os.path.join(folder, "left-by-the-first"), "w").write("x")
os.environ["LEFT_BY_THE_FIRST"] = "1"
autograd_lib.left_by_the_first = numpy.left_by_the_first = 1
sys.modules["left_by_the_first"] = type(sys)("left_by_the_first")
segment = shared_memory.SharedMemory(name="segment-left-by-the-first", create=True, size=4096)
import ctypes
libc = ctypes.CDLL(None)
shm_id = libc.shmget(0x4242, 4096, 0o1666)
random.seed(7); numpy.random.seed(7); torch.manual_seed(7)
print("left", shm_id >= 0)
"""

FIND_TRACES = r"""
import json, os, sys, random, numpy, torch, autograd_lib, ctypes
found = []
for folder in ("/tmp", "/dev/shm", os.environ["HOME"], os.getcwd(), os.environ["MPLCONFIGDIR"]):
    for root, dirs, files in os.walk(folder):
        found += [os.path.join(root, f) for f in files if "left-by-the-first" in f]
found += [name for name in os.environ if "LEFT_BY" in name]
found += [m for m in ("autograd_lib", "numpy") if hasattr(sys.modules[m], "left_by_the_first")]
found += [m for m in sys.modules if "left_by_the_first" in m]
if ctypes.CDLL(None).shmget(0x4242, 0, 0) >= 0:
    found.append("SysV segment 0x4242")
print(json.dumps({"found": found, "random": random.random(), "numpy": float(numpy.random.rand()),
                  "torch": float(torch.randn(1)), "autograd_lib": float(autograd_lib.randn(1).item())}))
"""

FRESH = """
import json, autograd_lib
print(json.dumps({"autograd_lib": float(autograd_lib.randn(1).item())}))
"""


def test_no_state_of_one_submission_is_visible_to_the_next(warm):
    template, spec = warm
    first = Kernel(template, spec)
    ahead = template.spare  # forked while the first kernel ran
    assert ahead is not None and ahead.alive()
    try:
        assert first.run(LEAVE_TRACES).strip() == "left True"
    finally:
        first.close()
    second = Kernel(template, spec)  # the one forked ahead of it
    assert second.warm.pid == ahead.pid
    third = Kernel(template, spec)  # and one forked after the first had left its traces
    try:
        seen = [second.json(FIND_TRACES), third.json(FIND_TRACES)]
    finally:
        second.close()
        third.close()
    assert [s["found"] for s in seen] == [[], []]
    for name in ("random", "numpy", "torch"):  # seeded from the operating system, per kernel
        assert seen[0][name] != seen[1][name], name
    fresh = json.loads(subprocess.run([sys.executable, "-c", FRESH], capture_output=True, text=True,
                                      check=True).stdout)
    for state in seen:  # a constant seed is a fresh process's
        assert state["autograd_lib"] == fresh["autograd_lib"]


LOOK_AROUND = r"""
import json, os, signal, socket, sys
other_pid, other_sockets = {other_pid}, {other_sockets!r}
seen = {{"pids": sorted(int(p) for p in os.listdir("/proc") if p.isdigit()), "uid": os.getuid()}}
def attempt(name, action):
    try:
        action()
        seen[name] = "allowed"
    except Exception as error:
        seen[name] = type(error).__name__
attempt("signal the other kernel", lambda: os.kill(other_pid, signal.SIGKILL))
def alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except OSError:
        return False
mine = {{1}} | {{int(t) for t in os.listdir("/proc/self/task")}}  # pid 1, this kernel and its threads
seen["others that answer a signal"] = [p for p in range(1, 32768) if alive(p) and p not in mine]
attempt("read the other's /proc", lambda: open(f"/proc/{{other_pid}}/status").read())
attempt("see the other's sockets", lambda: os.listdir(other_sockets))
own = os.path.dirname(sys.argv[sys.argv.index("-f") + 1])
seen["other socket folders"] = [d for d in os.listdir(os.path.dirname(own))
                                if os.path.join(os.path.dirname(own), d) != own]
def connect():
    with socket.socket(socket.AF_UNIX) as s:
        s.connect(os.path.join(other_sockets, "k-1"))
attempt("connect to the other's socket", connect)
import ctypes
attempt("trace the other kernel", lambda: 1 / 0 if ctypes.CDLL(None).ptrace(16, other_pid, 0, 0) != 0 else None)
print(json.dumps(seen))
"""


def test_no_kernel_can_see_trace_or_signal_another(warm):
    template, spec = warm
    first = Kernel(template, spec)
    ahead = template.spare  # started ahead, while the first one runs
    try:
        target = ahead.kernel_pid()
        assert target is not None
        seen = first.json(LOOK_AROUND.format(other_pid=target, other_sockets=str(ahead.sockets)))
        assert seen.pop("uid") == 65534
        assert seen.pop("pids") == [1, 2], "the kernel sees processes that are not its own"
        assert seen.pop("others that answer a signal") == []
        assert seen.pop("other socket folders") == []
        assert all(v != "allowed" for v in seen.values()), seen
        assert ahead.alive()
        second = Kernel(template, spec)  # the one started ahead still works
        assert second.warm.pid == ahead.pid
        assert second.run("print(6 * 7)").strip() == "42"
        second.close()
    finally:
        first.close()


def test_a_warm_kernel_counts_what_it_adds_not_the_templates_pages(warm):
    template, spec = warm
    kernel = Kernel(template, spec)
    try:
        kernel.run("import torch, numpy, autograd_lib, matplotlib.pyplot")
        tree = kernel_limits.tree_processes(kernel.warm.pid)
        used = kernel.warm.meter.used(tree, kernel.warm.pid)
        rss = sum(p.memory_info().rss for p in tree)
        shared = kernel_limits.tree_processes(template.server_pid)[0].memory_info().rss
        assert shared > 200 * 2**20  # the template holds torch and the rest
        assert used < shared / 2 < rss, (used / 2**20, shared / 2**20, rss / 2**20)
    finally:
        kernel.close()


def test_a_warm_kernel_runs_as_nobody_without_privileges_in_its_own_namespaces(warm):
    template, spec = warm
    kernel = Kernel(template, spec)
    try:
        seen = kernel.json(r"""
import json, os, resource
status = dict(l.split(":", 1) for l in open("/proc/self/status").read().splitlines() if ":" in l)
print(json.dumps({k: status[k].strip() for k in ("Uid", "Gid", "Groups", "CapInh", "CapPrm", "CapEff",
                  "CapBnd", "CapAmb", "NoNewPrivs")} | {"host": os.uname().nodename,
                  "nproc": resource.getrlimit(resource.RLIMIT_NPROC)}))
""")
        namespaces = {name: os.readlink(f"/proc/{kernel.warm.kernel_pid()}/ns/{name}")
                      for name in ("user", "pid", "net", "mnt", "ipc", "uts")}
        pids = kernel.warm.meter.pids
        pids_max = (pids.path / "pids.max").read_text().strip() if pids else None
    finally:
        kernel.close()
    assert seen["Uid"].split() == ["65534"] * 4 and seen["Gid"].split() == ["65534"] * 4
    assert all(int(seen[c], 16) == 0 for c in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"))
    assert seen["NoNewPrivs"] == "1" and seen["host"] == "kernel" and seen["Groups"] in ("", "65534")
    if pids_max is None:  # threads count: no kernel takes every pid
        assert seen["nproc"] == [MAX_PROCESSES, MAX_PROCESSES]
    else:  # its own pids cgroup, and no per-user bound that kernels running as nobody would share
        assert pids_max == str(MAX_PROCESSES) and seen["nproc"][0] > MAX_PROCESSES
    mine = {name: os.readlink(f"/proc/self/ns/{name}") for name in namespaces}
    assert all(namespaces[n] != mine[n] for n in namespaces), "a namespace is the grader's"
    other = Path(f"/proc/{template.server_pid}/ns")
    assert all(namespaces[n] != os.readlink(other / n) for n in ("user", "pid", "mnt", "ipc", "uts"))




def test_a_warm_kernel_holding_every_thread_it_may_leaves_the_next_kernel_its_own(warm):
    """Each warm kernel's processes and threads are bounded by a pids cgroup of its own: one that
    holds all it may does not starve the kernel graded beside it."""
    template, spec = warm
    greedy = Kernel(template, spec)
    try:
        pids = greedy.warm.meter.pids
        if pids is None:
            pytest.skip(f"no pids cgroup here ({kernel_limits.process_limit_kind()}): RLIMIT_NPROC is the bound")
        held = int(greedy.run(threads.HOLD_EVERY_THREAD).strip().splitlines()[-1])  # and holds them
        other = Kernel(template, spec)
        try:
            assert other.run(threads.FIFTY_THREADS).strip() == "fifty"
        finally:
            other.close()
        assert (pids.path / "pids.max").read_text().strip() == str(MAX_PROCESSES)
        assert MAX_PROCESSES - 20 < held < MAX_PROCESSES and pids.refused() > 0, held
    finally:
        greedy.close()
    assert not pids.path.exists()


@pytest.mark.slow
def test_where_the_warm_path_cannot_be_had_the_job_is_graded_cold_and_the_run_says_why(tmp_path, monkeypatch):
    from support.classes import base
    from support.specs import one_spec

    from grader.pipeline import worker
    from grader.run.console import limits_summary
    from grader.sandbox import warm_kernels as warm_templates

    def no_template(self, spec, log):
        raise warm_templates.WarmUnavailable("no template can start here (as on a machine without user namespaces)")

    monkeypatch.setattr(warm_templates.TemplateProcess, "__init__", no_template)
    monkeypatch.setattr(warm_templates, "_templates", None)
    monkeypatch.setattr(worker, "_cold_because", None)
    spec = one_spec(tmp_path, base("perfect"))
    result = worker.grade_job(spec)
    assert (result.score, str(result.status)) == (4, "graded"), result.reasons
    assert result.kernel.startswith("cold: the warm path could not be had: no template can start here")
    summary = "\n".join(limits_summary([result], spec.settings))
    assert "1 cold: the warm path could not be had" in summary and f"{spec.settings.memory_mb} MB of memory" in summary


REACH_THE_REFERENCE = r"""
import json, sys, autograd_lib
from autograd_lib.nn.linear_function import LinearFunction
seen = {"library": autograd_lib.__file__, "agent in sys.modules": [m for m in sys.modules if "kernel_agent" in m]}
try:
    LinearFunction.backward(None, None)
    seen["backward"] = "ran"
except Exception as error:
    seen["backward"] = f"{type(error).__name__}: {error}"
import gc
try:
    gc.get_referrers(seen)
    seen["guard"] = "allowed"
except Exception as error:
    seen["guard"] = f"{type(error).__name__}: {error}"
print(json.dumps(seen))
"""


@pytest.fixture(scope="module")
def chapter_7():
    """A template of chapter 7's kernel library (``grader.course.kernel_library``, interfaces contract 1)."""
    library = pytest.importorskip("grader.course.kernel_library", reason="no per-chapter kernel library here yet")
    from grader.course.model import find_chapters
    from grader.paths import COURSE_DIR

    build = library.cached_builds(find_chapters(COURSE_DIR))["07_linear_function"]
    templates = TemplateProcesses()
    spec = warm_kernel_spec([], memory_mb=700, jobs=2, kernel_library=str(build))
    template = templates.template(spec)
    yield template, spec
    templates.close()


def test_a_warm_kernel_of_chapter_7_holds_no_answer_of_it_and_runs_under_the_guard(chapter_7, warm):
    from grader.course.kernel_library import installed_package

    kernel = Kernel(*chapter_7)
    try:
        seen = kernel.json(REACH_THE_REFERENCE)
    finally:
        kernel.close()
    assert seen["library"] == str(installed_package() / "__init__.py")  # the build, at the installed path
    assert seen["backward"].startswith("Withheld: ") and "07_linear_function" in seen["backward"], seen
    assert seen["guard"].startswith("GuardRefusal: "), seen
    assert seen["agent in sys.modules"] == []  # it ran (its guard refuses) and left
    full = Kernel(*warm)  # a template of the whole library: the same code reaches the reference
    try:
        assert not full.json(REACH_THE_REFERENCE)["backward"].startswith("Withheld")
    finally:
        full.close()


ASK_FOR_TORCH = r"""
import json, sys
seen = {"loaded": sorted(m for m in sys.modules if m.split(".")[0] in ("torch", "functorch", "torchgen"))}
try:
    import torch
    seen["import"] = "imported"
except ImportError as error:
    seen["import"] = f"{type(error).__name__}: {error}"
print(json.dumps(seen))
"""


def test_a_warm_kernel_of_chapter_9_has_no_torch_and_its_template_never_imported_it(chapter_7):
    """Chapter 9's kernel goes without torch (``kernel_library.WITHOUT``): its template, started in
    a sandbox with the stubs over torch's folders, imports no torch, so a kernel forked from it has
    no module of torch (a fork has its template's modules), and its ``import torch`` raises with
    the reason. Chapter 7's warm kernel has torch loaded from its template."""
    from grader.course.kernel_library import cached_builds
    from grader.course.model import find_chapters
    from grader.paths import COURSE_DIR

    build = cached_builds(find_chapters(COURSE_DIR))["09_training"]
    templates = TemplateProcesses()
    spec = warm_kernel_spec([], memory_mb=700, jobs=2, kernel_library=str(build))
    seen = {}
    try:
        for chapter_id, (template, kernel_spec) in (("09_training", (templates.template(spec), spec)),
                                                    ("07_linear_function", chapter_7)):
            kernel = Kernel(template, kernel_spec)
            try:
                seen[chapter_id] = kernel.json(ASK_FOR_TORCH)
            finally:
                kernel.close()
    finally:
        templates.close()
    assert seen["09_training"]["loaded"] == [], seen
    assert seen["09_training"]["import"].startswith("ModuleNotFoundError: chapter 9's kernel has no torch: "), seen
    assert "torch" in seen["07_linear_function"]["loaded"] and seen["07_linear_function"]["import"] == "imported", seen


def test_a_warm_kernel_starts_from_a_checkout_under_tmp(tmp_path):
    """A checkout under /tmp (``git clone ... /tmp/x``): the kernel's own /tmp must not hide the
    packages the template bound from there (the kernel imports ``kernel_template.start`` and
    ``kernel_agent`` after its folders are made)."""
    import shutil

    from grader.sandbox.policy import _package_dir

    checkout = tmp_path / "checkout"
    assert str(checkout).startswith("/tmp/")
    moved = {}
    for package in ("kernel_template", "kernel_agent"):
        installed = _package_dir(package)
        shutil.copytree(installed, checkout / package, ignore=shutil.ignore_patterns("__pycache__"))
        moved[str(installed)] = str(checkout / package)
    spec = _spec()  # without the agent's start-up, whose guard refuses a notebook's import of the agent
    binds = tuple((moved.get(src, src), moved.get(dest, dest)) for src, dest in spec.ro_binds)
    assert any(dest.startswith(str(checkout)) for _src, dest in binds)
    env = {**dict(spec.env), "PYTHONPATH": str(checkout)}
    spec = replace(spec, ro_binds=binds, env=tuple(sorted(env.items())))
    templates = TemplateProcesses()
    try:
        kernel = Kernel(templates.template(spec), spec)
        try:
            seen = kernel.json("import json, kernel_agent, kernel_template.start as s\n"
                               "print(json.dumps([s.__file__, kernel_agent.__file__]))")
        finally:
            kernel.close()
    finally:
        templates.close()
    assert all(path.startswith(str(checkout)) for path in seen), seen


def test_a_machine_that_cannot_run_kernels_records_no_grade_and_says_why(tmp_path, monkeypatch):
    """The template dies at once, and the cold retry's sandbox cannot start either: no student code
    ran, so the result is ``not graded`` with the cause (never a 0), it is never current (the next
    run grades it), and every export leaves its score empty."""
    import csv

    from support.classes import base
    from support.specs import one_spec

    from grader.gradebook import run_exports as exports
    from grader.pipeline import worker
    from grader.records.jobs import Status
    from grader.sandbox import kernel_manager as sandbox
    from grader.sandbox import warm_kernels as warm_templates

    def broken_prefix(*args, **kwargs):
        return ["/bin/false"]  # the sandbox exits before the kernel's Python starts

    monkeypatch.setattr(warm_templates, "sandbox_prefix", broken_prefix)
    monkeypatch.setattr(sandbox, "sandbox_prefix", broken_prefix)
    monkeypatch.setattr(warm_templates, "_templates", None)
    monkeypatch.setattr(worker, "_cold_because", None)
    spec = one_spec(tmp_path, base("perfect"))
    result = worker.grade_job(spec)
    assert result.status == Status.NOT_GRADED, (result.status, result.reasons)
    assert result.reasons[-1].startswith("not graded: the grading machine could not start the kernel ("), result.reasons
    assert result.kernel.startswith("cold: the warm path could not be had"), result.kernel
    assert not result.is_current(spec)  # graded again by the next run
    assert "| 4" not in exports.grade_table([result]) and "-/4" in exports.grade_table([result])
    exports.write_status([result], tmp_path / "status.csv")
    row = next(csv.DictReader(open(tmp_path / "status.csv", encoding="utf-8")))
    assert (row["status"], row["score"]) == ("not graded", "")
    grades = tmp_path / "grades.csv"
    grades.write_text("assignment,student_id,raw_score,late_submission_penalty,score,max_score\n"
                      f"{spec.assignment_id},{spec.student_id},0.0,0.0,0.0,4.0\n")
    exports.blank_not_graded([result], grades)
    row = next(csv.DictReader(open(grades, encoding="utf-8")))
    assert (row["raw_score"], row["score"], row["max_score"]) == ("", "", "4.0")
    message = exports.not_graded_message([result])
    assert message.startswith("1 submission(s) NOT GRADED: the grading machine could not start their kernels")


TEMPLATE_THEN_WAIT = r"""
import os, sys, time
sys.path[:0] = sys.argv[1:]
from test_warm import _spec
from grader.sandbox.warm_kernels import TemplateProcesses
spec = _spec()
template = TemplateProcesses().template(spec)
kernel = template.take(spec)  # one in use, one forked ahead
holder = os.fork()  # a forked child (as a pool's worker is) holds the template's pipes open
if holder == 0:
    time.sleep(600)
    os._exit(0)
time.sleep(3)  # the kernels' own processes are forked
import psutil
tree = [p.pid for p in psutil.Process(template.server_pid).children(recursive=True)]
print(holder, template.server_pid, *tree, flush=True)
time.sleep(600)
"""


def _running(pid: int) -> bool:
    import psutil

    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def test_a_run_killed_with_sigkill_leaves_no_template_nor_kernel():
    import signal
    import time

    here = Path(__file__).parent
    run = subprocess.Popen([sys.executable, "-c", TEMPLATE_THEN_WAIT, str(here), str(here.parent)],
                           stdout=subprocess.PIPE, text=True)
    try:
        holder, *pids = [int(p) for p in run.stdout.readline().split()]
        assert len(pids) >= 5 and all(_running(p) for p in pids), pids  # the template, two kernels' processes
    finally:
        run.send_signal(signal.SIGKILL)
        run.wait()
    try:
        deadline = time.monotonic() + 20
        while any(_running(p) for p in pids) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = [p for p in pids if _running(p)]
    finally:
        os.kill(holder, signal.SIGKILL)
    assert not left, "a template or kernel outlived its run (killed with SIGKILL)"
