"""The grading pipeline's small steps, each on its own (fast: no kernel, no nbgrader run)."""

import os
import zipfile

import nbformat
import pytest
from support.classes import CHAPTER, release

from grader.feedback import feedback_page as feedback
from grader.gradebook import run_exports as exports
from grader.intake import notebook_check as intake
from grader.intake import submissions
from grader.pipeline.preprocessors import ApplyVerdicts, SeparateHiddenTests
from grader.records.jobs import ExerciseScore, JobResult, Status
from grader.sandbox.policy import HOME_BYTES, KERNEL_HOME, SHM_BYTES, WORK_BYTES, sandbox_prefix


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
    intake = submissions.open_submissions(archive, tmp_path / "out", [CHAPTER])
    assert intake.root.is_relative_to(tmp_path / "out") and not intake.not_placed
    assert sorted(p.relative_to(intake.root).as_posix() for p in intake.root.rglob("*.ipynb")) == [
        f"ann/{CHAPTER}/{CHAPTER}.ipynb", f"bob/{CHAPTER}/{CHAPTER}.ipynb"]


MANY = ["00_finite_differences", "01_computational_graphs", "07_linear_function", "12_higher_order"]


def test_zip_with_lms_file_names_follows_zip_collect_convention_in_a_many_chapter_course(tmp_path):
    archive = tmp_path / "lms.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("07_linear_function_alice_attempt_2026-11-28-09-15-00_07_linear_function.ipynb", "{}")
        zf.writestr("07_linear_function_alice_attempt_2026-11-27-09-15-00_07_linear_function.ipynb", "old")
        zf.writestr("07_linear_function_bob_lee_attempt_2026-11-28-10-00-00_07_linear_function.ipynb", "{}")
        zf.writestr(f"Homework_cyd_attempt_2026-01-02-10-00-00_{CHAPTER}.ipynb", "{}")
    intake = submissions.open_submissions(archive, tmp_path / "out", MANY)
    root = intake.root
    assert sorted(p.relative_to(root).as_posix() for p in root.rglob("*.ipynb")) == [
        "alice/07_linear_function/07_linear_function.ipynb", "bob_lee/07_linear_function/07_linear_function.ipynb"]
    assert (root / "alice" / "07_linear_function" / "07_linear_function.ipynb").read_text() == "{}"  # the latest
    notes = {f.path: f.note for f in intake.not_placed}
    assert "latest" in notes["07_linear_function_alice_attempt_2026-11-27-09-15-00_07_linear_function.ipynb"]
    assert "does not start with a chapter id" in notes[f"Homework_cyd_attempt_2026-01-02-10-00-00_{CHAPTER}.ipynb"]


def test_nothing_to_grade_is_an_error_that_lists_what_could_not_be_placed(tmp_path):
    from grader.run.class_run import autograde

    archive = tmp_path / "class.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("week3_upload.ipynb", "{}")
    with pytest.raises(SystemExit) as stop:
        autograde(archive, tmp_path / "out", log=lambda *a: None)
    assert stop.value.code != 0 and "week3_upload.ipynb" in str(stop.value.code)
    assert not (tmp_path / "out").exists(), "a run that graded nobody left its OUT folder behind"


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


def test_a_solutions_notebook_is_refused_with_why_and_where_test_students_come_from(tmp_path):
    """solutions/ holds the course's reading copies: graded, one is malformed, and the reason says
    so and names the command that makes test students."""
    from grader.paths import REPO_ROOT

    chapter = "00_finite_differences"
    source = _notebook_file(tmp_path / "source.ipynb", release())
    why = intake.check_notebook(REPO_ROOT / "solutions" / chapter / f"{chapter}.ipynb", source)
    assert "solutions/" in why and "for reading, never for grading" in why
    assert "python -m grader.examples.make_examples" in why


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


