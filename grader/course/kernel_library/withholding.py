"""What a chapter's kernel goes without, and what it keeps: the course's policy as tables.

``KEPT``: answers a chapter's kernel keeps because the chapter runs on them before their exercise;
``WHILE_JUDGED``: kept functions switched off while their exercise is judged; ``STAND_IN``: those
of them that run the student's own answer instead; ``WITHOUT``: packages a chapter's kernel goes
without. ``course_answers`` and ``withheld_from`` apply the tables to the course's answers.
"""

from __future__ import annotations

from dataclasses import dataclass

from grader.course.model import Chapter, cell_kind, read_chapter
from grader.course.references import AnswerFunction, answer_functions

#: Functions a chapter's kernel keeps although they are answers of the chapter or of a later one,
#: because the chapter runs on them before (or without) their exercise: chapter -> {function: why}.
KEPT: dict[str, dict[str, str]] = {}


_FOUNDATIONS = ("autograd_lib.function.Function.apply", "autograd_lib.function.FunctionCtx.save_for_backward",
                "autograd_lib.function.FunctionCtx.saved_tensors", "autograd_lib.function.FunctionCtx.release",
                "autograd_lib.function.unpack_saved", "autograd_lib.ops.broadcast.unbroadcast")


_ENGINE = ("autograd_lib.engine.topological_order", "autograd_lib.engine._seed", "autograd_lib.engine._send",
           "autograd_lib.engine.backward", "autograd_lib.engine.grad")


_SUM_BACKWARD = ("autograd_lib.ops.reduction.Sum.backward", "autograd_lib.ops.reduction._kept_shape")


def _keep(chapter_id: str, why: str, *functions: str) -> None:
    KEPT.setdefault(chapter_id, {}).update(dict.fromkeys(functions, why))


_keep("01_computational_graphs",
      "the chapter builds and draws its graph with autograd_lib (chapter 2's operators and ops, "
      "values only); the derivatives, the ops' backward and the engine, stay withheld until graded",
      "autograd_lib.tensor.Tensor.__mul__", "autograd_lib.tensor.Tensor.__truediv__",
      "autograd_lib.tensor.Tensor.__neg__", "autograd_lib.ops.arithmetic.Mul.forward",
      "autograd_lib.ops.arithmetic.Div.forward", "autograd_lib.ops.unary.Exp.forward", *_FOUNDATIONS)


_keep("02_function_and_ctx",
      "every cell of the chapter runs on autograd_lib's Function.apply, FunctionCtx, operators and ops "
      "(the Context test runs the library's Mul on the student's Context; the apply test runs Mul, Div "
      "and Exp; a second derivative through the student's Div runs the library's Div)",
      "autograd_lib.function.Function.apply", "autograd_lib.function.FunctionCtx.save_for_backward",
      "autograd_lib.ops.arithmetic.Mul.forward", "autograd_lib.ops.arithmetic.Mul.backward",
      "autograd_lib.ops.arithmetic.Div.forward", "autograd_lib.ops.arithmetic.Div.backward",
      "autograd_lib.ops.unary.Exp.forward",
      "autograd_lib.tensor.Tensor.__mul__", "autograd_lib.tensor.Tensor.__truediv__",
      "autograd_lib.tensor.Tensor.__sub__", "autograd_lib.tensor.Tensor.__neg__")


_keep("02_function_and_ctx",
      "the tests run the chapter's Functions through the engine (chapter 3), which reads saved tensors "
      "(chapter 6) and sums broadcast gradients (chapter 4): none of it computes a Function's values "
      "or its backward", *_ENGINE, "autograd_lib.function.unpack_saved", "autograd_lib.ops.broadcast.unbroadcast",
      *_SUM_BACKWARD)


_keep("03_backward_engine",
      "the ops the engine runs read their saved tensors (chapter 6) and sum broadcast gradients "
      "(chapter 4): none of it orders a graph, seeds it or sends gradients",
      "autograd_lib.function.unpack_saved", "autograd_lib.ops.broadcast.unbroadcast", *_SUM_BACKWARD)


_keep("04_shapes",
      "every op's backward runs unbroadcast, and the hidden tests of exercise 1 differentiate through "
      "the student's answer (Sum's backward): both run before their own exercises are graded",
      "autograd_lib.ops.broadcast.unbroadcast", *_SUM_BACKWARD)


_keep("04_shapes",
      "the hidden tests of exercises 3 and 4 differentiate a second time through the student's backward, "
      "whose transposes, permutations and products run the library's Transpose, Permute and MatMul "
      "backward while their exercises are judged (a gradient that requires grad; create_graph)",
      "autograd_lib.ops.shape.Transpose.backward", "autograd_lib.ops.shape.Permute.backward",
      "autograd_lib.ops.linalg.MatMul.backward")


_keep("04_shapes", "ctx.saved_tensors (chapter 6) is how every op reads what it saved",
      "autograd_lib.function.unpack_saved")


