"""One job of a grading run, as typed records: what to grade (``JobSpec``), what came of it
(``JobResult``), and how it ended (``Status``).

Both records are dataclasses that round-trip through JSON (``to_json``/``from_json``): a spec
travels to a worker process or a Dask worker; a result is written as ``result.json`` (last, so a
job with one is finished) and read back by the runner, the reports and ``grader check``.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from enum import Enum
from pathlib import Path

from grader.course.model import AssignmentFacts, Exercise
from grader.records.settings import GradingSettings


def job_dir(out: Path, student_id: str, assignment_id: str) -> Path:
    """Where one job is graded and its ``result.json`` lives: ``OUT/jobs/<student>/<assignment>``."""
    return Path(out) / "jobs" / student_id / assignment_id


class Status(str, Enum):  # noqa: UP042 (StrEnum would change how a status prints in f-strings)
    """How a job ended, from the worst: the first that applies is the job's status."""

    NOT_GRADED = "not graded"  # the machine could not run the notebook: no grade at all, the next run grades it
    MISSING = "missing"
    MALFORMED = "malformed"
    CRASHED = "crashed"
    TIMED_OUT = "timed out"
    FLAGGED = "flagged"
    GRADED = "graded"

    def worse(self, other: Status) -> Status:
        order = list(Status)
        return self if order.index(self) <= order.index(other) else other

    @property
    def ran(self) -> bool:
        """Whether a notebook ran at all (missing and malformed ones never did)."""
        return self not in (Status.NOT_GRADED, Status.MISSING, Status.MALFORMED)

    @property
    def counts(self) -> bool:
        """Whether the result is a grade (with its points, 0 included): all but ``not graded``."""
        return self is not Status.NOT_GRADED

    @property
    def description(self) -> str:
        """What the status means, for a student reading feedback."""
        return {
            Status.GRADED: "graded",
            Status.TIMED_OUT: "graded, but a time limit stopped the notebook",
            Status.CRASHED: "graded as far as the notebook ran: the kernel died",
            Status.FLAGGED: "graded; the grader noticed something an instructor will look at (see below)",
            Status.MALFORMED: "not graded: the file is not a notebook the grader can read",
            Status.MISSING: "not graded: nothing was submitted",
            Status.NOT_GRADED: "not graded yet: the grading machine could not start the notebook's kernel (no code "
                               "of yours ran); it is graded again, with nothing counted until then",
        }[self]

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class ExerciseScore:
    """The points one exercise of a notebook earned."""

    notebook: str
    exercise: str
    score: float
    max_score: float

    @property
    def full(self) -> bool:
        return self.score >= self.max_score - 1e-9


def score_exercises(notebook: str, listed: list[Exercise], cell_score) -> list[ExerciseScore]:
    """Each exercise's points: the sum of its cells' scores (``cell_score(grade_id)``, None for a
    cell that has none). The one place exercises are scored."""
    rows = []
    for exercise in listed:
        earned = sum(s for s in (cell_score(g) for g in exercise.grade_ids) if s is not None)
        rows.append(ExerciseScore(notebook, exercise.name, float(earned), float(exercise.points)))
    return rows


@dataclass
class JobSpec:
    """What one worker needs to grade one (student, assignment): plain data, computed once per run."""

    student_id: str
    assignment_id: str
    folder: str | None  # the submitted folder; None when nothing was submitted
    fingerprint: str
    course_fingerprint: str
    max_score: float
    out: str
    template: str
    settings: GradingSettings
    facts: AssignmentFacts
    bwrap: str | None = None
    diagnosis_cache: str | None = None  # where the known mistakes' behaviour is kept (``judge.catalogue``)
    kernels: str = ""  # "warm", "cold", or "cold: why" (the run decides: ``runner.with_kernels``)
    kernel_library: str | None = None  # the chapter's autograd_lib without its answers (``course.kernel_library``)
    seed: int | None = None  # the judge's seed to use (to reproduce a grade); None: a fresh one
    # When the submission was received, as the grader can vouch for it (``received``), nbgrader's
    # own stamp beside it, and nbgrader's deadline terms for this student (the class gradebook's).
    received_at: str | None = None  # ISO 8601, UTC
    received_by: str | None = None  # who vouches for it: the exchange, the learning platform, ...
    student_stamp: str | None = None  # nbgrader's timestamp.txt: the student's own clock
    duedate: str | None = None  # the assignment's nbgrader duedate, ISO 8601, UTC
    extension_seconds: float | None = None  # nbgrader's per-student extension
    notes: list[str] = field(default_factory=list)  # what collecting the submission left out, and why

    @property
    def terms(self) -> str:
        """What, besides the submission and the course, a grade depends on: its time and deadline
        (nbgrader's late penalty). A result graded on other terms is regraded, with its seed."""
        values = (self.received_at, self.duedate, self.extension_seconds)
        return "" if all(v is None for v in values) else "|".join(str(v) for v in values)

    @property
    def key(self) -> str:
        return f"{self.student_id}/{self.assignment_id}"

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> JobSpec:
        data = json.loads(text)
        data["settings"] = GradingSettings(**data["settings"])
        data["facts"] = AssignmentFacts(**data["facts"])
        return cls(**data)


