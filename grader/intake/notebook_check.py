"""Check a submission before any of it runs: notebooks that parse, no shadowing modules.

- A notebook that is not valid JSON or not a valid notebook is set aside (it scores 0, and the
  reason is reported); nbgrader never sees it.
- A file or folder beside the notebook whose name shadows a module the tests trust (``numpy``,
  ``torch``, ``autograd_lib``, ``grader``, any standard-library module, ...) is removed, because the
  kernel's working folder comes first on ``sys.path``; the submission is flagged.
"""

from __future__ import annotations

import copy
import json
import shutil
import sys
from functools import lru_cache
from importlib import metadata
from pathlib import Path

import nbformat

PROTECTED = {"numpy", "torch", "autograd_lib", "grader", "matplotlib", "IPython", "ipykernel",
             "nbgrader", "scipy", "pytest", "sitecustomize", "usercustomize", "jupyter_client",
             "zmq", "tornado", "traitlets", "psutil"}


@lru_cache(maxsize=1)
def protected_names() -> frozenset[str]:
    """Top-level module names that a file beside the notebook must not shadow."""
    names = set(PROTECTED) | set(sys.stdlib_module_names)
    try:
        names |= set(metadata.packages_distributions())
    except Exception:  # pragma: no cover - broken metadata
        pass
    return frozenset(names)


def check_notebook(path: Path, source: Path | None = None) -> str | None:
    """None when ``path`` is a readable notebook, else why it is not. With the assignment's
    ``source`` notebook, a notebook whose cells lost the grader's metadata (pasted into a new
    notebook, or stripped by an upload platform) is not gradable either, and the reason says so."""
    try:
        raw = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return "the notebook is not UTF-8 text"
    try:
        json.loads(raw)
    except json.JSONDecodeError as exc:
        return f"the notebook is not valid JSON ({exc.msg} at line {exc.lineno})"
    try:
        nb = nbformat.reads(raw, as_version=4)
        nbformat.validate(nb)
    except Exception as exc:  # nbformat raises several kinds
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return f"the file is JSON but not a valid notebook ({first[:200]})"
    if source is not None and not _has_grade_cells(nb):
        return ("its cells have lost the grader's metadata (the notebook was probably copied into a "
                "new notebook, or an upload stripped it), so no answer can be matched to its exercise: "
                "download the chapter's notebook again, paste your answers into its answer cells, and "
                "submit that file. A notebook from solutions/ or the course website has no such metadata "
                "either: it is for reading, never for grading (test students come from "
                "python -m grader.examples.make_examples CHAPTER FOLDER)")
    return None


def _grade_id(cell) -> str | None:
    """The cell's nbgrader grade id, or None (no nbgrader metadata, or metadata that is not a dict)."""
    nbg = cell.metadata.get("nbgrader")
    return nbg.get("grade_id") if isinstance(nbg, dict) else None


def _has_grade_cells(nb) -> bool:
    """Whether any cell still carries nbgrader's grade id (answer or test cells)."""
    return any(_grade_id(c) for c in nb.cells)


def remove_shadowing(folder: Path, names: set[str] | None = None) -> list[str]:
    """Delete modules beside the notebook that shadow trusted ones; returns their names."""
    names = names if names is not None else protected_names()
    removed = []
    for path in sorted(Path(folder).iterdir()):
        stem = path.name.split(".")[0]
        is_module = path.is_dir() or path.suffix in (".py", ".pyc", ".so", ".pth") or ".cpython-" in path.name
        if is_module and stem in names:
            shutil.rmtree(path) if path.is_dir() else path.unlink()
            removed.append(path.name)
    pycache = Path(folder) / "__pycache__"
    if pycache.exists():
        shutil.rmtree(pycache)
    return removed


