"""Chapter 9's kernel has no torch: its cells compare with values recorded with torch.

The record (``autograd_lib/data/torch_values/<chapter>.json``) must be what the chapter's
recorder (``course/<chapter>/torch_values.py``) computes with the installed torch, a changed value
must be found, the kernels' builds of the library must carry it, and no code that runs in the
chapter's kernel (its cells outside the hidden tests, in every edition, and the answers the tests
plant in the notebook) may use torch.
"""

import ast
import copy
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from grader.course import kernel_library, torch_values
from grader.course.model import HIDDEN_BLOCK, RECORDER, read_chapter
from grader.i18n.chapters import translated_chapters
from grader.i18n.editions import ZH
from grader.paths import COURSE_DIR, REPO_ROOT

from .chapters import CHAPTERS

RECORDED = [c for c in CHAPTERS if torch_values.recorder_path(c) is not None]
TORCH_MODULES = {"torch", "functorch"}


def test_chapter_9_has_a_recorder():
    assert [c.chapter_id for c in RECORDED] == ["09_training"]


@pytest.fixture(scope="module")
def fresh():
    """chapter id -> the record its recorder computes now, with the installed torch."""
    return {c.chapter_id: torch_values.compute(c) for c in RECORDED}


@pytest.mark.parametrize("chapter", RECORDED, ids=lambda c: c.chapter_id)
def test_the_committed_record_is_what_torch_computes(chapter, fresh):
    recorded = torch_values.read(chapter.chapter_id)
    assert recorded is not None, f"{torch_values.record_path(chapter.chapter_id)} is missing: run `make build`"
    found = torch_values.differences(fresh[chapter.chapter_id], recorded)
    assert not found, (f"the values recorded for {chapter.chapter_id} are stale (run `python -m grader build "
                       f"{chapter.chapter_id}`):\n" + "\n".join(found[:10]))
    assert recorded["torch"] == "2.13.0", "the chapter's text says torch 2.13 computed its values"


def test_a_planted_wrong_value_is_found(fresh):
    record = fresh["09_training"]
    label = "the worked example [1, 2, 3]"
    planted = copy.deepcopy(record)
    planted["log_softmax"][label]["grad"][1] += 1e-9
    assert torch_values.differences(record, planted) == [
        f"/log_softmax/{label}/grad[1]: recorded {planted['log_softmax'][label]['grad'][1]!r}, torch computes "
        f"{record['log_softmax'][label]['grad'][1]!r}"]
    planted = copy.deepcopy(record)
    del planted["valley"]["Adam, lr=0.3"]
    planted["training"]["losses"].pop()
    planted["optimizers"]["SGD: momentum=0.9, lr=0.05; c takes no part (its .grad stays None)"]["grads"][2] = [0.0]
    assert torch_values.differences(record, planted) == [
        "/optimizers/SGD: momentum=0.9, lr=0.05; c takes no part (its .grad stays None)/grads[2]: recorded [0.0], "
        "computed None",
        "/valley/Adam, lr=0.3: missing from the record",
        "/training/losses: 99 entries recorded, 100 computed"]
    # the last bits of another CPU do not make it stale
    nudged = copy.deepcopy(record)
    nudged["training"]["losses"][0] *= 1 + 1e-14
    assert torch_values.differences(record, nudged) == []


def test_the_build_writes_the_record_only_when_it_changed(tmp_path, fresh):
    chapter = RECORDED[0]
    assert torch_values.write(chapter, tmp_path) is True
    path = torch_values.record_path(chapter.chapter_id, tmp_path)
    assert json.loads(path.read_text()) == fresh[chapter.chapter_id]
    before = path.read_bytes()
    assert torch_values.write(chapter, tmp_path) is False and path.read_bytes() == before
    wrong = json.loads(before)
    wrong["cross_entropy_nodes"] = ["NllLossBackward0"]
    path.write_text(json.dumps(wrong))
    assert torch_values.write(chapter, tmp_path) is True and path.read_bytes() == before


def test_the_kernel_reads_the_record_from_its_build_of_the_library(tmp_path):
    """Grading's per-chapter build of autograd_lib copies the record, and the library reads it there."""
    answers = kernel_library.course_answers(CHAPTERS)
    folder = kernel_library.build("09_training", answers, tmp_path / "09_training")
    built = kernel_library.package_folder(folder) / "data" / "torch_values" / "09_training.json"
    assert built.read_bytes() == torch_values.record_path("09_training").read_bytes()
    code = ("import autograd_lib.data as d; r = d.torch_values('09_training'); "
            "print(d.__file__); print(sorted(r)); d.torch_values('07_linear_function')")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": str(kernel_library.library_path(folder))})
    where, groups = run.stdout.splitlines()
    assert where.startswith(str(folder)) and "log_softmax" in groups and "torch" in groups
    assert "FileNotFoundError: no values recorded with torch for the chapter '07_linear_function' " \
           "(recorded: 09_training)" in run.stderr


def test_the_recorder_is_not_given_to_the_student():
    chapter = RECORDED[0]
    assert (chapter.folder / RECORDER).is_file() and chapter.folder / RECORDER not in chapter.extra_files


def _torch_uses(code: str) -> list[str]:
    """The lines of ``code`` (IPython magics blanked) that import torch or name it."""
    lines = [("" if line.lstrip().startswith(("%", "!")) else line) for line in code.splitlines()]
    found = []
    for node in ast.walk(ast.parse("\n".join(lines))):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        elif isinstance(node, ast.Name):
            names = [node.id]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) in (
                "__import__", "import_module"):
            names = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if any(name.split(".")[0] in TORCH_MODULES for name in names):
            found.append(f"line {node.lineno}: {lines[node.lineno - 1].strip()}")
    return found