@dataclass
class JobResult:
    """What grading one (student, assignment) produced; ``result.json`` holds it."""

    student_id: str
    assignment_id: str
    fingerprint: str | None
    course_fingerprint: str
    max_score: float
    status: Status = Status.GRADED
    score: float = 0.0
    reasons: list[str] = field(default_factory=list)
    seed: int | None = None
    sandboxed: bool = False
    exercises: list[ExerciseScore] = field(default_factory=list)
    cells: dict[str, dict] = field(default_factory=dict)  # "notebook/grade_id" -> nbgrader's grade
    comments: dict[str, str] = field(default_factory=dict)
    messages: dict[str, str] = field(default_factory=dict)  # "notebook/grade_id" of a failed test -> why
    verdicts: dict[str, dict] = field(default_factory=dict)  # test grade_id -> the judge's Verdict
    diagnoses: dict[str, dict] = field(default_factory=dict)  # exercise -> the known mistake it behaves like
    feedback: list[str] = field(default_factory=list)  # pages, relative to the job's folder
    timestamp: str | None = None  # nbgrader's submission time: the received time, when there is one
    received_by: str | None = None
    student_stamp: str | None = None
    duedate: str | None = None
    late_seconds: float = 0.0
    late_penalties: dict[str, float] = field(default_factory=dict)  # notebook -> nbgrader's late penalty
    terms: str | None = None
    seconds: float = 0.0
    timing: dict[str, float] = field(default_factory=dict)
    execution: dict = field(default_factory=dict)
    kernel: str = ""  # "warm", or "cold" with the reason when the warm path could not be had
    error_log: str = ""  # what nbgrader said when it could not grade the notebook

    @classmethod
    def start(cls, spec: JobSpec, seed: int) -> JobResult:
        return cls(spec.student_id, spec.assignment_id, spec.fingerprint, spec.course_fingerprint,
                   spec.max_score, reasons=list(spec.notes), seed=seed, sandboxed=bool(spec.bwrap),
                   received_by=spec.received_by,
                   student_stamp=spec.student_stamp, duedate=spec.duedate, terms=spec.terms)

    @classmethod
    def failed(cls, spec: JobSpec, reason: str) -> JobResult:
        """A job that could not be graded at all (its worker died, the grader failed)."""
        return cls(spec.student_id, spec.assignment_id, None, spec.course_fingerprint, spec.max_score,
                   status=Status.CRASHED, reasons=[reason])

    @property
    def key(self) -> str:
        return f"{self.student_id}/{self.assignment_id}"

    @property
    def full_marks(self) -> bool:
        return self.status == Status.GRADED and self.score >= self.max_score - 1e-9

    @property
    def late_penalty(self) -> float:
        return float(sum(self.late_penalties.values()))

    @property
    def final_score(self) -> float:
        """The score after nbgrader's late penalty (``score`` is nbgrader's raw score)."""
        return max(0.0, float(self.score) - self.late_penalty)

    def flag(self, status: Status, reason: str | None) -> None:
        """Record ``reason`` (once) and make the status at least as bad as ``status``."""
        if reason and reason not in self.reasons:
            self.reasons.append(reason)
        self.status = self.status.worse(status)

    def is_current(self, spec: JobSpec) -> bool:
        """Whether this result grades exactly that submission of that version of the assignment,
        on the same terms (received time and deadline)."""
        return (self.fingerprint == spec.fingerprint and self.course_fingerprint == spec.course_fingerprint
                and (self.terms or "") == spec.terms)

    def to_json(self) -> str:
        data = asdict(self)
        data["status"] = self.status.value
        return json.dumps(data, indent=1, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> JobResult:
        data = json.loads(text)
        known = {f.name for f in fields(cls)}
        data = {k: v for k, v in data.items() if k in known}
        data["status"] = Status(data.get("status", "graded"))
        data["exercises"] = [ExerciseScore(**e) for e in data.get("exercises", [])]
        return cls(**data)

    @classmethod
    def read(cls, path: Path) -> JobResult | None:
        """The result at ``path``, or None when there is none (or it is unreadable)."""
        try:
            return cls.from_json(Path(path).read_text())
        except (OSError, ValueError, TypeError, KeyError):
            return None
