"""What a process forked from the template does first: namespaces, folders, privileges.

Python 3.11 has no ``os.unshare``; these are the libc calls, through ctypes, with their errors
raised as ``OSError``. The order (``isolate``, called in the forked child) is:

1. join the kernel's memory and pids cgroups (as root), then take new mount, pid, network, IPC, UTS and
   cgroup namespaces; fork, so that the next process is pid 1 of the new pid namespace;
2. in it: make every mount private, mount a fresh ``/proc`` (only this kernel's processes), set
   a hostname, and give the kernel its own folders: size-limited tmpfs mounts for ``/tmp``,
   ``/dev/shm``, its home and its working folder (the chapter's files bound read-only into it),
   its own socket folder and nothing of the other kernels' (their folders are covered);
3. drop every privilege as the sandbox's ``setpriv`` does: no capabilities (bounding set too),
   no groups, uid and gid 65534, ``no_new_privs``; then a user namespace of its own that maps
   65534 to itself, and again no capabilities in it.

A step that fails ends the process: a kernel starts isolated or not at all.
"""

from __future__ import annotations

import ctypes
import os
from pathlib import Path

CLONE_NEWNS, CLONE_NEWCGROUP, CLONE_NEWUTS, CLONE_NEWIPC = 0x00020000, 0x02000000, 0x04000000, 0x08000000
CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET = 0x10000000, 0x20000000, 0x40000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_REMOUNT, MS_BIND, MS_MOVE, MS_REC, MS_PRIVATE = (
    1, 2, 4, 32, 4096, 8192, 16384, 1 << 18)
PR_SET_PDEATHSIG, PR_CAPBSET_DROP, PR_SET_NO_NEW_PRIVS, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 1, 24, 38, 47, 4
_CAP_VERSION_3 = 0x20080522
UNPRIVILEGED = 65534

_libc = ctypes.CDLL(None, use_errno=True)


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32), ("inheritable", ctypes.c_uint32)]


def _check(result: int, what: str) -> int:
    if result < 0:
        error = ctypes.get_errno()
        raise OSError(error, f"{what}: {os.strerror(error)}")
    return result


def _prctl(option: int, arg: int, what: str) -> None:
    _check(_libc.prctl(option, ctypes.c_ulong(arg), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0)), what)


def unshare(flags: int) -> None:
    _check(_libc.unshare(flags), "unshare")


def mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    _check(_libc.mount(source and source.encode(), target.encode(), fstype and fstype.encode(),
                       ctypes.c_ulong(flags), data and data.encode()), f"mount {target}")


def tmpfs(path: str, size: int, mode: str = "1777") -> None:
    os.makedirs(path, exist_ok=True)
    mount("tmpfs", path, "tmpfs", MS_NOSUID | MS_NODEV, f"size={size},mode={mode}")


def bind(source: str, target: str, read_only: bool = True) -> None:
    """Bind ``source`` at ``target`` (made as a file or folder like the source), read-only."""
    if os.path.isdir(source):
        os.makedirs(target, exist_ok=True)
    elif not os.path.exists(target):
        open(target, "w").close()
    mount(source, target, None, MS_BIND)
    if read_only:
        mount(None, target, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV)


def parent_death_signal(signal_number: int = 9) -> None:
    """Die with the parent (a kernel never outlives what started it)."""
    _prctl(PR_SET_PDEATHSIG, signal_number, "prctl(PR_SET_PDEATHSIG)")


def not_dumpable() -> None:
    """No process of the same user may trace this one (the kernel's pid 1, once it has started
    the kernel)."""
    _prctl(4, 0, "prctl(PR_SET_DUMPABLE)")


def set_hostname(name: str) -> None:
    _check(_libc.sethostname(name.encode(), len(name)), "sethostname")


# -- namespaces and folders ------------------------------------------------------------------

def enter_namespaces(cgroups: list[str]) -> None:
    """Join ``cgroups`` (their memory limit then counts everything this process tree adds, their
    ``pids.max`` every process and thread of it), then take new mount, pid, network, IPC, UTS and
    cgroup namespaces (the pid namespace is the next child's)."""
    for cgroup in cgroups:
        Path(cgroup, "cgroup.procs").write_text(str(os.getpid()))
    unshare(CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP)


def make_folders(plan: dict) -> None:
    """The kernel's own view, as pid 1 of its pid namespace (see the module doc).

    ``plan``: ``tmpfs`` ([path, bytes] pairs, made in order), ``home`` and ``home_dirs`` (folders
    made in the home tmpfs), ``work`` and ``files`` ([source, name] pairs bound read-only into
    it), ``sockets`` (this kernel's socket folder) inside ``sockets_root`` (the template's, whose
    other folders are covered; ``aside``: an empty folder the socket folder waits in meanwhile),
    ``cover`` (folders of the template's own, covered by an empty read-only tmpfs), ``keep`` (the
    template's read-only binds: those under a new tmpfs are bound back over it).
    """
    mount(None, "/", None, MS_REC | MS_PRIVATE)
    mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | 8)  # 8: MS_NOEXEC
    owner = UNPRIVILEGED if os.geteuid() == 0 else -1
    aside = plan["aside"]  # the socket folder waits here while the folders around it are covered
    bind(plan["sockets"], aside, read_only=False)
    kept = hold_mounts_under([path for path, _size in plan["tmpfs"]], plan.get("keep", ()))
    for path, size in plan["tmpfs"]:
        tmpfs(path, size)
    put_back(kept)
    for folder in plan.get("home_dirs", ()):
        os.makedirs(folder, exist_ok=True)
        os.chown(folder, owner, owner)
    if os.path.isdir(plan["sockets_root"]):
        tmpfs(plan["sockets_root"], 4096, mode="0755")
    os.makedirs(plan["sockets"], mode=0o755, exist_ok=True)
    mount(aside, plan["sockets"], None, MS_MOVE)
    tmpfs(plan["work"], plan["work_bytes"])
    for source, name in plan.get("files", ()):
        bind(source, os.path.join(plan["work"], name))
    for folder in plan.get("cover", ()):
        if os.path.isdir(folder):
            tmpfs(folder, 4096, mode="0755")
            mount(None, folder, None, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV)
    set_hostname("kernel")


