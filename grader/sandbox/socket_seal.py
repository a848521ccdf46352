"""Sealing a running kernel's socket folder: read-only in the kernel's own mount namespace, so
that the kernel can neither write to the host's disk through it nor replace a socket with a link
the grader's client would follow (``kernel_manager``'s ``seal_sockets`` and the warm kernels call it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

#: The helper process, a file of its own run by path (never imported).
HELPER = Path(__file__).resolve().parent / "remount_helper.py"


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
        done = subprocess.run([python, "-I", "-S", str(HELPER), str(pid), folder],
                              capture_output=True, text=True, timeout=60, env={})
    except (OSError, subprocess.TimeoutExpired) as error:
        return str(error)
    return None if done.returncode == 0 else (done.stderr.strip().splitlines() or ["remount failed"])[-1]
