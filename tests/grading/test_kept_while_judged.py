"""Chapter 6's kernel keeps the library's ``share_base``, ``copy_slices_backward`` and ``rebase``
(every view op and every in-place change through a view runs them, in the chapter's cells and in
exercises 1 to 5 before theirs), so they are switched off while the hidden tests of their own
exercise run (``grader.course.kernel_library.WHILE_JUDGED``).

An answer that hands its work to the library through code the static check cannot name (``as_view``
calls ``share_base``; a ``CopySlices`` node of one's own calls ``copy_slices_backward``) earned full
marks with the functions merely kept. Graded on the chapter's build, without the static check
(a rehearsal runs none), each scores nothing on its own exercise and leaves every other exercise
its full marks. ``tests/course/test_solutions_match_library.py`` covers the direct imports of the
three, ``tests/course/test_known_wrong.py`` every solution and known-wrong answer under the switch.
"""

import pytest
from support.in_process import chapter_group, exercise_scores, run_in_process

from grader.course.kernel_library import KEPT, WHILE_JUDGED, read_while_judged
from grader.course.model import find_chapters, read_chapter
from grader.paths import COURSE_DIR

CHAPTER = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == "06_inplace_and_hooks")

#: answer cell -> an answer that lets the library do the exercise without naming its reference
DELEGATING = {
    "share_base": (
        "from autograd_lib.views import as_view\n\n\n"
        "def share_base(view, source, view_fn):\n"
        "    as_view(view, source, view_fn)  # the library's as_view calls the library's share_base\n"),
    "copy_slices_backward": (
        "def copy_slices_backward(grad, fn, index):\n"
        "    # a CopySlices node of one's own: its apply is the library's copy_slices_backward\n"
        "    return CopySlices((None, 0), fn, index, grad).apply(grad)\n"),
}


@chapter_group("06_inplace_and_hooks")
def test_the_functions_switched_off_are_kept_and_the_build_says_how():
    from support.in_process import kernel_libraries

    names = WHILE_JUDGED[CHAPTER.chapter_id]
    assert names <= set(KEPT[CHAPTER.chapter_id])
    sent = read_while_judged(kernel_libraries()[CHAPTER.chapter_id])
    assert set(sent) == {"share_base", "copy_slices_backward", "rebase", "unpack_saved", "check_inplace",
                         "mul_inplace"}
    for exercise in ("share_base", "copy_slices_backward", "rebase"):  # switched off: they raise
        for entry in sent[exercise]:
            assert "raise withheld(" in entry["skeleton"] and "stand_in" not in entry, entry["module"]
    stand_ins = {q: name for e in ("unpack_saved", "check_inplace", "mul_inplace") for entry in sent[e]
                 for q, name in entry["stand_in"].items()}
    assert stand_ins == {"unpack_saved": "unpack_saved", "check_inplace": "check_inplace",
                         "MulInplace.forward": "MulInplace.forward"}


@pytest.fixture(scope="module")
def delegated():
    nb = read_chapter(CHAPTER)
    return exercise_scores(nb, run_in_process(nb, DELEGATING, cwd=CHAPTER.folder))


@chapter_group("06_inplace_and_hooks")
@pytest.mark.parametrize("exercise", sorted(DELEGATING))
def test_an_answer_that_hands_its_work_to_the_kept_library_code_earns_nothing(delegated, exercise):
    earned, possible = delegated[exercise]
    assert possible > 0 and earned == 0, f"{exercise}: the library's copy answered it ({earned}/{possible})"


@chapter_group("06_inplace_and_hooks")
def test_every_other_exercise_keeps_its_marks_around_the_switch(delegated):
    """The library's copies are on again after each judged exercise: the rest of the chapter (and
    the visible tests, which run them) is not touched."""
    others = {e: s for e, s in delegated.items() if e not in DELEGATING}
    assert others and all(earned == possible for earned, possible in others.values()), others


