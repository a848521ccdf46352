"""The grading pipeline's small steps, each on its own (fast: no kernel, no nbgrader run)."""

import os
import zipfile

import nbformat
import pytest
from support.classes import CHAPTER, release

from grader.grading import exports, feedback, intake, submissions
from grader.grading.jobs import ExerciseScore, JobResult, Status
from grader.grading.preprocessors import ApplyVerdicts, SeparateHiddenTests
from grader.grading.sandbox import sandbox_prefix


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
    root, unplaced = submissions.open_submissions(archive, tmp_path / "out", [CHAPTER])
    assert root.is_relative_to(tmp_path / "out") and not unplaced
    assert sorted(p.relative_to(root).as_posix() for p in root.rglob("*.ipynb")) == [
        f"ann/{CHAPTER}/{CHAPTER}.ipynb", f"bob/{CHAPTER}/{CHAPTER}.ipynb"]


MANY = ["00_finite_differences", "01_computational_graphs", "07_linear_function", "12_higher_order"]


def test_zip_with_lms_file_names_follows_zip_collect_convention_in_a_many_chapter_course(tmp_path):
    archive = tmp_path / "lms.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("07_linear_function_alice_attempt_2026-11-28-09-15-00_07_linear_function.ipynb", "{}")
        zf.writestr("07_linear_function_alice_attempt_2026-11-27-09-15-00_07_linear_function.ipynb", "old")
        zf.writestr("07_linear_function_bob_lee_attempt_2026-11-28-10-00-00_07_linear_function.ipynb", "{}")
        zf.writestr(f"Homework_cyd_attempt_2026-01-02-10-00-00_{CHAPTER}.ipynb", "{}")
        zf.writestr("Homework_dan_attempt_2026-01-02-10-00-00_notes.ipynb", "{}")
    root, unplaced = submissions.open_submissions(archive, tmp_path / "out", MANY)
    assert sorted(p.relative_to(root).as_posix() for p in root.rglob("*.ipynb")) == [
        "alice/07_linear_function/07_linear_function.ipynb", "bob_lee/07_linear_function/07_linear_function.ipynb",
        f"cyd/{CHAPTER}/{CHAPTER}.ipynb"]
    assert (root / "alice" / "07_linear_function" / "07_linear_function.ipynb").read_text() == "{}"  # the latest
    assert unplaced == ["Homework_dan_attempt_2026-01-02-10-00-00_notes.ipynb"]
    root, unplaced = submissions.open_submissions(archive, tmp_path / "out2", MANY, only=["01_computational_graphs"])
    assert (root / "dan" / "01_computational_graphs" / "notes.ipynb").exists() and not unplaced


def test_nothing_to_grade_is_an_error_that_lists_what_could_not_be_placed(tmp_path):
    from grader.grading.runner import autograde

    archive = tmp_path / "class.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("week3_upload.ipynb", "{}")
    with pytest.raises(SystemExit) as stop:
        autograde(archive, tmp_path / "out", log=lambda *a: None)
    assert stop.value.code != 0 and "week3_upload.ipynb" in str(stop.value.code)


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
    source = _notebook_file(tmp_path / "source.ipynb", release())
    assert intake.check_notebook(_notebook_file(tmp_path / "x.ipynb", release()), source) is None


def test_a_notebook_that_lost_its_grading_metadata_says_what_to_do(tmp_path):
    nb = release()
    for cell in nb.cells:
        cell.metadata.pop("nbgrader", None)
    source = _notebook_file(tmp_path / "source.ipynb", release())
    why = intake.check_notebook(_notebook_file(tmp_path / "x.ipynb", nb), source)
    assert "lost the grader's metadata" in why and "download the chapter's notebook again" in why


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


def _graded_cell(source, text="", grade_id="t1"):
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["nbgrader"] = {"grade": True, "solution": False, "grade_id": grade_id, "points": 1}
    if text:
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=text)]
    return cell


