"""Untouched stubs, and one test cell moved: ``linear_tests`` placed right after the LinearFunction
answer cell. Its visible part binds the notebook's ``LinearFunction`` to the library's reference
and only binds the student's class back on its last line; ``linear`` (a stub, or not defined yet)
raises before that line, so every LinearFunction test that follows, visible and hidden, runs the
library's class. nbgrader restores a test cell's text, not its place, and no static finding is
made (test cells are the course's). Graded 6/7 when found; the stubs deserve 0."""
BASE = "untouched"


def TRANSFORM(nb):
    ids = [c.metadata.get("nbgrader", {}).get("grade_id") for c in nb.cells]
    moved = nb.cells.pop(ids.index("linear_tests"))
    ids = [c.metadata.get("nbgrader", {}).get("grade_id") for c in nb.cells]
    nb.cells.insert(ids.index("linear_function") + 1, moved)
    return nb


EXPECT = {"score": 0}