def hold_mounts_under(folders: list[str], keep) -> list[tuple[str, int]]:
    """The folders of ``keep`` (the template's read-only binds) that a tmpfs about to be mounted
    on one of ``folders`` would hide, each held open (``O_PATH``) to be bound back (``put_back``).

    A checkout under ``/tmp`` has its environment and packages bound there: the kernel's own
    ``/tmp`` must not hide what it still imports after the fork. One nested in another comes
    back with it."""
    def under(path: str, folder: str) -> bool:
        return path != folder and path.startswith(folder.rstrip("/") + "/")

    hidden = sorted({k for k in keep if any(under(k, f) for f in folders) and os.path.exists(k)})
    outer = [k for k in hidden if not any(under(k, other) for other in hidden)]
    return [(path, os.open(path, os.O_PATH | os.O_CLOEXEC)) for path in outer]


def put_back(held: list[tuple[str, int]]) -> None:
    """Bind each held folder (with what is mounted inside it) back at its own path."""
    for path, fd in held:
        source = f"/proc/self/fd/{fd}"
        if os.path.isdir(source):
            os.makedirs(path, mode=0o755, exist_ok=True)
        else:
            os.makedirs(os.path.dirname(path), mode=0o755, exist_ok=True)
            open(path, "w").close()
        mount(source, path, None, MS_BIND | MS_REC)
        os.close(fd)


# -- privileges ------------------------------------------------------------------------------

def _last_capability() -> int:
    try:
        return int(Path("/proc/sys/kernel/cap_last_cap").read_text())
    except (OSError, ValueError):
        return 63


def _clear_capabilities() -> None:
    """No capability left: bounding set, ambient set, then effective, permitted and inheritable."""
    for cap in range(_last_capability() + 1):
        try:
            _prctl(PR_CAPBSET_DROP, cap, "prctl(PR_CAPBSET_DROP)")
        except OSError:
            pass  # already gone, or (then checked below) not ours to drop
    _prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, "prctl(PR_CAP_AMBIENT_CLEAR_ALL)")
    header = _CapHeader(_CAP_VERSION_3, 0)
    data = (_CapData * 2)()
    _check(_libc.capset(ctypes.byref(header), data), "capset")


def limit_processes(count: int) -> None:
    """At most ``count`` processes and threads (``RLIMIT_NPROC``), as the sandbox's ``prlimit``."""
    import resource

    resource.setrlimit(resource.RLIMIT_NPROC, (count, count))


def drop_privileges() -> None:
    """As ``setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all
    --bounding-set=-all --no-new-privs``, then a user namespace of its own (65534 mapped to
    itself) with no capability in it either."""
    _prctl(PR_SET_NO_NEW_PRIVS, 1, "prctl(PR_SET_NO_NEW_PRIVS)")
    for cap in range(_last_capability() + 1):
        try:
            _prctl(PR_CAPBSET_DROP, cap, "prctl(PR_CAPBSET_DROP)")
        except OSError:
            pass
    try:
        os.setgroups([])
    except OSError:
        if os.geteuid() == 0:
            raise
    os.setresgid(UNPRIVILEGED, UNPRIVILEGED, UNPRIVILEGED)
    os.setresuid(UNPRIVILEGED, UNPRIVILEGED, UNPRIVILEGED)
    _clear_capabilities()
    _prctl(4, 1, "prctl(PR_SET_DUMPABLE)")  # a change of uid cleared it; /proc/self is then root's
    unshare(CLONE_NEWUSER)
    Path("/proc/self/setgroups").write_text("deny")
    Path("/proc/self/uid_map").write_text(f"{UNPRIVILEGED} {UNPRIVILEGED} 1")
    Path("/proc/self/gid_map").write_text(f"{UNPRIVILEGED} {UNPRIVILEGED} 1")
    _clear_capabilities()
    check_unprivileged()


def check_unprivileged() -> None:
    """Raise unless this process has no capability, uid and gid 65534 and ``no_new_privs``."""
    status = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines() if ":" in line)
    caps = {name: int(status[name].strip(), 16) for name in ("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb")}
    ids = status["Uid"].split() + status["Gid"].split()
    if any(caps.values()) or set(ids) != {str(UNPRIVILEGED)} or status["NoNewPrivs"].strip() != "1":
        raise PermissionError(f"the kernel kept privileges: {caps}, ids {ids}, no_new_privs {status['NoNewPrivs']}")