def test_hidden_tests_never_reach_the_kernel():
    cell = _graded_cell("visible = 1\n### BEGIN HIDDEN TESTS\nsecret_check()\n### END HIDDEN TESTS\n")
    nb = nbformat.v4.new_notebook(cells=[cell])
    nb, _ = SeparateHiddenTests().preprocess(nb, {})
    assert "secret_check" not in nb.cells[0].source and "visible = 1" in nb.cells[0].source
    shown, _ = SeparateHiddenTests(show_source=True).preprocess(
        nbformat.v4.new_notebook(
            cells=[_graded_cell("v = 1\n### BEGIN HIDDEN TESTS\nsecret_check()\n### END HIDDEN TESTS\n")]
        ), {})
    assert "# secret_check()" in shown.cells[0].source  # shown, as a comment: it never runs


def _apply(cell, verdict=None, zeroed=None):
    nb = nbformat.v4.new_notebook(cells=[cell])
    verdicts = {} if verdict is None else {"t1": {"grade_id": "t1", "outcome": verdict[0], "message": verdict[1]}}
    nb, _ = ApplyVerdicts().preprocess(nb, {"verdicts": verdicts, "zeroed": zeroed or {}})
    return nb.cells[0]


def _score(cell):
    from nbgrader.utils import determine_grade

    return determine_grade(cell)[0]


@pytest.mark.parametrize("verdict, kernel_outputs, score", [
    (("passed", ""), [], 1.0),
    (("failed", "grad of weight is wrong"), [], 0.0),
    (("timed out", "slow"), [], 0.0),
    (None, [], 0.0),  # the judge never reached the cell
    (("passed", ""), [nbformat.v4.new_output("error", ename="AssertionError", evalue="x", traceback=[])], 0.0),
    # a number displayed as the cell's result would be a partial score for nbgrader: no longer
    (("failed", "wrong"),
     [nbformat.v4.new_output("execute_result", data={"text/plain": "1.0"}, execution_count=1)], 0.0),
])
def test_a_test_cell_scores_exactly_what_the_judge_decided(verdict, kernel_outputs, score):
    cell = _graded_cell("check()")
    cell.outputs = list(kernel_outputs)
    after = _apply(cell, verdict)
    assert _score(after) == score
    assert not any(o.output_type == "execute_result" for o in after.outputs)


def test_a_zeroed_exercise_scores_nothing_even_when_the_judge_passed_it():
    after = _apply(_graded_cell("check()"), ("passed", ""), {"t1": "cell 3: line 1 uses numpy.diff"})
    assert _score(after) == 0.0
    assert any(o.get("ename") == "ForbiddenReference" for o in after.outputs)


def test_grade_table_has_a_line_per_result():
    results = [JobResult(s, CHAPTER, "f", "c", 4.0, status=st, score=1.0, reasons=["why"])
               for s, st in (("ann", Status.GRADED), ("bob", Status.MISSING))]
    table = exports.grade_table(results)
    assert "ann" in table and "bob" in table and "missing" in table and "why" in table


def test_job_records_round_trip_through_json():
    result = JobResult("ann", CHAPTER, "f", "c", 4.0, status=Status.TIMED_OUT, score=2.5, reasons=["slow"],
                       exercises=[ExerciseScore(CHAPTER, "x", 1.0, 2.0)], messages={"nb/t": "why"})
    again = JobResult.from_json(result.to_json())
    assert again == result and again.status is Status.TIMED_OUT


def test_the_worse_status_wins():
    result = JobResult("ann", CHAPTER, "f", "c", 4.0)
    result.flag(Status.FLAGGED, "a")
    result.flag(Status.TIMED_OUT, "b")
    result.flag(Status.FLAGGED, "a")
    assert result.status is Status.TIMED_OUT and result.reasons == ["a", "b"]