@chapter_group("06_inplace_and_hooks")
def test_a_kernel_that_does_not_take_the_switch_has_the_notebook_held():
    """The library's copy would be at hand while the answer is judged: a refusal, as the guard's."""
    from grader.judge.channel import LoopbackChannel
    from grader.judge.releases import Releases

    channel = LoopbackChannel({"__name__": "__main__"})
    gone = [{"module": "autograd_lib.views", "qualnames": ["share_base"], "skeleton": "def share_base(:\n"}]
    releases = Releases({"share_base": ["share_base_tests"]}, {}, {"share_base": gone})
    releases.before("other_tests", channel)
    assert releases.refusals == []  # another exercise's test: nothing to switch
    releases.before("share_base_tests", channel)
    assert releases.refusals and "share_base" in releases.refusals[0], releases.refusals


# -- chapter 2: the student's code stands in for the kept Function.apply, Mul and Div --------------

CHAPTER_2 = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == "02_function_and_ctx")

#: The library's kept classes and apply, reached without a name the static check knows (the attack
#: of issue 23, a12: every node carries the library's Function as ``_forward_cls``).
_REACHED = (
    "_probe = ag.tensor([1.0], requires_grad=True)\n"
    "_MulRef = (_probe * 2.0).grad_fn._forward_cls\n"
    "_DivRef = (_probe / 2.0).grad_fn._forward_cls\n"
    "_FnBase = _MulRef.__mro__[1]\n"
    "_ApplyRef = [v for k, v in vars(_FnBase).items() if k[::-1] == 'ylppa'][0].__func__\n")

#: answer cell -> an answer that hands the exercise to the library's kept copy
HANDED_TO_THE_LIBRARY = {
    "apply": _REACHED + "\n\ndef apply(cls, *args):\n    return _ApplyRef(cls, *args)\n",
    "mul": _REACHED + "\n\nclass Mul(_MulRef):\n    pass\n",
    "div": _REACHED + (  # a class of one's own whose methods call the library's
        "\n\nclass Div(Function):\n"
        "    @staticmethod\n"
        "    def forward(ctx, a, b):\n"
        "        return _DivRef.forward(ctx, a, b)\n\n"
        "    @staticmethod\n"
        "    def backward(ctx, grad):\n"
        "        return _DivRef.backward(ctx, grad)\n"),
}


@pytest.fixture(scope="module")
def handed_to_the_library():
    nb = read_chapter(CHAPTER_2)
    return exercise_scores(nb, run_in_process(nb, HANDED_TO_THE_LIBRARY, cwd=CHAPTER_2.folder))


@chapter_group("02_function_and_ctx")
@pytest.mark.parametrize("exercise", sorted(HANDED_TO_THE_LIBRARY))
def test_an_answer_that_reaches_the_kept_apply_mul_or_div_at_run_time_earns_nothing(handed_to_the_library,
                                                                                     exercise):
    """They earned apply 2/2, mul 1/1 and div 1/1 with the library's code merely kept: while each
    exercise is judged, the library's copy runs the student's answer, which comes back to itself."""
    earned, possible = handed_to_the_library[exercise]
    assert possible > 0 and earned == 0, f"{exercise}: the library's copy answered it ({earned}/{possible})"


@chapter_group("02_function_and_ctx")
def test_the_rest_of_chapter_2_keeps_its_marks_around_the_stand_in(handed_to_the_library):
    others = {e: s for e, s in handed_to_the_library.items() if e not in HANDED_TO_THE_LIBRARY}
    assert others and all(earned == possible for earned, possible in others.values()), others


