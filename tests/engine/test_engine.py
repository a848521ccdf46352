"""The student's engine: assembled from a work folder, milestones on it, the culprit named."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest

import autograd_lib
from grader.cli import main
from grader.engine.assembly import assemble
from grader.engine.milestone_table import run_all
from grader.engine.milestones import MILESTONES
from grader.engine.pieces import course_pieces
from grader.engine.solved import write_solved_folder

HERE = Path(__file__).parent
ALL = sorted({p.chapter for p in course_pieces()})


@pytest.fixture(scope="module")
def solved(tmp_path_factory):
    folder = write_solved_folder(tmp_path_factory.mktemp("solved"), ALL)
    return folder, assemble(folder)


def test_the_solutions_assemble_into_an_engine_that_is_yours_everywhere(solved):
    _, assembly = solved
    assert assembly.rows and len(assembly.rows) == len(course_pieces())
    assert [r.as_dict() for r in assembly.rows if r.source != "yours"] == []
    # the installed library is untouched: its Mul is not the engine's
    assert autograd_lib.ops.Mul is not assembly.engine.modules["autograd_lib.ops.arithmetic"].Mul
    assert sys.modules["autograd_lib"] is autograd_lib
    # chapter 9's CrossEntropy joins the engine's nn.functional (the library has no such class)
    added = assembly.engine.modules["autograd_lib.nn.functional"].CrossEntropy
    assert added.__module__ == "autograd_lib.nn.functional" and not hasattr(autograd_lib.nn.functional, "CrossEntropy")


def test_every_milestone_passes_on_the_solutions_engine(solved, tmp_path):
    _, assembly = solved
    results = run_all(assembly, out=tmp_path)  # the full digits run: about 10 s
    assert [r.name for r in results] == [m.name for m in MILESTONES]
    failed = {r.name: r.error for r in results if not r.passed}
    assert failed == {}
    for result in results:
        assert all(u["source"] == "yours" for u in result.uses), result.uses
    digits = next(r for r in results if r.name == "digits").figures
    assert digits["loss_gap_to_torch"] < 1e-9 and digits["test_images"] == 360
    assert digits["test_accuracy"] >= 0.95 and digits["torch_test_accuracy"] == digits["test_accuracy"]
    assert sorted(Path(p).name for p in digits["pictures"]) == [
        "digits_confusion.png", "digits_loss.png", "digits_misclassified.png"]


def test_the_json_has_the_documented_schema(solved, capsys):
    folder, _ = solved
    code = main(["engine", str(folder), "--json", "--milestone", "graph", "--milestone", "jacobian"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert set(report) == {"pieces", "milestones"}
    assert {tuple(sorted(p)) for p in report["pieces"]} == {
        ("chapter", "definitions", "exercise", "reason", "source")}
    assert [m["name"] for m in report["milestones"]] == ["graph", "jacobian"]
    assert all(set(m) == {"name", "passed", "uses", "figures"} and m["passed"] for m in report["milestones"])


def _solutions_source(grade_id: str, chapter: str) -> str:
    from grader.course.model import SOLUTION_BLOCK, find_chapters, read_chapter

    chapter_obj = next(c for c in find_chapters(HERE.parents[1] / "course") if c.chapter_id == chapter)
    cell = next(c for c in read_chapter(chapter_obj).cells
                if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)
    return SOLUTION_BLOCK.sub("", cell.source)


def test_a_mul_that_fails_its_visible_test_is_named_and_the_course_mul_is_used(tmp_path):
    chapters = ["02_function_and_ctx", "03_backward_engine"]
    wrong = _solutions_source("mul", "02_function_and_ctx").replace("unbroadcast(grad * b, a.shape)",
                                                                     "unbroadcast(grad * a, a.shape)")
    assert wrong != _solutions_source("mul", "02_function_and_ctx")
    folder = write_solved_folder(tmp_path, chapters, {"mul": wrong})
    assembly = assemble(folder)
    row = next(r for r in assembly.rows if r.piece.grade_id == "mul")
    assert row.source == "course" and row.reason.startswith("fails its visible test"), row
    assert all(r.source == "yours" for r in assembly.rows if r.piece.chapter in chapters and r.piece.grade_id != "mul")
    assert {r.reason for r in assembly.rows if r.piece.chapter not in chapters} == {
        f"no notebook for {c} in {folder}" for c in ALL if c not in chapters}
    [result] = run_all(assembly)
    assert result.name == "graph" and result.passed
    assert {"piece": "mul", "source": "course"} in result.uses


def test_an_unbroadcast_wrong_beyond_the_visible_tests_fails_a_milestone_that_names_it(tmp_path, capsys):
    wrong = (HERE / "fixtures" / "unbroadcast_two_added_axes.py").read_text()
    folder = write_solved_folder(tmp_path, ["04_shapes"], {"unbroadcast": wrong})
    code = main(["engine", str(folder), "--milestone", "batched"])
    out = capsys.readouterr().out
    assert code == 1
    assert "milestone batched: FAILED" in out and "caused by your piece: unbroadcast" in out, out
    line = next(line for line in out.splitlines() if line.startswith("04_shapes") and " unbroadcast " in line)
    assert " yours " in line


def _one_chapter(tmp_path, chapter="07_linear_function"):
    return write_solved_folder(tmp_path, [chapter])


def test_a_notebook_that_is_not_json_is_a_line_of_the_table(tmp_path):
    folder = _one_chapter(tmp_path)
    (folder / "07_linear_function" / "07_linear_function.ipynb").write_text("{ not json")
    rows = [r for r in assemble(folder).rows if r.piece.chapter == "07_linear_function"]
    assert rows and all(r.source == "course" and "is not valid JSON" in r.reason for r in rows)


def _with_answer(tmp_path, grade_id, source, chapter="07_linear_function"):
    folder = write_solved_folder(tmp_path, [chapter], {grade_id: source})
    return next(r for r in assemble(folder).rows if r.piece.grade_id == grade_id)


def test_an_answer_that_raises_when_defined_is_a_line_of_the_table(tmp_path):
    row = _with_answer(tmp_path, "linear", "raise ValueError('half written')\n")
    assert row.source == "course" and row.reason == "the cell does not run: ValueError: half written"


def test_another_signature_is_a_line_of_the_table(tmp_path):
    source = _solutions_source("linear", "07_linear_function")
    # passes the visible tests (they call linear(x, w, b)), but takes a parameter torch's has not
    changed = source.replace("bias: Tensor | None = None)", "bias: Tensor | None = None, scale: float = 1.0)", 1)
    assert changed != source
    row = _with_answer(tmp_path, "linear", changed)
    assert row.source == "course" and "another signature" in row.reason, row


def test_an_unanswered_piece_comes_from_the_course(tmp_path):
    row = _with_answer(tmp_path, "linear", "def linear(input, weight, bias=None):\n"
                                           "    # YOUR CODE HERE\n    raise NotImplementedError()\n")
    assert (row.source, row.reason) == ("course", "not answered yet")


def test_both_editions_in_one_folder_say_which_is_used(tmp_path):
    folder = _one_chapter(tmp_path)
    zh = folder / "zh_07_linear_function"
    zh.mkdir()
    nb = nbformat.read(folder / "07_linear_function" / "07_linear_function.ipynb", as_version=4)
    nbformat.write(nb, zh / "zh_07_linear_function.ipynb")
    assembly = assemble(folder)
    assert any("both editions" in n and "07_linear_function.ipynb" in n for n in assembly.notes)


def test_the_chinese_edition_is_read_too(tmp_path):
    chapter = "07_linear_function"
    zh = tmp_path / f"zh_{chapter}"
    zh.mkdir()
    nb = nbformat.read(HERE.parents[1] / "assignments-zh" / zh.name / f"{zh.name}.ipynb", as_version=4)
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id in ("linear_function", "linear"):
            cell.source = _solutions_source(grade_id, chapter)
    nbformat.write(nb, zh / f"{zh.name}.ipynb")
    rows = [r for r in assemble(tmp_path).rows if r.piece.chapter == chapter]
    assert [(r.piece.grade_id, r.source) for r in rows] == [("linear_function", "yours"), ("linear", "yours")]


def test_an_unknown_milestone_is_a_usage_error(tmp_path):
    with pytest.raises(SystemExit) as exit_:
        main(["engine", str(_one_chapter(tmp_path)), "--milestone", "nope"])
    assert exit_.value.code == 2