def test_sandbox_command_starts_from_an_empty_root_and_binds_only_what_it_names(tmp_path):
    (tmp_path / "repo" / "lib" / "pkg").mkdir(parents=True)
    (tmp_path / "file.txt").write_text("")
    cmd = sandbox_prefix("bwrap", ro_binds=[(str(tmp_path / "repo" / "lib" / "pkg"), "/x/lib/pkg")],
                         rw_binds=["/w"], cwd="/w", work="/w/scratch", files=[str(tmp_path / "file.txt")])
    for flag in ("--unshare-net", "--unshare-pid", "--unshare-ipc", "--die-with-parent", "--new-session"):
        assert flag in cmd
    assert cmd[cmd.index("--unsetenv") + 1] == "JPY_PARENT_PID"  # else ipykernel exits in a pid namespace
    assert str(tmp_path / "repo") not in cmd  # only the named package, never the folder around it
    assert cmd[cmd.index(str(tmp_path / "repo" / "lib" / "pkg")) + 1] == "/x/lib/pkg"
    assert "/x/lib" in cmd and cmd.index("/x/lib") < cmd.index("/x/lib/pkg")  # parents made traversable
    assert cmd[cmd.index(str(tmp_path / "file.txt")) - 1] == "--ro-bind"
    assert cmd[cmd.index(str(tmp_path / "file.txt")) + 1] == "/w/scratch/file.txt"
    assert cmd.index("/w/scratch") < cmd.index(str(tmp_path / "file.txt"))  # the tmpfs first, then the file
    assert "/" not in [cmd[i + 1] for i, part in enumerate(cmd) if part in ("--bind", "--ro-bind")]
    bound = [cmd[i + 2] for i, part in enumerate(cmd) if part in ("--ro-bind", "--symlink")]
    assert "/etc" not in bound and "/etc/passwd" not in bound  # /etc: only what ETC_KEPT names
    assert "/etc/ld.so.cache" in bound or not os.path.exists("/etc/ld.so.cache")
    for folder in ("/tmp", "/w"):
        assert folder in cmd[:cmd.index("--chdir")]
    if os.geteuid() == 0:
        assert "--reuid=65534" in " ".join(cmd[cmd.index("--"):])
    else:
        assert cmd[cmd.index("--uid") + 1] == "65534"


def test_feedback_loads_mathjax_locally_and_names_exercises(tmp_path):
    page = tmp_path / "nb.html"
    page.write_text(f'<html><head><script src="{feedback.CDN_MATHJAX}"> </script></head><body><p>x</p></body></html>')
    result = JobResult("ann", CHAPTER, "f", "c", 7.0, score=6.0,
                       exercises=[ExerciseScore("nb", "linear_function", 6.0, 6.0)])
    feedback.publish_page(page, tmp_path / "out.html", result, {"linear_function": "Exercise 1 · LinearFunction"})
    text = (tmp_path / "out.html").read_text()
    assert feedback.LOCAL_MATHJAX in text and "Exercise 1 · LinearFunction" in text
    assert text.index("grader-summary") > text.index("<body>")


@pytest.mark.parametrize("body, kept, dropped", [
    ('<p>x<script>alert(1)</script>y</p>', "<p>xy</p>", "alert"),
    ('<img src="x" onerror="alert(1)">', '<img src="x">', "onerror"),
    ('<a href=" JaVaScript:alert(1)">a</a>', "<a>a</a>", "javascript"),
    ('<svg onload="alert(1)"><use href="javascript:x"/></svg>', "<svg><use /></svg>", "onload"),
    ('<iframe src="data:text/html;base64,PHNjcmlwdD4="></iframe>ok', "ok", "iframe"),
    ('<img src="data:image/png;base64,AAAA">', 'src="data:image/png;base64,AAAA"', "script"),
    ("<p>$a &lt; b$ &amp; <b>c</b></p>", "<p>$a &lt; b$ &amp; <b>c</b></p>", "script"),
])
def test_the_feedback_body_is_made_inert(body, kept, dropped):
    from grader.grading.inert_html import inert_page

    page = f'<html><head><script src="mathjax.js"></script></head><body>{body}</body></html>'
    out = inert_page(page)
    assert '<script src="mathjax.js"></script>' in out  # the page's own head is kept
    body_out = out.split("<body>", 1)[1]
    assert kept in body_out and dropped not in body_out.lower()
