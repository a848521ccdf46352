"""The grading pipeline's small steps, each on its own (fast: no kernel, no nbgrader run)."""

import json
import os
import subprocess
import sys
import zipfile

import nbformat
import pytest
from grader.grading.verify import VerifyCompletion, expected_marks
from grader.testkit import completion_mark
from grading_classes import CHAPTER, release

from grader.grading import exports, feedback, intake, submissions
from grader.grading.sandbox import bwrap_command


def _notebook_file(path, nb=None):
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb or nbformat.v4.new_notebook(), path)
    return path


def test_jobs_cover_every_student_folder_and_submitted_assignment(tmp_path):
    _notebook_file(tmp_path / "ann" / CHAPTER / "x.ipynb")
    (tmp_path / "bob").mkdir()
    (tmp_path / "bob" / "notes.txt").write_text("nothing")
    _notebook_file(tmp_path / "cyd" / "99_unknown" / "x.ipynb")
    warnings = []
    jobs = submissions.find_jobs(tmp_path, [CHAPTER, "01_other"], log=warnings.append)
    assert [(j.student_id, j.assignment_id, j.folder is not None) for j in jobs] == [
        ("ann", CHAPTER, True), ("bob", CHAPTER, False), ("cyd", CHAPTER, False)]
    assert any("99_unknown" in w for w in warnings)


def test_fingerprint_changes_with_content_only(tmp_path):
    path = _notebook_file(tmp_path / "a" / "x.ipynb")
    first = submissions.fingerprint(tmp_path / "a")
    os.utime(path, (1, 1))
    assert submissions.fingerprint(tmp_path / "a") == first
    path.write_text(path.read_text() + " ")
    assert submissions.fingerprint(tmp_path / "a") != first


def test_zip_in_submitted_layout_is_extracted_under_out(tmp_path):
    archive = tmp_path / "class.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr(f"export/ann/{CHAPTER}/{CHAPTER}.ipynb", "{}")
        zf.writestr(f"export/bob/{CHAPTER}/{CHAPTER}.ipynb", "{}")
    root = submissions.open_submissions(archive, tmp_path / "out", [CHAPTER])
    assert root.is_relative_to(tmp_path / "out")
    assert sorted(p.relative_to(root).as_posix() for p in root.rglob("*.ipynb")) == [
        f"ann/{CHAPTER}/{CHAPTER}.ipynb", f"bob/{CHAPTER}/{CHAPTER}.ipynb"]


def test_zip_with_lms_file_names_follows_zip_collect_convention(tmp_path):
    archive = tmp_path / "lms.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr(f"Homework_ann_attempt_2026-01-02-10-00-00_{CHAPTER}.ipynb", "{}")
    root = submissions.open_submissions(archive, tmp_path / "out", [CHAPTER])
    assert (root / "ann" / CHAPTER / f"{CHAPTER}.ipynb").exists()


def test_snapshot_leaves_out_symlinks(tmp_path):
    src = tmp_path / "src"
    _notebook_file(src / "a.ipynb")
    (src / "secret").symlink_to("/etc/hostname")
    notes = submissions.snapshot(src, tmp_path / "dst")
    assert (tmp_path / "dst" / "a.ipynb").exists() and not (tmp_path / "dst" / "secret").exists()
    assert any("symbolic link" in n for n in notes)


@pytest.mark.parametrize("text, problem", [
    ('{"cells": [', "not valid JSON"),
    ('{"hello": 1}', "not a valid notebook"),
    (b"\xff\xfe".decode("latin-1"), "not valid JSON"),
])
def test_unreadable_notebooks_are_reported(tmp_path, text, problem):
    path = tmp_path / "x.ipynb"
    path.write_text(text)
    assert problem in intake.check_notebook(path)


def test_valid_notebook_passes_the_check(tmp_path):
    assert intake.check_notebook(_notebook_file(tmp_path / "x.ipynb", release())) is None


