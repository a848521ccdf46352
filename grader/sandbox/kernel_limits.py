"""What one grading kernel may use, and how it is measured: memory in every form, and CPU time.

**Memory.** ``--memory-mb`` bounds everything the kernel's processes hold: anonymous memory, files
in its tmpfs folders (``/tmp``, ``/dev/shm``, its home and working folders), ``memfd`` files and
shared memory. Where the grader can make a memory cgroup (as root: cgroup v1's
``memory.limit_in_bytes`` or cgroup v2's ``memory.max``, nested under the grader's own cgroup),
the kernel runs in one of its own and the Linux kernel enforces the limit: every page the kernel
adds is charged there, whatever its form, and the pages a warm kernel shares with its template
(charged to the template) are not. Otherwise (an ordinary user on a machine without a delegated
cgroup v2 memory controller) ``WatchedMemory`` adds up, every 0.2 s, each process's private pages
(``Private_*`` of ``smaps_rollup``: a warm kernel's shared template pages do not count), every
``memfd`` its processes hold open, and what its tmpfs folders hold; past the limit the kernel is
killed. ``memory_limit_kind()`` says which one is in force; the run's summary prints it.

**Processes.** A kernel may have ``MAX_PROCESSES`` processes and threads. Where the grader can
make a pids cgroup (as root: cgroup v1's pids hierarchy, or ``pids.max`` in the kernel's own
cgroup v2 beside ``memory.max``), the kernel's whole tree runs in one of its own, whatever its
uid, and no ``RLIMIT_NPROC`` is set: Linux counts that per user, and graded as root every cold
kernel is ``nobody``, so one kernel could take the others' share. Otherwise ``RLIMIT_NPROC``
is the bound (the sandbox's ``prlimit``): run by an ordinary user it is set inside each kernel's
user namespace, which keeps a count of its own; as root, the kernels running as nobody share one.
``process_limit_kind()`` says which one is in force; the run's summary prints it.

**Time.** A cell may use ``--cell-timeout`` seconds of CPU time of the kernel's whole process
tree (every thread, and children it waited for); the whole notebook ``--notebook-timeout``
seconds. A busy machine slows a kernel's wall clock, not its CPU time, so a verdict does not
depend on load. A cell that sleeps or waits uses no CPU time: a wall-clock backstop of
``WALL_BACKSTOP`` times each limit stops it. The backstop's clock is the wall clock less the time
the kernel (and the grader's executor) waited for a processor (``runqueue_wait``: ready to run,
not running), so a busy machine does not trip it either, while a cell that sleeps meets it on
time.

**Time neither running nor waiting.** However a notebook spreads its sleeps over its cells, it
holds its worker no longer than its CPU time plus an idle allowance (``--idle-allowance``): its
idle time is the wall-clock time since the watch began less the CPU time of the kernel's process
tree, less the worker's own CPU time (the judge's work and the executor's, which the kernel waits
for), less the time the kernel and the executor waited for a processor (``runqueue_wait``).
What is left is time spent sleeping or blocked (a read that waits, a lock); past the allowance
the kernel is killed and the notebook's reason names the allowance, not its CPU limit. Neither a
busy machine (its wait is left out) nor the judge's own work (counted as running) adds to it. On a
worker that grades several notebooks at once (a Dask worker with several threads) the others'
work counts as running too: the bound is looser there, never tighter. The notebook's backstop
still holds where it is the tighter. Above it all, ``LAST_RESORT`` times the backstop of plain
wall-clock time ends a kernel however busy the machine is.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path

import psutil

#: Wall-clock backstop of every CPU-time limit, as a multiple of the limit.
WALL_BACKSTOP = 4
#: Plain wall-clock limit, as a multiple of the backstop: however busy the machine, no kernel runs longer.
LAST_RESORT = 4
#: Seconds a notebook may spend neither running nor waiting for a processor (``--idle-allowance``).
IDLE_ALLOWANCE = 60.0
#: Seconds between two looks at the kernel's processes.
INTERVAL = 0.2
#: Processes and threads a sandboxed kernel may have: its pids cgroup's ``pids.max`` or, where
#: none can be had, ``RLIMIT_NPROC``. Without a bound, some 30,000 threads (200 MB) take every
#: pid of the machine.
MAX_PROCESSES = 1024


# -- CPU time --------------------------------------------------------------------------------

def children_of(pid: int) -> list[int]:
    """The children of ``pid``, from ``/proc/<pid>/task/*/children`` (no scan of every process)."""
    found: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children") as handle:
                found += [int(p) for p in handle.read().split()]
        except (OSError, ValueError):
            continue
    return found


@cache
def _children_files() -> bool:
    """Whether this Linux lists a task's children in /proc (CONFIG_PROC_CHILDREN)."""
    return os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children")


def tree_pids(pid: int) -> list[int]:
    """``pid`` and all its descendants, parents before children (empty when it is gone)."""
    if not _children_files():
        try:
            root = psutil.Process(pid)
            return [root.pid, *(p.pid for p in root.children(recursive=True))]
        except psutil.Error:
            return []
    if not os.path.exists(f"/proc/{pid}"):
        return []
    pids, index = [pid], 0
    while index < len(pids):
        pids += [c for c in children_of(pids[index]) if c not in pids]
        index += 1
    return pids


def tree_processes(pid: int) -> list[psutil.Process]:
    """The process ``pid`` and all its descendants, parents first (empty when it is gone)."""
    processes = []
    for number in tree_pids(pid):
        try:
            processes.append(psutil.Process(number))
        except psutil.Error:
            continue
    return processes


def tree_cpu_seconds(processes: list[psutil.Process]) -> float:
    """User and system time of every thread of ``processes`` and of the children they reaped."""
    total = 0.0
    for process in processes:
        try:
            times = process.cpu_times()
        except psutil.Error:
            continue
        total += times.user + times.system + times.children_user + times.children_system
    return total


def runqueue_wait(pid: int, tid: int | None = None) -> float:
    """Seconds the task ``tid`` of process ``pid`` (its main thread by default) has waited on a
    run queue: ready to run while another task had the processor (``/proc/.../schedstat``, its
    second field, in nanoseconds). 0 where Linux does not say (no CONFIG_SCHED_INFO) or the task
    is gone: the backstop then counts plain wall-clock time."""
    try:
        with open(f"/proc/{pid}/task/{tid or pid}/schedstat") as handle:
            return int(handle.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


def kill_tree(pid: int) -> None:
    """SIGKILL ``pid`` and every descendant, leaves first."""
    for process in reversed(tree_processes(pid)):
        try:
            process.kill()
        except psutil.Error:
            pass


# -- memory ----------------------------------------------------------------------------------

class MemoryMeter:
    """How one kernel's memory is bounded (a cgroup, or watched), and its processes (``pids``:
    its pids cgroup, or None where ``RLIMIT_NPROC`` is the bound)."""

    kind = "resident memory"
    pids: PidsCgroup | None = None

    @property
    def process_kind(self) -> str:
        """Which bound holds this kernel's processes and threads."""
        return _process_kind(self.pids.version if self.pids else None)

    def command_prefix(self) -> list[str]:
        """What to put in front of the kernel's command so that it runs in its cgroups."""
        return join_prefix(self.cgroups)

    @property
    def cgroup(self) -> str | None:
        """The memory cgroup a process must join to run under this meter (None: no cgroup)."""
        return None

    @property
    def cgroups(self) -> list[str]:
        """Every cgroup of this kernel's (memory, pids), each once: what its first process joins."""
        found = [self.cgroup] if self.cgroup else []
        if self.pids is not None and str(self.pids.path) not in found:
            found.append(str(self.pids.path))
        return found

    def close_pids(self) -> None:
        if self.pids is not None:
            _remove_cgroup(self.pids.path)

    def used(self, processes: list[psutil.Process], root_pid: int) -> int:
        raise NotImplementedError

    def killed_for_memory(self) -> bool:
        """Whether the Linux kernel killed a process of this kernel at the memory limit."""
        return False

    def close(self) -> None:
        pass


class CgroupMemory(MemoryMeter):
    """A memory cgroup of the kernel's own, limited by the Linux kernel (v1 or v2)."""

    def __init__(self, path: Path, version: int, limit_bytes: int):
        self.path, self.version = path, version
        self.kind = _cgroup_kind(version)
        path.mkdir()
        if version == 2:
            _write(path / "memory.max", str(limit_bytes))
            _write(path / "memory.swap.max", "0", missing_ok=True)
        else:
            _write(path / "memory.limit_in_bytes", str(limit_bytes))
            _write(path / "memory.memsw.limit_in_bytes", str(limit_bytes), missing_ok=True)

    @property
    def cgroup(self) -> str:
        return str(self.path)

    def used(self, processes, root_pid) -> int:
        name = "memory.current" if self.version == 2 else "memory.usage_in_bytes"
        try:
            return int((self.path / name).read_text())
        except (OSError, ValueError):
            return 0

    def killed_for_memory(self) -> bool:
        name, key = ("memory.events", "oom_kill") if self.version == 2 else ("memory.oom_control", "oom_kill")
        try:
            fields = dict(line.split() for line in (self.path / name).read_text().splitlines() if " " in line)
            return int(fields.get(key, 0)) > 0
        except (OSError, ValueError):
            return False

    def close(self) -> None:
        """Remove the kernel's cgroups once their processes are gone (they are killed first)."""
        _remove_cgroup(self.path)
        self.close_pids()


class PidsCgroup:
    """A pids cgroup of the kernel's own: ``pids.max`` bounds the processes and threads of its
    whole tree, whatever their uid (v1: in the pids hierarchy; v2: the kernel's own cgroup,
    ``shared`` with its memory limit)."""

    def __init__(self, path: Path, version: int, limit: int, shared: bool = False):
        self.path, self.version, self.limit = path, version, limit
        if not shared:
            path.mkdir()
        try:
            _write(path / "pids.max", str(limit))
        except OSError:
            if not shared:
                _remove_cgroup(path)
            raise

    def refused(self) -> int:
        """How many times a new process or thread of the kernel was refused at ``pids.max``."""
        try:
            fields = dict(line.split() for line in (self.path / "pids.events").read_text().splitlines()
                          if " " in line)
            return int(fields.get("max", 0))
        except (OSError, ValueError):
            return 0


def join_prefix(cgroups: list[str]) -> list[str]:
    """The command prefix that puts a command in ``cgroups``: a shell joins each, then becomes the
    command (same process, so nothing of it runs outside). Empty for no cgroup."""
    if not cgroups:
        return []
    joins = " && ".join(f'echo $$ > "${index}"' for index in range(len(cgroups)))
    shift = f" && shift {len(cgroups) - 1}" if len(cgroups) > 1 else ""
    return ["/bin/sh", "-c", f'{joins}{shift} && exec "$@"', *(str(Path(c, "cgroup.procs")) for c in cgroups)]


def _remove_cgroup(path: Path) -> None:
    """Remove a kernel's cgroup once its processes are gone (any left are killed first)."""
    deadline = time.monotonic() + 5
    while True:
        try:
            path.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:
            for pid in _read_procs(path):
                try:
                    os.kill(pid, 9)
                except OSError:
                    pass
            if time.monotonic() > deadline:
                return
            time.sleep(0.05)


class WatchedMemory(MemoryMeter):
    """No cgroup to be had: private pages, memfd files and tmpfs contents, added up and watched."""

    kind = ("watched every 0.2 s: private memory, memfd files and tmpfs contents "
            "(no memory cgroup can be made here; grading as root makes one)")

    def __init__(self, tmpfs: tuple[str, ...] = ()):
        self.tmpfs = tmpfs  # folders inside the sandbox that are tmpfs mounts of its own

    def close(self) -> None:
        self.close_pids()

    def used(self, processes, root_pid) -> int:
        total, memfds = 0, set()
        for process in processes:
            total += _private_bytes(process.pid)
            total += _memfd_bytes(process.pid, memfds)
        total += self._tmpfs_bytes(processes)
        return total

    def _tmpfs_bytes(self, processes) -> int:
        """What the kernel's own tmpfs folders hold, read through a process of the sandbox."""
        for process in reversed(processes):  # the deepest process is inside every namespace
            used = 0
            try:
                for folder in self.tmpfs:
                    info = os.statvfs(f"/proc/{process.pid}/root{folder}")
                    used += (info.f_blocks - info.f_bfree) * info.f_frsize
                return used
            except OSError:
                continue
        return 0


def _private_bytes(pid: int) -> int:
    """Pages only this process maps (resident memory where Linux's smaps_rollup is not to be had)."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        try:
            return psutil.Process(pid).memory_info().rss
        except psutil.Error:
            return 0
    return sum(int(n) * 1024 for n in re.findall(r"^Private_(?:Clean|Dirty):\s+(\d+) kB", text, re.M))


def _memfd_bytes(pid: int, seen: set) -> int:
    """Bytes of the memfd files ``pid`` holds open (each file once)."""
    total = 0
    try:
        names = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return 0
    for name in names:
        link = f"/proc/{pid}/fd/{name}"
        try:
            if not os.readlink(link).startswith("/memfd:"):
                continue
            info = os.stat(link)
        except OSError:
            continue
        if (info.st_dev, info.st_ino) not in seen:
            seen.add((info.st_dev, info.st_ino))
            total += info.st_blocks * 512
    return total


def _write(path: Path, text: str, missing_ok: bool = False) -> None:
    try:
        path.write_text(text)
    except (FileNotFoundError, PermissionError):
        if not missing_ok:
            raise


def _read_procs(path: Path) -> list[int]:
    try:
        return [int(p) for p in (path / "cgroup.procs").read_text().split()]
    except (OSError, ValueError):
        return []


@cache
def _cgroup_parent(controller: str = "memory") -> tuple[Path, int] | None:
    """A cgroup of this process's own where kernels' cgroups of ``controller`` (memory, pids) can
    be made, and its version (the same folder for every controller on cgroup v2)."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
        mounts = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return None
    v1 = v2 = None
    for line in mounts:
        parts = line.split()
        fstype = parts[parts.index("-") + 1] if "-" in parts else ""
        if fstype == "cgroup" and controller in parts[-1].split(","):
            v1 = parts[4]
        elif fstype == "cgroup2":
            v2 = parts[4]
    for line in lines:
        number, controllers, path = line.split(":", 2)
        if v1 and controller in controllers.split(","):
            return _usable(Path(v1 + path) / f"course-grader-{os.getpid()}", 1, controller)
    if v2:
        own = next((path for line in lines for number, controllers, path in [line.split(":", 2)]
                    if number == "0"), None)
        if own is not None:
            return _usable(Path(v2 + own) / f"course-grader-{os.getpid()}", 2, controller)
    return None


def _usable(parent: Path, version: int, controller: str) -> tuple[Path, int] | None:
    """Make the grader's cgroup under its own, with ``controller``; None when that is not
    allowed here."""
    if version == 2:
        try:
            if controller not in (parent.parent / "cgroup.controllers").read_text().split():
                return None
        except OSError:
            return None
    _remove_stale(parent.parent)
    made = not parent.exists()  # on v2, the other controller may have made it already
    try:
        parent.mkdir(exist_ok=True)
        if version == 2:
            _write(parent / "cgroup.subtree_control", f"+{controller}")
        probe = parent / "probe"
        probe.mkdir(exist_ok=True)
        probe.rmdir()
    except OSError:
        if made:
            try:
                parent.rmdir()
            except OSError:
                pass
        return None
    import atexit

    atexit.register(_remove_parent, parent)
    return parent, version


def _remove_parent(parent: Path) -> None:
    for child in parent.glob("k-*"):
        try:
            child.rmdir()
        except OSError:
            pass
    try:
        parent.rmdir()
    except OSError:
        pass


def _remove_stale(folder: Path) -> None:
    """The cgroups a killed grader left behind (its pid is gone) are removed when empty."""
    for old in folder.glob("course-grader-*"):
        try:
            if psutil.pid_exists(int(old.name.rsplit("-", 1)[1])):
                continue
        except ValueError:
            continue
        _remove_parent(old)


_counter = iter(range(1, 1 << 62))
_counter_lock = threading.Lock()


def memory_meter(limit_bytes: int, tmpfs: tuple[str, ...] = (), max_processes: int = MAX_PROCESSES) -> MemoryMeter:
    """A meter for one kernel: its own memory cgroup where one can be had, else watched; and its
    own pids cgroup of ``max_processes`` where one can be had."""
    with _counter_lock:
        number = next(_counter)
    meter: MemoryMeter = WatchedMemory(tmpfs)
    found = _cgroup_parent("memory")
    if found is not None:
        try:
            meter = CgroupMemory(found[0] / f"k-{number}", found[1], limit_bytes)
        except OSError:
            pass
    found = _cgroup_parent("pids")
    if found is not None:
        path = found[0] / f"k-{number}"
        try:
            meter.pids = PidsCgroup(path, found[1], max_processes, shared=str(path) == meter.cgroup)
        except OSError:
            pass
    return meter


def process_limit_kind() -> str:
    """Which bound holds the processes and threads of kernels started by this process."""
    found = _cgroup_parent("pids")
    return _process_kind(found[1] if found else None)


def _process_kind(version: int | None) -> str:
    if version is None and os.geteuid() == 0:
        return (f"RLIMIT_NPROC: {MAX_PROCESSES} processes and threads shared by every kernel (all run as "
                "nobody; no pids cgroup can be made here)")
    if version is None:
        return (f"RLIMIT_NPROC: {MAX_PROCESSES} processes and threads per kernel (its own user namespace's "
                "count; no pids cgroup can be made here; grading as root makes one)")
    return f"cgroup v{version} pids.max: {MAX_PROCESSES} processes and threads per kernel, enforced by Linux"


def memory_limit_kind() -> str:
    """Which memory limit is in force for kernels started by this process."""
    found = _cgroup_parent()
    return WatchedMemory.kind if found is None else _cgroup_kind(found[1])


def _cgroup_kind(version: int) -> str:
    name = "cgroup v2 memory.max" if version == 2 else "cgroup v1 memory.limit_in_bytes"
    return f"{name}: every form of memory, enforced by Linux"


# -- the watchdog ----------------------------------------------------------------------------

class KernelWatchdog(threading.Thread):
    """Watch one kernel's process tree: memory, the notebook's CPU time and wall clock, and the
    running cell's CPU time.

    ``interrupt()`` is called once when a cell passes its CPU-time limit, or ``backstop`` times
    that limit on the clock that does not count waiting for a processor (``unstarved``); if the
    cell has not ended ``grace`` seconds later, the kernel is killed. Past the memory limit, the
    notebook's ``notebook_cpu`` seconds of CPU time, its ``idle_allowance`` seconds neither running
    nor waiting (``idle``) or its backstop of ``notebook_wall`` seconds (``unstarved``), the kernel
    is killed and ``reason`` says why. ``timed_out_cells`` says, per
    interrupted cell, which limit it met. The thread that makes the watchdog is taken for the
    executor's: the time it waits for a processor does not count either.
    """

    def __init__(self, pid: int, meter: MemoryMeter, memory_bytes: int, *, notebook_cpu: float,
                 notebook_wall: float, interrupt: Callable[[], None], grace: float = 5.0,
                 interval: float = INTERVAL, backstop: float = WALL_BACKSTOP,
                 idle_allowance: float = IDLE_ALLOWANCE):
        super().__init__(daemon=True)
        self.pid, self.meter, self.memory_bytes = pid, meter, memory_bytes
        self.notebook_cpu, self.interrupt, self.grace, self.interval = notebook_cpu, interrupt, grace, interval
        self.backstop, self.notebook_wall, self.idle_allowance = backstop, notebook_wall, idle_allowance
        self.reason: str | None = None
        self.peak_bytes = 0
        self.cpu = 0.0  # the tree's CPU seconds at the last look
        self.waited = 0.0  # seconds the kernel and the executor waited for a processor since the start
        self._executor = (os.getpid(), threading.get_native_id())
        self._executor_base = runqueue_wait(*self._executor)
        self._wait_base: dict[int, float] | None = None  # per process: its wait when first seen
        self._halt = threading.Event()
        self._lock = threading.Lock()
        # (index, CPU time and unstarved clock at its start, its CPU limit)
        self._cell: tuple[int, float, float, float] | None = None
        self._interrupted: tuple[int, float] | None = None  # (cell index, when)
        self.timed_out_cells: dict[int, str] = {}
        self.sample()
        self.started = time.monotonic()
        self._unstarved_start = self.unstarved()
        self._cpu_start, self._worker_start = self.cpu, time.process_time()
        self.idle_seconds = 0.0  # time neither running nor waiting for a processor, at the last look

    # -- the executor's side --------------------------------------------------------------------

    def cell_started(self, index: int, cpu_limit: float) -> None:
        with self._lock:
            self.sample()
            self._cell = (index, self.cpu, self.unstarved(), cpu_limit)

    def cell_finished(self) -> None:
        with self._lock:
            self._cell = None
            self._interrupted = None

    def stop(self) -> None:
        self._halt.set()

    def sample_cpu(self) -> float:
        """The tree's CPU seconds now (the judge's budget clock)."""
        with self._lock:
            self.sample()
            return self.cpu

    def kill(self, reason: str) -> None:
        if self.reason is None:
            self.reason = reason
        kill_tree(self.pid)

    # -- the watching -----------------------------------------------------------------------------

    def idle(self) -> float:
        """Seconds since the watch began that neither the kernel's tree nor this worker ran, nor
        waited for a processor (as of the last look): time spent sleeping or blocked."""
        ran = (self.cpu - self._cpu_start) + (time.process_time() - self._worker_start)
        return self.unstarved() - self._unstarved_start - ran

    def unstarved(self) -> float:
        """The backstops' clock: monotonic seconds less the time waited for a processor (as of
        the last look)."""
        return time.monotonic() - self.waited

    def sample(self) -> list[psutil.Process]:
        processes = tree_processes(self.pid)
        if processes:
            self.cpu = max(self.cpu, tree_cpu_seconds(processes))
            self._sample_waits(processes)
        return processes

    def _sample_waits(self, processes: list[psutil.Process]) -> None:
        """``waited``: the longest wait of a process of the tree since the watch began (a process
        that came later, since its start), plus the executor's."""
        first = self._wait_base is None
        bases = self._wait_base = {} if first else self._wait_base
        longest = 0.0
        for process in processes:
            now = runqueue_wait(process.pid)
            longest = max(longest, now - bases.setdefault(process.pid, now if first else 0.0))
        executor = runqueue_wait(*self._executor) - self._executor_base
        self.waited = max(self.waited, longest + max(0.0, executor))

    def run(self) -> None:
        while not self._halt.wait(self.interval):
            with self._lock:
                processes = self.sample()
                if not processes:
                    if self.meter.killed_for_memory():
                        self.reason = self.reason or self._memory_reason()
                    return
                used = self.meter.used(processes, self.pid)
                self.peak_bytes = max(self.peak_bytes, used)
                if used > self.memory_bytes:
                    self.kill(self._memory_reason(used))
                    return
                if self.meter.killed_for_memory():
                    self.kill(self._memory_reason())
                    return
                if self.cpu > self.notebook_cpu:
                    self.kill(f"notebook time limit: the notebook used more than its {self.notebook_cpu:g} s "
                              "of CPU time")
                    return
                self.idle_seconds = max(self.idle_seconds, self.idle())
                if self.idle_seconds > self.idle_allowance:
                    self.kill(f"notebook time limit: the notebook passed its idle allowance ({self.idle_allowance:g} s "
                              "asleep or blocked, neither running nor waiting for a processor)")
                    return
                if self.unstarved() - self._unstarved_start > self.notebook_wall:
                    self.kill(f"notebook time limit: the notebook ran past its wall-clock backstop "
                              f"({self.notebook_wall:g} s, not counting time it waited for a busy processor)")
                    return
                if time.monotonic() - self.started > LAST_RESORT * self.notebook_wall:
                    self.kill(f"notebook time limit: the notebook ran past {LAST_RESORT * self.notebook_wall:g} s "
                              "of wall-clock time")
                    return
                self._watch_cell()

    def _watch_cell(self) -> None:
        if self._cell is None:
            return
        index, start, clock, limit = self._cell
        over = None
        if self.cpu - start > limit:
            over = f"the cell used more than its {limit:g} s of CPU time and was interrupted"
        elif self.unstarved() - clock > self.backstop * limit:
            over = (f"the cell ran past its wall-clock backstop ({self.backstop * limit:g} s, not counting time "
                    "it waited for a busy processor) and was interrupted")
        if self._interrupted is None and over:
            self._interrupted = (index, time.monotonic())
            self.timed_out_cells[index] = over
            try:
                self.interrupt()
            except Exception:
                self.kill(f"cell time limit: cell {index} could not be interrupted")
        elif self._interrupted is not None and time.monotonic() - self._interrupted[1] > self.grace:
            self.kill(f"cell {index} ran past the {limit:g} s cell time limit and ignored the interrupt")

    def _memory_reason(self, used: int | None = None) -> str:
        return memory_reason(self.memory_bytes, self.meter, used)


def memory_reason(limit_bytes: int, meter: MemoryMeter, used: int | None = None) -> str:
    """What a student reads when the kernel was stopped at the memory limit."""
    held = f"held {used / 2**20:.0f} MB, past" if used else "reached"
    return f"memory limit: the kernel {held} its limit of {limit_bytes / 2**20:.0f} MB ({meter.kind})"
