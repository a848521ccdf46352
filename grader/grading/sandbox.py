"""Start each grading kernel in a sandbox (bubblewrap), or plainly, with a warning, without it.

The kernel runs student code, so it gets as little as it can work with:

- **another user, no capabilities**: as root, bubblewrap sets up the mounts and ``setpriv`` then
  becomes ``nobody`` (uid/gid 65534, no groups, no capabilities, an empty bounding set) inside;
  run by another user, a user namespace maps the kernel to uid 65534 with no capabilities;
- **its own pid, network, IPC and UTS namespaces**: it sees only its own processes (no
  ``/proc/<pid>/root`` of a host process), has no network, and reaches no host socket (abstract
  sockets belong to the network namespace). ipykernel would exit in a pid namespace because it
  polls its parent's pid (``JPY_PARENT_PID``): the variable is unset inside;
- **a filesystem built from a list**, not the host's with holes: an empty root with, read-only,
  ``/usr``, of ``/etc`` only what dynamic linking, the time zone and fonts need (``ETC_KEPT``),
  the links ``/bin``, ``/lib`` ..., the Python installation and environment, ``autograd_lib`` (the
  chapter's library build where the run has one) and ``kernel_agent``; for a chapter whose
  kernel goes without a package (chapter 9: torch), a stub mounted over each of its folders.
  Everything it can write is a size-limited tmpfs of its own, inside the sandbox: its working folder (holding only the
  course's files for the chapter, read-only), ``/tmp``, ``/dev/shm`` and its home folder
  ``KERNEL_HOME`` (``HOME``, ``MPLCONFIGDIR``, ``IPYTHONDIR``, the XDG cache and config folders);
  their contents are memory and count against the memory limit (``kernel_limits``). The only host
  folder it gets is its socket folder. The repository, other checkouts, the course, the
  submissions, OUT, the home folders and every host socket are simply not there;
- **its own standard streams and environment**: stdin, stdout and stderr go to ``/dev/null`` (not
  to the grader's log), and the environment is built from a short allow-list plus the grader's
  own variables: the grader's secrets are not passed on.

The grader reads nothing back from the kernel's folders except its sockets. Once the kernel has
started (no student code has run yet), ``seal_sockets`` makes the socket folder read-only in the
kernel's own mount namespace (and, as root, takes the folder and the connection file back from
``nobody``): the kernel can neither put a byte on the host's disk through it nor replace a socket
with a link the grader's client would follow. Facts this relies on are in DESIGN section 8.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import uuid
from functools import cache
from pathlib import Path

import psutil
import zmq
from jupyter_client.manager import AsyncKernelManager
from traitlets import Bool, Dict, List, Unicode

from grader.grading import kernel_limits

SANDBOX_UID = SANDBOX_GID = 65534
MAX_MESSAGE_BYTES = 96 * 2**20
#: The kernel's working folder and its ``/tmp``: tmpfs mounts of this size each.
WORK_BYTES = 256 * 2**20
#: The kernel's home folder inside the sandbox (config and caches), a tmpfs of ``HOME_BYTES``.
KERNEL_HOME = "/home/kernel"
HOME_BYTES = 64 * 2**20
#: ``/dev/shm`` inside the sandbox, a tmpfs of this size.
SHM_BYTES = 64 * 2**20
#: Processes and threads a sandboxed kernel may have (``kernel_limits``: its pids cgroup's
#: ``pids.max`` where one can be had, else ``RLIMIT_NPROC``, which Linux counts per user).
MAX_PROCESSES = kernel_limits.MAX_PROCESSES
#: Every folder a sandboxed kernel can write, besides its working folder (all tmpfs, all memory).
PRIVATE_TMPFS = ("/tmp", "/dev/shm", KERNEL_HOME)
#: Host folders the kernel sees, read-only (those that are links on the host are recreated as links).
SYSTEM = ("/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
#: What of the host's /etc a kernel sees: dynamic linking, the time zone, fontconfig. The rest (the host's
#: name and id, its users, package-manager and tool configuration, credentials some of it holds)
#: is not there.
ETC_KEPT = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "timezone", "fonts")
#: Variables of the grader's environment a kernel may see (and any named COURSE_KERNEL_*).
ENVIRONMENT = ("PATH", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "TZ", "PYTHONPATH", "PYTHONHASHSEED",
               "PYTHONDONTWRITEBYTECODE", "VIRTUAL_ENV")


class CourseKernelManager(AsyncKernelManager):
    """A kernel manager that adds grading variables to the kernel's environment, can start the
    kernel through the sandbox (under a memory cgroup where one can be had), and connects to it
    once (no reconnection to a replaced socket)."""

    extra_env = Dict(help="variables added to the kernel's environment").tag(config=True)
    sandbox_ro_binds = List(Unicode(), help="host paths the kernel sees read-only (src:dest)").tag(config=True)
    sandbox_rw_binds = List(Unicode(), help="host folders writable inside the sandbox").tag(config=True)
    sandbox_work = Unicode("", help="the kernel's working folder: a small tmpfs").tag(config=True)
    sandbox_files = List(Unicode(), help="the course's files, put read-only into the working folder").tag(
        config=True)
    sandbox_home_files = List(Unicode(), help="host files put read-only into the kernel's home (src:dest)").tag(
        config=True)
    sandbox = Unicode("", help="path of bwrap, empty for no sandbox").tag(config=True)
    socket_dir = Unicode("", help="the folder of the kernel's ipc sockets, sealed once it runs").tag(config=True)
    warm = Bool(False, help="fork the kernel from a template (grader/grading/warm) instead of starting it").tag(
        config=True)
    #: Set by the executor before the kernel starts: the memory limit, and (cold) the meter that
    #: holds it and the command prefix that puts the kernel under it. A warm kernel brings its own.
    memory_bytes: int = 2048 * 2**20
    meter = None
    memory_prefix: list[str] = []

    async def _async_pre_start_kernel(self, **kw):
        if self.warm and self.provisioner is None:
            from grader.grading.warm.provisioner import WarmProvisioner

            self.kernel_id = self.kernel_id or kw.pop("kernel_id", None) or uuid.uuid4().hex
            self.provisioner = WarmProvisioner(kernel_id=self.kernel_id, kernel_spec=self.kernel_spec, parent=self)
            self.provisioner.spec = self._warm_spec(kw.get("extra_arguments") or [])
        return await super()._async_pre_start_kernel(**kw)

    def _warm_spec(self, arguments: list[str]):
        from grader.grading.warm.templates import KernelSpec

        env = {**kernel_environment(os.environ), **self.extra_env}
        return KernelSpec(
            bwrap=self.sandbox, ro_binds=tuple(tuple(b.split(":", 1)) for b in self.sandbox_ro_binds),
            files=tuple(self.sandbox_files), home_files=tuple(tuple(b.split(":", 1)) for b in self.sandbox_home_files),
            env=tuple(sorted(env.items())), arguments=tuple(arguments), memory_bytes=self.memory_bytes,
            threads=int(env.get("OMP_NUM_THREADS", "1")))

    def client(self, **kwargs):
        client = super().client(**kwargs)
        # Set before the channels make their sockets: a flood of bytes cannot fill our memory.
        client.context.setsockopt(zmq.MAXMSGSIZE, MAX_MESSAGE_BYTES)
        return client

    async def _async_launch_kernel(self, kernel_cmd, **kw):
        kw["env"] = {**kernel_environment(kw.get("env") or os.environ), **self.extra_env}
        kw["stdin"] = kw["stdout"] = kw["stderr"] = subprocess.DEVNULL  # never the grader's log
        if self.warm:
            await super()._async_launch_kernel(kernel_cmd, **kw)
            self.meter = self.provisioner.kernel.meter
            return
        if self.sandbox:
            cwd = kw.get("cwd") or os.getcwd()
            if os.geteuid() == 0 and os.path.exists(self.connection_file):
                os.chown(self.connection_file, SANDBOX_UID, SANDBOX_GID)
            kernel_cmd = sandbox_prefix(
                self.sandbox,
                ro_binds=[tuple(b.split(":", 1)) for b in self.sandbox_ro_binds],
                rw_binds=list(self.sandbox_rw_binds),
                work=self.sandbox_work or str(cwd),
                files=list(self.sandbox_files),
                home_files=[tuple(b.split(":", 1)) for b in self.sandbox_home_files],
                cwd=str(cwd),
                pids_cgroup=getattr(self.meter, "pids", None) is not None,
            ) + list(kernel_cmd)
        return await super()._async_launch_kernel(list(self.memory_prefix) + list(kernel_cmd), **kw)

    async def _async_interrupt_kernel(self) -> None:
        """Interrupt by message when sandboxed: a SIGINT to the process group would also reach
        bwrap, which dies of it and takes the kernel with it."""
        if not self.sandbox or not self.has_kernel:
            return await super()._async_interrupt_kernel()
        msg = self.session.msg("interrupt_request", content={})
        self._connect_control_socket()
        self.session.send(self._control_socket, msg)

    interrupt_kernel = _async_interrupt_kernel

    @property
    def warm_kernel(self):
        """The warm kernel this manager runs (None for a cold one)."""
        return getattr(self.provisioner, "kernel", None) if self.warm else None

    @property
    def process_pid(self) -> int | None:
        """The host pid of the process at the top of the kernel's tree (bwrap, when sandboxed)."""
        process = getattr(self.provisioner, "process", None)
        return getattr(process, "pid", None)

    def kernel_pid(self) -> int | None:
        """The host pid of the Python process that runs the notebook (a signal goes there)."""
        if self.warm_kernel is not None:
            return self.warm_kernel.kernel_pid()
        top = self.process_pid
        if top is None:
            return None
        for process in kernel_limits.tree_processes(top):
            try:
                command = process.cmdline()
            except psutil.Error:
                continue
            if command and os.path.basename(command[0]).startswith("python") and "ipykernel_launcher" in command:
                return process.pid  # not bwrap nor the shell, whose arguments name it too
        return None if self.sandbox else top

    def seal_sockets(self) -> None:
        """Once the kernel has made its sockets: make their folder read-only for the kernel, so
        that it can neither write to the host's disk through it nor replace a socket with a link
        the grader's client would follow on a reconnect."""
        warm = self.warm_kernel
        folder = str(warm.sockets) if warm is not None else self.socket_dir
        if not (self.sandbox and folder):
            return
        if os.geteuid() == 0:
            for path in (self.connection_file, str(warm.connection_file) if warm else ""):
                if path and os.path.exists(path):
                    os.chown(path, 0, 0)
            os.chown(folder, 0, 0)
            os.chmod(folder, 0o755)
        pid = self.kernel_pid()
        problem = "no kernel process" if pid is None else \
            remount_read_only(pid, folder, user_namespace=os.geteuid() != 0)
        if problem:
            raise RuntimeError(f"the kernel's socket folder could not be sealed: {problem}")


