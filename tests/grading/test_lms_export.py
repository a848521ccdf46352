"""The Canvas and Moodle exports never guess: no 0 for a notebook not graded yet, no identifier
column switched for one student, no student without an id; each problem is said, per student,
and stops the export unless asked (the example class of ``make demo``, graded once)."""

import csv

import pytest

from grader.gradebook.lms_export import ExportIncomplete, export

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader")]
CHAPTER = "00_finite_differences"


@pytest.fixture(scope="module")
def out(graded_example_class):
    return graded_example_class["out"]


def _rows(path):
    with open(path, newline="") as handle:
        return list(csv.reader(handle))


def test_an_export_with_problems_writes_nothing_and_names_each_student(out, tmp_path):
    said = []
    with pytest.raises(ExportIncomplete):
        export(out, "canvas", tmp_path / "c.csv", log=said.append)
    assert not (tmp_path / "c.csv").exists()
    problems = [line for line in said if line.startswith("problem: ")]
    for student in ("hung", "malformed", "blanker"):
        assert any(line.startswith(f"problem: {student}: {CHAPTER} is ") and "not graded yet" in line
                   for line in problems), (student, said)
    assert any("problem: perfect: no Canvas ID" in line for line in problems), said
    assert any(line.startswith("warning: absent: submitted nothing") for line in said), said


def test_canvas_gets_an_empty_cell_never_a_zero_for_what_is_not_graded(out, tmp_path):
    said = []
    export(out, "canvas", tmp_path / "c.csv", ids_are="sis_login_id", allow_incomplete=True, log=said.append)
    rows = _rows(tmp_path / "c.csv")
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", CHAPTER]
    assert rows[1][-1] == "4"
    scores = {row[3]: row[5] for row in rows[2:]}
    assert scores == {"perfect": "4", "partial": "2", "untouched": "0", "hung": "", "malformed": "",
                      "blanker": "", "absent": ""}
    assert sum(line.startswith("problem: ") for line in said) == 3


def test_moodle_keeps_one_identifier_column_and_lists_who_lacks_it(out, tmp_path):
    roster = tmp_path / "roster.csv"
    lines = ["student_id,email,username", "perfect,p@uni.edu,"]
    lines += [f"{s},,{s}-login" for s in ("partial", "untouched", "hung", "malformed", "blanker", "absent")]
    lines.append("zed,,zed-login")  # on the roster, never graded
    roster.write_text("\n".join(lines) + "\n")
    said = []
    export(out, "moodle", tmp_path / "m.csv", roster=roster, allow_incomplete=True, log=said.append)
    rows = _rows(tmp_path / "m.csv")
    assert rows[0] == ["Username", CHAPTER]
    got = dict(rows[1:])
    assert got["partial-login"] == "2" and got["zed-login"] == "" and got["hung-login"] == ""
    assert "p@uni.edu" not in {r[0] for r in rows} and "" not in {r[0] for r in rows}
    assert any(line.startswith("problem: perfect: no username") for line in said), said
    assert any(line.startswith("warning: zed: on the roster but not in the gradebook") for line in said), said