def _editions(chapter_id: str):
    english = next(c for c in CHAPTERS if c.chapter_id == chapter_id)
    return [english] + [c for c in translated_chapters(ZH, COURSE_DIR) if c.english_id == chapter_id]


@pytest.mark.parametrize("chapter", [e for c in RECORDED for e in _editions(c.chapter_id)],
                         ids=lambda c: c.chapter_id)
def test_no_cell_of_the_kernel_uses_torch(chapter):
    """Every code cell, less its hidden tests (the judge runs them, with torch), runs without torch."""
    found = []
    for k, cell in enumerate(read_chapter(chapter).cells):
        if cell.cell_type == "code":
            found += [f"cell {k}, {use}" for use in _torch_uses(HIDDEN_BLOCK.sub("", cell.source))]
    assert not found, f"{chapter.chapter_id}'s kernel has no torch, yet its cells use it:\n" + "\n".join(found)


def _planted(chapter) -> list[Path]:
    """The known-wrong, held-out wrong and unusual correct answers of the chapter: they run in its kernel too."""
    tests = Path(__file__).resolve().parent.parent
    return sorted([*(chapter.folder / "known_wrong").glob("*.py"),
                   *(tests / "known_wrong_heldout" / chapter.chapter_id).glob("*.py"),
                   *(tests / "unusual_correct" / chapter.chapter_id).glob("*.py")])


@pytest.mark.parametrize("chapter", RECORDED, ids=lambda c: c.chapter_id)
def test_no_planted_answer_uses_torch(chapter):
    planted = _planted(chapter)
    assert len(planted) > 50
    found = [f"{path.relative_to(REPO_ROOT)}, {use}" for path in planted for use in _torch_uses(path.read_text())]
    assert not found, "answers that run in a kernel without torch use it:\n" + "\n".join(found)


def test_the_check_finds_torch():
    assert _torch_uses("import torch.nn.functional as F\nx = 1") == ["line 1: import torch.nn.functional as F"]
    assert _torch_uses("from functorch import vmap") == ["line 1: from functorch import vmap"]
    assert _torch_uses("y = __import__('torch')") == ["line 1: y = __import__('torch')"]
    assert _torch_uses("import importlib\nF = importlib.import_module('torch.nn')") == [
        "line 2: F = importlib.import_module('torch.nn')"]
    assert _torch_uses("%timeit torch.ones(3)\nt = torch") == ["line 2: t = torch"]
    assert _torch_uses("# torch computes this\nprint('torch.log_softmax:')\nplot(label='torch')") == []


def test_torch_case_finds_a_case_by_its_inputs():
    import numpy as np

    from autograd_lib.data import torch_case, torch_values

    record = torch_values("09_training")
    case = torch_case(record["log_softmax"], input=np.array([1.0, 2.0, 3.0]), dim=None)
    assert case is record["log_softmax"]["the worked example [1, 2, 3]"]
    adam = torch_case(record["optimizers"], optimizer="Adam",
                      run=[{"lr": 0.05, "betas": (0.8, 0.99)}, ["zbs"] * 6, None, None, None])
    assert adam["optimizer"] == "Adam" and adam["grads"][2] is None
    with pytest.raises(LookupError, match=r"torch computed no case with input=\[1.0, 2.0, 3.5\], dim=None: the "
                                          r"values were recorded for other inputs"):
        torch_case(record["log_softmax"], input=[1.0, 2.0, 3.5], dim=None)
    with pytest.raises(LookupError):  # the same input along another dim
        torch_case(record["log_softmax"], input=[1.0, 2.0, 3.0], dim=0)


def test_the_build_executes_such_a_chapter_without_torch(tmp_path, monkeypatch):
    """A chapter whose kernel goes without torch (``kernel_library.WITHOUT``) has none in its
    build's kernel either: a cell that imports torch fails the build, with the reason."""
    import nbformat
    from nbclient.exceptions import CellExecutionError

    from grader.course import kernel_library
    from grader.course.build import write_solution
    from grader.course.model import Chapter

    folder = tmp_path / "course" / "99_probe"
    folder.mkdir(parents=True)
    (folder / RECORDER).write_text("def record():\n    return {}\n")
    monkeypatch.setitem(kernel_library.WITHOUT, "99_probe", {"torch": "torch answers this chapter"})
    source = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import autograd_lib.data\nimport torch")])
    with pytest.raises(CellExecutionError) as raised:
        write_solution(Chapter("99_probe", folder), tmp_path / "solutions", source)
    said = re.sub(r"\x1b\[[0-9;]*m", "", str(raised.value))  # the traceback's colours
    assert "ModuleNotFoundError: chapter 99's kernel has no torch: torch answers this chapter" in said
    env = kernel_library.stubs_first("99_probe", tmp_path / "stubs", {"PYTHONPATH": "/elsewhere"})
    assert env["PYTHONPATH"].split(os.pathsep) == [str(tmp_path / "stubs"), "/elsewhere"]
    run = subprocess.run([sys.executable, "-c", "import functorch"], capture_output=True, text=True,
                         env={**os.environ, **env})
    assert "ModuleNotFoundError: chapter 99's kernel has no torch (functorch is part of it)" in run.stderr
    assert kernel_library.stubs_first("07_linear_function", tmp_path / "none", {"A": "1"}) == {"A": "1"}
