"""Budgets that count everything, and time limits that do not depend on load.

- memory in any form counts: what ``WatchedMemory`` adds up (the fallback without a cgroup), and
  which limit is in force, as root and as an ordinary user;
- processes and threads: a pids cgroup per kernel as root (one kernel holding all it may leaves
  the next its own), each kernel's user namespace's own count as an ordinary user;
- CPU time of a whole process tree, threads and waited-for children included; the wall-clock
  backstop does not count time spent waiting for a busy processor, and still stops a sleeping cell;
- the kernel's socket folder is read-only for the kernel once sealed, as root and as an ordinary user;
- the kernel's folders are removed whatever it left there, and a job's ``result.json`` is written
  even when they cannot be;
- the same notebook gets the same grade on a busy machine (four busy processes on two cores).

The hostile fixtures of ``fixtures/`` cover the same budgets through a whole grading run
(``home_filled_past_every_limit``, ``socket_folder_filled``, ``memfd_past_the_memory_limit``,
``tmpfs_past_the_memory_limit``, ``deep_folder_chain``, ``threads_held_to_the_process_limit``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import types
from pathlib import Path

import psutil
import pytest
from support import threads
from support.classes import CHAPTER, base, fixture_notebook, write_class

from grader.sandbox import kernel_limits
from grader.sandbox import policy as sandbox
from grader.sandbox.cleanup import remove_tree
from grader.sandbox.policy import find_bwrap, sandbox_prefix
from grader.sandbox.socket_seal import remount_read_only

NOBODY = 65534


def _as_nobody(action) -> str:
    """Run ``action()`` in a forked child that became uid 65534 (an ordinary user); its result."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        code = 0
        try:
            os.setgroups([])
            os.setresgid(NOBODY, NOBODY, NOBODY)
            os.setresuid(NOBODY, NOBODY, NOBODY)
            os.write(write, str(action()).encode())
        except BaseException as error:  # noqa: BLE001 (reported to the parent)
            os.write(write, f"ERROR {type(error).__name__}: {error}".encode())
            code = 1
        finally:
            os._exit(code)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 65536):
        chunks.append(chunk)
    os.close(read)
    os.waitpid(pid, 0)
    return b"".join(chunks).decode()


# -- memory ----------------------------------------------------------------------------------

HOLD = """
import os, sys, time
fd = os.memfd_create("held")
os.write(fd, b"\\1" * (120 * 2**20))
private = bytearray(60 * 2**20)
private[::4096] = b"\\2" * len(private[::4096])
print("ready", flush=True)
time.sleep(60)
"""


