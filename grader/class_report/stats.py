"""The numbers of the report: per assignment (summary, quartiles) and per exercise (credit, failures)."""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field

from grader.class_report.read_run import NOT_GRADED, ClassData, ExerciseInfo
from grader.judge.messages import MessageGroup, group_messages

STATUSES = ["graded", "flagged", "timed out", "crashed", "malformed", "missing"]
EPS = 1e-9


@dataclass
class AssignmentSummary:
    """One assignment across the class. ``scores`` are those of the notebooks that ran (not
    missing or malformed): the histogram, the median and the quartiles are of these."""

    assignment_id: str
    max_score: float
    students: int
    statuses: Counter
    scores: list[float]

    @property
    def ran(self) -> int:
        return len(self.scores)

    @property
    def not_graded(self) -> int:
        return self.students - self.ran

    def quartiles(self) -> tuple[float, float, float] | None:
        """(first quartile, median, third quartile), inclusive method; None without scores."""
        if not self.scores:
            return None
        if len(self.scores) == 1:
            return (self.scores[0],) * 3
        q1, q2, q3 = statistics.quantiles(self.scores, n=4, method="inclusive")
        return q1, q2, q3

    def mean(self) -> float | None:
        return statistics.fmean(self.scores) if self.scores else None


@dataclass
class MistakeGroup:
    """Students whose answer behaves like one known mistake (``mistake`` None: not diagnosed)."""

    mistake: str | None
    students: list[str]
    feedback: dict[str, str] = field(default_factory=dict)  # student -> a feedback page, relative to OUT

    @property
    def count(self) -> int:
        return len(self.students)


@dataclass
class ExerciseStats:
    """One exercise across the class: credit shares over every student, grouped failures."""

    exercise: ExerciseInfo
    students: int
    full: int
    partial: int
    none: int
    mean: float
    groups: list[MessageGroup] = field(default_factory=list)
    #: the students who lost points, by the mistake their answer was diagnosed as (None: no diagnosis)
    mistakes: list[MistakeGroup] = field(default_factory=list)

    def share(self, count: int) -> float:
        return count / self.students if self.students else 0.0


def summarise(data: ClassData, assignment_id: str) -> AssignmentSummary:
    subs = data.of(assignment_id)
    max_score = max((s.max_score for s in subs), default=0.0)
    return AssignmentSummary(
        assignment_id, max_score, len(subs), Counter(s.status for s in subs),
        sorted(s.score for s in subs if s.status not in NOT_GRADED))


def exercise_stats(data: ClassData, exercise: ExerciseInfo) -> ExerciseStats:
    """Full, partial and no credit over every student of the class (missing ones have none), and
    the failure messages of the hidden tests of this exercise, grouped."""
    subs = data.of(exercise.assignment_id)
    full = partial = none = 0
    total = 0.0
    failures: list[tuple[str, str]] = []
    by_mistake: dict[str | None, MistakeGroup] = {}
    for sub in subs:
        got = sub.exercise_scores.get(exercise.key, 0.0)
        total += got
        if exercise.points > 0 and got >= exercise.points - EPS:
            full += 1
        elif got > EPS:
            partial += 1
        else:
            none += 1
        if sub.status in NOT_GRADED:
            continue
        if got < exercise.points - EPS:
            title = sub.diagnoses.get(exercise.name, {}).get("mistake")
            group = by_mistake.setdefault(title, MistakeGroup(title, []))
            group.students.append(sub.student_id)
            if sub.feedback:
                group.feedback[sub.student_id] = sub.feedback[0]
        for test_id in exercise.test_ids:
            key = f"{exercise.notebook}/{test_id}"
            got_cell, max_cell = sub.cell_scores.get(key, (0.0, 0.0))
            if got_cell >= max_cell - EPS:
                continue
            message = sub.messages.get(key)
            if message is None:
                message = f"(no error message: the test did not run to its end; status {sub.status})"
            failures.append((sub.student_id, message))
    mistakes = sorted(by_mistake.values(), key=lambda g: (g.mistake is None, -g.count, g.mistake or ""))
    return ExerciseStats(exercise, len(subs), full, partial, none,
                         total / len(subs) if subs else 0.0, group_messages(failures), mistakes)