def remount_read_only(pid: int, folder: str, *, user_namespace: bool = False,
                      python: str = sys.executable) -> str | None:
    """Make ``folder`` read-only in the mount namespace of process ``pid`` (as seen from there).

    A small helper process joins that mount namespace (first, when it is not root, the user
    namespace that owns it: the grader's sandbox, whose owner has the rights to remount there)
    and remounts the folder read-only, keeping its other flags (``python``: any Python 3, the
    helper uses the standard library only). ``user_namespace`` is accepted for clarity at call
    sites; the owner is found either way. Returns None when done, else what went wrong.
    """
    del user_namespace
    try:
        done = subprocess.run([python, "-I", "-S", "-c", _REMOUNT, str(pid), folder],
                              capture_output=True, text=True, timeout=60, env={})
    except (OSError, subprocess.TimeoutExpired) as error:
        return str(error)
    return None if done.returncode == 0 else (done.stderr.strip().splitlines() or ["remount failed"])[-1]


#: The helper of ``remount_read_only`` (stdlib only; run as ``python -I -S -c``).
_REMOUNT = r"""
import ctypes, os, sys
pid, folder = sys.argv[1], sys.argv[2]
libc = ctypes.CDLL(None, use_errno=True)
def check(result, what):
    if result < 0:
        error = ctypes.get_errno()
        sys.exit(f"{what}: {os.strerror(error)}")
    return result
NS_GET_USERNS, CLONE_NEWUSER, CLONE_NEWNS = 0xB701, 0x10000000, 0x00020000
mnt = os.open(f"/proc/{pid}/ns/mnt", os.O_RDONLY)
owner = check(libc.ioctl(mnt, NS_GET_USERNS), "finding the owner of the mount namespace")
if os.stat(f"/proc/self/fd/{owner}").st_ino != os.stat("/proc/self/ns/user").st_ino:
    check(libc.setns(owner, CLONE_NEWUSER), "entering the sandbox's user namespace")
FLAGS = {"nosuid": 2, "nodev": 4, "noexec": 8, "noatime": 1024, "nodiratime": 2048, "relatime": 1 << 21}
options = None
for line in open(f"/proc/{pid}/mountinfo"):  # read from here: inside, /proc is the kernel's
    parts = line.split()
    if parts[4] == folder:
        options = parts[5].split(",")
if options is None:
    sys.exit(f"{folder} is not a mount point in the kernel's namespace")
check(libc.setns(mnt, CLONE_NEWNS), "entering the kernel's mount namespace")
os.chdir("/")
flags = 1 | 32 | 4096  # MS_RDONLY | MS_REMOUNT | MS_BIND
for option in options:
    flags |= FLAGS.get(option, 0)
check(libc.mount(None, folder.encode(), None, ctypes.c_ulong(flags), None), f"remounting {folder} read-only")
"""


