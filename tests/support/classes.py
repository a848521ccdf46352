"""Build example classes for the grader's tests from a chapter (chapter 0 unless said otherwise) and
the hostile fixtures in fixtures/ (chapter 0), fixtures_04/ (chapter 4), fixtures_07/ (chapter 7) or
fixtures_09/ (chapter 9).

A fixture is a module: ``BASE`` ("perfect", "untouched" or "wrong"), optional ``MISTAKES`` (answer
grade_id -> known-wrong name, over the base), ``ANSWERS`` (grade_id -> code), ``TRANSFORM`` (a name
of ``transform`` or a function of the notebook), ``CELL`` (inserted after the first code cell, or
after the cell whose grade_id is ``AFTER``), ``CELLS`` (more: ``(after grade_id or None, source)`` or
``(after, source, "markdown")``), ``FILES`` (name -> text beside the notebook) and ``EXPECT``
(checked by ``check_expectation``)."""

from __future__ import annotations

import functools
import importlib.util
import os
import shutil
from pathlib import Path

import nbformat

from grader.course.mistakes import known_wrong
from grader.course.model import find_chapters
from grader.examples.make_examples import answered, first_code_cell, solutions, with_cell
from grader.paths import ASSIGNMENTS_DIR, COURSE_DIR, REPO_ROOT
from grader.records.jobs import job_dir

CHAPTER = "00_finite_differences"
FIXTURES = Path(__file__).resolve().parent.parent / "grading" / "fixtures"
LINEAR_CHAPTER = "07_linear_function"
TRAINING_CHAPTER = "09_training"
#: A variable of the grading process that no kernel needs (the hostile classes set it).
CANARY = "HOSTILE_CANARY"
FIXTURES_BY_CHAPTER = {CHAPTER: FIXTURES, "04_shapes": FIXTURES.with_name("fixtures_04"),
                       LINEAR_CHAPTER: FIXTURES.with_name("fixtures_07"),
                       TRAINING_CHAPTER: FIXTURES.with_name("fixtures_09")}


def release(chapter: str = CHAPTER) -> nbformat.NotebookNode:
    return nbformat.read(ASSIGNMENTS_DIR / chapter / f"{chapter}.ipynb", as_version=4)


def max_score(chapter: str = CHAPTER) -> float:
    """The points of the chapter's test cells."""
    return sum(float(c.metadata["nbgrader"].get("points", 0)) for c in release(chapter).cells
               if c.metadata.get("nbgrader", {}).get("grade") and not c.metadata["nbgrader"].get("solution"))


def mistake(chapter: str, answer_id: str, name: str) -> str:
    """The code of the known-wrong implementation ``name`` of the answer cell ``answer_id``."""
    return next(kw.code for kw in known_wrong(COURSE_DIR / chapter) if kw.answer_id == answer_id and kw.name == name)


def base(kind: str, chapter: str = CHAPTER) -> nbformat.NotebookNode:
    """``perfect`` (solutions), ``untouched`` (the release) or ``wrong`` (an answer that earns
    nothing in every answer cell: ``wrong_answers``)."""
    answers = solutions(chapter)
    if kind == "perfect":
        return answered(release(chapter), answers)
    if kind == "untouched":
        return release(chapter)
    return answered(release(chapter), {**answers, **wrong_answers(chapter)}, skip=set(answers) - set(
        wrong_answers(chapter)))


@functools.cache
def wrong_answers(chapter: str = CHAPTER) -> dict[str, str]:
    """Per answer cell, the first known-wrong implementation that earns nothing on its exercise
    (graded in-process); where every one keeps a promise's share, the release's stub stays."""
    from support.in_process import exercise_of, exercise_scores, run_in_process

    from grader.course.model import read_chapter

    [found] = [c for c in find_chapters(COURSE_DIR) if c.chapter_id == chapter]
    source = read_chapter(found)
    chosen: dict[str, str] = {}
    for kw in known_wrong(COURSE_DIR / chapter):
        if kw.answer_id in chosen:
            continue
        exercise = exercise_of(source, kw.answer_id)
        scores = exercise_scores(source, run_in_process(source, {kw.answer_id: kw.code}, cwd=found.folder))
        if scores[exercise.name][0] == 0:
            chosen[kw.answer_id] = kw.code
    return chosen


def _test_cells(nb):
    return [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade")
            and not c.metadata["nbgrader"].get("solution")]


def transform(nb, name):
    nb = nbformat.from_dict(nb)
    if callable(name):
        return name(nb)
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


def fixtures(folder: Path = FIXTURES) -> dict:
    return {p.stem: load_fixture(p) for p in sorted(Path(folder).glob("*.py")) if not p.name.startswith("_")}