def test_shadowing_modules_are_removed_and_helpers_kept(tmp_path):
    for name in ("numpy.py", "helper.py", "data.csv", "json.py"):
        (tmp_path / name).write_text("")
    (tmp_path / "torch").mkdir()
    removed = intake.remove_shadowing(tmp_path)
    assert sorted(removed) == ["json.py", "numpy.py", "torch"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data.csv", "helper.py"]


def test_duplicated_and_unknown_grade_ids_become_ordinary_cells(tmp_path):
    source = _notebook_file(tmp_path / "source.ipynb", release())
    nb = release()
    test_cell = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade"))
    stranger = nbformat.from_dict(test_cell)
    stranger.metadata.nbgrader["grade_id"] = "made_up"
    nb.cells += [nbformat.from_dict(test_cell), stranger]
    path = _notebook_file(tmp_path / "sub.ipynb", nb)
    notes = intake.normalise_grade_ids(path, source)
    assert len(notes) == 2
    after = nbformat.read(path, as_version=4)
    assert "nbgrader" not in after.cells[-1].metadata and "nbgrader" not in after.cells[-2].metadata


def _graded_cell(source, text):
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["nbgrader"] = {"grade": True, "solution": False, "grade_id": "t1", "points": 1}
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=text)]
    return cell


@pytest.mark.parametrize("printed, expected_error", [
    ("{mark}\n", None),
    ("", "IncompleteTestCell"),
    ("[course] t1 completed 0123456789abcdef0123456789abcdef\n", "IncompleteTestCell"),
    ("[course] t1 tampered: np.allclose was redefined\n", "TamperingDetected"),
])
def test_verify_completion_zeroes_cells_without_their_mark(printed, expected_error):
    token = "secret"
    cell = _graded_cell('_tk.passed("t1")', "visible ok\n" + printed.format(mark=completion_mark(token, "t1")))
    nb = nbformat.v4.new_notebook(cells=[cell])
    step = VerifyCompletion(token=token)
    nb, _ = step.preprocess(nb, {})
    errors = [o.ename for o in nb.cells[0].outputs if o.output_type == "error"]
    assert errors == ([expected_error] if expected_error else [])
    assert "[course]" not in "".join(o.get("text", "") for o in nb.cells[0].outputs)


def test_expected_marks_come_from_the_test_source():
    assert expected_marks('x = 1\n_tk.passed("a_tests")\n_tk.passed(\'b\')') == ["a_tests", "b"]


def test_hidden_tests_are_removed_from_feedback_notebooks(tmp_path):
    cell = _graded_cell("visible = 1\n### BEGIN HIDDEN TESTS\nsecret_check()\n### END HIDDEN TESTS\n", "")
    cell.outputs.append(nbformat.v4.new_output("error", ename="AssertionError", evalue="wrong at 3",
                                               traceback=["secret_check() line"]))
    path = _notebook_file(tmp_path / "a.ipynb", nbformat.v4.new_notebook(cells=[cell]))
    feedback.hide_hidden_tests(path)
    after = nbformat.read(path, as_version=4).cells[0]
    assert "secret_check" not in after.source and "visible = 1" in after.source
    assert "secret_check" not in json.dumps(after.outputs) and "wrong at 3" in json.dumps(after.outputs)


def test_grade_table_has_a_line_per_result():
    results = [{"student_id": s, "assignment_id": CHAPTER, "score": 1, "max_score": 4,
                "status": st, "reasons": ["why"]} for s, st in (("ann", "graded"), ("bob", "missing"))]
    table = exports.grade_table(results)
    assert "ann" in table and "bob" in table and "missing" in table and "why" in table


