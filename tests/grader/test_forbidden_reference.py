"""An exercise answered by calling its reference (here numpy.diff, forbidden by the hidden tests
through ``testkit.forbid``) scores 0 on that exercise only, and the feedback says why. Uses a
two-exercise course of its own (``--course``)."""

import nbformat
import pytest
from grading_classes import FIXTURES

from grader.authoring import find_chapters
from grader.examples.make_examples import MARKER
from grader.grading.runner import autograde
from grader.grading.settings import GradingSettings
from grader.nbgrader_course import NbgraderCourse

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader")]
COURSE = FIXTURES / "course"


def test_calling_the_reference_zeroes_only_that_exercise(tmp_path):
    [chapter] = find_chapters(COURSE)
    course = NbgraderCourse(tmp_path / "build")
    course.add_source(chapter)
    course.generate_assignment(chapter.chapter_id)
    release = nbformat.read(course.release_dir(chapter.chapter_id) / chapter.notebook_name, 4)
    source = nbformat.read(course.source_dir(chapter.chapter_id) / chapter.notebook_name, 4)
    answers = {c.metadata["nbgrader"]["grade_id"]: MARKER.sub("", c.source)
               for c in source.cells if c.metadata.get("nbgrader", {}).get("solution")}

    def answered(**override):
        nb = nbformat.from_dict(release)
        for cell in nb.cells:
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
            if cell.metadata.get("nbgrader", {}).get("solution"):
                cell.source = override.get(grade_id, answers[grade_id])
        return nb

    cheat = "import numpy as np\nfrom numpy import diff\ndef slope(y):\n    return diff(y)\n"
    root = tmp_path / "subs"
    for student, nb in {"honest": answered(), "cheat": answered(slope=cheat)}.items():
        folder = root / student / chapter.chapter_id
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / chapter.notebook_name)
    settings = GradingSettings(jobs=2, cell_timeout=30, progress=False)
    results = {r["student_id"]: r for r in autograde(root, tmp_path / "out", COURSE, settings, log=lambda *a: None)}
    scores = {s: {e["exercise"]: e["score"] for e in r["exercises"]} for s, r in results.items()}
    assert scores == {"honest": {"slope": 1, "double": 1}, "cheat": {"slope": 0, "double": 1}}
    assert "ForbiddenReference" in results["cheat"]["messages"]["00_mini/slope_tests"]
    assert "numpy.diff" in results["cheat"]["messages"]["00_mini/slope_tests"]
    page = tmp_path / "out" / "feedback" / "cheat" / chapter.chapter_id / "00_mini.html"
    assert "reference implementation" in page.read_text()
