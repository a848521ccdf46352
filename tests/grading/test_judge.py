"""The judge and the agent, in-process (fast): what crosses the boundary, and how a verdict is made."""

import json

import numpy as np
import pytest

from grader.judge import wire
from grader.judge.channel import LoopbackChannel
from grader.judge.judge import FAILED, JUDGE_ERROR, PASSED, Judge
from grader.judge.remote import JudgeMisuse, Session
from grader.judge.toolkit import rng, running
from kernel_agent.agent import Agent


def _judge(hidden: str, namespace: dict, seed: int = 1):
    return Judge({"t": hidden}, seed).judge("t", LoopbackChannel(namespace))


def test_a_passing_test_passes_and_a_wrong_value_names_its_case():
    ns = {"double": lambda x: 2 * x}
    test = ("from grader.judge.toolkit import case, expect_close, student\n"
            "with case('x = 3'):\n    expect_close(student.double(3.0), {want}, what='double')\n")
    assert _judge(test.format(want=6.0), ns).outcome == PASSED
    verdict = _judge(test.format(want=7.0), ns)
    assert verdict.outcome == FAILED and verdict.case == ("x = 3",)
    assert verdict.message.startswith("x = 3: double is wrong") and "got 6, expected 7" in verdict.message


def test_an_exception_in_the_students_code_is_reported_with_the_call():
    def broken(x):
        raise IndexError("tuple index out of range")

    verdict = _judge("import numpy as np\nfrom grader.judge.toolkit import case, fetch, student\n"
                     "with case('without a bias'):\n    fetch(student.f(np.zeros((2, 3))))\n", {"f": broken})
    assert verdict.outcome == FAILED
    assert verdict.message == ("without a bias: f(an array of shape (2, 3)) raised IndexError (its message is not "
                               "shown: it could carry the hidden inputs)")


def test_no_text_the_students_code_made_from_a_hidden_input_comes_back():
    """An answer that raises with its arguments in the message (or in its class's name, or a
    tensor whose data cannot be read) shows the call's shapes and a class of Python's: never the
    values the judge drew, even where a hidden test quotes the error's message."""
    def leaky(x):
        raise ValueError(f"x is {np.asarray(x).tolist()}")

    def leaky_class(x):
        raise type(f"Leak_{np.asarray(x).ravel()[0]:.4f}".replace(".", "_").replace("-", "m"), (KeyError,), {})()

    drawn = ("import numpy as np\nfrom grader.judge.toolkit import case, fetch, promise, raises, rng, student\n"
             "x = rng('leak').normal(size=(2, 3))\n"
             "with promise('the value'):\n    with case('x of shape (2, 3)'):\n        fetch(student.f(x))\n"
             "with promise('an error'):\n    with raises('TypeError', what='f(x)') as raised:\n        student.f(x)\n"
             "    from grader.judge.toolkit import fail\n"
             "    fail(f'its message should name x, got {raised.error.message!r} ({raised.error.message})')\n")
    for answer in (leaky, leaky_class):
        verdict = _judge(drawn, {"f": answer}, seed=7)
        shown = " ".join([verdict.message, *(p.message for p in verdict.promises)])
        with running(Session(LoopbackChannel({}), float("inf")), 7):  # the judge's draw, redone to look for it
            x = rng("leak").normal(size=(2, 3))
        assert verdict.outcome == FAILED and "x of shape (2, 3)" in shown, shown
        for value in x.ravel():
            for digits in (f"{value:.4f}", f"{value:.4f}".replace(".", "_").replace("-", "m"), f"{value:.3f}"):
                assert digits not in shown, (digits, shown)
        assert "raised ValueError" in shown or "raised KeyError" in shown, shown


def test_numpy_scalar_reprs_in_the_students_exception_never_show():
    def broken(x):
        np.zeros(np.prod(()))  # numpy 2: TypeError ... got 'np.float64(1.0)'

    verdict = _judge("from grader.judge.toolkit import case, fetch, student\n"
                     "with case('a 0-d input'):\n    fetch(student.f(1.0))\n", {"f": broken})
    assert verdict.outcome == FAILED
    assert "np.float64(" not in verdict.message and "raised TypeError" in verdict.message, verdict.message


def test_raises_checks_the_class_and_its_bases():
    def second_backward():
        raise RuntimeError("Trying to backward through the graph a second time")

    base = ("from grader.judge.toolkit import raises, student\n"
            "with raises({name}, what='a second backward'):\n    student.g()\n")
    assert _judge(base.format(name="'RuntimeError'"), {"g": second_backward}).outcome == PASSED
    assert _judge(base.format(name="'Exception'"), {"g": second_backward}).outcome == PASSED
    wrong = _judge(base.format(name="'ValueError'"), {"g": second_backward})
    assert wrong.outcome == FAILED and "it raised RuntimeError" in wrong.message
    quiet = _judge(base.format(name="'RuntimeError'"), {"g": lambda: None})
    assert quiet.outcome == FAILED and "returned without an error" in quiet.message


