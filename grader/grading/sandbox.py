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
  ``/usr``, of ``/etc`` only what dynamic linking, the time zone and fonts need (``ETC_KEPT``), the links
  ``/bin``, ``/lib`` ..., the Python installation and
  environment, ``autograd_lib`` and ``kernel_agent``; writable, the job's scratch folder (the
  kernel's sockets and config folders) and, as its working folder, a small tmpfs of its own
  holding only the course's files for the chapter. The repository, other checkouts, the course,
  the submissions, OUT, the home folders and every host socket are simply not there;
- **its own standard streams and environment**: stdin, stdout and stderr go to ``/dev/null`` (not
  to the grader's log), and the environment is built from a short allow-list plus the grader's
  own variables: the grader's secrets are not passed on.

The grader reads nothing back from the scratch folder except the kernel's sockets, whose folder
the kernel may no longer change once it has started (``seal_sockets``: as root), and deletes it
without following links. Facts this relies on are in DESIGN section 8.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import zmq
from jupyter_client.manager import AsyncKernelManager
from traitlets import Dict, List, Unicode

SANDBOX_UID = SANDBOX_GID = 65534
MAX_MESSAGE_BYTES = 96 * 2**20
#: The kernel's working folder: a tmpfs of this size (its files count against no other budget).
WORK_BYTES = 256 * 2**20
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
    kernel through the sandbox, and connects to it once (no reconnection to a replaced socket)."""

    extra_env = Dict(help="variables added to the kernel's environment").tag(config=True)
    sandbox_ro_binds = List(Unicode(), help="host paths the kernel sees read-only (src:dest)").tag(config=True)
    sandbox_rw_binds = List(Unicode(), help="host folders writable inside the sandbox").tag(config=True)
    sandbox_work = Unicode("", help="the kernel's working folder: a small tmpfs").tag(config=True)
    sandbox_files = List(Unicode(), help="the course's files, put read-only into the working folder").tag(
        config=True)
    sandbox = Unicode("", help="path of bwrap, empty for no sandbox").tag(config=True)
    socket_dir = Unicode("", help="the folder of the kernel's ipc sockets, sealed once it runs").tag(config=True)

    def client(self, **kwargs):
        client = super().client(**kwargs)
        # Set before the channels make their sockets: a flood of bytes cannot fill our memory.
        client.context.setsockopt(zmq.MAXMSGSIZE, MAX_MESSAGE_BYTES)
        return client

    async def _async_launch_kernel(self, kernel_cmd, **kw):
        kw["env"] = {**kernel_environment(kw.get("env") or os.environ), **self.extra_env}
        kw["stdin"] = kw["stdout"] = kw["stderr"] = subprocess.DEVNULL  # never the grader's log
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
                cwd=str(cwd),
            ) + list(kernel_cmd)
        return await super()._async_launch_kernel(kernel_cmd, **kw)

    async def _async_interrupt_kernel(self) -> None:
        """Interrupt by message when sandboxed: a SIGINT to the process group would also reach
        bwrap, which dies of it and takes the kernel with it."""
        if not self.sandbox or not self.has_kernel:
            return await super()._async_interrupt_kernel()
        msg = self.session.msg("interrupt_request", content={})
        self._connect_control_socket()
        self.session.send(self._control_socket, msg)

    interrupt_kernel = _async_interrupt_kernel

    def seal_sockets(self) -> None:
        """Once the kernel has made its sockets: take its write access to their folder, so it
        cannot replace a socket with a link the grader's client would follow on a reconnect."""
        if self.sandbox and self.socket_dir and os.geteuid() == 0:
            os.chown(self.socket_dir, 0, 0)
            os.chmod(self.socket_dir, 0o755)


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


def kernel_environment(env) -> dict[str, str]:
    """The part of ``env`` a kernel may see (``ENVIRONMENT``, and variables named COURSE_KERNEL_*)."""
    return {k: v for k, v in env.items() if k in ENVIRONMENT or k.startswith("COURSE_KERNEL_")}


def sandbox_prefix(bwrap: str, *, ro_binds: list[tuple[str, str]], rw_binds: list[str], cwd: str,
                   work: str | None = None, files: list[str] = ()) -> list[str]:
    """The command prefix: bwrap with its namespaces and its filesystem, then (as root) setpriv.

    The filesystem starts empty: ``SYSTEM`` read-only (or as links, as on the host), ``ro_binds``
    read-only, ``rw_binds`` writable, ``work`` a tmpfs of ``WORK_BYTES`` holding ``files``
    read-only. As root, bwrap sets up the mounts with root's rights (it can read the sources it
    binds, such as a Python under ``/root``) and ``setpriv`` drops to ``nobody`` inside; as any other
    user a user namespace maps the kernel to uid 65534.
    """
    cmd = [bwrap]
    if os.geteuid() != 0:
        cmd += ["--unshare-user", "--uid", str(SANDBOX_UID), "--gid", str(SANDBOX_GID)]
    cmd += ["--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
            "--die-with-parent", "--new-session", "--unsetenv", "JPY_PARENT_PID",
            "--dev", "/dev", "--proc", "/proc", "--size", str(WORK_BYTES), "--perms", "1777", "--tmpfs", "/tmp"]
    for path in SYSTEM:
        if os.path.islink(path):
            cmd += ["--symlink", os.readlink(path), path]
        elif path == "/etc":
            cmd += ["--perms", "0755", "--dir", "/etc"] + _etc_binds()
        elif os.path.isdir(path):
            cmd += ["--ro-bind", path, path]
    binds = [dest for _src, dest in ro_binds] + list(rw_binds) + ([work] if work else [])
    for parent in _parents(binds):  # bwrap would make them 0700 root: make them traversable
        cmd += ["--perms", "0755", "--dir", parent]
    for src, dest in ro_binds:
        cmd += ["--ro-bind", src, dest]
    for path in rw_binds:
        cmd += ["--bind", path, path]
    if work:
        cmd += ["--size", str(WORK_BYTES), "--perms", "1777", "--tmpfs", work]
        for name in files:
            cmd += ["--ro-bind", name, str(Path(work) / Path(name).name)]
    cmd += ["--chdir", cwd, "--", *drop_privileges()]
    return cmd


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


def sandbox_layout() -> dict:
    """What a kernel sees read-only besides the system: the Python installation and environment
    (also under the names a link gives them), ``autograd_lib`` and ``kernel_agent``."""
    paths = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve(),
             Path(sys.executable).resolve().parent.parent}
    for package in ("autograd_lib", "kernel_agent"):
        found = _package_dir(package)
        if found is not None:
            paths.add(found)
    kept = sorted(str(p) for p in paths if p.exists() and not any(_inside(p, Path(s)) for s in SYSTEM))
    return {"ro_binds": [f"{p}:{p}" for p in kept]}


def _inside(path: Path, folder: Path) -> bool:
    try:
        Path(path).relative_to(folder)
        return True
    except ValueError:
        return False