_keep("05_gradcheck", "ctx.saved_tensors (chapter 6) is how every op reads what it saved",
      "autograd_lib.function.unpack_saved")


_LAYOUT = ("autograd_lib.viz.layout.assign_layers", "autograd_lib.viz.layout.layered_layout")


for _chapter in ("01_computational_graphs", "02_function_and_ctx", "03_backward_engine"):
    _keep(_chapter, "draw_graph lays out every graph these chapters draw with them (Kahn's algorithm in "
          "layers: a copy of chapter 3's topological_order)", *_LAYOUT)


_VIEWS = ("autograd_lib.views.share_base", "autograd_lib.ops.shape.copy_slices_backward", "autograd_lib.views.rebase")


for _chapter in ("01_computational_graphs", "02_function_and_ctx", "03_backward_engine", "04_shapes", "05_gradcheck"):
    _keep(_chapter, "every view op (indexing, reshape, transpose, expand: the ops' backward reshape too) runs "
          "share_base, and every in-place change through a view runs rebase, then copy_slices_backward in "
          "backward (chapter 6)", *_VIEWS)


_keep("06_inplace_and_hooks",
      "every view op runs share_base, every in-place change through a view rebase and, in backward, "
      "copy_slices_backward: the chapter's cells and exercises 1 to 5 (predict_views runs a view program) "
      "use them before exercises 6 to 8 are graded; each is switched off while its own exercise is "
      "judged (WHILE_JUDGED)", *_VIEWS)


_keep("06_inplace_and_hooks",
      "ctx.saved_tensors is unpack_saved, every in-place method runs check_inplace, and the chapter's "
      "cells and the hidden tests of exercise 1 change tensors with mul_ before exercises 2 and 3 are "
      "graded", "autograd_lib.function.unpack_saved", "autograd_lib.ops.inplace.check_inplace",
      "autograd_lib.ops.inplace.MulInplace.forward")


#: Kept functions of a chapter's own exercises that are switched off while the hidden tests of
#: their exercise are judged (chapter -> functions): the chapter runs on them before their
#: exercise, so they stay in its kernel, but while the student's answer is judged the library's
#: copy raises as a withheld one does, so an answer that hands its work to the library (under
#: any name, or through code that calls it, such as ``as_view`` for ``share_base``) earns
#: nothing. Their hidden tests must not run them on the judge's behalf.
WHILE_JUDGED: dict[str, set[str]] = {
    "02_function_and_ctx": {"autograd_lib.function.Function.apply", "autograd_lib.ops.arithmetic.Mul.forward",
                            "autograd_lib.ops.arithmetic.Mul.backward", "autograd_lib.ops.arithmetic.Div.forward",
                            "autograd_lib.ops.arithmetic.Div.backward", "autograd_lib.ops.unary.Exp.forward",
                            "autograd_lib.function.FunctionCtx.save_for_backward",
                            "autograd_lib.tensor.Tensor.__mul__", "autograd_lib.tensor.Tensor.__truediv__",
                            "autograd_lib.tensor.Tensor.__sub__", "autograd_lib.tensor.Tensor.__neg__"},
    # copies of topological_order that only draw_graph runs: no hidden test of chapter 3 draws
    "03_backward_engine": {"autograd_lib.viz.layout.assign_layers", "autograd_lib.viz.layout.layered_layout"},
    "04_shapes": {"autograd_lib.ops.broadcast.unbroadcast", "autograd_lib.ops.reduction.Sum.backward",
                  "autograd_lib.ops.reduction._kept_shape", "autograd_lib.ops.shape.Transpose.backward",
                  "autograd_lib.ops.shape.Permute.backward", "autograd_lib.ops.linalg.MatMul.backward"},
    "06_inplace_and_hooks": {"autograd_lib.views.share_base", "autograd_lib.ops.shape.copy_slices_backward",
                             "autograd_lib.views.rebase", "autograd_lib.function.unpack_saved",
                             "autograd_lib.ops.inplace.check_inplace", "autograd_lib.ops.inplace.MulInplace.forward"},
}