def test_a_remote_cannot_be_used_as_data():
    session = Session(LoopbackChannel({"x": 1}), deadline=1e18)
    remote = session.global_("x")
    for misuse in (lambda: bool(remote), lambda: remote == 1, lambda: len(remote), lambda: list(remote)):
        with pytest.raises(JudgeMisuse):
            misuse()
    assert _judge("from grader.judge.toolkit import student\nif student.x:\n    pass\n",
                  {"x": 1}).outcome == JUDGE_ERROR


def test_operations_run_in_program_order_with_one_round_trip_per_fetch():
    ns = {"items": []}
    session = Session(LoopbackChannel(ns), deadline=1e18)
    items = session.global_("items")
    items.append(1)
    first = items[0]
    items.append(2)
    assert session.round_trips == 0
    assert session.fetch(first, session.global_("items")) == [1, [1, 2]]
    assert session.round_trips == 1


def test_the_seed_is_the_judges_and_inputs_differ_between_runs():
    hidden = ("from grader.judge.toolkit import rng, student\n"
              "student.seen = float(rng('t').normal())\n")
    ns1, ns2, ns3 = {}, {}, {}
    _judge(hidden, ns1, seed=1), _judge(hidden, ns2, seed=1), _judge(hidden, ns3, seed=2)
    assert ns1["seen"] == ns2["seen"] != ns3["seen"]


@pytest.mark.parametrize("reply", [
    "not json", "[1, 2]", '{"results": {"f0": {"$pickle": "x"}}, "failure": null, "ran": 1}',
    '{"results": {"f0": {"$array": {"dtype": "object", "shape": [1], "b64": ""}}}, "failure": null, "ran": 1}',
    '{"results": {"f0": {"$array": {"dtype": "float64", "shape": [4], "b64": "AAAA"}}}, "failure": null, "ran": 1}',
    '{"results": {}, "failure": null, "ran": 0}',
])
def test_a_reply_outside_the_agreed_forms_fails_the_test_and_nothing_else(reply):
    class Liar:
        def request(self, text, timeout):
            return reply

    verdict = Judge({"t": "from grader.judge.toolkit import fetch, student\nfetch(student.x)\n"}, 1).judge("t", Liar())
    assert verdict.outcome == FAILED


def test_tensors_cross_as_data_with_their_autograd_facts():
    import autograd_lib

    x = autograd_lib.tensor([[1.0, 2.0]], requires_grad=True)
    y = x * 2.0
    encoded = wire.decode(json.loads(json.dumps(wire_value(y))))
    assert encoded.library == "autograd_lib" and encoded.requires_grad and not encoded.is_leaf
    assert encoded.grad_fn == y.grad_fn.name() and encoded.shape == (1, 2)
    np.testing.assert_array_equal(encoded.data, [[2.0, 4.0]])


def wire_value(obj):
    from kernel_agent.wire import Encoder

    return Encoder(lambda o: 7).encode(obj)


def test_the_agent_survives_anything_the_students_code_raises():
    def leave():
        raise SystemExit(3)

    agent = Agent({"leave": leave})
    reply = json.loads(agent.handle(json.dumps({"ops": [
        {"op": "global", "name": "leave", "out": 1}, {"op": "call", "fn": 1, "args": [], "kwargs": [], "out": 2}]})))
    assert reply["failure"]["index"] == 1 and reply["failure"]["error"]["$error"]["type"] == "builtins.SystemExit"


def test_a_context_entered_in_the_kernel_is_left_even_when_its_body_fails():
    class Mode:
        on = False

        def __enter__(self):
            Mode.on = True

        def __exit__(self, *exc):
            Mode.on = False

    def boom():
        raise ValueError("inside")

    ns = {"mode": Mode(), "boom": boom}
    verdict = _judge("from grader.judge.toolkit import case, fetch, student\n"
                     "with case('inside a context'):\n    with student.mode:\n        fetch(student.boom())\n", ns)
    assert verdict.outcome == FAILED and "raised ValueError" in verdict.message
    assert Mode.on is False


def test_large_arrays_cross_whole():
    big = np.arange(100_000, dtype=np.float64).reshape(250, 400)
    verdict = _judge("import numpy as np\nfrom grader.judge.toolkit import case, expect_close, student\n"
                     "with case('a big array'):\n"
                     "    expect_close(student.big, np.arange(100_000.0).reshape(250, 400), what='big')\n",
                     {"big": big})
    assert verdict.outcome == PASSED, verdict.message


def test_a_call_shows_a_tuple_of_one_with_its_comma():
    from grader.judge.remote import summary

    assert summary([(), (3,)]) == "[(), (3,)]"
    assert summary((np.zeros(2), 1.5)) == "(an array of shape (2,), 1.5)"