def test_changed_nbgrader_flags_of_a_known_cell_are_the_assignments_again(tmp_path):
    """An answer cell made a graded one (nbgrader then looks for a grade cell that does not exist
    and fails the whole notebook), a test cell's points raised: the source's flags come back."""
    source = _notebook_file(tmp_path / "source.ipynb", release())
    nb = release()
    answer = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("solution"))
    test = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade"))
    answer.metadata.nbgrader.update(grade=True, points=50)
    test.metadata.nbgrader["points"] = 100
    path = _notebook_file(tmp_path / "sub.ipynb", nb)
    notes = intake.normalise_grade_ids(path, source)
    assert len(notes) == 2 and all("restored" in note for note in notes)
    after = {c.metadata.nbgrader["grade_id"]: c.metadata.nbgrader for c in nbformat.read(path, as_version=4).cells
             if "nbgrader" in c.metadata}
    released = {c.metadata.nbgrader["grade_id"]: c.metadata.nbgrader for c in release().cells
                if "nbgrader" in c.metadata}
    for grade_id in (answer.metadata.nbgrader["grade_id"], test.metadata.nbgrader["grade_id"]):
        for flag in ("grade", "solution", "locked", "task", "points"):
            assert after[grade_id].get(flag) == released[grade_id].get(flag), (grade_id, flag)


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
    # the kernel's own error is shown, not counted: the score is the judge's
    (("passed", ""), [nbformat.v4.new_output("error", ename="AssertionError", evalue="x", traceback=[])], 1.0),
    # a number displayed as the cell's result would be a partial score for nbgrader: no longer
    (("failed", "wrong"),
     [nbformat.v4.new_output("execute_result", data={"text/plain": "1.0"}, execution_count=1)], 0.0),
])
def test_a_test_cell_scores_exactly_what_the_judge_decided(verdict, kernel_outputs, score):
    cell = _graded_cell("check()")
    cell.outputs = list(kernel_outputs)
    after = _apply(cell, verdict)
    assert _score(after) == score
    results = [o for o in after.outputs if o.output_type == "execute_result"]
    assert results == [after.outputs[0]] and results[0].data["text/plain"] == f"{score:g}"


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
    tmpfs = {cmd[i + 1]: cmd[i - 3] for i, part in enumerate(cmd) if part == "--tmpfs"}
    assert tmpfs == {"/tmp": str(WORK_BYTES), "/dev/shm": str(SHM_BYTES), KERNEL_HOME: str(HOME_BYTES),
                     "/w/scratch": str(WORK_BYTES)}  # every folder the kernel can write is a sized tmpfs
    if os.geteuid() == 0:
        assert "--reuid=65534" in " ".join(cmd[cmd.index("--"):])
    else:
        assert cmd[cmd.index("--uid") + 1] == "65534"
    template = sandbox_prefix("bwrap", ro_binds=[], rw_binds=["/w"], cwd="/", privileged=True)
    assert "--unshare-pid" not in template and "setpriv" not in " ".join(template)  # the warm kernels' template


MATHJAX_HEAD = ('<script src="https://cdnjs.cloudflare.com/ajax/libs/mathjax/2.7.7/latest.js"> </script>'
                '<script type="text/x-mathjax-config">MathJax.Hub.Config({})</script>')


def test_feedback_is_one_self_contained_file_with_math_as_mathml_and_no_script(tmp_path):
    page = tmp_path / "nb.html"
    page.write_text(f"<html><head><meta charset='utf-8'>{MATHJAX_HEAD}<style>p {{}}</style></head><body>"
                    "<p>$\\frac{a}{b} &lt; c$ and $$\\sum_i x_i^2$$ and \\(x\\)</p>"
                    "<pre>print('$5 and $6')</pre><p>costs <code>$x$</code></p>"
                    '<p><img src="http://example.org/x.png"><img src="data:image/png;base64,AAAA"></p></body></html>')
    result = JobResult("ann", CHAPTER, "f", "c", 7.0, score=6.0,
                       exercises=[ExerciseScore("nb", "linear_function", 6.0, 6.0)])
    feedback.publish_page(page, tmp_path / "out.html", result, {"linear_function": "Exercise 1 · LinearFunction"})
    text = (tmp_path / "out.html").read_text()
    head = text[:text.index("<body")]
    assert head.index(feedback.CSP_META) < head.index("<meta charset") and "<script" not in text.lower()
    assert "default-src 'none'" in feedback.CSP and "img-src data:" in feedback.CSP
    assert text.count("<math") == 3 and "<mfrac>" in text and "$" not in text.split("<pre>")[0].split("<body")[1]
    assert "<pre>print('$5 and $6')</pre>" in text and "<code>$x$</code>" in text  # code is not math
    assert "example.org" not in text and 'src="data:image/png;base64,AAAA"' in text
    assert "Exercise 1 · LinearFunction" in text and text.index("grader-summary") > text.index("<body>")


GLYPHICONS = ("@font-face{font-family:'Glyphicons Halflings';src:url(../fonts/glyphicons-halflings-regular.eot);"
              "src:url(../fonts/glyphicons-halflings-regular.woff2) format('woff2'),"
              "url(../fonts/glyphicons-halflings-regular.woff) format('woff')}")


def test_feedback_asks_for_no_font_the_csp_would_block(tmp_path):
    """nbgrader's page carries bootstrap's glyphicons font, fetched from ../fonts/: the CSP blocks
    it, with an error in the console per file. The rule goes; a font embedded as data stays."""
    embedded = "@font-face { font-family: 'Kept'; src: url(data:font/woff2;base64,AAAA) format('woff2') }"
    page = tmp_path / "nb.html"
    page.write_text(f"<html><head><meta charset='utf-8'><style>{GLYPHICONS}.glyphicon{{font-family:'Glyphicons "
                    f"Halflings'}}\n{embedded}\np {{ color: red }}</style></head><body><p>x</p></body></html>")
    result = JobResult("ann", CHAPTER, "f", "c", 7.0, score=6.0,
                       exercises=[ExerciseScore("nb", "linear_function", 6.0, 6.0)])
    feedback.publish_page(page, tmp_path / "out.html", result, {"linear_function": "Exercise 1"})
    text = (tmp_path / "out.html").read_text()
    assert "glyphicons-halflings-regular" not in text and "../fonts/" not in text
    assert embedded in text and "p { color: red }" in text and ".glyphicon{" in text


