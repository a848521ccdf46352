"""The editions of a chapter are compared together: a Chinese student's answers copied by an
English-edition student make a pair, under the English chapter's id."""

import nbformat

from grader.course.model import cell_kind, find_chapters, read_chapter
from grader.paths import ASSIGNMENTS_DIR, COURSE_DIR
from grader.similarity.class_comparison import chapter_editions, compare_class
from grader.similarity.documents import WHOLE

CHAPTER = "03_backward_engine"
ZH_CHAPTER = "zh_" + CHAPTER


def answered(release_path, answers: dict[str, str]):
    nb = nbformat.read(release_path, as_version=4)
    for cell in nb.cells:
        if cell_kind(cell) == "answer":
            cell.source = answers.get(cell.metadata["nbgrader"]["grade_id"], cell.source)
    return nb


def test_editions_of_a_chapter_are_grouped_under_the_english_id():
    assert chapter_editions({ZH_CHAPTER, CHAPTER, "04_shapes"}) == {CHAPTER: [CHAPTER, ZH_CHAPTER],
                                                                  "04_shapes": ["04_shapes"]}
    assert chapter_editions({ZH_CHAPTER}) == {CHAPTER: [ZH_CHAPTER]}


def test_a_copy_across_editions_is_a_pair(tmp_path):
    from grader.i18n.editions import ZH

    chapter = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == CHAPTER)
    source = read_chapter(chapter)
    mine = {c.metadata["nbgrader"]["grade_id"]: c.source.replace("node", "vertex")
            for c in source.cells if cell_kind(c) == "answer"}
    releases = {CHAPTER: ASSIGNMENTS_DIR / CHAPTER / f"{CHAPTER}.ipynb",
                ZH_CHAPTER: ZH.assignments_dir / ZH_CHAPTER / f"{ZH_CHAPTER}.ipynb"}
    submitted = {}
    for student, edition in (("wang", ZH_CHAPTER), ("smith", CHAPTER), ("blank", ZH_CHAPTER)):
        folder = tmp_path / "submitted" / student / edition
        folder.mkdir(parents=True)
        nb = answered(releases[edition], mine if student != "blank" else {})
        nbformat.write(nb, folder / releases[edition].name)
        submitted[(student, edition)] = folder
    compared = compare_class(tmp_path, submitted)
    whole = next(u for u in compared.units if u.unit.name == WHOLE)
    assert whole.unit.assignment_id == CHAPTER
    scores = {frozenset({p.a, p.b}): p.score for p in whole.pairs}
    assert scores[frozenset({"wang", "smith"})] == 1.0
    assert "blank" not in whole.answers  # the Chinese release's cells left as they are: no answer
