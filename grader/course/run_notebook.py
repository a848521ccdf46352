"""Run a notebook top to bottom with a real kernel, the same way on every run."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import nbformat
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbconvert.preprocessors import CoalesceStreamsPreprocessor

#: Environment of every kernel that executes course material.
KERNEL_ENV = {"PYTHONHASHSEED": "0", "MPLBACKEND": "module://matplotlib_inline.backend_inline"}


#: One BLAS and one torch thread: a build whose printed numbers depend on the thread count shows it.
ONE_THREAD = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def execute_notebook(nb: nbformat.NotebookNode, cwd: Path, *, timeout: int = 120,
                     extra_env: dict[str, str] | None = None) -> nbformat.NotebookNode:
    """Execute ``nb`` in ``cwd`` and return it with outputs; raises on the first error.

    Timing metadata is not recorded and stream outputs are merged, so executing twice gives
    the same bytes. ``extra_env`` is added to the kernel's environment (``ONE_THREAD``, say).
    """
    env = {**os.environ, **KERNEL_ENV, **(extra_env or {})}
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
    return nb
