"""Round 3 of the blind wrong answers: each written from a chapter's student notebook alone (its
prose, statements and visible tests), then graded in-process against the chapter's hidden tests
(``support.in_process``). Every one must lose points on its own exercise.

The files live in ``round3/<chapter>/<answer id>_<name>.py``; the first line of each says what is
wrong. ``KEEPS_FULL_MARKS`` lists those that the hidden tests do not yet reject (README.md says why
each is wrong): they are expected to fail until a promise of the hidden tests catches them, and
then the strict ``xfail`` reports them, so that they leave the list (``make test-all`` runs them; ``make
test`` only those that must lose points).
"""

from pathlib import Path

import pytest
from course.chapters import chapter_folder, source_notebook
from support.in_process import chapter_group, exercise_of, exercise_scores, run_in_process

from grader.course.model import exercises

ROUND = Path(__file__).resolve().parent / "round3"

#: Wrong answers that keep full marks today (chapter/file).
KEEPS_FULL_MARKS: set[str] = set()


def answer_id(chapter_id: str, path: Path) -> str:
    """The answer cell a file replaces: the longest answer id its name starts with."""
    ids = sorted({a for e in exercises(source_notebook(chapter_id)) for a in e.answer_ids}, key=len, reverse=True)
    matches = [a for a in ids if path.stem.startswith(a + "_")]
    assert matches, f"{path.name}: its name starts with no answer id of {chapter_id}"
    return matches[0]


def _answers():
    for path in sorted(ROUND.glob("*/*.py")):
        key = f"{path.parent.name}/{path.name}"
        marks = [pytest.mark.slow, chapter_group(path.parent.name)]
        if key in KEEPS_FULL_MARKS:
            marks += [pytest.mark.xfail(strict=True, reason="keeps full marks: no promise of the hidden tests yet"),
                      pytest.mark.exhaustive]
        yield pytest.param(path, id=key, marks=marks)


def test_every_listed_survivor_exists():
    files = {f"{p.parent.name}/{p.name}" for p in ROUND.glob("*/*.py")}
    assert KEEPS_FULL_MARKS <= files, f"listed but missing: {sorted(KEEPS_FULL_MARKS - files)}"


def test_every_answer_says_what_is_wrong():
    silent = [p.name for p in ROUND.glob("*/*.py") if not p.read_text().startswith("# Wrong: ")]
    assert not silent, f"these files do not start with '# Wrong: ...': {silent}"


@pytest.mark.parametrize("path", list(_answers()))
def test_blind_wrong_answer_loses_points(path):
    chapter_id = path.parent.name
    nb = source_notebook(chapter_id)
    exercise = exercise_of(nb, answer_id(chapter_id, path))
    outcomes = run_in_process(nb, {answer_id(chapter_id, path): path.read_text()}, cwd=chapter_folder(chapter_id),
                              judge_only=exercise.test_ids)
    earned, possible = exercise_scores(nb, outcomes)[exercise.name]
    assert earned < possible, f"the hidden tests of {exercise.name!r} give {path.name} full marks ({earned}/{possible})"