def test_bwrap_masks_come_before_the_folders_put_back(tmp_path):
    (tmp_path / "repo").mkdir()
    (tmp_path / "file.zip").write_text("")
    cmd = bwrap_command("bwrap", masks=[str(tmp_path / "repo"), str(tmp_path / "file.zip")],
                        ro_binds=[("/x", str(tmp_path / "repo" / "lib"))], rw_binds=["/w"], cwd="/w")
    assert "--unshare-net" in cmd and "--unshare-pid" not in cmd
    assert cmd.index("--tmpfs") < cmd.index("/x") < cmd.index("--bind")
    assert cmd[cmd.index(str(tmp_path / "file.zip")) - 1] == "/dev/null"


TAMPER_SCRIPT = """
import numpy as np
from grader import testkit
testkit.passed("t")
{change}
testkit.passed("t")
"""


@pytest.mark.parametrize("change, reason", [
    ("np.allclose = lambda *a, **k: True", "np.allclose was redefined"),
    ("import numpy.testing; numpy.testing.assert_allclose = print", "np.testing.assert_allclose"),
    ("import builtins; builtins.range = lambda *a: []", "the builtin range"),
    ("testkit.assert_close = lambda *a, **k: None", "grader.testkit.assert_close was replaced"),
    ("import os; os.environ['COURSE_GRADING_SEED'] = '1'; assert testkit.grading_seed() == 7", None),
])
def test_testkit_marks_a_clean_run_and_refuses_a_tampered_one(change, reason):
    env = {**os.environ, "COURSE_GRADING_TOKEN": "tok", "COURSE_GRADING_SEED": "7"}
    run = subprocess.run([sys.executable, "-c", TAMPER_SCRIPT.format(change=change)],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    first, second = run.stdout.splitlines()
    assert first == completion_mark("tok", "t")
    if reason:
        assert "tampered" in second and reason in second
    else:
        assert second == first


def test_testkit_reads_the_token_file_once_and_deletes_it(tmp_path):
    token_file = tmp_path / "token"
    token_file.write_text("tok")
    env = {**os.environ, "COURSE_GRADING_TOKEN_FILE": str(token_file)}
    code = ("import os; from grader import testkit; testkit.passed('t'); "
            "print('COURSE_GRADING_TOKEN_FILE' in os.environ)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert run.stdout.splitlines() == [completion_mark("tok", "t"), "False"]
    assert not token_file.exists()


def test_forbid_makes_references_fail_loudly_and_restores_them():
    import numpy

    from grader import testkit

    original = numpy.linalg.norm
    alias = numpy.linalg.norm
    namespace = {"my_norm": alias}
    with testkit.forbid("numpy.linalg.norm", exercise="the norm exercise"):
        with pytest.raises(testkit.ForbiddenReference, match="the norm exercise.*numpy.linalg.norm"):
            numpy.linalg.norm([3.0, 4.0])
    assert numpy.linalg.norm is original
    assert namespace["my_norm"] is alias


def test_forbid_replaces_aliases_in_the_callers_namespace():
    import numpy

    from grader import testkit

    global _alias_under_test
    _alias_under_test = numpy.linalg.norm
    with testkit.forbid("numpy.linalg.norm"):
        with pytest.raises(testkit.ForbiddenReference):
            _alias_under_test([1.0])
    assert _alias_under_test is numpy.linalg.norm


def test_committed_example_class_is_what_its_generator_makes(tmp_path):
    """The example submissions are generated (grader/examples/make_examples.py), never edited by
    hand: in particular the 'untouched' student is exactly the released notebook."""
    from grader.examples.make_examples import make
    from grader.paths import EXAMPLES_DIR

    fresh = make(target=tmp_path / "submissions")
    committed = EXAMPLES_DIR / "submissions"
    names = sorted(str(p.relative_to(committed)) for p in committed.rglob("*") if p.is_file())
    assert names == sorted(str(p.relative_to(fresh)) for p in fresh.rglob("*") if p.is_file())
    for name in names:
        assert (fresh / name).read_bytes() == (committed / name).read_bytes(), f"{name} differs: regenerate"