def drop_privileges() -> list[str]:
    """As root: the ``setpriv`` command, run inside the sandbox, that becomes ``nobody`` with no
    groups and no capabilities before it runs the kernel. Empty for any other user."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        raise RuntimeError("grading as root needs setpriv (util-linux) to drop privileges")
    return [setpriv, f"--reuid={SANDBOX_UID}", f"--regid={SANDBOX_GID}", "--clear-groups",
            "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs"]


def process_limit() -> list[str]:
    """The ``prlimit`` command, run inside the sandbox after the privileges are dropped, that
    bounds the kernel's processes and threads to ``MAX_PROCESSES`` (``RLIMIT_NPROC``: where the
    kernel has no pids cgroup)."""
    prlimit = shutil.which("prlimit")
    if prlimit is None:
        raise RuntimeError("the sandbox needs prlimit (util-linux) to bound a kernel's processes")
    return [prlimit, f"--nproc={MAX_PROCESSES}:{MAX_PROCESSES}", "--"]


def kernel_environment(env) -> dict[str, str]:
    """The part of ``env`` a kernel may see (``ENVIRONMENT``, and variables named COURSE_KERNEL_*)."""
    return {k: v for k, v in env.items() if k in ENVIRONMENT or k.startswith("COURSE_KERNEL_")}


def sandbox_prefix(bwrap: str, *, ro_binds: list[tuple[str, str]], rw_binds: list[str], cwd: str,
                   work: str | None = None, files: list[str] = (),
                   home_files: list[tuple[str, str]] = (), privileged: bool = False,
                   pids_cgroup: bool = False) -> list[str]:
    """The command prefix: bwrap with its namespaces and its filesystem, then (as root) setpriv.

    The filesystem starts empty: ``SYSTEM`` read-only (or as links, as on the host), ``ro_binds``
    read-only, ``rw_binds`` writable, ``work`` a tmpfs of ``WORK_BYTES`` holding ``files``
    read-only, and ``/tmp``, ``/dev/shm`` and ``KERNEL_HOME`` tmpfs mounts of their own sizes
    (``home_files``: host files put read-only into the home folder, such as matplotlib's font
    cache). As root, bwrap sets up the mounts with root's rights (it can read the sources it
    binds, such as a Python under ``/root``) and ``setpriv`` drops to ``nobody`` inside; as any
    other user a user namespace maps the kernel to uid 65534.

    ``privileged``: the warm kernels' template (``grader/grading/warm``), which runs no student
    code: it stays in the host's pid namespace (its children's pids are the host's) and keeps its
    capabilities (as root, root's; as another user, all of its user namespace's), which its
    children need to isolate themselves before they drop every one of them.

    ``pids_cgroup``: the command runs in a pids cgroup of its own, which bounds its processes and
    threads; no ``RLIMIT_NPROC`` is set then (Linux counts it per user: graded as root, every
    kernel is ``nobody``, and one would take the others' share).
    """
    cmd = [bwrap]
    if os.geteuid() != 0:
        cmd += ["--unshare-user", "--uid", str(SANDBOX_UID), "--gid", str(SANDBOX_GID)]
        if privileged:
            cmd += ["--cap-add", "ALL"]
    cmd += ([] if privileged else ["--unshare-pid"]) + [
            "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
            "--die-with-parent", "--new-session", "--unsetenv", "JPY_PARENT_PID",
            "--dev", "/dev", "--proc", "/proc", *_tmpfs("/tmp", WORK_BYTES), *_tmpfs("/dev/shm", SHM_BYTES)]
    for path in SYSTEM:
        if os.path.islink(path):
            cmd += ["--symlink", os.readlink(path), path]
        elif path == "/etc":
            cmd += ["--perms", "0755", "--dir", "/etc"] + _etc_binds()
        elif os.path.isdir(path):
            cmd += ["--ro-bind", path, path]
    binds = [dest for _src, dest in ro_binds] + list(rw_binds) + ([work] if work else []) + [KERNEL_HOME]
    for parent in _parents(binds):  # bwrap would make them 0700 root: make them traversable
        cmd += ["--perms", "0755", "--dir", parent]
    for src, dest in ro_binds:
        cmd += ["--ro-bind", src, dest]
    for path in rw_binds:
        cmd += ["--bind", path, path]
    if work:
        cmd += _tmpfs(work, WORK_BYTES)
        for name in files:
            cmd += ["--ro-bind", name, str(Path(work) / Path(name).name)]
    cmd += _tmpfs(KERNEL_HOME, HOME_BYTES)
    for folder in sorted({str(Path(dest).parent) for _src, dest in home_files} - {KERNEL_HOME}):
        for parent in [*reversed(Path(folder).relative_to(KERNEL_HOME).parents), Path(folder).relative_to(KERNEL_HOME)]:
            if str(parent) != ".":
                cmd += ["--perms", "1777", "--dir", str(Path(KERNEL_HOME) / parent)]
    for src, dest in home_files:
        cmd += ["--ro-bind", src, dest]
    limit = [] if pids_cgroup else process_limit()
    cmd += ["--chdir", cwd, "--", *([] if privileged else [*drop_privileges(), *limit])]
    return cmd


def _tmpfs(path: str, size: int) -> list[str]:
    return ["--size", str(size), "--perms", "1777", "--tmpfs", path]


def kernel_home_env() -> dict[str, str]:
    """Where a sandboxed kernel keeps its config and caches: all in its home tmpfs."""
    return {"HOME": KERNEL_HOME, "MPLCONFIGDIR": f"{KERNEL_HOME}/.config/matplotlib",
            "IPYTHONDIR": f"{KERNEL_HOME}/.ipython", "XDG_CACHE_HOME": f"{KERNEL_HOME}/.cache",
            "XDG_CONFIG_HOME": f"{KERNEL_HOME}/.config", "TMPDIR": "/tmp"}


def kernel_home_files() -> list[str]:
    """Host files a sandboxed kernel gets read-only in its home (``src:dest``): matplotlib's font
    cache, which would otherwise be rebuilt, for seconds, in every kernel."""
    try:
        import matplotlib

        caches = sorted(Path(matplotlib.get_cachedir()).glob("fontlist-*.json"))
    except Exception:
        return []
    return [f"{c}:{kernel_home_env()['MPLCONFIGDIR']}/{c.name}" for c in caches]


def _etc_binds() -> list[str]:
    """``ETC_KEPT``, read-only (links recreated as links), each only if the host has it."""
    binds = []
    for name in ETC_KEPT:
        path = os.path.join("/etc", name)
        if os.path.islink(path):
            binds += ["--symlink", os.readlink(path), path]
        elif os.path.exists(path):
            binds += ["--ro-bind", path, path]
    return binds


def _parents(destinations: list[str]) -> list[str]:
    """Every folder above a destination that no system folder provides, shallowest first."""
    found = set()
    for dest in destinations:
        parent = Path(dest).parent
        while str(parent) != "/" and not any(_inside(parent, Path(s)) for s in SYSTEM):
            found.add(str(parent))
            parent = parent.parent
    return sorted(found, key=lambda p: (p.count(os.sep), p))


def prepare_sandbox_dirs(scratch: Path) -> None:
    """Make the job's scratch folder the sandbox user's own (as root), so the kernel can write there."""
    if os.geteuid() != 0:
        return
    for path in [scratch, *Path(scratch).rglob("*")]:
        if not path.is_symlink():
            os.chown(path, SANDBOX_UID, SANDBOX_GID)


@cache
def find_bwrap() -> str | None:
    """The path of a bwrap that works here (it can start a sandboxed Python), or None."""
    bwrap = shutil.which("bwrap")
    if not bwrap:
        return None
    layout = sandbox_layout()
    try:
        probe = subprocess.run(
            sandbox_prefix(bwrap, ro_binds=[tuple(b.split(":", 1)) for b in layout["ro_binds"]], rw_binds=[],
                           cwd="/") + [sys.executable, "-c", "import numpy, torch"],
            capture_output=True, timeout=120,
        )
    except (OSError, subprocess.TimeoutExpired, RuntimeError):
        return None
    return bwrap if probe.returncode == 0 else None


@cache
def _package_dir(name: str) -> Path | None:
    """Where a fresh interpreter (as the kernel is) finds the package ``name``.

    Asked of a separate process from ``/``: this process's ``sys.path`` may hold test folders
    with the same name.
    """
    probe = subprocess.run(
        [sys.executable, "-c", "import importlib.util, sys\n"
         f"spec = importlib.util.find_spec({name!r})\n"
         "print(next(iter(spec.submodule_search_locations)) if spec and spec.submodule_search_locations else '')"],
        capture_output=True, text=True, cwd="/", timeout=60,
    )
    found = probe.stdout.strip()
    return Path(found).resolve() if found else None


def sandbox_layout(kernel_library: str | None = None, packages: tuple[str, ...] = ("kernel_agent",)) -> dict:
    """What a kernel sees read-only besides the system: the Python installation and environment
    (also under the names a link gives them), ``autograd_lib`` and ``packages``.

    ``kernel_library``: a folder holding the chapter's build of ``autograd_lib`` (interfaces,
    contract 1; ``grader.course.kernel_library``'s layout: the package in ``lib/autograd_lib``,
    beside what the kernel must not see); the package is bound over the installed package's
    folder, so the kernel imports it from the same path, and the stubs of the packages the
    chapter's kernel goes without over theirs (``kernel_library.WITHOUT``).
    """
    paths = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve(),
             Path(sys.executable).resolve().parent.parent}
    for package in packages:
        found = _package_dir(package)
        if found is not None:
            paths.add(found)
    kept = sorted(str(p) for p in paths if p.exists() and not any(_inside(p, Path(s)) for s in SYSTEM))
    binds = [f"{p}:{p}" for p in kept]
    library = _package_dir("autograd_lib")
    if library is not None:
        if kernel_library:  # the build over the installed package, and its stubs (``kernel_binds``)
            from grader.course.kernel_library import kernel_binds

            return {"ro_binds": kernel_binds(binds, Path(kernel_library), library)}
        binds.append(f"{library}:{library}")
    return {"ro_binds": binds}


def _inside(path: Path, folder: Path) -> bool:
    try:
        Path(path).relative_to(folder)
        return True
    except ValueError:
        return False
