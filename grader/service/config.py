"""The grading service's settings: where things are, how it grades, each chapter's attempt rules.

Paths come from the command line or, as JupyterHub starts the service, from the environment
(``deploy/jupyterhub/hub.py`` sets them); the rest from a TOML file
(``deploy/jupyterhub/grading_service.toml``)::

    instructors = ["course-instructor"]     # who sees the queue and every student's attempts

    [grading]                               # python -m grader autograde's settings
    jobs = 2
    cell_timeout = 30
    idle_allowance = 60                     # seconds an attempt may sleep in all (see grader/run/README.md)
    sandbox = "on"
    late_penalty = "none"                   # nbgrader's rule past the due date: none, zero, a plugin

    [attempts]                              # every chapter's, unless it says otherwise
    attempts = 3                            # graded attempts (0 or left out: no limit)
    window_hours = 24                       # ... in a rolling window (0 or left out: in all)
    counts = "best"                         # or "latest": the attempt the gradebook holds

    [attempts."09_training"]
    attempts = 10
    window_hours = 0                        # 10 in all
    counts = "latest"

Due dates are nbgrader's: the assignment's ``duedate`` in the class gradebook (Formgrader's
*Manage Assignments*, or ``nbgrader db assignment add ID --duedate=...``), with per-student
extensions (``python -m grader.service grant ... --extension-hours``).
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path

from grader.course.nbgrader_setup import COURSE_ID
from grader.paths import COURSE_DIR
from grader.records.settings import GradingSettings

COUNTS = ("latest", "best")


@dataclass(frozen=True)
class AttemptPolicy:
    """A chapter's attempt rules: ``attempts`` graded attempts (None: no limit) in a rolling window
    of ``window_hours`` (None: in all), and which attempt counts: the ``latest`` or the ``best``."""

    attempts: int | None = None
    window_hours: float | None = None
    counts: str = "latest"

    def __post_init__(self):
        if self.counts not in COUNTS:
            raise ValueError(f"counts must be one of {', '.join(COUNTS)}, not {self.counts!r}")
        if self.attempts is not None and self.attempts < 1:
            raise ValueError(f"attempts must be at least 1 (leave it out for no limit), not {self.attempts}")
        if self.window_hours is not None and self.window_hours <= 0:
            raise ValueError(f"window_hours must be positive (leave it out for a total), not {self.window_hours}")

    def describe(self) -> str:
        """The rules in a sentence, for the student's page."""
        if self.attempts is None:
            limit = "no limit on graded attempts"
        elif self.window_hours is None:
            limit = f"{self.attempts} graded attempt{'s' * (self.attempts != 1)} in all"
        else:
            limit = f"{self.attempts} graded attempt{'s' * (self.attempts != 1)} in any {self.window_hours:g} hours"
        return f"{limit}; the {self.counts} counts"


@dataclass
class ServiceConfig:
    """Everything the service needs; ``load`` reads the TOML file and the environment."""

    exchange: Path  # nbgrader's Exchange.root
    course_root: Path  # the instructor's nbgrader course directory
    state: Path  # the service's own folder: ledger, attempts, OUT, log
    course_dir: Path = COURSE_DIR  # the authored course
    course_id: str = COURSE_ID
    db_url: str | None = None  # the class gradebook (default: the course directory's gradebook.db)
    instructors: tuple[str, ...] = ()
    default_policy: AttemptPolicy = field(default_factory=AttemptPolicy)
    policies: dict[str, AttemptPolicy] = field(default_factory=dict)
    settings: GradingSettings = field(default_factory=lambda: GradingSettings(sandbox="on"))
    poll_seconds: float = 1.0  # how often inbound/ is looked at
    settle_seconds: float = 2.0  # a submission unchanged this long is complete
    check_owner: bool = True  # off only where every account is one system user (a look at the pages)

    @property
    def inbound(self) -> Path:
        return self.exchange / self.course_id / "inbound"

    @property
    def exchange_feedback(self) -> Path:
        return self.exchange / self.course_id / "feedback"

    @property
    def out(self) -> Path:
        """The service's OUT: what ``python -m grader autograde --out`` would leave, for the
        attempts that count (``grades.csv``, ``status.csv``, ``feedback/``, the class report)."""
        return self.state / "graded"

    @property
    def attempts_dir(self) -> Path:
        return self.state / "attempts"

    @property
    def ledger_path(self) -> Path:
        return self.state / "service.db"

    @property
    def log_path(self) -> Path:
        return self.state / "service.log"

    @property
    def class_db_url(self) -> str:
        return self.db_url or f"sqlite:///{self.course_root / 'gradebook.db'}"

    def policy(self, assignment_id: str) -> AttemptPolicy:
        """The rules of ``assignment_id``, else of its chapter (``zh_01_x`` has ``01_x``'s), else the default."""
        from grader.i18n.editions import chapter_key

        return self.policies.get(assignment_id) or self.policies.get(chapter_key(assignment_id), self.default_policy)

    @classmethod
    def load(cls, path: Path | None = None, environ=os.environ, **given) -> ServiceConfig:
        """The settings in the TOML file ``path`` (optional), the paths from ``given`` or else from
        ``COURSE_EXCHANGE_ROOT``, ``COURSE_HUB_COURSE_ROOT`` and ``COURSE_SERVICE_DIR``."""
        data = tomllib.loads(Path(path).read_text()) if path else {}
        env = {"exchange": "COURSE_EXCHANGE_ROOT", "course_root": "COURSE_HUB_COURSE_ROOT",
               "state": "COURSE_SERVICE_DIR"}
        paths = {}
        for name, variable in env.items():
            value = given.pop(name, None) or environ.get(variable)
            if not value:
                raise SystemExit(f"the grading service needs --{name.replace('_', '-')} (or ${variable})")
            paths[name] = Path(value).resolve()
        attempts = dict(data.get("attempts", {}))
        chapters = {k: _rules(v) for k, v in attempts.items() if isinstance(v, dict)}
        defaults = _rules({k: v for k, v in attempts.items() if not isinstance(v, dict)})
        try:
            default = AttemptPolicy(**defaults)
            policies = {chapter: AttemptPolicy(**{**defaults, **rules}) for chapter, rules in chapters.items()}
        except (TypeError, ValueError) as error:
            raise SystemExit(f"{path}: [attempts]: {error}") from None
        known = {f.name for f in fields(GradingSettings)}
        grading = data.get("grading", {})
        unknown = sorted(set(grading) - known)
        if unknown:
            raise SystemExit(f"{path}: [grading] has no setting {', '.join(unknown)} "
                             f"(known: {', '.join(sorted(known))})")
        try:
            settings = GradingSettings(**{"sandbox": "on", **grading})
        except ValueError as error:
            raise SystemExit(f"{path}: [grading]: {error}") from None
        extra = {k: data[k] for k in ("db_url", "poll_seconds", "settle_seconds", "check_owner") if k in data}
        if environ.get("COURSE_SERVICE_CHECK_OWNER") == "0":  # the hub not run as root: one system user
            extra["check_owner"] = False
        if "course_dir" in data:
            extra["course_dir"] = Path(data["course_dir"])
        return cls(**paths, instructors=tuple(data.get("instructors", ())), default_policy=default,
                   policies=policies, settings=settings, **{**extra, **given})


def _rules(table: dict) -> dict:
    """A TOML table of attempt rules, where 0 means "none" (TOML has no null): ``attempts = 0`` no
    limit, ``window_hours = 0`` a limit in all."""
    return {k: (None if k in ("attempts", "window_hours") and v == 0 else v) for k, v in table.items()}
