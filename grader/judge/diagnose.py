"""Name the mistake a failing answer behaves like.

When a test cell fails, the judge runs its hidden tests once more in a *diagnosis run*: with a
fixed seed (``DIAGNOSIS_SEED``), every case runs (a failing case no longer stops the test), and
every value fetched is noted, case by case (``Recorder``). Each of the exercise's known-wrong
implementations (the course's catalogue, ``grader.course.mistakes``) gets the same run in-process,
on the course's own notebook (``rehearsal``), so their behaviour on the very same inputs is known.
The student's behaviour is compared with each mistake's and with the correct answer's, case by
case (outcome and values); the diagnosis names a mistake only when it agrees with the student on
nearly every case and clearly better than every other mistake and than the correct answer.
Otherwise it says nothing: a wrong diagnosis misleads a student.

Everything here runs in the trusted process, on data.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from grader.judge.wire import ErrorValue, ObjectValue, TensorValue

DIAGNOSIS_SEED = 7331
#: A mistake is named when it agrees on at least this share of cases ...
AGREEMENT = 0.9
#: ... and beats the next best mistake, and the correct answer, by at least this share.
MARGIN = 0.1
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


def same_case(a: CaseRecord, b: CaseRecord) -> bool:
    return (a.label == b.label and a.outcome == b.outcome and len(a.observations) == len(b.observations)
            and all(same_value(x, y) for x, y in zip(a.observations, b.observations, strict=True)))


def agreement(student: Mapping[str, Transcript], other: Mapping[str, Transcript]) -> float:
    """The share of the student's cases (over the exercise's test cells) that ``other`` agrees on."""
    total = agreed = 0
    for grade_id, cases in student.items():
        theirs = {c.label: c for c in other.get(grade_id, [])}
        for case in cases:
            if case.label == OUTSIDE and not case.observations and case.outcome == "passed":
                continue  # an empty top level says nothing
            total += 1
            agreed += case.label in theirs and same_case(case, theirs[case.label])
    return agreed / total if total else 0.0


@dataclass(frozen=True)
class Diagnosis:
    """The mistake a failing answer behaves like, and how sure the comparison is."""

    name: str  # the known-wrong implementation's name
    agreement: float
    runner_up: float


def diagnose(student: Mapping[str, Transcript], mistakes: Mapping[str, Mapping[str, Transcript]],
             correct: Mapping[str, Transcript]) -> Diagnosis | None:
    """The mistake the student's runs agree with, when one clearly does; else None."""
    if not mistakes:
        return None
    scores = sorted(((agreement(student, runs), name) for name, runs in mistakes.items()), reverse=True)
    best, name = scores[0]
    runner_up = max([s for s, _ in scores[1:]] + [agreement(student, correct)])
    if best >= AGREEMENT and best - runner_up >= MARGIN:
        return Diagnosis(name, round(best, 3), round(runner_up, 3))
    return None
