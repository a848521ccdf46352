"""Every answer cell says where its answer already exists: the library definitions it reproduces
(``library:``), other code that computes the same (``copies:``), or ``library: none`` and why.

The static check forbids these names, and each chapter's kernel library withholds the autograd_lib
ones (``grader.course.kernel_library``): a cell that says nothing would leave its answer in the
grading kernel, unseen.
"""

import nbformat
import pytest

from grader.course.model import cell_kind
from grader.course.references import answer_functions, answer_references, resolve

from .chapters import CHAPTER_IDS, source_notebook

ANSWER_CELLS = [
    (chapter_id, cell.metadata["nbgrader"]["grade_id"], cell)
    for chapter_id in CHAPTER_IDS
    for cell in source_notebook(chapter_id).cells
    if cell_kind(cell) == "answer"
]


@pytest.mark.parametrize("chapter_id, grade_id, cell", ANSWER_CELLS, ids=[f"{c}/{g}" for c, g, _ in ANSWER_CELLS])
def test_every_answer_cell_names_its_references_or_says_why_it_has_none(chapter_id, grade_id, cell):
    refs = answer_references(cell)  # raises, saying what is missing
    assert refs.library or refs.reason, f"{chapter_id}/{grade_id}: no library and no reason"
    for name in refs.names:
        assert resolve(name) is not None, f"{chapter_id}/{grade_id}: {name} names nothing"
    if refs.library or any(n.startswith("autograd_lib.") for n in refs.copies):
        assert answer_functions(cell), f"{chapter_id}/{grade_id}: its references hold no function to withhold"


def _cell(header: str, source: str = "def f():\n    ### BEGIN SOLUTION\n    return 1\n    ### END SOLUTION\n"):
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata.update({"nbgrader": {"grade_id": "f", "solution": True}, "exercise": "f", **header})
    return cell


@pytest.mark.parametrize("header, problem", [
    ({}, "no 'library:' line"),
    ({"library": "none"}, "needs a 'library_reason:'"),
    ({"library": []}, "an empty 'library:' list"),
    ({"library": ["unbroadcast"]}, "must be dotted names"),
    ({"library": "none", "library_reason": "why", "copies": "not dotted"}, "must be dotted names"),
])
def test_a_header_that_does_not_state_the_references_is_refused(header, problem):
    with pytest.raises(ValueError, match=problem):
        answer_references(_cell(header))


def test_only_the_functions_that_hold_a_solution_are_answer_functions():
    """Sum's forward is given; its backward and _kept_shape are the answer."""
    cell = next(c for c in source_notebook("04_shapes").cells if c.metadata.get("exercise") == "sum_backward"
                and cell_kind(c) == "answer")
    assert {f.qualname for f in answer_functions(cell)} == {"_kept_shape", "Sum.backward"}


def test_a_copy_that_is_a_class_stands_for_every_method_of_it():
    cell = _cell({"library": "none", "library_reason": "why", "copies": ["autograd_lib.ops.linalg.MatMul"]})
    assert {f.qualname for f in answer_functions(cell)} == {"MatMul.forward", "MatMul.backward"}
