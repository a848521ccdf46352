"""The template processes of one worker, and the kernels forked from them.

A ``TemplateProcess`` is one ``kernel_template.server`` process, started in a bubblewrap sandbox whose
filesystem is the one a cold kernel gets (``policy.sandbox_prefix``: the system, the Python
environment, the chapter's ``autograd_lib`` build at the installed package's path,
``kernel_agent``), plus, read-only, the chapter's files, and a host folder of its own
(``TemplateProcess.folder``) for its kernels' socket folders. As root it keeps root's capabilities in
there, and as another user capabilities in its user namespace: its children need them to isolate
themselves. It never runs student code.

``templates.kernel(spec)`` returns a ``WarmKernel`` for a ``KernelSpec`` (what makes two kernels
interchangeable: the library build, the files, the environment, the arguments, the memory limit):
the one forked ahead, if it was forked for the same spec and is still alive, else a new one; and
it forks the next one at once, so that it starts while the current notebook runs. A worker keeps
``MAX_TEMPLATES`` templates, least recently used dropped (never one whose kernel is in use).
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

import psutil
from jupyter_client.connect import write_connection_file

from grader.sandbox import kernel_limits
from grader.sandbox.cleanup import remove_tree
from grader.sandbox.policy import (
    HOME_BYTES,
    KERNEL_HOME,
    MAX_PROCESSES,
    PRIVATE_TMPFS,
    SANDBOX_GID,
    SANDBOX_UID,
    SHM_BYTES,
    WORK_BYTES,
    sandbox_prefix,
)

#: Template processes kept per worker process (each holds its imports: about 300 MB, mostly shared).
MAX_TEMPLATES = 3
#: Seconds a template has to import everything and answer.
START_SECONDS = 180
#: Where, inside the template's sandbox, the chapter's files are (covered in every kernel).
FILES_IN_TEMPLATE = "/run/kernel-template/files"
#: An empty folder of the template's sandbox where a kernel's socket folder waits while its view is made.
ASIDE_IN_TEMPLATE = "/run/kernel-template/aside"
#: The working folder of a warm kernel (a tmpfs of its own).
WORK = f"{KERNEL_HOME}/work"
#: Folders made in a warm kernel's home.
HOME_DIRS = (".config/matplotlib", ".ipython", ".cache")


class WarmUnavailable(RuntimeError):
    """The warm path cannot be had here (the reason says why); grading falls back to cold kernels."""


@dataclass(frozen=True)
class KernelSpec:
    """What a kernel is made of: two kernels of one spec are interchangeable."""

    bwrap: str
    ro_binds: tuple[tuple[str, str], ...]
    files: tuple[str, ...]  # the chapter's files, bound read-only into the working folder
    home_files: tuple[tuple[str, str], ...]  # read-only into the template's home (font cache)
    env: tuple[tuple[str, str], ...]
    arguments: tuple[str, ...]  # ipykernel's, after ``-f CONNECTION_FILE``
    memory_bytes: int
    threads: int = 1

    @property
    def template_key(self) -> str:
        """One template per library build and chapter files (the rest is per kernel)."""
        text = json.dumps([self.bwrap, self.ro_binds, self.files, self.home_files, self.env], sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    @classmethod
    def of(cls, bwrap: str, ro_binds: list[str], files: list[str], home_files: list[str], env: dict[str, str],
           arguments: list[str], memory_bytes: int) -> KernelSpec:
        """The spec of a kernel from the kernel manager's settings: binds as ``src:dest`` strings,
        the environment as a dict (its ``OMP_NUM_THREADS`` gives the threads, 1 without it). The
        one way a spec is made: by the kernel manager, and by the grader for its warm kernels."""
        return cls(bwrap=bwrap, ro_binds=tuple(tuple(b.split(":", 1)) for b in ro_binds),
                   files=tuple(str(f) for f in files), home_files=tuple(tuple(b.split(":", 1)) for b in home_files),
                   env=tuple(sorted(env.items())), arguments=tuple(arguments), memory_bytes=memory_bytes,
                   threads=int(env.get("OMP_NUM_THREADS", "1")))


@dataclass
class WarmKernel:
    """One kernel forked from a template: used once, then destroyed (``close``)."""

    spec: KernelSpec
    pid: int  # the forked child, in the host's pid namespace: the top of the kernel's tree
    sockets: Path
    connection_file: Path
    connection_info: dict
    meter: kernel_limits.MemoryMeter
    template: TemplateProcess
    closed: bool = field(default=False)

    def alive(self) -> bool:
        try:
            process = psutil.Process(self.pid)
            return process.ppid() == self.template.server_pid and process.status() != psutil.STATUS_ZOMBIE
        except psutil.Error:
            return False

    def kernel_pid(self) -> int | None:
        """The Python process that runs the notebook: the first child of the namespace's pid 1."""
        inits = kernel_limits.children_of(self.pid)
        children = kernel_limits.children_of(inits[0]) if len(inits) == 1 else []
        return children[0] if children else None  # the oldest: Linux lists children in the order they came

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        kernel_limits.kill_tree(self.pid)
        self.meter.close()
        remove_tree(self.sockets)


