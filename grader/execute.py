"""Run a notebook top to bottom with a real kernel, the same way on every run."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
from nbclient import NotebookClient

#: Environment of every kernel that executes course material.
KERNEL_ENV = {"PYTHONHASHSEED": "0", "MPLBACKEND": "module://matplotlib_inline.backend_inline"}


def execute_notebook(nb: nbformat.NotebookNode, cwd: Path, *, timeout: int = 120) -> nbformat.NotebookNode:
    """Execute ``nb`` in ``cwd`` and return it with outputs; raises on the first error.

    Timing metadata is not recorded, so executing twice gives the same bytes.
    """
    env = {**os.environ, **KERNEL_ENV}
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(cwd)}},
        record_timing=False,
    )
    client.execute(env=env)
    return nb
