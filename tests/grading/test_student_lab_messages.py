"""What the student-mode JupyterLab answers for Validate and Fetch Feedback (fast: the replies
only; tests/browser/test_student_buttons.py presses the buttons)."""

from grader.student_lab import feedback_message, shorten_validation

TRACEBACK = ("\x1b[0;31m---------------------------------------------------------------------------\x1b[0m\n"
             + "\n".join(f"  File \"<cell>\", line {i}, in <module>" for i in range(30))
             + "\nAssertionError: forward of the worked example: got [1, 2], expected [1, 3]")


def test_validate_shows_a_failing_cells_first_line_and_the_end_of_its_error():
    source = "# Visible test: the forward pass of the worked example.\n" + "\n".join(f"x{i} = {i}" for i in range(40))
    reply = {"success": True, "value": {"failed": [{"source": source, "error": "<html>", "raw_error": TRACEBACK}]}}
    [failed] = shorten_validation(reply)["value"]["failed"]
    assert failed["source"] == "# Visible test: the forward pass of the worked example.\n... (40 more lines)"
    assert failed["raw_error"].endswith("expected [1, 3]") and failed["raw_error"].count("\n") < 6
    assert "x39" not in failed["source"] and "\x1b" not in failed["raw_error"]


def test_validate_success_is_left_as_it_is():
    reply = {"success": True, "value": {}}
    assert shorten_validation(reply) is reply


def _listing(has_feedback: bool) -> dict:
    return {"success": True, "value": [{"assignment_id": "07_x", "status": "submitted", "submissions": [
        {"notebooks": [{"notebook_id": "07_x", "has_local_feedback": has_feedback}]}]}]}


def test_fetch_feedback_says_when_there_is_none_yet_and_how_to_grade_oneself():
    message = feedback_message("07_x", _listing(False), {"success": True})
    assert "No feedback for 07_x yet" in message and "python -m grader check 07_x/07_x.ipynb" in message
    assert feedback_message("07_x", _listing(True), {"success": True}) is None


def test_fetch_feedback_says_why_it_failed():
    failed = {"success": False, "value": "Traceback ...\nExchangeError: You don't have read permissions"}
    assert feedback_message("07_x", _listing(False), failed).endswith("You don't have read permissions")
    never = {"success": False, "value": "Traceback ...\nExchangeError: Assignment not found at: /x/feedback"}
    assert "No feedback for 07_x yet" in feedback_message("07_x", _listing(False), never)


def _release_test_cells(chapter="00_finite_differences"):
    import nbformat

    from grader.course.model import cell_kind
    from grader.paths import ASSIGNMENTS_DIR

    path = ASSIGNMENTS_DIR / chapter / f"{chapter}.ipynb"
    return path, [c for c in nbformat.read(path, as_version=4).cells if cell_kind(c) == "test"]


def test_validate_names_each_failing_exercise_by_its_title():
    from grader.student_lab import test_cell_titles

    path, cells = _release_test_cells()
    failed = [{"source": c.source, "error": "<html>", "raw_error": TRACEBACK} for c in cells[:2]]
    shown = shorten_validation({"success": True, "value": {"failed": failed}}, test_cell_titles(path))
    heads = [f["source"] for f in shown["value"]["failed"]]
    assert heads[0] == "Exercise 1 · The forward difference: its test cell fails", heads
    assert heads[1].startswith("Exercise 2 · ") and heads[1].endswith(": its test cell fails"), heads
    assert not any("Visible test" in head for head in heads)


def test_validate_says_in_words_that_an_exercise_is_not_answered():
    from grader.student_lab import test_cell_titles

    path, cells = _release_test_cells()
    for bare in ("NotImplementedError: ", "NotImplementedError"):
        raw = "\x1b[0;31m----\x1b[0m\n  File \"<cell>\", line 3, in forward_difference\n" + bare
        failed = [{"source": cells[0].source, "error": "<html>", "raw_error": raw}]
        reply = shorten_validation({"success": True, "value": {"failed": failed}}, test_cell_titles(path))
        [shown] = reply["value"]["failed"]
        assert shown["raw_error"].startswith("Exercise 1 · The forward difference is not answered yet")
        assert not shown["raw_error"].startswith("NotImplementedError")
    # a NotImplementedError with a message of its own is the student's, and stays
    raw = "NotImplementedError: complex inputs are not supported"
    [shown] = shorten_validation({"success": True, "value": {"failed": [
        {"source": cells[0].source, "error": "", "raw_error": raw}]}})["value"]["failed"]
    assert shown["raw_error"] == raw
