"""What a student reads when a test cell loses points: the judge's message, made plain where the
judge alone cannot see why (an answer cell that does not compile)."""

import json

import nbformat

from grader.judge.judge import FAILED, Verdict
from grader.pipeline.preprocessors import ApplyVerdicts

NAME_ERROR = ("the worked example: numerical_gradient(...) raised NameError: name 'numerical_gradient' is not "
              "defined (a name your code needs is not defined when this test runs (run your answer cell; check "
              "its spelling))")


def _notebook(answer: str, *, other: str = "def helper():\n    return 1\n"):
    cells = []
    for grade_id, source, kind in [("helper", other, "answer"), ("helper_tests", "check()", "test"),
                                   ("numerical_gradient", answer, "answer"),
                                   ("numerical_gradient_tests", "check()", "test")]:
        cell = nbformat.v4.new_code_cell(source)
        cell.metadata["nbgrader"] = {"grade_id": grade_id, "solution": kind == "answer", "grade": kind == "test",
                                     "points": 1}
        cells.append(cell)
    return nbformat.v4.new_notebook(cells=cells)


def _messages(nb, tmp_path, verdicts) -> dict:
    report = tmp_path / "messages.json"
    ApplyVerdicts(report_path=str(report)).preprocess(
        nb, {"verdicts": {g: v.as_dict() for g, v in verdicts.items()}, "zeroed": {}})
    return {k.split("/", 1)[1]: v for k, v in json.loads(report.read_text()).items()}


def test_an_answer_cell_that_does_not_compile_is_named_with_the_line_and_the_reason(tmp_path):
    answer = "def numerical_gradient(f, x, h=1e-5):\n    grad = np.zeros(x.shape\n    return grad\n"
    nb = _notebook(answer)
    messages = _messages(nb, tmp_path, {"numerical_gradient_tests": Verdict("numerical_gradient_tests", FAILED,
                                                                            NAME_ERROR)})
    first, *rest = messages["numerical_gradient_tests"].splitlines()
    assert first == ("HiddenTestFailed: the answer cell numerical_gradient does not compile, so nothing in it was "
                     "defined: line 2: '(' was never closed: grad = np.zeros(x.shape")
    assert NAME_ERROR in "\n".join(rest)
    assert "does not compile" in nb.cells[3].outputs[-1].evalue


def test_a_magic_or_a_compiling_answer_adds_nothing_and_other_exercises_are_left_alone(tmp_path):
    nb = _notebook("%time x = 1\ndef numerical_gradient(f, x, h=1e-5):\n    return x\n", other="def helper(:\n")
    messages = _messages(nb, tmp_path, {
        "numerical_gradient_tests": Verdict("numerical_gradient_tests", FAILED, "the gradient is wrong"),
        "helper_tests": Verdict("helper_tests", FAILED, "helper() raised NameError")})
    assert messages["numerical_gradient_tests"] == "HiddenTestFailed: the gradient is wrong"
    assert messages["helper_tests"].startswith("HiddenTestFailed: the answer cell helper does not compile")


def test_numbers_are_written_with_the_first_digit_that_differs():
    from grader.judge.channel import LoopbackChannel
    from grader.judge.judge import Judge
    from grader.judge.toolkit import distinct

    assert distinct(3.0000000001, 3.0) == ("3.0000000001", "3")
    assert distinct(0.1 + 0.2, 0.3) == ("0.30000000000000004", "0.3")
    assert distinct(6.0, 7.0) == ("6", "7")
    hidden = ("from grader.judge.toolkit import case, expect_close, student\n"
              "with case('x = 1'):\n    expect_close(student.f(), 3.0, rtol=1e-12, atol=0, what='f()')\n")
    verdict = Judge({"t": hidden}, 1).judge("t", LoopbackChannel({"f": lambda: 3.0 + 3e-11}))
    assert "got 3.00000000003, expected 3 (tolerance" in verdict.message
    assert "index" not in verdict.message  # a scalar has no index to name


def test_a_diagnosis_run_tells_apart_two_answers_that_raise_different_errors():
    from grader.judge.channel import LoopbackChannel
    from grader.judge.diagnose import Recorder, likeness
    from grader.judge.remote import Session
    from grader.judge.toolkit import running

    hidden = ("from grader.judge.toolkit import case, raises, student\n"
              "with case('an unknown name'):\n    with raises('ValueError', what='f()'):\n        student.f()\n")

    def record(error):
        def f():
            raise error
        recorder = Recorder()
        with running(Session(LoopbackChannel({"f": f}), 1e18, recorder), 7):
            exec(compile(hidden, "<hidden>", "exec"), {})
        return next(c for c in recorder.cases if c.label == "an unknown name")

    assert likeness(record(KeyError("x")), record(LookupError("y"))) == 0.0
    assert likeness(record(KeyError("x")), record(KeyError("x"))) == 1.0


def test_an_answer_left_as_released_never_counts_as_the_runtime_error_a_test_expects():
    """NotImplementedError is a RuntimeError: a stub must not keep a promise that misuse raises one."""
    from grader.judge.channel import LoopbackChannel
    from grader.judge.judge import Judge

    def stub(*args):
        raise NotImplementedError()

    hidden = ("from grader.judge.toolkit import case, raises, student\n"
              "with case('a vector without a gradient'):\n"
              "    with raises('RuntimeError', what='f(v)'):\n        student.f()\n")
    verdict = Judge({"t": hidden}, 1).judge("t", LoopbackChannel({"f": stub}))
    assert verdict.outcome == "failed" and "still raises NotImplementedError" in verdict.message
    right = Judge({"t": hidden}, 1).judge("t", LoopbackChannel({"f": lambda: (_ for _ in ()).throw(RuntimeError())}))
    assert right.passed