#: Functions of ``WHILE_JUDGED`` that do not just raise while their exercise is judged, but run the
#: student's own answer in their place (chapter -> {function: the notebook's name for the answer}):
#: their exercise's hidden tests run them on the judge's behalf (chapter 2's tests build graphs with
#: ``a * b``, and differentiate twice through the library's ``Mul``), so they must work, and they
#: work with the student's code. An answer that hands its work to the library's copy (a subclass
#: of the library's ``Mul``, the library's ``apply`` reached through a node's ``_forward_cls``)
#: then comes back to itself and earns nothing.
STAND_IN: dict[str, dict[str, str]] = {
    "02_function_and_ctx": {"autograd_lib.function.Function.apply": "apply",
                            "autograd_lib.ops.arithmetic.Mul.forward": "Mul.forward",
                            "autograd_lib.ops.arithmetic.Mul.backward": "Mul.backward",
                            "autograd_lib.ops.arithmetic.Div.forward": "Div.forward",
                            "autograd_lib.ops.arithmetic.Div.backward": "Div.backward",
                            "autograd_lib.ops.unary.Exp.forward": "Exp.forward",
                            "autograd_lib.function.FunctionCtx.save_for_backward": "Context.save_for_backward",
                            "autograd_lib.tensor.Tensor.__mul__": "Tensor.__mul__",
                            "autograd_lib.tensor.Tensor.__truediv__": "Tensor.__truediv__",
                            "autograd_lib.tensor.Tensor.__sub__": "Tensor.__sub__",
                            "autograd_lib.tensor.Tensor.__neg__": "Tensor.__neg__"},
    # every op's backward runs unbroadcast, and the hidden tests differentiate a second time through
    # the student's backward (its sums, transposes and products run the library's backward): the
    # engine, asked for a gradient while an exercise is judged, runs the student's own rule.
    # Permute.backward is a copy (permute by the inverse): it runs the student's Transpose.backward
    # once per pair of axes it swaps (``adapted``), so an honest gradient that permutes keeps working.
    "04_shapes": {"autograd_lib.ops.broadcast.unbroadcast": "unbroadcast",
                  "autograd_lib.ops.reduction.Sum.backward": "Sum.backward",
                  "autograd_lib.ops.reduction._kept_shape": "_kept_shape",
                  "autograd_lib.ops.shape.Transpose.backward": "Transpose.backward",
                  "autograd_lib.ops.shape.Permute.backward": "permute_by_transposes(Transpose.backward)",
                  "autograd_lib.ops.linalg.MatMul.backward": "MatMul.backward"},
    # every op reads its saved tensors with unpack_saved, every in-place method runs check_inplace,
    # and the chapter's cells and exercise 1's hidden tests use mul_ before their exercises
    "06_inplace_and_hooks": {"autograd_lib.function.unpack_saved": "unpack_saved",
                             "autograd_lib.ops.inplace.check_inplace": "check_inplace",
                             "autograd_lib.ops.inplace.MulInplace.forward": "MulInplace.forward"},
}


#: Packages a chapter's kernel goes without (chapter -> {distribution: why}): a package that computes
#: the chapter's answers where no hidden test can tell its values from the student's (chapter 9's
#: ``CrossEntropy`` gives only values; torch's ``cross_entropy`` gives the same ones). Every kernel
#: that runs the chapter's notebook for the course (graded, cold or warm, sandboxed or not, so
#: ``grader check`` too) finds in its place a stub of each of the distribution's top-level modules
#: (torch's: ``torch``, ``functorch``, ``torchgen``) whose import raises ``ModuleNotFoundError``
#: with the chapter and the reason; sandboxed, the stubs are mounted over the distribution's
#: folders, so none of its files (code or shared libraries) is there to load by path. The
#: rehearsals, which run the judge in the notebook's process, refuse the notebook's imports of them
#: (``refuse_in_notebook``). The chapter's own cells must then compare with recorded values.
WITHOUT: dict[str, dict[str, str]] = {
    "09_training": {
        "torch": "torch computes this chapter's answers (log_softmax, cross_entropy, the optimisers); its "
                 "comparisons use values recorded with torch (autograd_lib.data.torch_values)",
    },
}


@dataclass(frozen=True)
class Withheld:
    """A function left out of a chapter's kernel: where it is and whose answer it is."""

    function: AnswerFunction
    chapter_id: str

    def as_dict(self) -> dict:
        return {"function": self.function.dotted, "reference": self.function.reference,
                "exercise": self.function.exercise, "chapter": self.chapter_id}


def course_answers(chapters: list[Chapter]) -> list[Withheld]:
    """Every answer function of every chapter, in syllabus order."""
    found = []
    for chapter in chapters:
        for cell in read_chapter(chapter).cells:
            if cell_kind(cell) == "answer":
                found += [Withheld(f, chapter.chapter_id) for f in answer_functions(cell)]
    return found


def withheld_from(chapter_id: str, answers: list[Withheld]) -> list[Withheld]:
    """The answers a chapter's kernel goes without: its own and every later chapter's, less ``KEPT``,
    one entry per function. A function that answers several exercises of the chapter (``hvp`` is
    its own exercise and a copy of ``second_derivative``) belongs to the last of them: it comes
    back only once all of them are graded."""
    kept = KEPT.get(chapter_id, {})
    chosen: dict[str, Withheld] = {}
    for answer in answers:
        if answer.chapter_id < chapter_id or answer.function.dotted in kept:
            continue
        known = chosen.get(answer.function.dotted)
        if known is None or known.chapter_id != chapter_id or answer.chapter_id == chapter_id:
            chosen.pop(answer.function.dotted, None)  # the later entry of this chapter wins
            chosen[answer.function.dotted] = answer
    return list(chosen.values())
