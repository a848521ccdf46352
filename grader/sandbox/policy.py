"""The sandbox's policy: what a kernel sees and may do under bubblewrap (see ``kernel_manager``'s
module doc for why each part is there): its user, its namespaces, the filesystem built from a list,
its size-limited private folders, its environment."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

from grader.sandbox import kernel_limits

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

    ``privileged``: the warm kernels' template (``grader/sandbox/warm_kernels.py``), which runs no student
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


def choose_sandbox(settings, log) -> str | None:
    """The bubblewrap a run grades with (``settings.sandbox``: ``on``, ``off`` or ``auto``), or None
    for none, with a warning on the console when student code will run unsandboxed."""
    if settings.sandbox == "off":
        log("warning: the sandbox is off: student code runs with your rights and network")
        return None
    bwrap = find_bwrap()
    if bwrap is None:
        if settings.sandbox == "on":
            raise SystemExit("--sandbox on, but bubblewrap (bwrap) is missing or does not work here "
                             "(install the Debian package bubblewrap, or use --sandbox auto)")
        log("warning: bubblewrap (bwrap) is not available: grading WITHOUT a sandbox; student code "
            "runs with your rights and network (install the Debian package bubblewrap)")
    return bwrap
