"""Run a notebook top to bottom with a real kernel, the same way on every run and every machine."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import nbformat
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbconvert.preprocessors import CoalesceStreamsPreprocessor

from grader.course.pictures import normalise_pictures, reproducible_env

#: Environment of every kernel that executes course material.
KERNEL_ENV = {"PYTHONHASHSEED": "0", "MPLBACKEND": "module://matplotlib_inline.backend_inline"}


#: One BLAS and one torch thread: a build whose printed numbers depend on the thread count shows it.
ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
#: What ``make build`` uses, on any machine: the committed solutions are the two-thread build.
TWO_THREADS = {"OPENBLAS_NUM_THREADS": "2", "OMP_NUM_THREADS": "2", "MKL_NUM_THREADS": "2"}


def execute_notebook(nb: nbformat.NotebookNode, cwd: Path, *, timeout: int = 120,
                     extra_env: dict[str, str] | None = None) -> nbformat.NotebookNode:
    """Execute ``nb`` in ``cwd`` and return it with outputs; raises on the first error.

    Timing metadata is not recorded, stream outputs are merged, the kernel's numerics and fonts
    are the same on every machine and its PNGs carry no metadata (``pictures``), so executing
    twice, here or elsewhere, gives the same bytes. ``extra_env`` is added to the kernel's
    environment (``ONE_THREAD``, say).
    """
    env = {**os.environ, **KERNEL_ENV, **TWO_THREADS, **reproducible_env(), **(extra_env or {})}
    # ipc sockets in a private folder: no TCP port and no "unencrypted TCP" warning.
    with tempfile.TemporaryDirectory(prefix="course-kernel-") as sockets:
        km = KernelManager(kernel_name="python3", transport="ipc", ip=str(Path(sockets) / "k"),
                           connection_file=str(Path(sockets) / "kernel.json"))
        client = NotebookClient(
            nb,
            km=km,
            timeout=timeout,
            kernel_name="python3",
            resources={"metadata": {"path": str(cwd)}},
            record_timing=False,
        )
        try:
            client.execute(env=env)
        finally:
            if km.has_kernel:  # a kernel given to the client is not shut down by it
                km.shutdown_kernel(now=True)
    # A print may reach the notebook as one stream message or as two (text, then "\n"),
    # depending on timing: merge them so that the file does not depend on it.
    nb, _ = CoalesceStreamsPreprocessor().preprocess(nb, {})
    return normalise_pictures(nb)