class TemplateProcess:
    """One template process (see the module doc)."""

    def __init__(self, spec: KernelSpec, log: Path):
        self.key = spec.template_key
        self.folder = Path(tempfile.mkdtemp(prefix="cgw-"))  # short: unix socket paths are limited
        os.chmod(self.folder, 0o755)
        self._lock = threading.Lock()
        self._numbers = iter(range(1, 1 << 62))
        self.spare: WarmKernel | None = None
        self.in_use = 0
        self._cgroups = _cgroup_folders()
        binds = list(spec.ro_binds) + [(f, f"{FILES_IN_TEMPLATE}/{Path(f).name}") for f in spec.files] + [
            (str(self.folder), ASIDE_IN_TEMPLATE)]  # any empty folder: only its mount point is used
        rw = [str(self.folder)] + [str(folder) for folder in self._cgroups]
        command = sandbox_prefix(spec.bwrap, ro_binds=binds, rw_binds=rw, cwd="/", home_files=list(spec.home_files),
                                 privileged=True) + [sys.executable, "-m", "kernel_template.server"]
        env = {**dict(spec.env), "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"}
        self._log = open(log, "ab")
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self._log, env=env, text=True, bufsize=1)
        try:
            state = self._ask({"op": "ping"}, START_SECONDS)
        except WarmUnavailable:
            self.close()
            raise
        if state.get("threads") != 1:
            self.close()
            raise WarmUnavailable(f"the template runs {state.get('threads')} threads: a fork of it would not be whole")
        self.server_pid = self._server_pid()

    def _server_pid(self) -> int:
        """The template's own process (bwrap runs it as its child)."""
        for process in kernel_limits.tree_processes(self.process.pid):
            try:
                if "kernel_template.server" in process.cmdline() and process.name().startswith("python"):
                    return process.pid
            except psutil.Error:
                continue
        raise WarmUnavailable("the template process is not running")

    def _ask(self, request: dict, timeout: float) -> dict:
        """Send one request, read its one-line answer (the template answers in order)."""
        result: dict = {}

        def exchange():
            try:
                self.process.stdin.write(json.dumps(request) + "\n")
                self.process.stdin.flush()
                line = self.process.stdout.readline()
                result.update(json.loads(line) if line else {"error": "the template ended"})
            except (OSError, ValueError) as error:
                result["error"] = f"{type(error).__name__}: {error}"

        reader = threading.Thread(target=exchange, daemon=True)
        reader.start()
        reader.join(timeout)
        if reader.is_alive():
            result = {"error": f"the template did not answer within {timeout:g} s"}
        if "error" in result:
            raise WarmUnavailable(f"{result['error']} ({self._last_log_line()})")
        return result

    def _last_log_line(self) -> str:
        try:
            lines = Path(self._log.name).read_text(errors="replace").strip().splitlines()
            return lines[-1][:300] if lines else "nothing in its log"
        except OSError:
            return "no log"

    def alive(self) -> bool:
        return self.process.poll() is None

    # -- kernels ------------------------------------------------------------------------------

    def take(self, spec: KernelSpec) -> WarmKernel:
        """The kernel forked ahead when it fits ``spec`` and lives, else a new one; then the next."""
        with self._lock:
            kernel, self.spare = self.spare, None
            if kernel is not None and (kernel.spec != spec or not kernel.alive()):
                kernel.close()
                kernel = None
            if kernel is None:
                kernel = self._spawn(spec)
            self.in_use += 1
            try:
                self.spare = self._spawn(spec)
            except WarmUnavailable:
                self.spare = None  # the next job forks its own
            return kernel

    def release(self, kernel: WarmKernel) -> None:
        kernel.close()
        with self._lock:
            self.in_use = max(0, self.in_use - 1)

    def _spawn(self, spec: KernelSpec) -> WarmKernel:
        sockets = self.folder / f"k{next(self._numbers)}"
        sockets.mkdir(mode=0o755)
        connection_file = sockets / "kernel.json"
        _, info = write_connection_file(str(connection_file), ip=str(sockets / "k"), transport="ipc",
                                        key=secrets.token_hex(32).encode())
        if os.geteuid() == 0:
            for path in (sockets, connection_file):
                os.chown(path, SANDBOX_UID, SANDBOX_GID)
        meter = kernel_limits.memory_meter(spec.memory_bytes, (*PRIVATE_TMPFS, WORK))
        plan = {
            "cgroups": meter.cgroups,
            "tmpfs": [["/tmp", WORK_BYTES], ["/dev/shm", SHM_BYTES], [KERNEL_HOME, HOME_BYTES]],
            "home_dirs": [f"{KERNEL_HOME}/{d}" for d in HOME_DIRS],
            "sockets": str(sockets), "sockets_root": str(self.folder), "aside": ASIDE_IN_TEMPLATE,
            "work": WORK, "work_bytes": WORK_BYTES,
            "files": [[f"{FILES_IN_TEMPLATE}/{Path(f).name}", Path(f).name] for f in spec.files],
            "keep": [dest for _src, dest in spec.ro_binds],  # a checkout under /tmp stays importable
            "cover": ["/run"] + (["/sys"] if self._cgroups else []),  # the template's own folders: none of the kernel's
            "env": dict(spec.env), "threads": spec.threads,
            "max_processes": None if meter.pids else MAX_PROCESSES,  # RLIMIT_NPROC only without pids.max
            "connection_file": str(connection_file), "arguments": list(spec.arguments),
        }
        try:
            answer = self._ask({"op": "spawn", "plan": plan}, 60)
        except WarmUnavailable:
            meter.close()
            remove_tree(sockets)
            raise
        info = {**info, "key": info["key"].encode() if isinstance(info["key"], str) else info["key"]}
        return WarmKernel(spec, int(answer["pid"]), sockets, connection_file, info, meter, self)

    def close(self) -> None:
        if self.spare is not None:
            self.spare.close()
            self.spare = None
        try:
            self.process.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            kernel_limits.kill_tree(self.process.pid)
            self.process.wait()
        self._log.close()
        shutil.rmtree(self.folder, ignore_errors=True) if not any(self.folder.iterdir()) else remove_tree(self.folder)