def _after(nb, grade_id: str | None) -> int:
    return first_code_cell(nb) if grade_id is None else next(
        i for i, c in enumerate(nb.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


def fixture_notebook(fixture, chapter: str = CHAPTER) -> nbformat.NotebookNode:
    nb = base(fixture.BASE, chapter)
    answers = dict(getattr(fixture, "ANSWERS", None) or {})
    for answer_id, name in (getattr(fixture, "MISTAKES", None) or {}).items():
        answers.setdefault(answer_id, mistake(chapter, answer_id, name))
    if answers:
        nb = answered(nb, answers, skip=set(solutions(chapter)) - set(answers))
    if getattr(fixture, "TRANSFORM", None):
        nb = transform(nb, fixture.TRANSFORM)
    cells = list(getattr(fixture, "CELLS", None) or [])
    if getattr(fixture, "CELL", None):
        cells.insert(0, (getattr(fixture, "AFTER", None), fixture.CELL))
    for number, (after, source, *kind) in enumerate(cells):
        cell_id = "hostile" if number == 0 else f"hostile-{number}"
        nb = with_cell(nb, source.strip("\n"), after=_after(nb, after), cell_id=cell_id)
        if kind and kind[0] == "markdown":
            index = next(i for i, c in enumerate(nb.cells) if c.get("id") == cell_id)
            nb.cells[index] = nbformat.v4.new_markdown_cell(source.strip("\n"))
            nb.cells[index]["id"] = cell_id
    return nb


def write_class(root: Path, notebooks: dict[str, nbformat.NotebookNode], files: dict | None = None,
                chapter: str = CHAPTER) -> Path:
    if root.exists():
        shutil.rmtree(root)
    for student, nb in notebooks.items():
        folder = root / student / chapter
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / f"{chapter}.ipynb")
        for name, text in (files or {}).get(student, {}).items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(text)
    return root


def tree_digest(root: Path) -> dict:
    return {str(p.relative_to(root)): (p.stat().st_mtime_ns, p.read_bytes())
            for p in sorted(Path(root).rglob("*")) if p.is_file()}


# -- hostile classes ------------------------------------------------------------------------------

def grade_hostile_class(root: Path, found: dict, settings, chapter: str = CHAPTER) -> dict:
    """Grade one student per fixture of ``found`` through real nbgrader (and the sandbox when it
    works here); the results by student, and OUT."""
    from grader.run.class_run import autograde

    notebooks = {name: fixture_notebook(f, chapter) for name, f in found.items()}
    files = {name: getattr(f, "FILES", {}) for name, f in found.items()}
    submissions = write_class(root / "submissions", notebooks, files, chapter)
    out = root / "out"
    os.environ["SNOOP_REPO"], os.environ["SNOOP_OUT"] = str(REPO_ROOT), str(out)
    os.environ[CANARY] = "a secret of the grading process"
    results = autograde(submissions, out, COURSE_DIR, settings, log=lambda *a: None)
    return {"out": out, "results": {r.student_id: r for r in results}}


class _InProcessPool:
    """Jobs graded in this process, so that a switched-off static check applies to them."""

    def run(self, specs):
        from grader.pipeline.worker import grade_job

        for spec in specs:
            yield grade_job(spec)

    def close(self):
        pass


def _no_findings(self, nb, resources):
    resources["zeroed"], resources["static_findings"] = {}, []
    return nb, resources


def grade_without_static_check(root: Path, found: dict, settings, chapter: str = CHAPTER) -> dict:
    """``grade_hostile_class`` with the static check switched off: its step reports no finding
    and zeroes nothing (the jobs are graded in this process, where the switch holds)."""
    import pytest

    from grader.pipeline.preprocessors import StaticCheck
    from grader.run import class_run as runner

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(StaticCheck, "preprocess", _no_findings)
        patch.setattr(runner, "make_pool", lambda settings: _InProcessPool())
        return grade_hostile_class(root, found, settings, chapter)


def check_expectation(graded: dict, name: str, expect: dict, chapter: str = CHAPTER) -> None:
    """The fixture ``name`` got what its ``EXPECT`` says: ``score`` (or ``score_at_most``),
    ``max_score`` (default: the chapter's), ``status``, a ``reason``, ``exercises`` scores,
    ``feedback_lacks`` (texts its feedback page must not contain), ``graded_notebook_max_bytes`` and
    ``cleaned`` (the kernel's folders were removed)."""
    result = graded["results"][name]
    why = f"{name}: {result.status} {result.score} {result.reasons} {result.messages}"
    if "score" in expect:
        assert result.score == expect["score"], why
    if "score_at_most" in expect:
        assert result.score <= expect["score_at_most"], why
    assert result.max_score == expect.get("max_score", max_score(chapter)), why
    if "status" in expect:
        assert result.status == expect["status"], why
    if "reason" in expect:
        assert any(expect["reason"] in r for r in result.reasons), why
    for exercise, score in expect.get("exercises", {}).items():
        got = {e.exercise: e.score for e in result.exercises}
        assert got[exercise] == score, why
    if expect.get("feedback_lacks"):
        page = (graded["out"] / "feedback" / name / chapter / f"{chapter}.html").read_text()
        for text in expect["feedback_lacks"]:
            assert text not in page, f"{name}: the feedback page contains {text!r}"
    if expect.get("cleaned"):
        assert "cleanup_error" not in result.timing, why + f" {result.timing.get('cleanup_error')}"
    if "graded_notebook_max_bytes" in expect:
        job = job_dir(graded["out"], name, chapter)
        size = (job / "course" / "autograded" / name / chapter / f"{chapter}.ipynb").stat().st_size
        assert size <= expect["graded_notebook_max_bytes"], f"{name}: the graded notebook holds {size} bytes"
