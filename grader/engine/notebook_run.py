"""Run a chapter's notebook in this process, cell by cell, to learn which answers run and which
exercises pass their visible tests. Output is kept out of the way; figures are closed."""

from __future__ import annotations

import contextlib
import io
import os
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from grader.course.model import cell_kind

UNANSWERED = "raise NotImplementedError"

_running = [0]  # how many notebooks this process is running for an assembly (nested: a section's own)


def running() -> bool:
    """Whether a notebook is being run for an assembly: a chapter's "Your engine so far" section
    then does nothing (it would assemble again, from inside its own notebook)."""
    return _running[0] > 0


@dataclass
class CellOutcome:
    error: str = ""  # "" when the cell ran


@dataclass
class NotebookRun:
    """Per grade_id: the answer's source and whether it (or its tests) raised."""

    answers: dict[str, str] = field(default_factory=dict)
    answer_errors: dict[str, str] = field(default_factory=dict)
    test_errors: dict[str, list[str]] = field(default_factory=dict)  # exercise -> messages
    namespace: dict = field(default_factory=dict)


def unanswered(source: str) -> bool:
    return "YOUR CODE HERE" in source and UNANSWERED in source


def _message(error: BaseException) -> str:
    text = f"{type(error).__name__}: {error}".strip()
    return text.splitlines()[0][:200] if text else type(error).__name__


def run_notebook(nb: nbformat.NotebookNode, folder: Path, exercise_of: dict[str, str]) -> NotebookRun:
    """Execute every code cell of ``nb`` in one namespace (``folder`` as the working directory);
    ``exercise_of`` maps a test cell's grade_id to its exercise."""
    import matplotlib
    import matplotlib.pyplot as plt

    backend = matplotlib.get_backend()  # a notebook's own (inline), given back at the end
    plt.switch_backend("Agg")

    run = NotebookRun(namespace={"__name__": "__main__", "display": lambda *a, **k: None})
    here = os.getcwd()
    show = plt.show
    plt.show = lambda *a, **k: None
    settings = matplotlib.rcParams.copy()  # a chapter's cells set fonts and styles: the caller keeps its own
    _running[0] += 1
    try:
        os.chdir(folder)
        for cell in nb.cells:
            if cell.cell_type != "code":
                continue
            kind = cell_kind(cell)
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", "")
            source = cell.source
            if kind == "answer":
                run.answers[grade_id] = source
            if source.lstrip().startswith(("%", "!")):
                continue
            try:
                code = compile(source, f"<{grade_id or 'cell'}>", "exec")
                with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                    exec(code, run.namespace)
            except BaseException as error:  # noqa: BLE001  (a student's cell may raise anything)
                if isinstance(error, KeyboardInterrupt):
                    raise
                if kind == "answer":
                    run.answer_errors[grade_id] = _message(error)
                elif kind == "test":
                    run.test_errors.setdefault(exercise_of.get(grade_id, grade_id), []).append(_message(error))
            finally:
                plt.close("all")
    finally:
        _running[0] -= 1
        os.chdir(here)
        plt.show = show
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            matplotlib.rcParams.update(settings)
            if matplotlib.get_backend() != backend:
                plt.switch_backend(backend)
    return run
