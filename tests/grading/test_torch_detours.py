"""Chapter 9's answers computed by torch's tensor methods, wrapped in a private autograd_lib
``Function`` (issue 23's a27, a29 and a29b): no spelling of torch can be listed, so the hidden
tests check what such a detour cannot give.

``log_softmax`` must be written with Tensor operations: every node of its result's graph is one
of autograd_lib's own operations, and its second derivatives (``create_graph=True``) equal
torch's. A private Function whose forward and backward call torch fails both. ``CrossEntropy``
is a Function of the student's own by the exercise's statement, whose forward and backward give
only values (forward runs without recording; backward's gradient has no graph to the logits in
the course's own answer either): the hidden tests cannot tell torch's values from the student's,
so chapter 9's kernel has no torch (``grader.course.kernel_library.WITHOUT``), and the rehearsal
refuses the notebook's imports of it as the kernel does. Graded in-process on the chapter's build,
without the static check (a rehearsal runs none); ``test_torch_routes.py`` grades the other torch
routes through the real pipeline.
"""

import pytest
from support.in_process import chapter_group, exercise_scores, run_in_process

from grader.course.model import find_chapters, read_chapter
from grader.paths import COURSE_DIR

CHAPTER = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == "09_training")
pytestmark = chapter_group(CHAPTER.chapter_id)

#: a29b's answer cells: torch's tensor methods behind private Functions, no torch function named
BY_TORCH_METHODS = {
    "log_softmax": '''import torch as _t


class _TorchLogSoftmax(Function):
    @staticmethod
    def forward(ctx, x, dim):
        ctx.dim = dim
        ctx.save_for_backward(x)
        return _t.as_tensor(x.data).log_softmax(dim).numpy()

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        tx = _t.as_tensor(x.data).clone().requires_grad_(True)
        with _t.enable_grad():
            (gx,) = _t.autograd.grad(tx.log_softmax(ctx.dim), tx, _t.as_tensor(g.data).to(tx.dtype))
        return autograd_lib.tensor(gx.numpy()), None


def log_softmax(input, dim=-1):
    return _TorchLogSoftmax.apply(input, dim)
''',
    "cross_entropy_function": '''import torch as _t


class CrossEntropy(Function):
    @staticmethod
    def forward(ctx, logits, target):
        tgt = _t.as_tensor(np_target(target)).long()
        ctx.tgt = tgt
        ctx.save_for_backward(logits)
        return _ce(_t.as_tensor(logits.data), tgt).numpy()

    @staticmethod
    def backward(ctx, grad_output):
        (logits,) = ctx.saved_tensors
        tl = _t.as_tensor(logits.data).clone().requires_grad_(True)
        with _t.enable_grad():
            (g,) = _t.autograd.grad(_ce(tl, ctx.tgt), tl)
        return autograd_lib.tensor(g.numpy()) * grad_output, None


def np_target(target):
    return target.data if isinstance(target, Tensor) else np.asarray(target)


def _ce(logits_t, tgt):
    return -logits_t.log_softmax(1).gather(1, tgt.unsqueeze(1)).mean()
''',
}


@pytest.fixture(scope="module")
def by_torch_methods():
    nb = read_chapter(CHAPTER)
    return exercise_scores(nb, run_in_process(nb, BY_TORCH_METHODS, cwd=CHAPTER.folder))


def test_log_softmax_by_torchs_tensor_methods_earns_nothing(by_torch_methods):
    """It earned 2/2: values, gradients and large logits are all torch's to give."""
    earned, possible = by_torch_methods["log_softmax"]
    assert possible > 0 and earned == 0, f"log_softmax by torch earned {earned}/{possible}"


def test_cross_entropy_by_torchs_tensor_methods_earns_nothing(by_torch_methods):
    """It earned 3/3: no hidden test can tell torch's values from the student's, so chapter 9's
    kernel has no torch (``kernel_library.WITHOUT``): ``import torch`` raises there, and the
    answer's Function has nothing to call."""
    earned, possible = by_torch_methods["cross_entropy_function"]
    assert possible > 0 and earned == 0, f"CrossEntropy by torch earned {earned}/{possible}"


def test_the_other_exercises_keep_their_marks(by_torch_methods):
    others = {e: s for e, s in by_torch_methods.items() if e not in BY_TORCH_METHODS}
    assert others and all(earned == possible for earned, possible in others.values()), others
