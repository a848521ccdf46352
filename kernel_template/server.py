"""The template process: import once, then fork one isolated kernel per request.

    python -m kernel_template.server          (started by grader/sandbox/warm_kernels.py, inside bwrap)

It reads one JSON request per line on stdin and answers one JSON line on stdout:

- ``{"op": "spawn", "plan": {...}}``: fork; the child isolates itself (``isolation``) and becomes a
  kernel (``start``); the answer is ``{"pid": <the child's pid>}`` (the child's progress is the
  grader's to watch: it connects to the kernel's sockets);
- ``{"op": "ping"}``: ``{"threads": 1, "modules": N}``, the state the template forks from.

At start it imports numpy, torch (and runs one tiny backward, whose first use imports more),
matplotlib (the inline backend is named, not loaded: it must meet the kernel's shell), the
chapter's ``autograd_lib`` build with all its submodules, IPython and ipykernel. The template of a
chapter whose kernel goes without torch (the build's ``autograd_lib._withheld.WITHOUT``; its
sandbox has a stub in torch's place) never imports it. Nothing else runs
here: no student code, no kernel start-up (``kernel_agent`` is imported by each kernel), no thread,
no zmq context. It reaps the kernels that ended (so that their CPU time is counted, up to the
grader). End of input ends it and every kernel it forked; the end of its parent (bwrap, which ends
with the grader) ends it too (``PR_SET_PDEATHSIG``), and its kernels with it (they ask the same).
"""

from __future__ import annotations

import json
import os
import pkgutil
import signal
import sys
import threading
import traceback


def preload() -> None:
    os.environ.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    import matplotlib
    import matplotlib.pyplot  # noqa: F401
    import numpy  # noqa: F401

    if "torch" not in without():
        import torch

        torch.ones(1, dtype=torch.float64, requires_grad=True).sum().backward()
    import autograd_lib

    for module in pkgutil.walk_packages(autograd_lib.__path__, "autograd_lib."):
        try:
            __import__(module.name)
        except Exception:  # noqa: BLE001 (a chapter's build may leave a module out)
            pass
    import ipykernel.ipkernel  # noqa: F401
    import ipykernel.kernelapp  # noqa: F401
    import ipykernel.zmqshell  # noqa: F401
    import IPython  # noqa: F401
    import jupyter_client.session  # noqa: F401

    del matplotlib


def without() -> dict:
    """The packages the chapter's kernel goes without (none for the installed library)."""
    try:
        from autograd_lib._withheld import WITHOUT
    except ImportError:  # the whole library, or a build older than WITHOUT
        return {}
    return WITHOUT


def threads() -> int:
    return len(os.listdir("/proc/self/task"))


def spawn(plan: dict) -> None:
    """In the forked child: isolate, then become the kernel. Never returns."""
    code = 1
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        from kernel_template import isolation

        isolation.parent_death_signal()
        isolation.enter_namespaces(plan.get("cgroups") or [])
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1):
            os.dup2(null, fd)
        init = os.fork()
        if init:  # this process stays in the template's pid namespace and waits for the kernel's
            _, status = os.waitpid(init, 0)
            code = os.waitstatus_to_exitcode(status)
            return
        isolation.parent_death_signal()
        isolation.make_folders(plan)
        if plan["max_processes"]:  # no pids cgroup: RLIMIT_NPROC, before the user namespace, which keeps it
            isolation.limit_processes(plan["max_processes"])
        isolation.drop_privileges()
        isolation.parent_death_signal()  # again: a change of uid cleared it, and the template's end must end this
        kernel = os.fork()
        if kernel == 0:
            isolation.parent_death_signal()
            from kernel_template import start

            start.run_kernel(plan)
        os.dup2(null, 2)  # the kernel can reach this process (its parent): nothing of the grader's here
        isolation.not_dumpable()
        code = _reap(kernel)
    except BaseException:  # noqa: BLE001 (the kernel does not start; the grader sees it die)
        traceback.print_exc()
    finally:
        os._exit(code if code >= 0 else 128 - code)


def _reap(kernel: int) -> int:
    """pid 1's duty: reap every orphan; end with the kernel (which ends the namespace)."""
    while True:
        try:
            pid, status = os.waitpid(-1, 0)
        except ChildProcessError:
            return 0
        if pid == kernel:
            return os.waitstatus_to_exitcode(status)


def _reap_children() -> None:
    """Reap the kernels that ended (their CPU time then counts in this process's children's)."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _end_children() -> None:
    """At the end: no kernel outlives its template (a kernel forked ahead is never used)."""
    for pid in _children():
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return


def _children() -> list[int]:
    try:
        with open(f"/proc/self/task/{os.getpid()}/children") as handle:
            return [int(p) for p in handle.read().split()]
    except (OSError, ValueError):
        return []


def die_with_parent() -> None:
    """End with bwrap, the grader's child that started this process (bwrap itself ends with the
    grader): a run or worker killed, SIGKILL too, leaves no template, and so no kernel, behind."""
    from kernel_template import isolation

    isolation.parent_death_signal()
    if os.getppid() == 1:  # the parent ended before the signal was asked for
        os._exit(1)


def main() -> None:
    die_with_parent()
    if sys.path and sys.path[0] in ("", os.getcwd()):
        del sys.path[0]  # as ipykernel_launcher does; IPython puts the kernel's folder back
    replies = os.fdopen(os.dup(1), "w", buffering=1)
    sys.stdout = sys.stderr  # nothing else ever reaches the answers
    preload()
    try:
        serve(replies)
    finally:
        _end_children()


def serve(replies) -> None:
    for line in sys.stdin:
        _reap_children()
        request = json.loads(line)
        if request.get("op") == "ping":
            replies.write(json.dumps({"threads": threads(), "python_threads": threading.active_count(),
                                      "modules": len(sys.modules)}) + "\n")
            continue
        if request.get("op") != "spawn":
            replies.write(json.dumps({"error": f"unknown request {request.get('op')!r}"}) + "\n")
            continue
        if threads() != 1:
            replies.write(json.dumps({"error": f"the template has {threads()} threads: it cannot fork"}) + "\n")
            continue
        child = os.fork()
        if child == 0:
            replies.close()
            spawn(request["plan"])
        replies.write(json.dumps({"pid": child}) + "\n")


if __name__ == "__main__":
    main()