def _cgroup_folders() -> list[Path]:
    """The folders under which this worker makes its kernels' memory and pids cgroups (each once)."""
    found = [kernel_limits._cgroup_parent(controller) for controller in ("memory", "pids")]
    return list(dict.fromkeys(f[0] for f in found if f))


class TemplateProcesses:
    """This worker's templates, least recently used last (see the module doc)."""

    def __init__(self):
        self._templates: OrderedDict[str, TemplateProcess] = OrderedDict()
        self._failed: dict[str, str] = {}
        self._lock = threading.Lock()
        self.log_folder = Path(tempfile.mkdtemp(prefix="cg-templates-"))

    def template(self, spec: KernelSpec) -> TemplateProcess:
        key = spec.template_key
        with self._lock:
            if key in self._failed:
                raise WarmUnavailable(self._failed[key])
            found = self._templates.get(key)
            if found is not None and not found.alive():
                del self._templates[key]
                found = None
            if found is None:
                self._evict()
                try:
                    found = TemplateProcess(spec, self.log_folder / f"template-{key}.log")
                except WarmUnavailable as error:
                    self._failed[key] = str(error)
                    raise
                self._templates[key] = found
            self._templates.move_to_end(key, last=False)
            return found

    def _evict(self) -> None:
        while len(self._templates) >= MAX_TEMPLATES:
            idle = [k for k, t in reversed(self._templates.items()) if t.in_use == 0]
            if not idle:
                return
            self._templates.pop(idle[0]).close()

    def close(self) -> None:
        with self._lock:
            for template in self._templates.values():
                template.close()
            self._templates.clear()
        shutil.rmtree(self.log_folder, ignore_errors=True)


_templates: TemplateProcesses | None = None
_templates_lock = threading.Lock()


def templates() -> TemplateProcesses:
    """This process's templates (made on first use, closed at exit)."""
    global _templates
    with _templates_lock:
        if _templates is None:
            _templates = TemplateProcesses()
            atexit.register(_templates.close)
        return _templates
