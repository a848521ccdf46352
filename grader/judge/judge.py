"""Run a notebook's hidden tests, one test cell at a time, into verdicts.

The executor calls ``Judge.judge(grade_id, channel)`` right after the kernel has run a test cell's
visible part, while the kernel still holds the notebook's state at that point. The hidden tests
of that cell (the course's code, never the submission's) run here, reach the kernel only through
``channel``, and end in a ``Verdict``: passed, or failed with the message the student reads.

A verdict carries a score, the share of the cell's points the judge gives (``Verdict.score``, 0 to
1). A cell whose hidden tests name their promises (``toolkit.promise``) scores the weight of the
promises kept over the weight of all; a failure outside every promise, a time-out or a kernel that
is gone scores 0, and so does every outcome of a cell without promises but a pass.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass

from grader.judge import toolkit
from grader.judge.diagnose import DIAGNOSIS_SEED, Recorder, Transcript
from grader.judge.remote import JudgeMisuse, KernelGone, KernelTimeout, Session, StudentError
from grader.judge.toolkit import PromiseOutcome
from grader.judge.wire import WireError

#: How a hidden test cell ended.
PASSED, FAILED, TIMED_OUT, KERNEL_GONE, NOT_JUDGED, JUDGE_ERROR = (
    "passed", "failed", "timed out", "kernel gone", "not judged", "judge error")


@dataclass(frozen=True)
class Verdict:
    """The judge's decision on one test cell."""

    grade_id: str
    outcome: str
    message: str = ""
    seconds: float = 0.0
    round_trips: int = 0
    case: tuple[str, ...] = ()  # the case a failure happened in (``toolkit.case`` labels)
    score: float | None = None  # the share of the cell's points, 0 to 1 (None: 1 if passed, else 0)
    promises: tuple[PromiseOutcome, ...] = ()  # each promise of the cell, kept or broken, in order

    def __post_init__(self):
        score = (1.0 if self.outcome == PASSED else 0.0) if self.score is None else float(self.score)
        if not 0.0 <= score <= 1.0 or (self.outcome == PASSED) != (score == 1.0):
            raise ValueError(f"a verdict {self.outcome!r} cannot score {score!r}")
        object.__setattr__(self, "score", score)

    @property
    def passed(self) -> bool:
        return self.outcome == PASSED

    @property
    def broken(self) -> tuple[PromiseOutcome, ...]:
        return tuple(p for p in self.promises if not p.kept)

    def points(self, possible: float) -> float:
        """The judge's score as points out of ``possible`` (rounded down to 1/100: never more)."""
        return min(float(possible), math.floor(self.score * float(possible) * 100 + 1e-9) / 100)

    def as_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> Verdict:
        promises = tuple(PromiseOutcome(**{**p, "case": tuple(p.get("case", ()))}) for p in data.get("promises", ()))
        return cls(**{**data, "case": tuple(data.get("case", ())), "promises": promises})


class Judge:
    """The hidden tests of one notebook (``grade_id -> source``), judged under one seed."""

    def __init__(self, hidden: Mapping[str, str], seed: int, *, time_limit: float = 30.0, clock=time.monotonic):
        """``time_limit`` is in seconds of ``clock``: the executor passes the kernel's CPU time,
        so that the hidden tests' budget counts what the student's code costs, not the load."""
        self.hidden, self.seed, self.time_limit, self.clock = dict(hidden), seed, time_limit, clock
        self.namespace: dict = {"__name__": "__hidden_tests__"}
        self.verdicts: dict[str, Verdict] = {}

    def judge(self, grade_id: str, channel) -> Verdict:
        """Run the hidden tests of ``grade_id`` against the kernel behind ``channel``."""
        source = self.hidden.get(grade_id)
        started = time.monotonic()
        active = Session(channel, self.clock() + self.time_limit, clock=self.clock)
        if source is None:
            return self._keep(Verdict(grade_id, NOT_JUDGED, "this test cell has no hidden tests to judge it"))
        case: tuple[str, ...] = ()
        promises: list[PromiseOutcome] = []
        score = None
        try:
            with toolkit.running(active, self.seed) as promises:
                exec(compile(source, f"<hidden tests of {grade_id}>", "exec"), self.namespace)
                active.close()
            outcome, message, score, case = _scored(promises)
        except toolkit.Failed as error:
            outcome, message, case = FAILED, str(error), tuple(getattr(error, "case", ()) or ())
        except StudentError as error:
            outcome, message = FAILED, error.describe()
        except KernelTimeout as error:
            outcome, message = TIMED_OUT, f"the hidden tests ran past the {self.time_limit:g} s time limit ({error})"
        except KernelGone as error:
            outcome, message = KERNEL_GONE, str(error)
        except WireError as error:
            outcome, message = FAILED, f"the kernel's answer could not be read: {error}"
        except JudgeMisuse as error:
            outcome, message = JUDGE_ERROR, f"a hidden test of the course is wrong: {error}"
        except Exception as error:  # a hidden test met data it did not expect
            outcome, message = JUDGE_ERROR, f"{type(error).__name__}: {error}"
        if outcome in (FAILED, JUDGE_ERROR):
            active.settle()
        verdict = Verdict(grade_id, outcome, message, round(time.monotonic() - started, 3), active.round_trips, case,
                          score if outcome in (PASSED, FAILED) else 0.0, tuple(promises))
        return self._keep(verdict)

    def record(self, grade_id: str, channel) -> Transcript | None:
        """A diagnosis run of ``grade_id``'s hidden tests (``diagnose``): every case, every value
        fetched, with the diagnosis seed. It decides nothing; None when it could not run."""
        source = self.hidden.get(grade_id)
        if source is None:
            return None
        recorder = Recorder()
        active = Session(channel, self.clock() + self.time_limit, recorder, clock=self.clock)
        try:
            with toolkit.running(active, DIAGNOSIS_SEED):
                exec(compile(source, f"<hidden tests of {grade_id}>", "exec"), self.namespace)
                active.close()
        except (KernelTimeout, KernelGone):
            return None
        except Exception as error:  # outside any case: the run ends there, as it is
            recorder.fail(getattr(getattr(error, "error", None), "name", type(error).__name__), str(error))
            active.settle()
        return recorder.cases

    def not_judged(self, grade_id: str, why: str) -> Verdict:
        """Record that a test cell could not be judged (the kernel was gone before it)."""
        return self._keep(Verdict(grade_id, NOT_JUDGED, why))

    def _keep(self, verdict: Verdict) -> Verdict:
        self.verdicts[verdict.grade_id] = verdict
        return verdict


def _scored(promises: list[PromiseOutcome]) -> tuple[str, str, float, tuple[str, ...]]:
    """(outcome, message, score, case) of hidden tests that ran to their end, from their promises."""
    broken = [p for p in promises if not p.kept]
    if not broken:
        return PASSED, "", 1.0, ()
    total = sum(p.weight for p in promises)
    kept = sum(p.weight for p in promises if p.kept)
    return FAILED, broken[0].message, kept / total, broken[0].case
