"""Where autograd_lib has the counterpart, the solution code is the library's code."""

import pytest

from grader.authoring import cell_kind
from grader.library_match import mismatches
from grader.selfcheck import SOLUTION_MARKER

from .chapters import CHAPTER_IDS, source_notebook

CELLS_NAMING_LIBRARY = [
    (chapter_id, cell.metadata["nbgrader"]["grade_id"], cell)
    for chapter_id in CHAPTER_IDS
    for cell in source_notebook(chapter_id).cells
    if cell_kind(cell) == "answer" and cell.metadata.get("library")
]


@pytest.mark.parametrize(
    "chapter_id, grade_id, cell", CELLS_NAMING_LIBRARY, ids=[f"{c}/{g}" for c, g, _ in CELLS_NAMING_LIBRARY]
)
def test_solution_cell_equals_the_library_definition(chapter_id, grade_id, cell):
    names = cell.metadata["library"]
    names = [names] if isinstance(names, str) else list(names)
    problems = mismatches(SOLUTION_MARKER.sub("", cell.source), names)
    assert not problems, f"{chapter_id}/{grade_id}: " + "; ".join(problems)


def test_library_match_notices_a_changed_body():
    from grader.library_match import mismatches as check

    source = "def normalised_dump(node):\n    return 'changed'\n"
    assert check(source, ["grader.library_match.normalised_dump"])


def test_library_match_reads_a_method_inside_its_class():
    from grader.library_match import mismatches as check

    same = (
        "class Exercise:\n"
        "    @property\n"
        "    def grade_ids(self) -> tuple[str, ...]:\n"
        "        return self.answer_ids + self.test_ids\n"
    )
    assert not check(same, ["grader.authoring.Exercise.grade_ids"])
    changed = same.replace("self.answer_ids + self.test_ids", "self.test_ids")
    assert check(changed, ["grader.authoring.Exercise.grade_ids"])
    assert check("def grade_ids(self):\n    return ()\n", ["grader.authoring.Exercise.grade_ids"])