@chapter_group("02_function_and_ctx")
def test_chapter_2_sends_the_students_code_to_stand_in_for_the_kept_functions():
    from support.in_process import kernel_libraries

    sent = read_while_judged(kernel_libraries()[CHAPTER_2.chapter_id])
    assert set(sent) == {"apply", "mul", "div", "exp", "context", "operators"}
    stand_ins = {q: name for entries in sent.values() for e in entries for q, name in e.get("stand_in", {}).items()}
    assert stand_ins == {"Function.apply": "apply", "Mul.forward": "Mul.forward", "Mul.backward": "Mul.backward",
                         "Div.forward": "Div.forward", "Div.backward": "Div.backward", "Exp.forward": "Exp.forward",
                         "FunctionCtx.save_for_backward": "Context.save_for_backward",
                         **{f"Tensor.{op}": f"Tensor.{op}" for op in ("__mul__", "__truediv__", "__sub__", "__neg__")}}
    for entries in sent.values():
        for entry in entries:
            assert "return stand_in(" in entry["skeleton"], entry["module"]


#: A fresh copy of the module that holds the kept Mul, run again from the loaded module's own loader
#: (no import machinery named, so the static check finds nothing): its file has the code the stand-in
#: replaces in the loaded module. It earned mul 1/1; the guard holds it.
FRESH_COPY = '''
import inspect as _i, types as _t
_lib = (ag.tensor([1.0], requires_grad=True) * 2.0).grad_fn._forward_cls
_fresh = _t.ModuleType(_lib.__module__)
getattr(_i.getmodule(_lib), "__load" + "er__").exec_module(_fresh)


class Mul(Function):
    forward = staticmethod(_fresh.Mul.forward)
    backward = staticmethod(_fresh.Mul.backward)
'''


@chapter_group("02_function_and_ctx")
def test_a_fresh_copy_of_the_kept_module_from_its_loader_has_the_notebook_held():
    outcomes = run_in_process(read_chapter(CHAPTER_2), {"mul": FRESH_COPY}, cwd=CHAPTER_2.folder)
    assert outcomes and all(o.outcome == "held" and o.score == 0 for o in outcomes.values()), \
        {g: (o.outcome, o.score, o.message[:120]) for g, o in outcomes.items()}
    assert all("running the library module" in o.message for o in outcomes.values())


# -- chapter 4: the student's code stands in for the kept unbroadcast and backward rules ------------

CHAPTER_4 = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == "04_shapes")


def _fixture(folder: str, name: str):
    from support.classes import FIXTURES, load_fixture

    return load_fixture(FIXTURES.with_name(folder) / f"{name}.py")


ENGINE_ASKED = _fixture("fixtures_04", "engine_asked_for_every_gradient")


@pytest.fixture(scope="module")
def engine_asked():
    nb = read_chapter(CHAPTER_4)
    outcomes = run_in_process(nb, ENGINE_ASKED.ANSWERS, cwd=CHAPTER_4.folder)
    return exercise_scores(nb, outcomes), outcomes


@chapter_group("04_shapes")
@pytest.mark.parametrize("exercise", sorted(ENGINE_ASKED.ANSWERS))
def test_an_answer_that_asks_the_engine_for_its_gradient_earns_nothing(engine_asked, exercise):
    """It earned 8/8 with the library's unbroadcast and backward rules merely kept (the engine ran
    them); a rehearsal runs no static check, so the stand-in alone takes the points away: the
    engine runs the student's own rule, which asks the engine again and comes back to itself."""
    scores, outcomes = engine_asked
    earned, possible = scores[exercise]
    assert possible > 0 and earned == 0, f"{exercise}: the library's copy answered it ({earned}/{possible})"
    message = outcomes[f"{exercise}_tests"].message
    if exercise != "sum_backward":  # whose first promise is _kept_shape's, which the answer does not write
        assert "came back to itself" in message, message


