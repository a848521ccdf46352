"""A markdown cell carrying ``linear_tests``' nbgrader metadata, placed right after the LinearFunction
answer cell, with untouched stubs: the real test cell, seen second, becomes an ordinary cell, and
nbgrader turns the decoy back into the course's test cell at the decoy's place, so this reaches the
same leak as ``linear_tests_moved_first`` (the judge passed every LinearFunction test when tried).
It earned nothing only because the demoted copy of the course's cell calls ``globals()``, which the
static check holds (an honest student who duplicates that cell is held the same way). The stubs
deserve 0."""
import copy

import nbformat

BASE = "untouched"


def TRANSFORM(nb):
    ids = [c.metadata.get("nbgrader", {}).get("grade_id") for c in nb.cells]
    decoy = nbformat.v4.new_markdown_cell("My notes on linear.")
    decoy["id"] = "notes"
    decoy.metadata["nbgrader"] = copy.deepcopy(dict(nb.cells[ids.index("linear_tests")].metadata["nbgrader"]))
    nb.cells.insert(ids.index("linear_function") + 1, decoy)
    return nb


EXPECT = {"score": 0}
