"""Start each grading kernel in a sandbox (bubblewrap), or plainly, with a warning, without it.

The kernel runs student code, so it gets as little as it can work with:

- **another user, no capabilities**: as root, the grader drops to uid/gid 65534 (``nobody``) with
  ``setpriv`` (no groups, no capabilities, an empty bounding set) before bubblewrap starts, and
  bubblewrap adds a user namespace; run by another user, the user namespace alone maps the kernel
  to uid 65534 with no capabilities. Either way the kernel cannot read files only root may read
  (``/etc/shadow``), nor write anything the sandbox did not bind writable;
- **its own pid, network, IPC and UTS namespaces**: it sees only its own processes (so no
  ``/proc/<pid>/root`` of a host process), has no network, and reaches no host unix socket
  (``/tmp``, ``/var/tmp`` and ``/run`` are empty there; abstract sockets belong to the network
  namespace). ipykernel would exit in a pid namespace because it polls its parent's pid
  (``JPY_PARENT_PID``): the variable is unset inside;
- **a read-only filesystem** with these exceptions: masked with an empty tmpfs, the repository
  (course sources, solutions, tests), the ``--course`` folder, the submissions, the grading output
  (gradebooks, other students), ``/tmp`` and the home folder; put back read-only, the Python
  environment, ``autograd_lib`` and ``kernel_agent``; writable, only the job's scratch folder
  (the kernel's working folder, its ipc sockets and config folders).

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

from grader.paths import REPO_ROOT

SANDBOX_UID = SANDBOX_GID = 65534
MAX_MESSAGE_BYTES = 256 * 2**20
#: Host folders with unix sockets and shared scratch space, replaced by an empty tmpfs inside.
EMPTIED = ("/tmp", "/var/tmp", "/run", "/dev/shm")


class CourseKernelManager(AsyncKernelManager):
    """A kernel manager that adds grading variables to the kernel's environment, can start the
    kernel through the sandbox, and connects to it once (no reconnection to a replaced socket)."""

    extra_env = Dict(help="variables added to the kernel's environment").tag(config=True)
    sandbox_masks = List(Unicode(), help="folders hidden behind an empty tmpfs").tag(config=True)
    sandbox_ro_binds = List(Unicode(), help="folders put back read-only (src:dest)").tag(config=True)
    sandbox_rw_binds = List(Unicode(), help="folders writable inside the sandbox").tag(config=True)
    sandbox = Unicode("", help="path of bwrap, empty for no sandbox").tag(config=True)
    socket_dir = Unicode("", help="the folder of the kernel's ipc sockets, sealed once it runs").tag(config=True)

    def client(self, **kwargs):
        client = super().client(**kwargs)
        # Set before the channels make their sockets: a flood of bytes cannot fill our memory.
        client.context.setsockopt(zmq.MAXMSGSIZE, MAX_MESSAGE_BYTES)
        return client

    async def _async_launch_kernel(self, kernel_cmd, **kw):
        env = dict(kw.get("env") or os.environ)
        env.update(self.extra_env)
        kw["env"] = env
        if self.sandbox:
            cwd = kw.get("cwd") or os.getcwd()
            if os.geteuid() == 0 and os.path.exists(self.connection_file):
                os.chown(self.connection_file, SANDBOX_UID, SANDBOX_GID)
            kernel_cmd = sandbox_prefix(
                self.sandbox,
                masks=list(self.sandbox_masks),
                ro_binds=[tuple(b.split(":", 1)) for b in self.sandbox_ro_binds],
                rw_binds=[*self.sandbox_rw_binds, str(cwd)],
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


def sandbox_prefix(bwrap: str, *, masks: list[str], ro_binds: list[tuple[str, str]],
                   rw_binds: list[str], cwd: str) -> list[str]:
    """The command prefix: bwrap with its namespaces, masks and binds, then (as root) setpriv.

    As root, bwrap sets up the mounts with root's rights (it can read the sources it binds, such
    as a Python under ``/root``) and ``setpriv`` drops to ``nobody`` inside; as any other user a
    user namespace maps the kernel to uid 65534.
    """
    cmd = [bwrap]
    if os.geteuid() != 0:
        cmd += ["--unshare-user", "--uid", str(SANDBOX_UID), "--gid", str(SANDBOX_GID)]
    cmd += ["--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
            "--die-with-parent", "--new-session", "--unsetenv", "JPY_PARENT_PID",
            "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
    emptied = [f for f in EMPTIED if os.path.isdir(f) and not os.path.islink(f)]
    masked = sorted({str(Path(m)) for m in masks}, key=lambda p: p.count(os.sep))
    for folder in emptied:
        cmd += ["--tmpfs", folder]
    for mask in masked:
        if os.path.isdir(mask):
            cmd += ["--tmpfs", mask]
        elif os.path.isfile(mask):
            cmd += ["--ro-bind", "/dev/null", mask]
    # bwrap makes missing parents of a bind 0700 root: in a tmpfs, make them traversable first.
    destinations = [dest for _src, dest in ro_binds] + list(rw_binds)
    for parent in _parents_inside(destinations, [*emptied, *masked]):
        cmd += ["--perms", "0755", "--dir", parent]
    for src, dest in ro_binds:
        cmd += ["--ro-bind", src, dest]
    for path in rw_binds:
        cmd += ["--bind", path, path]
    cmd += ["--chdir", cwd, "--", *drop_privileges()]
    return cmd


def _parents_inside(destinations: list[str], tmpfs: list[str]) -> list[str]:
    """Folders strictly between a tmpfs mount and a bind destination under it, shallowest first."""
    found = set()
    for dest in destinations:
        for top in tmpfs:
            if _inside(Path(dest), Path(top)) and Path(dest) != Path(top):
                parent = Path(dest).parent
                while parent != Path(top) and _inside(parent, Path(top)):
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
    layout = sandbox_layout(hidden=[])
    try:
        probe = subprocess.run(
            sandbox_prefix(bwrap, masks=layout["masks"], ro_binds=[tuple(b.split(":", 1)) for b in layout["ro_binds"]],
                           rw_binds=[], cwd="/") + [sys.executable, "-c", "import numpy"],
            capture_output=True, timeout=60,
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


def sandbox_layout(*, hidden: list[Path]) -> dict:
    """Masks and read-only binds for a kernel: hide ``hidden`` and the repository, keep Python,
    ``autograd_lib`` and ``kernel_agent`` visible."""
    masks = {str(Path(p).resolve()) for p in hidden if Path(p).exists()}
    masks |= {str(REPO_ROOT), str(Path.home())}
    ro_binds: list[tuple[str, str]] = []
    prefixes = {Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve()}
    for prefix in prefixes:
        if any(_inside(prefix, Path(m)) for m in masks):
            ro_binds.append((str(prefix), str(prefix)))
    for package in ("autograd_lib", "kernel_agent"):
        found = _package_dir(package)
        if found is not None:
            ro_binds.append((str(found), str(found)))
    return {"masks": sorted(masks), "ro_binds": [f"{s}:{d}" for s, d in ro_binds]}


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False
