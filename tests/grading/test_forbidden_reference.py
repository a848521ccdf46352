"""An exercise answered by calling its reference (here numpy.diff, named in the answer cell's
``library:`` metadata) scores 0 on that exercise only, and the feedback says why, however the
reference is reached: an import, a default argument, a subclass. The static check sees it; the
judge alone could not. Uses a two-exercise course of its own (``--course``)."""

import nbformat
import pytest
from support.classes import FIXTURES
from support.in_process import answered_release

from grader.course.model import find_chapters
from grader.course.nbgrader_setup import NbgraderCourse
from grader.records.settings import GradingSettings
from grader.run.class_run import autograde

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader-hostile")]
COURSE = FIXTURES / "course"


def test_calling_the_reference_zeroes_only_that_exercise(tmp_path):
    [chapter] = find_chapters(COURSE)
    course = NbgraderCourse(tmp_path / "build")
    course.add_source(chapter)
    course.generate_assignment(chapter.chapter_id)
    release = nbformat.read(course.release_dir(chapter.chapter_id) / chapter.notebook_name, 4)
    source = nbformat.read(course.source_dir(chapter.chapter_id) / chapter.notebook_name, 4)
    cheats = {
        "cheat": "import numpy as np\nfrom numpy import diff\ndef slope(y):\n    return diff(y)\n",
        "default_argument": "import numpy as np\ndef slope(y, _d=np.diff):\n    return _d(y)\n",
        "alias": "import numpy as xp\ndef slope(y):\n    return xp.diff(y)\n",
    }
    root = tmp_path / "subs"
    notebooks = {"honest": answered_release(release, source)}
    notebooks.update({name: answered_release(release, source, {"slope": code}) for name, code in cheats.items()})
    for student, nb in notebooks.items():
        folder = root / student / chapter.chapter_id
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / chapter.notebook_name)
    settings = GradingSettings(jobs=2, cell_timeout=30, diagnose=False)
    results = {r.student_id: r for r in autograde(root, tmp_path / "out", COURSE, settings, log=lambda *a: None)}
    scores = {s: {e.exercise: e.score for e in r.exercises} for s, r in results.items()}
    assert scores == {"honest": {"slope": 1, "double": 1}, **{name: {"slope": 0, "double": 1} for name in cheats}}
    assert "ForbiddenReference" in results["cheat"].messages["00_mini/slope_tests"]
    assert "numpy.diff" in results["cheat"].messages["00_mini/slope_tests"]
    page = tmp_path / "out" / "feedback" / "cheat" / chapter.chapter_id / "00_mini.html"
    assert "reference implementation" in page.read_text()


def test_library_metadata_forbids_the_reference_in_a_real_chapter(tmp_path):
    """The grader adds the guard by itself from the chapter's ``library:`` metadata: a chapter-4
    student who imports the library's ``unbroadcast`` loses that exercise, and only that one."""
    from grader.paths import COURSE_DIR

    chapter = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == "04_shapes")
    course = NbgraderCourse(tmp_path / "build")
    course.add_source(chapter)
    course.generate_assignment(chapter.chapter_id)
    release = nbformat.read(course.release_dir(chapter.chapter_id) / chapter.notebook_name, 4)
    source = nbformat.read(course.source_dir(chapter.chapter_id) / chapter.notebook_name, 4)
    cheat = answered_release(release, source, {"unbroadcast": "from autograd_lib.ops.broadcast import unbroadcast"})
    folder = tmp_path / "subs" / "cheat" / chapter.chapter_id
    folder.mkdir(parents=True)
    nbformat.write(cheat, folder / chapter.notebook_name)
    settings = GradingSettings(jobs=1, cell_timeout=60, diagnose=False)
    [result] = autograde(tmp_path / "subs", tmp_path / "out", COURSE_DIR, settings,
                         [chapter.chapter_id], log=lambda *a: None)
    scores = {e.exercise: (e.score, e.max_score) for e in result.exercises}
    assert scores["unbroadcast"][0] == 0, scores
    assert all(got == full for name, (got, full) in scores.items() if name != "unbroadcast"), scores
    messages = " ".join(str(m) for m in result.messages.values())
    assert "ForbiddenReference" in messages and "autograd_lib.ops.broadcast.unbroadcast" in messages
