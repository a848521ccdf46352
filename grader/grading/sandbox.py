"""Start each grading kernel in a bubblewrap sandbox (or plainly, with a warning, without it).

Inside the sandbox the kernel sees the whole filesystem read-only, except:

- its own working copy (the folder nbgrader executes the notebook in), writable;
- a private socket folder for the kernel's ``ipc`` transport (TCP needs the network, which is cut);
- masked with an empty tmpfs: the repository (course sources, solutions, hidden tests, tests),
  the ``--course`` folder, the submissions, the grading output (gradebook, other students),
  ``/tmp`` and the home folder;
- put back read-only: the Python environment, ``autograd_lib`` and a ``grader`` package that holds
  only ``testkit`` (what hidden tests import).

Facts this relies on (DESIGN section 8): ipykernel runs under ``bwrap --ro-bind / / --dev /dev
--proc /proc --unshare-net`` with transport ``ipc``; ``--unshare-pid`` makes ipykernel exit.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

from jupyter_client.manager import AsyncKernelManager
from traitlets import Dict, List, Unicode

from grader.paths import REPO_ROOT


class CourseKernelManager(AsyncKernelManager):
    """A kernel manager that adds grading variables to the kernel's environment and can start
    the kernel through a wrapper command (bubblewrap)."""

    extra_env = Dict(help="variables added to the kernel's environment").tag(config=True)
    sandbox_masks = List(Unicode(), help="folders hidden behind an empty tmpfs").tag(config=True)
    sandbox_ro_binds = List(Unicode(), help="folders put back read-only (src:dest)").tag(config=True)
    sandbox_rw_binds = List(Unicode(), help="folders writable inside the sandbox").tag(config=True)
    sandbox = Unicode("", help="path of bwrap, empty for no sandbox").tag(config=True)

    async def _async_launch_kernel(self, kernel_cmd, **kw):
        env = dict(kw.get("env") or os.environ)
        env.update(self.extra_env)
        kw["env"] = env
        if self.sandbox:
            cwd = kw.get("cwd") or os.getcwd()
            kernel_cmd = bwrap_command(
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


def bwrap_command(bwrap: str, *, masks: list[str], ro_binds: list[tuple[str, str]],
                  rw_binds: list[str], cwd: str) -> list[str]:
    """The bwrap prefix: read-only root, no network, masks first, then the folders put back."""
    cmd = [bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
           "--unshare-net", "--unshare-ipc", "--unshare-uts", "--die-with-parent"]
    for mask in sorted({str(Path(m)) for m in masks}, key=lambda p: p.count(os.sep)):
        if os.path.isdir(mask):
            cmd += ["--tmpfs", mask]
        elif os.path.isfile(mask):
            cmd += ["--ro-bind", "/dev/null", mask]
    for src, dest in ro_binds:
        cmd += ["--ro-bind", src, dest]
    for path in rw_binds:
        cmd += ["--bind", path, path]
    cmd += ["--chdir", cwd]
    return cmd


@cache
def find_bwrap() -> str | None:
    """The path of a bwrap that works here (it can start a process without network), or None."""
    bwrap = shutil.which("bwrap")
    if not bwrap:
        return None
    try:
        probe = subprocess.run(
            [bwrap, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-net",
             "--die-with-parent", sys.executable, "-c", "pass"],
            capture_output=True, timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired):
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


def trusted_grader_package(folder: Path) -> Path:
    """A ``grader`` package holding only ``testkit``: what the kernel may import from grader/."""
    package = Path(folder) / "grader"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text('"""Only what hidden tests need, inside the sandbox."""\n')
    shutil.copy2(Path(__file__).resolve().parent.parent / "testkit.py", package / "testkit.py")
    return package


def sandbox_layout(*, hidden: list[Path], trusted_dir: Path) -> dict:
    """Masks and read-only binds for a kernel: hide ``hidden`` and the repository, keep Python,
    ``autograd_lib`` and the trusted ``grader`` package visible."""
    masks = {str(Path(p).resolve()) for p in hidden if Path(p).exists()}
    masks |= {str(REPO_ROOT), "/tmp", str(Path.home())}
    ro_binds: list[tuple[str, str]] = []
    prefixes = {Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve()}
    for prefix in prefixes:
        if any(_inside(prefix, Path(m)) for m in masks):
            ro_binds.append((str(prefix), str(prefix)))
    library = _package_dir("autograd_lib")
    if library is not None:
        ro_binds.append((str(library), str(library)))
    grader_dir = _package_dir("grader") or Path(sys.modules["grader"].__file__).resolve().parent
    trusted = trusted_grader_package(trusted_dir)
    ro_binds.append((str(trusted), str(grader_dir)))
    # the masks must not hide a parent of a bind's source path that bwrap still needs: binds
    # take their source from the host, so only destinations matter here.
    return {"masks": sorted(masks), "ro_binds": [f"{s}:{d}" for s, d in ro_binds]}


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False
