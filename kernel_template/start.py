"""The kernel's own start, in a process forked from the template and isolated (``isolation``).

Before the first student cell, everything a fresh kernel would have is made fresh: the random
states a fresh process seeds from the operating system are reseeded from it (Python's ``random``,
numpy's global ``RandomState``, torch's default generator; the template never draws from the
ones seeded with a constant, such as ``autograd_lib``'s, so they are a fresh process's), thread
counts are set, the environment, working folder and standard streams are the
kernel's (stdin, stdout and stderr on ``/dev/null``; no descriptor of the template's is left
open), and ipykernel starts exactly as ``python -m ipykernel_launcher`` would, with the grader's
arguments (``exec_lines``: ``import kernel_agent.agent``, the kernel's start-up, runs here, after
the fork, before any student code).
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import random
import sys


def reseed() -> None:
    random.seed()  # from os.urandom, as at a fresh import
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy.random.seed()  # the legacy global RandomState, from the operating system
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.seed()  # a fresh process seeds its default generator from the operating system too


def set_threads(count: int) -> None:
    """Intra-op threads for torch and numpy's OpenBLAS; their pools start on first use, here."""
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.set_num_threads(count)
    try:
        with open("/proc/self/maps") as maps:
            libraries = {line.split()[-1] for line in maps if "openblas" in line.lower() and "/" in line}
    except OSError:
        libraries = set()
    for path in libraries:
        library = ctypes.CDLL(path)
        for name in ("scipy_openblas_set_num_threads64_", "scipy_openblas_set_num_threads",
                     "openblas_set_num_threads64_", "openblas_set_num_threads"):
            setter = getattr(library, name, None)
            if setter is not None:
                setter(count)
                break


def standard_streams() -> None:
    """stdin, stdout and stderr on /dev/null; every other descriptor closed."""
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.closerange(3, os.sysconf("SC_OPEN_MAX") if os.sysconf("SC_OPEN_MAX") > 0 else 65536)


def run_kernel(plan: dict) -> None:
    """Become the kernel ``plan`` describes; never returns."""
    os.setsid()
    reseed()
    set_threads(int(plan.get("threads", 1)))
    os.environ.clear()
    os.environ.update(plan["env"])
    os.chdir(plan["work"])
    standard_streams()
    sys.dont_write_bytecode = True
    launcher = importlib.util.find_spec("ipykernel_launcher").origin
    sys.argv = [launcher, "-f", plan["connection_file"], *plan["arguments"]]
    from ipykernel import kernelapp

    try:
        kernelapp.launch_new_instance()
    finally:
        os._exit(0)