def test_the_summary_shows_each_failing_exercises_first_message():
    result = JobResult("ann", CHAPTER, "f", "c", 4.0, score=1.0,
                       exercises=[ExerciseScore("nb", "a", 1.0, 1.0), ExerciseScore("nb", "b", 0.0, 3.0)],
                       messages={"nb/b_tests_1": "AssertionError: grad of <x> is wrong\nmore detail",
                                 "nb/b_tests_2": "second"})
    box = feedback.summary_html(result, {}, {"a": ["a_tests"], "b": ["b_tests_1", "b_tests_2"]})
    assert "AssertionError: grad of &lt;x&gt; is wrong" in box and "more detail" not in box and "second" not in box


def test_an_answer_cell_that_raised_at_top_level_is_said(tmp_path):
    nb = release()
    answer = next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("solution"))
    answer.outputs = [nbformat.v4.new_output("error", ename="NameError", evalue="name 'oops' is not defined",
                                             traceback=[])]
    [note] = feedback.answer_cell_errors(_notebook_file(tmp_path / "graded.ipynb", nb),
                                         {answer.metadata["exercise"]: "Exercise 1"})
    assert note.startswith("Exercise 1: your answer cell") and "NameError: name 'oops'" in note


@pytest.mark.parametrize("body, kept, dropped", [
    ('<p>x<script>alert(1)</script>y</p>', "<p>xy</p>", "alert"),
    ('<img src="x" onerror="alert(1)">', '<img src="x">', "onerror"),
    ('<a href=" JaVaScript:alert(1)">a</a>', "<a>a</a>", "javascript"),
    ('<svg onload="alert(1)"><use href="javascript:x"/></svg>', "<svg><use /></svg>", "onload"),
    ('<iframe src="data:text/html;base64,PHNjcmlwdD4="></iframe>ok', "ok", "iframe"),
    ('<img src="data:image/png;base64,AAAA">', 'src="data:image/png;base64,AAAA"', "script"),
    ('<img src="http://x.org/a.png">', "<img>", "x.org"),
    ('<img src=" //x.org/a.png">', "<img>", "x.org"),
    ('<img src="\\\\x.org\\a.png">', "<img>", "x.org"),
    ('<img srcset="a.png 1x, https://x.org/b.png 2x">', "<img>", "x.org"),
    ('<svg><image href="https://x.org/a.svg"/></svg>', "<svg><image /></svg>", "x.org"),
    ('<p style="background: URL(http://x.org/a)">t</p>', "<p>t</p>", "x.org"),
    ('<a href="https://pytorch.org">docs</a>', '<a href="https://pytorch.org">docs</a>', "script"),
    ("<p>$a &lt; b$ &amp; <b>c</b></p>", "<p>$a &lt; b$ &amp; <b>c</b></p>", "script"),
])
def test_the_feedback_body_is_made_inert(body, kept, dropped):
    from grader.feedback.inert_html import inert_page

    page = f'<html><head><script src="mathjax.js"></script></head><body>{body}</body></html>'
    out = inert_page(page)
    assert '<script src="mathjax.js"></script>' in out  # the page's own head is kept
    body_out = out.split("<body>", 1)[1]
    assert kept in body_out and dropped not in body_out.lower()


def test_grading_gives_the_course_cells_back_their_own_tags(tmp_path):
    source_nb = release()
    answer = next(c for c in source_nb.cells if c.metadata.get("nbgrader", {}).get("solution"))
    assert "raises-exception" in answer.metadata.get("tags", []), "the release's answer cells run past errors"
    source = _notebook_file(tmp_path / "source.ipynb", source_nb)
    nb = release()
    tests = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade")
             and not c.metadata["nbgrader"].get("solution")]
    tests[0].metadata["tags"] = ["skip-execution", "raises-exception"]
    tests[1].metadata.pop("tags", None)
    path = _notebook_file(tmp_path / "x.ipynb", nb)
    notes = intake.restore_tags(path, source)
    back = {c.metadata["nbgrader"]["grade_id"]: c.metadata.get("tags") for c in nbformat.read(path, 4).cells
            if "nbgrader" in c.metadata}
    expected = {c.metadata["nbgrader"]["grade_id"]: c.metadata.get("tags") for c in source_nb.cells
                if "nbgrader" in c.metadata}
    assert back == expected
    assert len(notes) == 1 and "skip-execution" in notes[0]
