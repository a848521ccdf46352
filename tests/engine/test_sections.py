"""The "Your engine so far" sections that end chapters 3, 4, 8, 9 and 12: skipped by a grading
kernel, run in the built solutions (both editions), and in a student's notebook assembled from the
work folder beside it."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import nbformat
import numpy as np
import pytest

import grader.engine.notebook as section_module
from grader.engine.notebook import SectionRun, your_engine
from grader.engine.solved import write_solved_folder
from grader.paths import SOLUTIONS_BUILD

REPO = Path(__file__).resolve().parents[2]
#: chapter -> the milestone its section runs
SECTIONS = {"03_backward_engine": "graph", "04_shapes": "batched", "08_modules_and_parameters": "mlp",
            "09_training": "digits", "12_higher_order_and_forward_mode": "jacobian"}


def _section_cell(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    cells = [c for c in nb.cells if c.cell_type == "code" and "your_engine(" in c.source]
    assert len(cells) == 1, f"{len(cells)} cells run the section"
    return cells[0]


def _notebook(kind: str, chapter: str) -> nbformat.NotebookNode:
    name = chapter if kind in ("assignments", "solutions") else f"zh_{chapter}"
    return nbformat.read(REPO / kind / name / f"{name}.ipynb", as_version=4)


@pytest.mark.parametrize("kind", ["assignments", "assignments-zh"])
@pytest.mark.parametrize("chapter", SECTIONS)
def test_a_grading_kernel_skips_the_section_and_a_students_kernel_runs_it(chapter, kind, monkeypatch):
    source = _section_cell(_notebook(kind, chapter)).source
    calls = []
    monkeypatch.setattr(section_module, "your_engine", lambda *a, **k: calls.append(a) or SectionRun())
    monkeypatch.setitem(sys.modules, "autograd_lib._withheld", types.ModuleType("autograd_lib._withheld"))
    exec(compile(source, "<section>", "exec"), {})  # noqa: S102  (a grading kernel: its library has _withheld)
    assert calls == []
    monkeypatch.delitem(sys.modules, "autograd_lib._withheld")
    exec(compile(source, "<section>", "exec"), {})  # noqa: S102  (the student's own kernel)
    assert calls and calls[0][0] == SECTIONS[chapter]


def test_every_chapters_grading_kernel_has_the_module_the_sections_look_for():
    from support.in_process import kernel_libraries

    from grader.course.kernel_library import LIB, STUB_MODULE

    builds = kernel_libraries()
    for chapter in SECTIONS:
        assert (builds[chapter] / LIB / "autograd_lib" / f"{STUB_MODULE}.py").is_file(), chapter
    assert not (REPO / "autograd_lib" / f"{STUB_MODULE}.py").exists()


@pytest.mark.parametrize("kind", ["solutions", "solutions-zh"])
@pytest.mark.parametrize("chapter", SECTIONS)
def test_the_built_solutions_ran_the_section_on_the_solutions_engine(chapter, kind):
    cell = _section_cell(_notebook(kind, chapter))
    text = "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")
    passed = "里程碑 {name}：通过" if kind == "solutions-zh" else "milestone {name}: passed"
    assert passed.format(name=SECTIONS[chapter]) in text, text  # in the notebook's edition
    rows = [line for line in text.splitlines() if line[:2].isdigit()]
    assert rows and all(" yours " in line for line in rows), text


def _students_notebook_runs(folder: Path, chapter: str, monkeypatch, capsys, milestone: str, **options):
    monkeypatch.delenv(SOLUTIONS_BUILD, raising=False)
    monkeypatch.chdir(folder / chapter)
    section = your_engine(milestone, **options)
    return section, capsys.readouterr().out


def test_in_a_students_notebook_the_pieces_come_from_the_work_folder(tmp_path, monkeypatch, capsys):
    chapters = ["02_function_and_ctx", "03_backward_engine"]
    # chapter 3's own notebook holds the section: assembling runs it, and there it does nothing
    folder = write_solved_folder(tmp_path, chapters, {"mul": "class Mul(Function):\n    pass\n"})
    section, out = _students_notebook_runs(folder, "03_backward_engine", monkeypatch, capsys, "graph")
    assert section.result.passed and "milestone graph: passed" in out, out
    assert "with the course's pieces: mul" in out
    mul = next(line for line in out.splitlines() if line.startswith("02_function_and_ctx") and " mul " in line)
    assert " course " in mul and "fails its visible test" in mul, mul
    assert "04_shapes" not in out  # only the chapters up to this one


def test_a_missing_chapter_is_a_line_of_the_table_not_a_traceback(tmp_path, monkeypatch, capsys):
    folder = write_solved_folder(tmp_path, ["03_backward_engine"])
    section, out = _students_notebook_runs(folder, "03_backward_engine", monkeypatch, capsys, "graph")
    assert section.result.passed, out
    lines = [line for line in out.splitlines() if line.startswith("02_function_and_ctx")]
    assert len(lines) == 4 and all(" course " in line and "no notebook for 02_function_and_ctx" in line
                                   for line in lines), out
    assert "Traceback" not in out


def test_a_wrong_piece_that_passes_its_visible_tests_fails_the_section_and_is_named(tmp_path, monkeypatch, capsys):
    wrong = (Path(__file__).parent / "fixtures" / "unbroadcast_two_added_axes.py").read_text()
    folder = write_solved_folder(tmp_path, ["04_shapes"], {"unbroadcast": wrong})
    section, out = _students_notebook_runs(folder, "04_shapes", monkeypatch, capsys, "batched")
    assert not section.result.passed
    assert "milestone batched: FAILED" in out and "caused by your piece: unbroadcast" in out, out


class _NoTorch:
    """A finder that refuses torch, as the stubs of chapter 9's kernel do."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        if name == "torch" or name.startswith("torch."):
            raise ModuleNotFoundError(f"No module named {name!r} (chapter 9's kernel has no torch)")


def _without_torch(monkeypatch):
    for name in [n for n in sys.modules if n == "torch" or n.startswith("torch.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, "meta_path", [_NoTorch(), *sys.meta_path])
    with pytest.raises(ModuleNotFoundError):
        import torch  # noqa: F401


def test_the_digits_section_trains_beside_the_course_library_without_torch(tmp_path, monkeypatch, capsys):
    folder = write_solved_folder(tmp_path, ["09_training"])
    _without_torch(monkeypatch)  # as in chapter 9's kernel
    section, out = _students_notebook_runs(folder, "09_training", monkeypatch, capsys, "digits", epochs=2)
    assert section.result.passed, out
    assert {u["piece"] for u in section.result.uses if u["source"] == "yours"} == {
        "log_softmax", "cross_entropy_function", "sgd_step"}
    yours, course = np.array(section.losses["yours"]), np.array(section.losses["course"])
    assert yours.shape == (2,) and yours[1] < yours[0] and np.allclose(yours, course, rtol=0, atol=1e-9)
    assert "test accuracy after 2 epochs: yours" in out
