"""The second, held-out evaluation class (``class2/``) is what its README says: every student's
answers keep full marks on the chapter's hidden tests, and its ground truth names every copy."""

import json
import sys
from pathlib import Path

import pytest

from grader.similarity.documents import SOLUTION, WHOLE

from .evaluation import COPY, SECOND, _body, frozen_chapters, load_frozen, notebook_copies

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from course.chapters import chapter_folder, source_notebook  # noqa: E402
from support.in_process import run_in_process  # noqa: E402

CHAPTERS = frozen_chapters(SECOND)
STUDENTS = [f"i{n:02d}" for n in range(1, 11)] + ["c1", "c2", "c3", "c4", "s1", "s2", "p1", "p2"]


def test_the_second_class_holds_two_chapters_of_eighteen_students():
    assert CHAPTERS == ["03_backward_engine", "08_modules_and_parameters"]
    for chapter in CHAPTERS:
        authors = sorted(p.name for p in (SECOND / chapter).iterdir() if p.is_dir())
        assert authors == sorted(STUDENTS + ["solution", "starter"]), chapter


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_student_of_the_second_class_keeps_full_marks(chapter):
    nb = source_notebook(chapter)
    failing = {}
    for student in STUDENTS:
        answers = {p.stem: _body(p) for p in (SECOND / chapter / student).glob("*.py")}
        assert len(answers) == 3, f"{chapter}/{student} should answer every exercise"
        outcomes = run_in_process(nb, answers, cwd=chapter_folder(chapter))
        bad = {g: o.message for g, o in outcomes.items() if not o.passed}
        if bad:
            failing[student] = bad
    assert not failing, f"{chapter}: answers that lose points: {failing}"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_ground_truth_names_every_copy_and_only_students(chapter):
    labelled = load_frozen(chapter, SECOND)
    exercises = {u.name for u in labelled.assignment.units if u.name != WHOLE}
    assert set(labelled.copies) == exercises
    for path in (SECOND / chapter).glob("*/*.py"):
        match = COPY.match(path.read_text())
        if match:
            source = SOLUTION if match.group(1) == "solution" else match.group(1)
            pair = frozenset({path.parent.name, source})
            assert pair in labelled.copies[path.stem], f"{path}: its copy is not in copied.json"
            assert pair in notebook_copies(chapter), f"{path}: its copy is not a notebook pair"
    named = {a for pairs in labelled.copies.values() for pair in pairs for a in pair}
    assert named <= set(STUDENTS) | {SOLUTION}
    every_exercise = set().union(*labelled.copies.values())
    assert every_exercise == notebook_copies(chapter)
    raw = json.loads((SECOND / chapter / "copied.json").read_text())
    assert all(len(set(pair)) == 2 for pairs in raw["exercises"].values() for pair in pairs)
