"""Name the mistake a failing answer behaves like.

When a test cell fails, the judge runs its hidden tests once more in a *diagnosis run*: with a
fixed seed (``DIAGNOSIS_SEED``), every case runs (a failing case no longer stops the test), and
every value fetched is noted, case by case (``Recorder``). Each of the exercise's known-wrong
implementations (the course's catalogue, ``grader.course.mistakes``) gets the same run in-process,
on the course's own notebook (``rehearsal``), so their behaviour on the very same inputs is known.
The student's behaviour is compared with each mistake's and with the correct answer's, case by
case (outcome, values, message). A mistake explains the answer when it fails every case the answer
failed, the same way, and behaves alike on nearly every other case; the diagnosis names it only
when it explains the answer clearly better than any other mistake. Otherwise it says nothing: a
wrong diagnosis misleads a student.

Everything here runs in the trusted process, on data.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from grader.judge.messages import normalise
from grader.judge.wire import ErrorValue, ObjectValue, TensorValue

DIAGNOSIS_SEED = 7331
#: A mistake explains an answer when it fails its failed cases alike and is this alike overall ...
AGREEMENT = 0.9
#: ... and it is named when it is more alike than every other explaining mistake by this much.
MARGIN = 0.02
OUTSIDE = "(outside any case)"


@dataclass
class CaseRecord:
    """One case of a diagnosis run: how it ended and every value fetched in it."""

    label: str
    outcome: str = "passed"  # or the failure's kind: Failed, NotImplementedError, ...
    message: str = ""
    observations: list = field(default_factory=list)


class Recorder:
    """Notes the cases of a diagnosis run (``toolkit.case`` and ``Session.fetch`` report to it)."""

    def __init__(self):
        self.cases: list[CaseRecord] = [CaseRecord(OUTSIDE)]
        self._open: list[CaseRecord] = []

    @property
    def current(self) -> CaseRecord:
        return self._open[-1] if self._open else self.cases[0]

    def enter(self, label: str) -> None:
        record = CaseRecord(label)
        self.cases.append(record)
        self._open.append(record)

    def leave(self) -> None:
        if self._open:
            self._open.pop()

    def fail(self, kind: str, message: str) -> None:
        if self.current.outcome == "passed":
            self.current.outcome, self.current.message = kind, message

    def observe(self, values: Sequence) -> None:
        self.current.observations.extend(values)


#: A diagnosis run of one test cell: its cases, in order.
Transcript = list[CaseRecord]


def same_value(a, b) -> bool:
    """Whether two fetched values are the same behaviour (numbers within round-off)."""
    if isinstance(a, TensorValue) or isinstance(b, TensorValue):
        if not (isinstance(a, TensorValue) and isinstance(b, TensorValue)):
            return False
        return a.library == b.library and a.requires_grad == b.requires_grad and same_value(a.data, b.data)
    if isinstance(a, ErrorValue) or isinstance(b, ErrorValue):
        return isinstance(a, ErrorValue) and isinstance(b, ErrorValue) and a.name == b.name
    if isinstance(a, ObjectValue) or isinstance(b, ObjectValue):
        return isinstance(a, ObjectValue) and isinstance(b, ObjectValue) and a.type == b.type
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        try:
            x, y = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
        except (TypeError, ValueError):
            return False
        return x.shape == y.shape and bool(np.allclose(x, y, rtol=1e-6, atol=1e-9, equal_nan=True))
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_value(a[k], b[k]) for k in a)
    if isinstance(a, bool) or isinstance(b, bool) or a is None or b is None or isinstance(a, str):
        return a == b
    if isinstance(a, (int, float, complex)) and isinstance(b, (int, float, complex)):
        return a == b or (math.isfinite(abs(a)) and abs(a - b) <= 1e-9 + 1e-6 * abs(b))
    return a == b


def likeness(a: CaseRecord, b: CaseRecord) -> float:
    """How alike two runs of a case behave: 1 when both passed (whatever values a random
    initialisation gave on the way) or both failed alike with the same values fetched; 0.5 when
    both failed with the same message once its numbers are set aside; 0 otherwise."""
    if a.label != b.label or a.outcome != b.outcome:
        return 0.0
    if a.outcome == "passed":
        return 1.0
    if len(a.observations) == len(b.observations) and all(
            same_value(x, y) for x, y in zip(a.observations, b.observations, strict=True)):
        return 1.0
    return 0.5 if normalise(a.message) == normalise(b.message) else 0.0


def _cases(runs: Mapping[str, Transcript]) -> dict[tuple[str, str], CaseRecord]:
    return {(grade_id, case.label): case for grade_id, cases in runs.items() for case in cases
            if not (case.label == OUTSIDE and not case.observations and case.outcome == "passed")}


def agreement(student: Mapping[str, Transcript], other: Mapping[str, Transcript],
              only: set | None = None) -> float:
    """How alike ``other`` behaves on the student's cases (or on those in ``only``), from 0 to 1."""
    mine, theirs = _cases(student), _cases(other)
    keys = [k for k in mine if only is None or k in only]
    if not keys:
        return 0.0
    return sum(likeness(mine[k], theirs[k]) if k in theirs else 0.0 for k in keys) / len(keys)


@dataclass(frozen=True)
class Diagnosis:
    """The mistake a failing answer behaves like, and how sure the comparison is."""

    name: str  # the known-wrong implementation's name
    agreement: float
    runner_up: float


def diagnose(student: Mapping[str, Transcript], mistakes: Mapping[str, Mapping[str, Transcript]],
             correct: Mapping[str, Transcript]) -> Diagnosis | None:
    """The mistake that explains the student's runs, when exactly one does best; else None.

    A mistake explains them when it fails every case the student's answer failed, the same way,
    and behaves alike on at least ``AGREEMENT`` of all the cases (``agreement``). Of the mistakes
    that explain them, one is named only when it is more alike than every other by ``MARGIN``.
    """
    mine = _cases(student)
    seen = {k for k, case in mine.items() if case.outcome != "passed"}
    if not mistakes or not seen:
        return None
    alike = {name: agreement(student, runs) for name, runs in mistakes.items()}
    explaining = []
    for name, runs in mistakes.items():
        theirs = _cases(runs)
        if alike[name] >= AGREEMENT and all(likeness(mine[k], theirs.get(k, CaseRecord(""))) > 0 for k in seen):
            explaining.append((alike[name], name))
    explaining.sort(reverse=True)
    if not explaining or (len(explaining) > 1 and explaining[0][0] - explaining[1][0] < MARGIN):
        return None
    score, name = explaining[0]
    runner_up = max([a for other, a in alike.items() if other != name] + [agreement(student, correct)])
    return Diagnosis(name, round(score, 3), round(runner_up, 3))