@chapter_group("04_shapes")
def test_chapter_4_sends_the_students_code_to_stand_in_for_every_kept_answer():
    from support.in_process import kernel_libraries

    sent = read_while_judged(kernel_libraries()[CHAPTER_4.chapter_id])
    assert set(sent) == {"unbroadcast", "sum_backward", "transpose_backward", "matmul_backward"}
    stand_ins = {q: name for entries in sent.values() for e in entries for q, name in e.get("stand_in", {}).items()}
    assert stand_ins == {"unbroadcast": "unbroadcast", "Sum.backward": "Sum.backward", "_kept_shape": "_kept_shape",
                         "Transpose.backward": "Transpose.backward", "MatMul.backward": "MatMul.backward",
                         "Permute.backward": "permute_by_transposes(Transpose.backward)"}
    from grader.course.kernel_library import course_answers

    own = {a.function.dotted for a in course_answers([CHAPTER_4])}
    kept_answers = set(KEPT[CHAPTER_4.chapter_id]) & own  # every kept answer of chapter 4 stands in
    assert kept_answers == WHILE_JUDGED[CHAPTER_4.chapter_id]


@chapter_group("04_shapes")
@pytest.mark.parametrize("inverse", [(0,), (1, 0), (2, 0, 1), (1, 2, 0), (3, 1, 0, 2)])
def test_permute_backward_done_with_the_students_transpose_backward_is_permute_backward(inverse):
    """Permute.backward is a copy of transpose_backward: while that exercise is judged it runs the
    student's Transpose.backward, one pair of axes at a time; an honest one gives the library's value."""
    import types

    import numpy as np

    from kernel_agent.release import permute_by_transposes

    def transpose_backward(ctx, grad):  # the chapter's solution
        return np.swapaxes(grad, *ctx.dims), None, None

    grad = np.arange(float(np.prod(range(2, 2 + len(inverse))))).reshape(tuple(range(2, 2 + len(inverse))))
    got, none = permute_by_transposes(transpose_backward)(types.SimpleNamespace(inverse=inverse), grad)
    assert none is None and np.array_equal(got, np.transpose(grad, inverse))


# -- chapters 2 and 6: the rest of the kept answers stand in too -----------------------------------

#: answer cell -> an answer that hands its work to the kept library function through a run-time
#: object (a rehearsal runs no static check): each earned its exercise with the function merely kept
KEPT_AND_REACHED = {
    "06_inplace_and_hooks": {
        "unpack_saved": ("_unpack = autograd_lib.function.unpack_saved\n\n\n"
                         "def unpack_saved(ctx):\n    return _unpack(ctx)\n"),
        "check_inplace": ("_check = autograd_lib.ops.inplace.check_inplace\n\n\n"
                          "def check_inplace(tensor):\n    return _check(tensor)\n"),
        "mul_inplace": "class MulInplace(autograd_lib.ops.inplace.MulInplace):\n    pass\n",
    },
    "02_function_and_ctx": {
        "operators": ("_lib = vars(type(autograd_lib.tensor([1.0])))\n\n\n"
                      "class Tensor(TensorWithoutOperators):\n"
                      "    __mul__, __truediv__, __sub__, __neg__ = (_lib[n] for n in ('__mul__', '__truediv__', "
                      "'__sub__', '__neg__'))\n\n"
                      "    def __rmul__(self, other):\n        return self * other\n\n"
                      "    def __rtruediv__(self, other):\n        return self._wrap(other) / self\n\n"
                      "    def __rsub__(self, other):\n        return -self + other\n"),
    },
}


@pytest.mark.parametrize("chapter_id, exercise", [(c, e) for c, found in KEPT_AND_REACHED.items() for e in found])
def test_an_answer_that_reaches_another_kept_answer_at_run_time_earns_nothing(chapter_id, exercise):
    chapter = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == chapter_id)
    nb = read_chapter(chapter)
    scores = exercise_scores(nb, run_in_process(nb, {exercise: KEPT_AND_REACHED[chapter_id][exercise]},
                                                cwd=chapter.folder))
    earned, possible = scores[exercise]
    assert possible > 0 and earned == 0, f"{exercise}: the library's copy answered it ({earned}/{possible})"
    others = {e: s for e, s in scores.items() if e != exercise}
    assert all(got == full for got, full in others.values()), others
