"""Chapter 9's kernel has no torch (``grader.course.kernel_library.WITHOUT``): its CrossEntropy
answered by torch earns nothing, through the real pipeline, sandboxed, warm and cold.

``CrossEntropy`` is a Function of the student's own whose forward and backward give only values,
so no hidden test can tell torch's from the student's: each route of ``fixtures_09/`` (issue 23's
round 4: ``torch.nn.CrossEntropyLoss()``, ``torch.ops.aten.cross_entropy_loss``,
``torch.special.log_softmax`` with ``nll_loss``, ``torch.logsumexp``; a29b's tensor methods; and a
torch loaded from its own file) earned the exercise's 3 points while torch was in the kernel
(checked here on the grader's own process, which has torch). In chapter 9's kernel ``import
torch`` raises ``ModuleNotFoundError`` with the reason, and sandboxed torch's files are not
there: each scores 0 on it, with the static check switched off (it names none of these
spellings), and keeps every other exercise's points; the solution, the control, keeps all. Every
fixture is graded on warm kernels (the default), three of them on cold ones too in make test-all
(the kernel's files are the same binds, which ``test_kernel_library.py`` tries from a cold sandbox
in make test; what differs is the template, which for chapter 9 never imported torch).
"""

import pytest
from support.classes import FIXTURES_BY_CHAPTER, TRAINING_CHAPTER, fixtures, grade_without_static_check

from grader.course.model import find_chapters, read_chapter
from grader.judge.rehearsal import rehearse
from grader.paths import COURSE_DIR
from grader.records.settings import GradingSettings
from grader.sandbox.policy import find_bwrap

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader-no-torch"),
              pytest.mark.skipif(find_bwrap() is None, reason="chapter 9's kernel is graded sandboxed here")]

FOUND = fixtures(FIXTURES_BY_CHAPTER[TRAINING_CHAPTER])
ROUTES = {name: f for name, f in FOUND.items() if hasattr(f, "ROUTE")}
EXERCISE, TESTS = "cross_entropy_function", "cross_entropy_function_tests"
NO_TORCH = "chapter 9's kernel has no torch"
#: graded on cold kernels too: the file route (the sandbox's binds), a29b's route and the control
COLD = ("cross_entropy_by_tensor_methods", "cross_entropy_by_torch_loaded_from_its_file", "honest_without_torch")


def test_there_are_the_six_routes_and_the_control():
    assert len(ROUTES) == 6 and "honest_without_torch" in FOUND, sorted(FOUND)


def test_each_route_earned_the_points_with_torch_in_the_kernel():
    """The fixtures are working answers: in the grader's own process (the installed library, torch
    importable), the chapter up to CrossEntropy's tests gives each route full marks there."""
    chapter = next(c for c in find_chapters(COURSE_DIR) if c.chapter_id == TRAINING_CHAPTER)
    source = read_chapter(chapter)
    end = next(i for i, c in enumerate(source.cells) if c.metadata.get("nbgrader", {}).get("grade_id") == TESTS)
    source.cells = source.cells[:end + 1]
    earned = {}
    for name, fixture in sorted(ROUTES.items()):
        if not getattr(fixture, "BY_PATH", False):
            outcome = rehearse(source, {EXERCISE: fixture.ANSWERS[EXERCISE]}, cwd=chapter.folder).outcomes[TESTS]
            earned[name] = (outcome.score, outcome.message)
    assert len(earned) == 5 and all(score == 1.0 for score, _ in earned.values()), earned


def _grade(tmp_path_factory, kernels: str, names) -> dict:
    settings = GradingSettings(jobs=1, cell_timeout=60, notebook_timeout=400, memory_mb=1500, diagnose=False,
                               sandbox="on", kernels=kernels)
    return grade_without_static_check(tmp_path_factory.mktemp(f"no-torch-{kernels}"), {n: FOUND[n] for n in names},
                                      settings, TRAINING_CHAPTER)["results"]


@pytest.fixture(scope="module")
def warm(tmp_path_factory):
    """Every fixture, on warm kernels (grading's default): forked from chapter 9's template."""
    return _grade(tmp_path_factory, "warm", sorted(FOUND))


@pytest.fixture(scope="module")
def cold(tmp_path_factory):
    """On cold kernels, the same binds without a template: the file route, a29b's and the control."""
    return _grade(tmp_path_factory, "cold", COLD)


def _scores(result) -> dict[str, tuple[float, float]]:
    return {e.exercise: (e.score, e.max_score) for e in result.exercises}


@pytest.mark.parametrize(("kernels", "name"), [("warm", n) for n in sorted(ROUTES)]
                         + [pytest.param("cold", n, marks=pytest.mark.exhaustive) for n in COLD if n in ROUTES])
def test_cross_entropy_by_torch_earns_nothing_in_chapter_9s_kernel(request, kernels, name):
    result = request.getfixturevalue(kernels)[name]
    why = f"{name} ({ROUTES[name].ROUTE}, {kernels}): {result.status} {result.score} {result.reasons} {result.messages}"
    assert result.status.ran and result.kernel.startswith(kernels), why
    assert not any("scores 0: cell" in r or "held for review" in r for r in result.reasons), (
        f"the static check was meant to be off, and the guard sees none of these: {why}")
    scores = _scores(result)
    assert scores[EXERCISE] == (0, 3), why
    assert all(earned == possible for e, (earned, possible) in scores.items() if e != EXERCISE), why
    said = " ".join(m for where, m in result.messages.items() if where.endswith(TESTS))
    assert NO_TORCH in said, why  # the judge's message carries the kernel's reason


@pytest.mark.parametrize("kernels", ["warm", pytest.param("cold", marks=pytest.mark.exhaustive)])
def test_the_solution_without_torch_keeps_every_point(request, kernels):
    result = request.getfixturevalue(kernels)["honest_without_torch"]
    scores = _scores(result)
    assert result.status.ran and result.kernel.startswith(kernels), result.kernel
    assert scores[EXERCISE] == (3, 3), (scores, result.messages)
    assert all(earned == possible for earned, possible in scores.values()), (scores, result.messages)
