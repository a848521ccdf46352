"""Build example classes for the grader's tests from chapter 0 and the fixtures in fixtures/."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import nbformat

from grader.course.mistakes import known_wrong
from grader.examples.make_examples import answered, first_code_cell, solutions, with_cell
from grader.paths import ASSIGNMENTS_DIR, COURSE_DIR

CHAPTER = "00_finite_differences"
FIXTURES = Path(__file__).resolve().parent.parent / "grading" / "fixtures"


def release() -> nbformat.NotebookNode:
    return nbformat.read(ASSIGNMENTS_DIR / CHAPTER / f"{CHAPTER}.ipynb", as_version=4)


def base(kind: str) -> nbformat.NotebookNode:
    """``perfect`` (solutions), ``untouched`` (the release) or ``wrong`` (a known-wrong
    implementation in every answer cell: each passes the visible test where it can)."""
    answers = solutions(CHAPTER)
    if kind == "perfect":
        return answered(release(), answers)
    if kind == "untouched":
        return release()
    wrong = {}
    for kw in known_wrong(COURSE_DIR / CHAPTER):
        wrong.setdefault(kw.answer_id, kw.code)
    return answered(release(), {**answers, **wrong})


def _test_cells(nb):
    return [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade")
            and not c.metadata["nbgrader"].get("solution")]


def transform(nb, name: str):
    nb = nbformat.from_dict(nb)
    if name == "empty_tests":
        for cell in _test_cells(nb):
            cell.source = ""
    elif name == "delete_tests":
        tests = {id(c) for c in _test_cells(nb)}
        nb.cells = [c for c in nb.cells if id(c) not in tests]
    elif name == "duplicate_tests":
        cells = []
        for cell in nb.cells:
            cells.append(cell)
            if cell in _test_cells(nb):
                copy = nbformat.from_dict(cell)
                copy["id"] = cell["id"] + "-copy"
                cells.append(copy)
        nb.cells = cells
    elif name == "unlock_and_edit_tests":
        for cell in _test_cells(nb):
            cell.metadata.nbgrader["locked"] = False
            cell.source = "print('ok')"
    elif name == "repoint_tests":
        for cell in _test_cells(nb):
            cell.metadata.nbgrader["points"] = 100
    elif name == "rename_tests":
        for cell in _test_cells(nb):
            cell.metadata.nbgrader["grade_id"] += "_mine"
            cell.source = "print('ok')"
    elif name == "tag_skip":
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.metadata["tags"] = ["skip-execution"]
    else:
        raise ValueError(name)
    return nb


def load_fixture(path: Path):
    spec = importlib.util.spec_from_file_location(f"grader_fixture_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fixtures() -> dict:
    return {p.stem: load_fixture(p) for p in sorted(FIXTURES.glob("*.py")) if not p.name.startswith("_")}


def fixture_notebook(fixture) -> nbformat.NotebookNode:
    nb = base(fixture.BASE)
    answers = getattr(fixture, "ANSWERS", None)
    if answers:
        nb = answered(nb, answers, skip=set(solutions(CHAPTER)) - set(answers))
    if getattr(fixture, "TRANSFORM", None):
        nb = transform(nb, fixture.TRANSFORM)
    if getattr(fixture, "CELL", None):
        after = getattr(fixture, "AFTER", None)
        index = first_code_cell(nb) if after is None else next(
            i for i, c in enumerate(nb.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == after)
        nb = with_cell(nb, fixture.CELL.strip("\n"), after=index, cell_id="hostile")
    return nb


def write_class(root: Path, notebooks: dict[str, nbformat.NotebookNode], files: dict | None = None) -> Path:
    if root.exists():
        shutil.rmtree(root)
    for student, nb in notebooks.items():
        folder = root / student / CHAPTER
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / f"{CHAPTER}.ipynb")
        for name, text in (files or {}).get(student, {}).items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(text)
    return root


def tree_digest(root: Path) -> dict:
    return {str(p.relative_to(root)): (p.stat().st_mtime_ns, p.read_bytes())
            for p in sorted(Path(root).rglob("*")) if p.is_file()}
