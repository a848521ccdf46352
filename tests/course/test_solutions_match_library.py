"""Where autograd_lib has the counterpart, the solution code is the library's code."""

import pytest
from support.in_process import exercise_of, exercise_scores, run_in_process
from support.library_match import mismatches

from grader.course.model import SOLUTION_BLOCK, cell_kind, library_names

from .chapters import CHAPTER_IDS, chapter_folder, source_notebook

CELLS_NAMING_LIBRARY = [
    (chapter_id, cell.metadata["nbgrader"]["grade_id"], cell)
    for chapter_id in CHAPTER_IDS
    for cell in source_notebook(chapter_id).cells
    if cell_kind(cell) == "answer" and library_names(cell)
]


@pytest.mark.parametrize(
    "chapter_id, grade_id, cell", CELLS_NAMING_LIBRARY, ids=[f"{c}/{g}" for c, g, _ in CELLS_NAMING_LIBRARY]
)
def test_solution_cell_equals_the_library_definition(chapter_id, grade_id, cell):
    problems = mismatches(SOLUTION_BLOCK.sub("", cell.source), library_names(cell))
    assert not problems, f"{chapter_id}/{grade_id}: " + "; ".join(problems)


def test_library_match_notices_a_changed_body():
    source = "def normalised_dump(node):\n    return 'changed'\n"
    assert mismatches(source, ["support.library_match.normalised_dump"])


def test_library_match_reads_a_method_inside_its_class():
    same = (
        "class Exercise:\n"
        "    @property\n"
        "    def grade_ids(self) -> tuple[str, ...]:\n"
        "        return self.answer_ids + self.test_ids\n"
    )
    assert not mismatches(same, ["grader.course.model.Exercise.grade_ids"])
    changed = same.replace("self.answer_ids + self.test_ids", "self.test_ids")
    assert mismatches(changed, ["grader.course.model.Exercise.grade_ids"])
    assert mismatches("def grade_ids(self):\n    return ()\n", ["grader.course.model.Exercise.grade_ids"])


def _aliasing_answer(names: list[str]) -> str | None:
    """An answer that imports the library's definitions instead of writing them."""
    lines = []
    for dotted in names:
        module, _, name = dotted.rpartition(".")
        if module.rpartition(".")[2][:1].isupper():
            return None  # a method: there is nothing to import in its place
        lines.append(f"from {module} import {name}")
    return "\n".join(lines)


ALIASED = [
    (chapter_id, grade_id, answer)
    for chapter_id, grade_id, cell in CELLS_NAMING_LIBRARY
    if (answer := _aliasing_answer(library_names(cell)))
]


@pytest.mark.parametrize(
    "chapter_id, grade_id, answer", ALIASED, ids=[f"{c}/{g}" for c, g, _ in ALIASED]
)
def test_answering_by_importing_the_library_earns_nothing(chapter_id, grade_id, answer):
    nb = source_notebook(chapter_id)
    exercise = exercise_of(nb, grade_id).name
    scores = exercise_scores(nb, run_in_process(nb, {grade_id: answer}, cwd=chapter_folder(chapter_id)))
    earned, possible = scores[exercise]
    assert earned < possible, f"{exercise!r} answered by `{answer}` keeps {earned}/{possible} points"