def restore_order(path: Path, source: Path) -> list[str]:
    """Put the course's cells (those with a grade id) back in the source's order, in place.

    nbgrader restores a test cell's text but not its place: a test cell moved above the cells it
    depends on would run in the wrong state (for example with a name a test rebinds for a moment).
    The places the graded cells hold are refilled in the source's order; the student's own cells
    stay where they are. Returns a note when anything moved.
    """
    order = {_grade_id(cell): i for i, cell in enumerate(nbformat.read(source, as_version=4).cells)
             if _grade_id(cell)}
    nb = nbformat.read(path, as_version=4)
    places = [i for i, cell in enumerate(nb.cells) if _grade_id(cell) in order]
    graded = [nb.cells[i] for i in places]
    ordered = sorted(graded, key=lambda c: order[_grade_id(c)])
    if [id(c) for c in graded] == [id(c) for c in ordered]:
        return []
    for place, cell in zip(places, ordered, strict=True):
        nb.cells[place] = cell
    nbformat.write(nb, path)
    return ["the course's cells were out of order; they were put back in the chapter's order"]


def restore_tags(path: Path, source: Path) -> list[str]:
    """Give every course cell of a submitted notebook (one with a grade id of the source) the
    source's tags, in place, as nbgrader restores their text: a student cannot add a tag that
    changes how a test cell runs, nor lose ``raises-exception``. Returns a note when a cell had
    tags the course does not give it."""
    tags = {_grade_id(cell): list(cell.metadata.get("tags", []))
            for cell in nbformat.read(source, as_version=4).cells if _grade_id(cell)}
    nb = nbformat.read(path, as_version=4)
    changed, extra = False, []
    for index, cell in enumerate(nb.cells):
        grade_id = _grade_id(cell)
        if grade_id not in tags or list(cell.metadata.get("tags", [])) == tags[grade_id]:
            continue
        added = sorted(set(cell.metadata.get("tags", [])) - set(tags[grade_id]))
        if added:
            extra.append(f"cell {index}: its tags {', '.join(added)} were removed (the course's cells keep the "
                         "course's tags)")
        if tags[grade_id]:
            cell.metadata["tags"] = tags[grade_id]
        else:
            cell.metadata.pop("tags", None)
        changed = True
    if changed:
        nbformat.write(nb, path)
    return extra


#: What makes a cell graded, an answer, locked or a task, and its points: the assignment's own.
FLAGS = ("grade", "solution", "locked", "task", "points")


def normalise_grade_ids(path: Path, source: Path) -> list[str]:
    """Make a submitted notebook's nbgrader metadata safe for nbgrader, in place.

    A cell whose ``grade_id`` the assignment does not have, or repeats one already seen (a
    duplicated cell: Jupyter copies metadata), loses its nbgrader metadata and becomes an
    ordinary cell; plain nbgrader fails the whole submission on either. A known cell whose flags
    were changed (an answer cell made graded, points raised) gets the assignment's back. The real cells come back
    from the source through ``OverwriteCells.add_missing_cells``. Returns a note per change.
    """
    known = {
        cell.metadata["nbgrader"].get("grade_id"): cell.metadata["nbgrader"]
        for cell in nbformat.read(source, as_version=4).cells
        if "nbgrader" in cell.metadata
    }
    nb = nbformat.read(path, as_version=4)
    seen: set[str] = set()
    notes = []
    for index, cell in enumerate(nb.cells):
        if cell.metadata.get("nbgrader") is None:
            continue
        grade_id = _grade_id(cell)
        if grade_id in known and grade_id not in seen:
            seen.add(grade_id)
            changed = [flag for flag in FLAGS if cell.metadata["nbgrader"].get(flag) != known[grade_id].get(flag)]
            if changed:
                cell.metadata["nbgrader"] = copy.deepcopy(known[grade_id])
                notes.append(f"cell {index}: the nbgrader flags of {grade_id!r} were changed ({', '.join(changed)}); "
                             "the assignment's are restored")
            continue
        why = "repeats" if grade_id in seen else "is not part of the assignment"
        notes.append(f"cell {index}: grade id {grade_id!r} {why}; graded as an ordinary cell")
        del cell.metadata["nbgrader"]
    if notes:
        nbformat.write(nb, path)
    return notes
