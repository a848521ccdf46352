"""Read a chapter authored as MyST Markdown into an nbgrader source notebook.

A chapter lives in ``course/NN_slug/NN_slug.md``. Its code cells carry nbgrader's metadata in a
YAML block, written short::

    ```{code-cell} ipython3
    ---
    nbgrader: {grade_id: forward_difference, solution: true}
    exercise: forward_difference
    ---
    ```

This module fills in the fields nbgrader needs (``grade``, ``locked``, ``task``,
``schema_version``), locks test cells, and gives every cell a stable id, so that the same text
always gives the same notebook. An *exercise* is the set of ``grade_id`` of the cells whose
``exercise`` metadata names it: its answer cells and its test cells.

Every code cell from the first answer cell on carries the tag ``raises-exception``: JupyterLab's
Run All then goes past a cell that raises (an exercise not done yet, a failing test) instead of
stopping there, so a student working on exercise 3 runs its tests with exercises 1 and 2 still
open. The cells before the first exercise (imports, set-up) keep stopping Run All: an error
there is the one to read first. The solutions are executed without the tag (``solution_notebook``),
so a build still stops at the first error, and grading restores every course cell's tags from
the source (``grader.intake.notebook_check.restore_tags``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import jupytext
import nbformat

NBGRADER_DEFAULTS = {"grade": False, "locked": False, "solution": False, "task": False}
CHAPTER_ID = re.compile(r"^\d{2}_[a-z0-9_]+$")
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
RUN_PAST_ERRORS = "raises-exception"  # JupyterLab's and nbclient's tag: an error here does not stop Run All


@dataclass(frozen=True)
class Exercise:
    """One graded exercise: its answer cells, its test cells and the points at stake."""

    name: str
    answer_ids: tuple[str, ...]
    test_ids: tuple[str, ...]
    points: float

    @property
    def grade_ids(self) -> tuple[str, ...]:
        return self.answer_ids + self.test_ids


#: A chapter's recorder of the values torch computes for it (``grader.course.torch_values``): part
#: of the course's source, not a file given to the student with the notebook.
RECORDER = "torch_values.py"


@dataclass
class Chapter:
    """A chapter of the course: its id (``NN_slug``), its folder and its authored text."""

    chapter_id: str
    folder: Path
    extra_files: list[Path] = field(default_factory=list)
    language: str = "en"  # a translated edition's chapter (grader.i18n.chapters) says its language
    english_id: str = ""  # ... and the English chapter it translates
    #: ... and how its source is made from the English one (given by ``grader.i18n.chapters``)
    translate: Callable[[Chapter], nbformat.NotebookNode] | None = field(default=None, repr=False, compare=False)

    @property
    def source_path(self) -> Path:
        """The authored English text (a translated chapter's too: its units apply to it)."""
        return self.folder / f"{self.english_id or self.chapter_id}.md"

    @property
    def notebook_name(self) -> str:
        return f"{self.chapter_id}.ipynb"


def find_chapters(course_dir: Path) -> list[Chapter]:
    """Every chapter folder under ``course_dir``, in syllabus order."""
    chapters = []
    for folder in sorted(p for p in Path(course_dir).iterdir() if p.is_dir()):
        if not CHAPTER_ID.match(folder.name):
            continue
        chapter = Chapter(folder.name, folder)
        if not chapter.source_path.exists():
            raise FileNotFoundError(f"chapter folder {folder} has no {chapter.source_path.name}")
        chapter.extra_files = sorted(
            p for p in folder.iterdir() if p.is_file() and p not in (chapter.source_path, folder / RECORDER)
        )
        chapters.append(chapter)
    return chapters


#: What ipykernel reports for the course's Python (environment.yml pins 3.11; the lock's build is
#: 3.11.7), written into every built notebook so that opening one in JupyterLab changes nothing
#: and a student's save does not show a change to a file they never edited.
LANGUAGE_INFO = {
    "codemirror_mode": {"name": "ipython", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
    "version": "3.11.7",
}


def read_chapter(chapter: Chapter) -> nbformat.NotebookNode:
    """The nbgrader *source* notebook of a chapter: solutions and hidden tests included (for a
    translated edition's chapter, the English one with its translation applied)."""
    if chapter.language != "en":
        if chapter.translate is None:
            raise ValueError(f"{chapter.chapter_id}: a translated chapter is read through grader.i18n.chapters, "
                             "which gives it its translation")
        return chapter.translate(chapter)
    nb = jupytext.read(chapter.source_path, fmt="md:myst")
    nb.metadata = {
        "kernelspec": dict(KERNELSPEC),
        "language_info": dict(LANGUAGE_INFO),
    }
    for index, cell in enumerate(nb.cells):
        _normalise_cell(cell, index, chapter.chapter_id)
    _check_unique_ids(nb, chapter)
    _tag_cells_after_the_first_answer(nb)
    return nb


def _tag_cells_after_the_first_answer(nb: nbformat.NotebookNode) -> None:
    """``raises-exception`` on every code cell from the first answer cell on (module doc)."""
    started = False
    for cell in nb.cells:
        started = started or cell_kind(cell) == "answer"
        if started and cell.cell_type == "code":
            tags = list(cell.metadata.get("tags", []))
            if RUN_PAST_ERRORS not in tags:
                cell.metadata["tags"] = [*tags, RUN_PAST_ERRORS]


def _normalise_cell(cell: nbformat.NotebookNode, index: int, chapter_id: str) -> None:
    meta = cell.metadata
    nbg = meta.get("nbgrader")
    if nbg is not None:
        for key, value in NBGRADER_DEFAULTS.items():
            nbg.setdefault(key, value)
        if nbg["grade"] and not nbg["solution"]:
            nbg["locked"] = True  # a test cell is read-only for the student
        if (nbg["grade"] or nbg["task"]) and "points" not in nbg:
            raise ValueError(f"{chapter_id}: graded cell {nbg.get('grade_id')} has no points")
        if "grade_id" not in nbg:
            raise ValueError(f"{chapter_id}: cell {index} has nbgrader metadata but no grade_id")
        nbg["schema_version"] = 3
        cell["id"] = nbg["grade_id"]
    else:
        cell["id"] = f"cell-{index:03d}"
    if cell.cell_type == "code":
        cell.outputs = []
        cell.execution_count = None


def _check_unique_ids(nb: nbformat.NotebookNode, chapter: Chapter) -> None:
    seen: set[str] = set()
    for cell in nb.cells:
        if cell["id"] in seen:
            raise ValueError(f"{chapter.source_path}: duplicate cell id {cell['id']!r}")
        seen.add(cell["id"])


def cell_kind(cell: nbformat.NotebookNode) -> str:
    """``answer``, ``test``, ``task``, ``readonly`` or ``plain``, from nbgrader's metadata."""
    nbg = cell.metadata.get("nbgrader", {})
    if nbg.get("solution"):
        return "answer"
    if nbg.get("grade"):
        return "test"
    if nbg.get("task"):
        return "task"
    if nbg.get("locked"):
        return "readonly"
    return "plain"


def exercises(nb: nbformat.NotebookNode) -> list[Exercise]:
    """The exercises of a source notebook, in order, from each cell's ``exercise`` metadata."""
    found: dict[str, dict] = {}
    for cell in nb.cells:
        kind = cell_kind(cell)
        if kind not in ("answer", "test"):
            continue
        name = cell.metadata.get("exercise")
        grade_id = cell.metadata["nbgrader"]["grade_id"]
        if not name:
            raise ValueError(f"graded cell {grade_id} does not say which exercise it belongs to")
        entry = found.setdefault(name, {"answer": [], "test": [], "points": 0.0})
        entry[kind].append(grade_id)
        if kind == "test":
            entry["points"] += float(cell.metadata["nbgrader"].get("points", 0))
    return [
        Exercise(name, tuple(e["answer"]), tuple(e["test"]), e["points"])
        for name, e in found.items()
    ]


def top_level_names(source: str) -> list[str]:
    """The names a cell binds at its top level (functions, classes, assignments); none when it
    does not parse."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target]):
                names += [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]
    return names


SOLUTION_BLOCK = re.compile(r"^[ \t]*### (BEGIN|END) SOLUTION[ \t]*\n?", re.MULTILINE)
HIDDEN_BLOCK = re.compile(
    r"^[ \t]*### BEGIN HIDDEN TESTS.*?### END HIDDEN TESTS[ \t]*\n?", re.MULTILINE | re.DOTALL
)


def solution_notebook(source: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A reading copy of the source notebook: solutions shown, markers and hidden tests removed."""
    nb = nbformat.from_dict(source)
    kept = []
    for cell in nb.cells:
        text = SOLUTION_BLOCK.sub("", cell.source)
        text = HIDDEN_BLOCK.sub("", text)
        cell.source = text.rstrip("\n")
        cell.metadata.pop("nbgrader", None)
        tags = [t for t in cell.metadata.get("tags", []) if t != RUN_PAST_ERRORS]  # a solution never raises
        if tags:
            cell.metadata["tags"] = tags
        else:
            cell.metadata.pop("tags", None)
        if cell.source.strip() or cell.cell_type == "markdown":
            kept.append(cell)
    nb.cells = kept
    return nb


def library_names(cell: nbformat.NotebookNode) -> list[str]:
    """The dotted names in a cell's ``library:`` metadata: the library definitions its solution
    reproduces (one name or a list; ``none`` or absent: empty)."""
    listed = cell.metadata.get("library") or []
    if listed == "none":
        return []
    return [listed] if isinstance(listed, str) else list(listed)


def copy_names(cell: nbformat.NotebookNode) -> list[str]:
    """The dotted names in a cell's ``copies:`` metadata: other code that computes its answer."""
    listed = cell.metadata.get("copies") or []
    return [listed] if isinstance(listed, str) else list(listed)


def exercise_references(nb: nbformat.NotebookNode) -> dict[str, list[str]]:
    """For each exercise, the reference code it must not use: the ``library:`` and ``copies:``
    metadata of its answer cells (dotted names in autograd_lib or torch; ``grader.course.references``)."""
    names: dict[str, list[str]] = {}
    for cell in nb.cells:
        listed = library_names(cell) + copy_names(cell) if cell_kind(cell) == "answer" else []
        if listed:
            names.setdefault(cell.metadata.get("exercise"), []).extend(listed)
    return names


def hidden_tests(nb: nbformat.NotebookNode) -> dict[str, str]:
    """``grade_id -> code`` of every test cell's hidden tests (what the judge runs), markers removed."""
    found = {}
    for cell in nb.cells:
        if cell.cell_type != "code" or cell_kind(cell) != "test":
            continue
        blocks = [_inside_markers(m.group(0)) for m in HIDDEN_BLOCK.finditer(cell.source)]
        if blocks:
            found[cell.metadata["nbgrader"]["grade_id"]] = "\n".join(blocks)
    return found


def _inside_markers(block: str) -> str:
    lines = block.rstrip("\n").splitlines()
    return "\n".join(lines[1:-1]) + "\n"


#: "### Exercise 1 · LinearFunction (2 points)", or the Chinese edition's "### 练习 1 · LinearFunction（2 分）".
EXERCISE_HEADING = re.compile(
    r"^#+\s*((?:Exercise|练习)\b.*?)\s*(?:[(（]\s*[\d.]+\s*(?:points?|分)\s*[)）])?\s*$", re.MULTILINE)


def exercise_titles(nb: nbformat.NotebookNode) -> dict[str, str]:
    """Each exercise's title as the notebook shows it ("Exercise 1 · LinearFunction"): the last
    "Exercise ..." heading above its first answer cell (its name when there is none)."""
    titles: dict[str, str] = {}
    heading = None
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            found = EXERCISE_HEADING.findall(cell.source)
            if found:
                heading = found[-1].replace("`", "").strip()
        elif cell_kind(cell) == "answer":
            name = cell.metadata.get("exercise")
            if name and name not in titles:
                titles[name] = heading or name
    return titles


@dataclass(frozen=True)
class AssignmentFacts:
    """What grading needs to know of an assignment, read once per run from the course's source
    notebooks (never from a submission): its notebooks and exercises, the judge's hidden tests,
    each exercise's reference names and test cells, and the text of the course's own code cells."""

    exercises: dict[str, list[Exercise]]  # notebook name (stem) -> its exercises
    hidden_tests: dict[str, str]
    references: dict[str, list[str]]
    exercise_tests: dict[str, list[str]]
    course_cells: list[str]
    titles: dict[str, str] = field(default_factory=dict)  # exercise -> "Exercise 1 · LinearFunction"
    mistakes: dict[str, list[dict]] = field(default_factory=dict)  # answer grade_id -> its known-wrong ones
    language: str = "en"  # the edition (grader.i18n): what language the student reads
    english_id: str = ""  # a translated edition's English chapter
    answer_names: dict[str, list[str]] = field(default_factory=dict)  # exercise -> names its answer cells bind

    @classmethod
    def read(cls, source_dir: Path, chapter_folder: Path | None = None) -> AssignmentFacts:
        """The facts of the source notebooks in ``source_dir``; with ``chapter_folder``, also the
        chapter's catalogue of mistakes (``grader.course.mistakes``)."""
        found, hidden, references, tests, course, titles, answer_names = {}, {}, {}, {}, [], {}, {}
        edition: dict = {}
        for path in sorted(Path(source_dir).glob("*.ipynb")):
            nb = nbformat.read(path, as_version=4)
            edition = nb.metadata.get("course_edition") or edition
            found[path.stem] = exercises(nb)
            titles.update(exercise_titles(nb))
            hidden.update(hidden_tests(nb))
            for exercise, names in exercise_references(nb).items():
                references.setdefault(exercise, []).extend(names)
            for exercise in found[path.stem]:
                tests.setdefault(exercise.name, []).extend(exercise.test_ids)
            for cell in nb.cells:
                if cell_kind(cell) == "answer":
                    bound = answer_names.setdefault(cell.metadata.get("exercise"), [])
                    bound += [n for n in top_level_names(SOLUTION_BLOCK.sub("", cell.source)) if n not in bound]
            course += [c.source for c in nb.cells if c.cell_type == "code" and cell_kind(c) != "answer"]
        mistakes: dict[str, list[dict]] = {}
        if chapter_folder is not None:
            from grader.course.mistakes import known_wrong

            for wrong in known_wrong(chapter_folder):
                mistakes.setdefault(wrong.answer_id, []).append(wrong.as_dict())
        return cls(found, hidden, references, tests, course, titles, mistakes, edition.get("language", "en"),
                   edition.get("english_id", ""), answer_names)

    def __post_init__(self):  # from JSON: exercises arrive as dicts of lists
        for notebook, listed in self.exercises.items():
            self.exercises[notebook] = [e if isinstance(e, Exercise) else Exercise(
                e["name"], tuple(e["answer_ids"]), tuple(e["test_ids"]), float(e["points"])) for e in listed]