def test_watched_memory_counts_memfd_files_and_private_pages():
    child = subprocess.Popen([sys.executable, "-c", HOLD], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
        process = psutil.Process(child.pid)
        rss = process.memory_info().rss
        used = kernel_limits.WatchedMemory().used([process], child.pid)
        assert used >= 180 * 2**20, used / 2**20  # 120 MB in the memfd, 60 MB touched
        assert rss < 180 * 2**20, "resident memory alone would have missed the memfd"
    finally:
        child.kill()
        child.wait()


def test_watched_memory_does_not_count_pages_shared_with_a_parent():
    """What a forked child adds is counted, not the pages it shares with its template."""
    read, write = os.pipe()
    shared = bytearray(150 * 2**20)
    shared[::4096] = b"\1" * len(shared[::4096])
    pid = os.fork()
    if pid == 0:
        os.close(read)
        os.write(write, b"x")
        time.sleep(30)
        os._exit(0)
    try:
        os.close(write)
        os.read(read, 1)
        child = psutil.Process(pid)
        assert child.memory_info().rss >= 150 * 2**20
        assert kernel_limits.WatchedMemory().used([child], pid) < 100 * 2**20
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        del shared


def test_the_memory_limit_in_force_is_named_as_root_and_as_an_ordinary_user():
    kind = kernel_limits.memory_limit_kind()
    if os.geteuid() == 0 and Path("/sys/fs/cgroup").exists():
        assert "cgroup" in kind or "watched" in kind
    else:
        pytest.skip("not root: the ordinary user's case is the one below")

    def fresh_kind():
        kernel_limits._cgroup_parent.cache_clear()
        return kernel_limits.memory_limit_kind()

    as_user = _as_nobody(fresh_kind)
    assert as_user == kernel_limits.WatchedMemory.kind, as_user  # no cgroup of its own to be had


def test_a_cgroup_limit_stops_a_memfd_that_resident_memory_never_shows():
    meter = kernel_limits.memory_meter(80 * 2**20)
    if not isinstance(meter, kernel_limits.CgroupMemory):
        pytest.skip(f"no memory cgroup here ({meter.kind}): the watched limit is tested above")
    try:
        code = "import os\nfd = os.memfd_create('x')\nfor _ in range(10):\n    os.write(fd, b'1' * 2**24)\n"
        done = subprocess.run([*meter.command_prefix(), sys.executable, "-c", code], capture_output=True)
        assert done.returncode != 0 and meter.killed_for_memory(), done
    finally:
        meter.close()
    assert not meter.path.exists()


# -- CPU time --------------------------------------------------------------------------------

BURN = """
import os, threading, time, subprocess, sys
def burn(seconds):
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass
child = subprocess.run([sys.executable, "-c", "import time\\nend = time.process_time() + 0.4\\n"
                        "while time.process_time() < end: pass"])
threads = [threading.Thread(target=burn, args=(0.3,)) for _ in range(2)]
[t.start() for t in threads]
[t.join() for t in threads]
print("done", flush=True)
time.sleep(30)
"""


def test_cpu_time_counts_every_thread_and_the_children_a_process_waited_for():
    process = subprocess.Popen([sys.executable, "-c", BURN], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout.readline().strip() == "done"
        seconds = kernel_limits.tree_cpu_seconds(kernel_limits.tree_processes(process.pid))
        assert seconds >= 0.4 + 0.6 - 0.05, seconds  # the child's 0.4 s and two threads' 0.3 s each
    finally:
        process.kill()
        process.wait()


SPIN = "import time\nwhile True: pass"
SLEEP = "import time\ntime.sleep(60)"


def _on_one_processor(code: str, count: int = 1) -> list[subprocess.Popen]:
    """``count`` processes running ``code``, all pinned to one processor of those this one may use."""
    cpu = min(os.sched_getaffinity(0))
    processes = [subprocess.Popen([sys.executable, "-c", code]) for _ in range(count)]
    for process in processes:
        os.sched_setaffinity(process.pid, {cpu})
    return processes


def _ended(processes: list[subprocess.Popen]) -> None:
    for process in processes:
        process.kill()
        process.wait()


def _watch_one_cell(pid: int, cpu_limit: float) -> tuple[str, float]:
    """A watchdog on ``pid`` with a cell of ``cpu_limit`` s of CPU time (backstop 2x): which limit
    stopped it, and after how many wall-clock seconds."""
    interrupted = []
    watchdog = kernel_limits.KernelWatchdog(
        pid, kernel_limits.WatchedMemory(), 2**40, notebook_cpu=600, notebook_wall=600, backstop=2.0,
        interrupt=lambda: interrupted.append(time.monotonic()), grace=60)
    watchdog.cell_started(0, cpu_limit)
    started = time.monotonic()
    watchdog.start()
    try:
        while not interrupted and time.monotonic() - started < 60:
            time.sleep(0.05)
    finally:
        watchdog.stop()
    assert interrupted, "the cell was never stopped"
    return watchdog.timed_out_cells[0], interrupted[0] - started


def test_the_time_a_process_waits_for_a_busy_processor_is_read_and_sleeping_is_not():
    busy = _on_one_processor(SPIN, 3)
    [spinner] = _on_one_processor(SPIN)
    [sleeper] = _on_one_processor(SLEEP)
    try:
        time.sleep(1.0)  # the sleeper has started (and waited for the processor while it did)
        before = {p.pid: kernel_limits.runqueue_wait(p.pid) for p in (spinner, sleeper)}
        time.sleep(2.0)
        waited = {pid: kernel_limits.runqueue_wait(pid) - at for pid, at in before.items()}
        assert waited[spinner.pid] > 0.6, waited  # four spinners on one processor: each waits about 3/4 of the time
        assert waited[sleeper.pid] < 0.1, waited
    finally:
        _ended([*busy, spinner, sleeper])


def test_a_starved_cell_meets_its_cpu_limit_not_the_wall_clock_backstop():
    """Four processes share one processor: 0.8 s of CPU time take over 3 s, past the 1.6 s a plain
    wall-clock backstop would allow; the backstop's clock does not count the wait."""
    busy = _on_one_processor(SPIN, 3)
    [cell] = _on_one_processor(SPIN)
    try:
        why, after = _watch_one_cell(cell.pid, 0.8)
    finally:
        _ended([*busy, cell])
    assert "0.8 s of CPU time" in why and after > 1.6, (why, after)


def test_a_sleeping_cell_meets_the_wall_clock_backstop_on_time():
    [cell] = _on_one_processor(SLEEP)
    try:
        why, after = _watch_one_cell(cell.pid, 0.8)
    finally:
        _ended([cell])
    assert "wall-clock backstop (1.6 s" in why and 1.5 < after < 3.0, (why, after)


def _watch_notebook(pid: int, idle_allowance: float, seconds: float, judging: bool = False) -> tuple[str | None, float]:
    """A watchdog on ``pid`` with ``idle_allowance`` s and no cell running, for at most
    ``seconds``: why it killed the kernel (None: it did not), and after how many seconds. While
    ``judging``, this process works meanwhile, as the judge does while the kernel waits for it."""
    watchdog = kernel_limits.KernelWatchdog(
        pid, kernel_limits.WatchedMemory(), 2**40, notebook_cpu=600, notebook_wall=600,
        idle_allowance=idle_allowance, interrupt=lambda: None, grace=60)
    started = time.monotonic()
    watchdog.start()
    try:
        while watchdog.reason is None and time.monotonic() - started < seconds:
            if judging:
                sum(range(10_000))
            else:
                time.sleep(0.05)
    finally:
        watchdog.stop()
    return watchdog.reason, time.monotonic() - started


def test_a_sleeping_kernel_meets_its_idle_allowance_on_time():
    [kernel] = _on_one_processor(SLEEP)
    try:
        why, after = _watch_notebook(kernel.pid, 1.0, 10)
    finally:
        _ended([kernel])
    assert why and "idle allowance (1 s" in why and 0.9 < after < 2.0, (why, after)


def test_a_kernel_waiting_for_the_judges_work_spends_none_of_its_idle_allowance():
    [kernel] = _on_one_processor(SLEEP)
    try:
        why, after = _watch_notebook(kernel.pid, 1.0, 3, judging=True)
    finally:
        _ended([kernel])
    assert why is None, (why, after)


def test_a_starved_kernel_spends_none_of_its_idle_allowance():
    """Four processes share one processor: the kernel runs a quarter of the time and waits for the
    processor the rest."""
    busy = _on_one_processor(SPIN, 3)
    [kernel] = _on_one_processor(SPIN)
    try:
        why, after = _watch_notebook(kernel.pid, 1.0, 4)
    finally:
        _ended([*busy, kernel])
    assert why is None, (why, after)


# -- the socket folder -----------------------------------------------------------------------

SEAL_SCRIPT = "echo before > {f}/before; read line; echo after > {f}/after 2>/dev/null; true"


def _sealed_writes(folder: Path, user_namespace: bool, python: str = sys.executable) -> list[str]:
    """Start a sandbox that writes into ``folder`` before and after ``remount_read_only``."""
    command = sandbox_prefix(shutil.which("bwrap"), ro_binds=[], rw_binds=[str(folder)], cwd="/") + [
        "/bin/sh", "-c", SEAL_SCRIPT.format(f=folder)]
    shell = subprocess.Popen(command, stdin=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 30
        while not (folder / "before").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        inner = [p for p in kernel_limits.tree_processes(shell.pid) if p.name() == "sh"]
        problem = remount_read_only(inner[-1].pid, str(folder), user_namespace=user_namespace, python=python)
        assert problem is None, problem
        shell.communicate("go\n", timeout=30)
    finally:
        shell.kill()
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.skipif(find_bwrap() is None, reason="bubblewrap is not available here")
def test_the_socket_folder_is_read_only_for_the_kernel_once_sealed(tmp_path):
    folder = tmp_path / "sockets"
    folder.mkdir()
    if os.geteuid() != 0:
        assert _sealed_writes(folder, user_namespace=True) == ["before"]
        return
    os.chown(folder, NOBODY, NOBODY)
    assert _sealed_writes(folder, user_namespace=False) == ["before"]
    # as an ordinary user, through the sandbox's user namespace (with a Python that user can run:
    # this one may live in root's home)
    python = shutil.which("python3", path="/usr/bin:/bin")
    if python is None:
        pytest.skip("no system python3 for the ordinary user")
    again = Path(f"/tmp/seal-{os.getpid()}")
    again.mkdir(mode=0o755)
    try:
        os.chown(again, NOBODY, NOBODY)
        assert _as_nobody(lambda: _sealed_writes(again, user_namespace=True, python=python)) == "['before']"
    finally:
        remove_tree(again)


# -- processes -------------------------------------------------------------------------------

THREADS_SCRIPT = """
import threading
started = []
stop = threading.Event()
try:
    for _ in range(4000):
        t = threading.Thread(target=stop.wait, daemon=True)
        t.start()
        started.append(t)
except RuntimeError:
    pass
print(len(started))
stop.set()
"""


@pytest.mark.skipif(find_bwrap() is None, reason="bubblewrap is not available here")
@pytest.mark.xdist_group("nbgrader")  # as root the bound is shared by the kernels running as nobody: not beside them
def test_a_sandboxed_process_cannot_take_every_pid_of_the_machine():
    """Threads count as processes: without a bound, some 30,000 of them (200 MB) exhaust the
    machine's pids for every other kernel, worker and shell."""
    command = sandbox_prefix(shutil.which("bwrap"), ro_binds=[], rw_binds=[], cwd="/") + [
        shutil.which("python3", path="/usr/bin:/bin"), "-c", THREADS_SCRIPT]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.split()[-1]) < sandbox.MAX_PROCESSES


#: A process that holds every thread it may until its input ends (then lets them go).
HOLD_EVERY_THREAD = threads.HOLD_EVERY_THREAD + "import sys\nsys.stdin.readline()\nstop.set()\n"
FIFTY_THREADS = threads.FIFTY_THREADS


@pytest.mark.skipif(find_bwrap() is None or os.geteuid() != 0, reason="as root with bubblewrap")
@pytest.mark.xdist_group("nbgrader")
def test_a_kernel_holding_every_thread_it_may_leaves_the_next_kernel_its_own():
    """Graded as root, cold kernels all run as nobody: a per-user bound (``RLIMIT_NPROC``) would
    let one kernel take the threads of every other. Each kernel has a pids cgroup of its own."""
    python = shutil.which("python3", path="/usr/bin:/bin")
    meters = [kernel_limits.memory_meter(512 * 2**20) for _ in range(2)]
    if meters[0].pids is None:
        pytest.skip(f"no pids cgroup here ({kernel_limits.process_limit_kind()}): RLIMIT_NPROC is the bound")

    def start(meter, code):
        command = sandbox_prefix(find_bwrap(), ro_binds=[], rw_binds=[], cwd="/", pids_cgroup=True)
        return subprocess.Popen([*meter.command_prefix(), *command, python, "-c", code], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    greedy = start(meters[0], HOLD_EVERY_THREAD)
    try:
        held = int(greedy.stdout.readline())  # it holds them until told to stop
        other = start(meters[1], FIFTY_THREADS)
        out, err = other.communicate(timeout=60)
        assert out.strip() == "fifty", err
        limit = meters[0].pids.path / "pids.max"
        assert limit.read_text().strip() == str(sandbox.MAX_PROCESSES)
        assert sandbox.MAX_PROCESSES - 10 < held < sandbox.MAX_PROCESSES  # its own budget, all of it
        assert meters[0].pids.refused() > 0  # and the cgroup refused the next one
    finally:
        greedy.communicate("stop\n", timeout=60)
        for meter in meters:
            meter.close()
    assert not any(meter.pids.path.exists() for meter in meters)
    kind = kernel_limits.process_limit_kind()
    assert "pids.max" in kind and str(sandbox.MAX_PROCESSES) in kind, kind


@pytest.mark.skipif(find_bwrap() is None or os.geteuid() != 0, reason="as root with bubblewrap (to become a user)")
@pytest.mark.xdist_group("nbgrader")
def test_graded_by_an_ordinary_user_each_kernel_has_its_own_process_count():
    """No pids cgroup: RLIMIT_NPROC is set inside each kernel's own user namespace, which counts
    its own processes and threads; one kernel holding all it may leaves the next its own."""
    python = shutil.which("python3", path="/usr/bin:/bin")

    def two_kernels() -> str:
        def start(code):
            command = sandbox_prefix(find_bwrap(), ro_binds=[], rw_binds=[], cwd="/") + [python, "-c", code]
            return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    text=True, cwd="/")

        greedy = start(HOLD_EVERY_THREAD)
        try:
            held = int(greedy.stdout.readline())
            out, err = start(FIFTY_THREADS).communicate(timeout=60)
        finally:
            greedy.communicate("stop\n", timeout=60)
        return f"{held} {out.strip() or err.strip()[-200:]}"

    held, other = _as_nobody(two_kernels).split(" ", 1)
    assert other == "fifty" and sandbox.MAX_PROCESSES - 10 < int(held) < sandbox.MAX_PROCESSES, (held, other)


def test_the_process_limit_in_force_is_named_as_root_and_as_an_ordinary_user():
    kind = kernel_limits.process_limit_kind()
    if os.geteuid() != 0:
        pytest.skip("not root: the ordinary user's case is the one below")
    if Path("/sys/fs/cgroup/pids").is_dir():  # this machine's cgroup v1 pids hierarchy
        assert kind.startswith("cgroup v1 pids.max"), kind

    def fresh_kind():
        kernel_limits._cgroup_parent.cache_clear()
        return kernel_limits.process_limit_kind()

    as_user = _as_nobody(fresh_kind)
    assert as_user.startswith("RLIMIT_NPROC") and "per kernel" in as_user, as_user  # no pids cgroup to be had


def test_the_run_summary_names_the_process_limit_its_kernels_had():
    from grader.records.jobs import JobResult
    from grader.records.settings import GradingSettings
    from grader.run.console import limits_summary

    result = JobResult("ann", CHAPTER, None, "c", 7.0, kernel="cold")
    result.execution = {"memory_limit": "cgroup v1 memory.limit_in_bytes: every form of memory, enforced by Linux",
                        "process_limit": kernel_limits._process_kind(1)}
    summary = "\n".join(limits_summary([result], GradingSettings()))
    assert f"processes: cgroup v1 pids.max: {sandbox.MAX_PROCESSES} processes and threads per kernel" in summary


def test_one_shell_joins_every_cgroup_of_a_kernel_then_becomes_its_command(tmp_path):
    """v1: the memory and the pids cgroup are two folders; the command's own process joins both."""
    folders = [tmp_path / "memory-k-1", tmp_path / "pids-k-1"]
    for folder in folders:
        folder.mkdir()
    prefix = kernel_limits.join_prefix([str(f) for f in folders])
    done = subprocess.run([*prefix, sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    assert [(f / "cgroup.procs").read_text().strip() for f in folders] == [done.stdout.strip()] * 2
    assert kernel_limits.join_prefix([]) == []


def test_on_cgroup_v2_the_pids_limit_is_the_kernels_own_cgroup_beside_its_memory_limit(tmp_path):
    """One folder (memory.max and pids.max), joined once and removed once."""
    tree = tmp_path / "grader"
    tree.mkdir()
    (tree / "cgroup.controllers").write_text("cpu memory pids\n")
    parents = [kernel_limits._usable(tree / "course-grader-1", 2, c) for c in ("memory", "pids")]
    assert parents[0] == parents[1] == (tree / "course-grader-1", 2)
    path = tree / "course-grader-1" / "k-1"
    meter = kernel_limits.CgroupMemory(path, 2, 2**28)
    meter.pids = kernel_limits.PidsCgroup(path, 2, sandbox.MAX_PROCESSES, shared=True)
    assert meter.cgroups == [str(path)]
    assert (path / "pids.max").read_text() == str(sandbox.MAX_PROCESSES)
    assert (path / "memory.max").read_text() == str(2**28)
    assert meter.process_kind.startswith("cgroup v2 pids.max")


@pytest.mark.skipif(os.geteuid() != 0 or not Path("/sys/fs/cgroup/pids").is_dir(),
                    reason="as root, with a cgroup v1 pids hierarchy")
def test_the_pids_cgroups_a_killed_grader_left_are_removed():
    found = kernel_limits._cgroup_parent("pids")
    assert found is not None
    child = subprocess.Popen(["true"])
    child.wait()  # a grader that was killed: its pid is gone, its cgroups are left
    stale = found[0].parent / f"course-grader-{child.pid}"
    (stale / "k-7").mkdir(parents=True)
    kernel_limits._cgroup_parent.cache_clear()
    assert kernel_limits._cgroup_parent("pids") == found
    assert not stale.exists()


# -- cleanup ---------------------------------------------------------------------------------

def _chain(top: Path, depth: int) -> None:
    top.mkdir()
    fd = os.open(top, os.O_RDONLY)
    for level in range(depth):
        os.mkdir("d", dir_fd=fd)
        if level % 700 == 0:
            os.symlink("/etc", "link", dir_fd=fd)
            with open(os.open("file", os.O_CREAT | os.O_WRONLY, 0o600, dir_fd=fd), "w") as handle:
                handle.write("x")
        inner = os.open("d", os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = inner
    os.close(fd)


def test_a_3000_deep_unreadable_folder_chain_is_removed_without_following_links(tmp_path):
    top = tmp_path / "scratch"
    _chain(top, 3000)
    if os.geteuid() == 0:
        for path in (top, top / "d"):
            os.chown(path, NOBODY, NOBODY)
    os.chmod(top / "d", 0)
    os.chmod(top, 0o500)
    with pytest.raises(RecursionError):  # what the grader used before
        shutil.rmtree(top, ignore_errors=True)
    assert remove_tree(top) is None
    assert not top.exists() and Path("/etc/hostname").exists()


def test_what_cannot_be_removed_is_reported_not_raised(tmp_path, monkeypatch):
    top = tmp_path / "scratch"
    _chain(top, 5)
    real_rmdir = os.rmdir
    monkeypatch.setattr(os, "rmdir", lambda path, *a, **k: (_ for _ in ()).throw(PermissionError(1, "no"))
                        if path == "d" else real_rmdir(path, *a, **k))
    problem = remove_tree(top)
    assert problem and "d" in problem


@pytest.mark.slow
@pytest.mark.xdist_group("nbgrader")
def test_a_result_is_written_even_when_the_kernels_folder_cannot_be_removed(tmp_path, monkeypatch):
    from support.specs import one_spec

    from grader.pipeline import worker

    spec = one_spec(tmp_path, base("perfect"))
    monkeypatch.setattr(worker, "remove_tree", lambda path: "cg-x/chain: Permission denied")
    result = worker.grade_job(spec)
    written = json.loads((Path(spec.out) / "jobs" / "ann" / CHAPTER / "result.json").read_text())
    assert written["score"] == result.score == 4
    assert "Permission denied" in written["timing"]["cleanup_error"]


# -- load ------------------------------------------------------------------------------------

#: A cell that uses 2 s of CPU time: well under a 5 s limit of CPU time, and several times that in
#: wall-clock time on a machine with four busy processes on two cores. (The chapter's own cells use
#: up to about 2 s on a cold kernel, its imports: a 2 s limit cut one of them under load.)
BUSY_CELL = """
import time
_end = time.process_time() + 2.0
while time.process_time() < _end:
    pass
"""
#: A cell that uses 10 s: past the limit however idle the machine is.
OVER_CELL = BUSY_CELL.replace("2.0", "10.0")
#: What the two notebooks deserve (and get on an idle machine): all points; the second timed out.
DESERVED = {"steady": (4, "graded"), "over": (4, "timed out")}


def _load(count: int) -> list[subprocess.Popen]:
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def _grade_two(root: Path, busy: int) -> dict:
    from grader.paths import COURSE_DIR
    from grader.records.settings import GradingSettings
    from grader.run.class_run import autograde

    def notebook(cell):
        return fixture_notebook(types.SimpleNamespace(BASE="perfect", AFTER="forward_difference_tests", CELL=cell))

    submissions = write_class(root / "subs", {"steady": notebook(BUSY_CELL), "over": notebook(OVER_CELL)})
    settings = GradingSettings(jobs=2, cell_timeout=5, notebook_timeout=120, diagnose=False)
    load = _load(busy)
    try:
        results = autograde(submissions, root / "out", COURSE_DIR, settings, log=lambda *a: None)
    finally:
        for process in load:
            process.kill()
            process.wait()
    grades = {r.student_id: (r.score, str(r.status)) for r in results}
    if grades != DESERVED:  # what stopped them, for the message
        print({r.student_id: (r.reasons, r.timing.get("cells"), r.timing.get("cells_cpu")) for r in results})
    return grades


@pytest.mark.slow
@pytest.mark.exhaustive  # test_a_starved_cell_meets_its_cpu_limit_not_the_wall_clock_backstop covers it in make test
@pytest.mark.xdist_group("nbgrader")
def test_a_notebook_gets_its_grade_on_a_busy_machine(tmp_path):
    """Four busy processes on two cores (and whatever else runs): the grade is the deserved one."""
    assert _grade_two(tmp_path, busy=4) == DESERVED


@pytest.mark.slow
@pytest.mark.exhaustive
@pytest.mark.xdist_group("nbgrader")
def test_the_same_notebook_gets_the_same_grade_on_a_quiet_and_on_a_busy_machine(tmp_path):
    assert _grade_two(tmp_path / "quiet", busy=0) == _grade_two(tmp_path / "busy", busy=4) == DESERVED


# -- time neither running nor waiting ----------------------------------------------------------

#: A cell that sleeps just under the wall-clock backstop of a 3 s cell (12 s): no cell limit
#: stops it, and it uses no CPU time.
SLEEPING_CELL = "import time\ntime.sleep(11.5)"


@pytest.mark.slow
@pytest.mark.xdist_group("nbgrader")
def test_a_sleeping_notebook_holds_its_worker_for_its_cpu_limit_and_idle_allowance_only(tmp_path):
    """Cells that each sleep just under their backstop: the notebook ends at its idle allowance
    (4 s of time neither running nor waiting for a processor), not at 4 times its 5 s limit."""
    from grader.paths import COURSE_DIR
    from grader.records.settings import GradingSettings
    from grader.run.class_run import autograde

    cells = [("forward_difference_tests", SLEEPING_CELL)] * 4
    notebook = fixture_notebook(types.SimpleNamespace(BASE="perfect", CELLS=cells))
    submissions = write_class(tmp_path / "subs", {"sleeper": notebook})
    settings = GradingSettings(jobs=1, cell_timeout=3, notebook_timeout=5, idle_allowance=4, diagnose=False)
    [result] = autograde(submissions, tmp_path / "out", COURSE_DIR, settings, log=lambda *a: None)
    why = f"{result.status} {result.reasons} {result.timing}"
    assert str(result.status) == "timed out", why
    assert any("idle allowance (4 s" in r for r in result.reasons), why
    assert result.timing["cells"] < 5 + 4 + 3, why  # its CPU limit, its allowance, and the last look's slack
    page = (tmp_path / "out" / "feedback" / "sleeper" / CHAPTER / f"{CHAPTER}.html").read_text()
    assert "passed its idle allowance (4 s asleep or blocked" in page
