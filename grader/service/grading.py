"""Grade queued attempts with ``python -m grader autograde``'s own code, and keep what counts.

``Grader`` holds one ``runner.Run`` (the template course, the sandbox, the class gradebook) for
the chapters that have attempts, and does, for each attempt, what the runner does for each job:
``Run.spec`` builds its ``JobSpec`` (the attempt's collected files, its received time, nbgrader's
due date and extension from the class gradebook, the attempt's seed when it has one), a pool's
``run`` grades it with ``worker.grade_job`` into ``STATE/attempts/<folder>/jobs/...``, and the
result is recorded. ``GradingWorker`` threads take attempts from the ledger's queue in order of
arrival, one each at a time, each on a pool of its own (``LocalPool(1)``, whose worker stays warm
between attempts; or the Dask cluster), so a slow notebook holds up only its own worker.

A result that says the grader itself failed (the worker died twice, the grader raised) is tried
once more; after a second failure the attempt is held for review with the reason. An attempt
already graded is never graded again: ``grade_job`` returns the result a try before finished.

After each result, the attempt that counts for that student and chapter (``policy.counting``)
goes into the class gradebook (``ClassGradebook.merge``, which keeps scores set by hand), into
the course directory for Formgrader (``submitted/<student>/<chapter>/`` with the received time as
``timestamp.txt``, ``autograded/<student>/<chapter>/``), and into the service's OUT
(``jobs/<student>/<chapter>/result.json``, ``feedback/``), whose ``grades.csv``, ``status.csv``,
``scores_by_exercise.csv``, ``attempts.csv`` and ``received.csv`` are written again.
"""

from __future__ import annotations

import shutil
import threading
import time
from dataclasses import replace
from pathlib import Path

from grader import csv_safe
from grader.course.model import find_chapters
from grader.files import replaced
from grader.gradebook import run_exports
from grader.intake import received
from grader.intake.submissions import FoundJob
from grader.records.jobs import JobResult, Status, job_dir
from grader.run.class_run import Run, make_pool, write_reports
from grader.run.out_folder import publish_feedback
from grader.service import ledger as states
from grader.service.attempt_policy import counting, now_iso
from grader.service.config import ServiceConfig
from grader.service.copies import notebook_digests
from grader.service.feedback_delivery import notice_page, release_pages
from grader.service.ledger import Attempt, Ledger
from grader.similarity import nbgrader_submitted

ATTEMPT_FIELDS = ["id", "student_id", "assignment_id", "received_at", "nbgrader_stamp", "state", "reason",
                  "counts", "status", "score", "late_penalty", "final_score", "max_score", "seed", "tries",
                  "inbound"]


class Grader:
    """The service's grading, shared by its worker threads (``lock`` guards the run and the records)."""

    def __init__(self, config: ServiceConfig, ledger: Ledger, log=print):
        self.config, self.ledger, self.log = config, ledger, log
        self.lock = threading.RLock()
        self.course = {c.chapter_id: c for c in find_chapters(config.course_dir)}
        self.settings = replace(config.settings, db_url=config.class_db_url)
        self.run: Run | None = None
        self.digests: dict[str, tuple[dict, dict]] = {}
        self.report_due = False

    # -- the run -------------------------------------------------------------------------------

    def knows(self, assignment_id: str) -> bool:
        return assignment_id in self.course

    def prepare(self, assignment_ids) -> Run:
        """The run, with these chapters in its template (made again when one is new)."""
        with self.lock:
            have = set(self.run.template.fingerprints) if self.run else set()
            wanted = have | {a for a in assignment_ids if a in self.course}
            if self.run is None or wanted != have:
                self.run = Run.prepare(self.config.out, [self.course[a] for a in sorted(wanted)], self.settings,
                                       self.log)
                root = self.run.template.root
                self.digests = {a: (notebook_digests(root / "source" / a), notebook_digests(root / "release" / a))
                                for a in wanted}
            return self.run

    def chapter_digests(self, assignment_id: str) -> tuple[dict, dict]:
        """(source notebooks, release notebooks) digests of a chapter: what copies are checked against."""
        self.prepare([assignment_id])
        return self.digests[assignment_id]

    def folder(self, attempt: Attempt) -> Path:
        return self.config.attempts_dir / attempt.folder

    def result_of(self, attempt: Attempt) -> JobResult | None:
        return JobResult.read(job_dir(self.folder(attempt), attempt.student, attempt.assignment) / "result.json")

    def spec(self, attempt: Attempt):
        """The attempt's ``JobSpec``, graded into its own folder (its seed kept across regrades)."""
        run = self.prepare([attempt.assignment])
        terms = run.gradebook.terms([attempt.assignment], [attempt.student]).get((attempt.student, attempt.assignment))
        job = FoundJob(attempt.student, attempt.assignment, self.folder(attempt) / "submitted")
        when = received.Received(attempt.received_at, received.EXCHANGE)
        return run.spec(job, when, terms, seed=attempt.seed, out=self.folder(attempt), notes=attempt.notes)

    # -- results -------------------------------------------------------------------------------

    def record(self, attempt: Attempt, result: JobResult) -> None:
        """What a grading try gave: a graded attempt, its feedback released and what counts
        published; or a failed try, tried again once, then held."""
        if result.fingerprint is None:  # the grader failed (JobResult.failed), not the notebook
            why = "; ".join(result.reasons) or "the grader failed"
            if attempt.tries >= states.MAX_TRIES:
                reason = f"held for review: grading failed {attempt.tries} times: {why}"
                self.ledger.update(attempt.id, state=states.HELD, reason=reason)
                self.release_notice(attempt, "held for review", "held for review: your instructor will look at it "
                                    "before it is graded (the grader could not grade it)")
                self.log(f"attempt {attempt.id} ({attempt.key}): {reason}")
            else:
                self.ledger.update(attempt.id, state=states.QUEUED, reason=f"grading again: {why}")
                self.log(f"attempt {attempt.id} ({attempt.key}): the grader failed ({why}); it is tried once more")
            return
        with self.lock:
            titles = self.prepare([attempt.assignment]).template.facts[attempt.assignment].titles
            self.ledger.update(attempt.id, state=states.GRADED, reason=None, status=result.status.value,
                               score=result.score, max_score=result.max_score, final_score=result.final_score,
                               exercises=[{"exercise": e.exercise, "title": titles.get(e.exercise, e.exercise),
                                           "notebook": e.notebook, "score": e.score, "max_score": e.max_score}
                                          for e in result.exercises],
                               seed=result.seed, graded_at=now_iso(), seconds=result.seconds)
            pages = {Path(rel).stem: (job_dir(self.folder(attempt), attempt.student, attempt.assignment) / rel)
                     .read_bytes() for rel in result.feedback}
            self.ledger.update(attempt.id, released=release_pages(self.config.exchange_feedback, attempt.secret, pages))
            self.publish(attempt.student, attempt.assignment)
        self.log(f"attempt {attempt.id} ({attempt.key}): {result.status} {result.final_score:g}/{result.max_score:g} "
                 f"in {result.seconds:.1f} s")

    def release_notice(self, attempt: Attempt, status: str, message: str) -> None:
        """A page that says what became of an attempt that was not graded, for each notebook."""
        names = sorted(p.stem for p in (self.folder(attempt) / "submitted").glob("*.ipynb")) or [attempt.assignment]
        page = notice_page(attempt.assignment, attempt.received_at, attempt.stamp, status, message)
        released = release_pages(self.config.exchange_feedback, attempt.secret, dict.fromkeys(names, page))
        self.ledger.update(attempt.id, released=released)

    def publish(self, student: str, assignment: str) -> None:
        """The attempt that counts, into the class gradebook, the course directory and the OUT."""
        with self.lock:
            attempts = self.ledger.attempts(student, assignment, states=(states.GRADED,))
            chosen = counting(attempts, self.config.policy(assignment).counts)
            if chosen is None:
                return
            result = self.result_of(chosen)
            if result is None:
                return
            run = self.prepare([assignment])
            run.gradebook.merge([result])
            source = job_dir(self.folder(chosen), student, assignment)
            target = job_dir(self.config.out, student, assignment)
            target.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source / "result.json", target / "result.json")
            publish_feedback(self.config.out, result, source)
            self._place_for_formgrader(chosen, source)
            self.write_exports()
            self.report_due = True

    def _place_for_formgrader(self, attempt: Attempt, job: Path) -> None:
        """``submitted/`` (with the received time as nbgrader's ``timestamp.txt``, which Formgrader
        compares with the gradebook's) and ``autograded/`` of the course directory."""
        course = self.config.course_root
        files = {"submitted": self.folder(attempt) / "submitted",
                 "autograded": job / "course" / "autograded" / attempt.student / attempt.assignment}
        for kind, source in files.items():
            if not source.is_dir():
                continue
            target = course / kind / attempt.student / attempt.assignment
            fresh = target.with_name(f".{target.name}.new")
            shutil.rmtree(fresh, ignore_errors=True)
            shutil.copytree(source, fresh, symlinks=True)
            if kind == "submitted":
                (fresh / "timestamp.txt").write_text(received.nbgrader_stamp(attempt.received_at))
            old = target.with_name(f".{target.name}.old")
            shutil.rmtree(old, ignore_errors=True)
            if target.exists():
                target.rename(old)
            fresh.rename(target)
            shutil.rmtree(old, ignore_errors=True)

    def counting_results(self) -> list[JobResult]:
        """The results in the OUT: one per student and chapter, the attempt that counts."""
        found = (JobResult.read(p) for p in sorted(self.config.out.glob("jobs/*/*/result.json")))
        return [r for r in found if r is not None]

    def write_exports(self) -> None:
        """``grades.csv`` (the class gradebook), ``status.csv`` and the per-exercise scores (what
        counts), ``attempts.csv`` (every attempt) and ``received.csv`` (for an offline regrade)."""
        with self.lock:
            out = self.config.out
            results = self.counting_results()
            self.run.gradebook.export_csv(out / "grades.csv")
            run_exports.write_status(results, out / "status.csv")
            run_exports.write_exercise_scores(results, out / "scores_by_exercise.csv")
            attempts = self.ledger.attempts()
            counts = {}
            for key in {a.key for a in attempts}:
                student, assignment = key.split("/")
                chosen = counting([a for a in attempts if a.key == key and a.state == states.GRADED],
                                  self.config.policy(assignment).counts)
                if chosen:
                    counts[key] = chosen.id
            _write_csv(out / "attempts.csv", ATTEMPT_FIELDS, [{
                "id": a.id, "student_id": a.student, "assignment_id": a.assignment, "received_at": a.received_at,
                "nbgrader_stamp": a.stamp, "state": a.state, "reason": a.reason or "",
                "counts": counts.get(a.key) == a.id, "status": a.status or "",
                "score": _num(a.score), "late_penalty": _num(None if a.score is None else a.score - a.final_score),
                "final_score": _num(a.final_score), "max_score": _num(a.max_score), "seed": a.seed,
                "tries": a.tries, "inbound": a.inbound} for a in attempts])
            received.write_received_times([
                {"student_id": a.student, "assignment_id": a.assignment, "received_at": a.received_at,
                 "received_by": received.EXCHANGE, "nbgrader_stamp": a.stamp or ""}
                for a in attempts if counts.get(a.key) == a.id], out / "received.csv")

    def write_report(self) -> None:
        """The class report of what counts (``report.html``), when something changed."""
        with self.lock:
            if not self.report_due or self.run is None:
                return
            self.report_due = False
            write_reports(self.config.out, self.config.course_dir, self.run.gradebook, self.counting_results(),
                          lambda *a: None, submitted=nbgrader_submitted(self.config.course_root / "submitted"))

    def warm_up(self, assignment_ids: list[str]) -> None:
        """Compute, for each chapter, how the course's known mistakes behave (the diagnosis's
        cache, ``judge.catalogue``: about 20 s per chapter and course version), as a grading
        worker would for the first failing attempt: ready before the first student submits."""
        from grader.judge.catalogue import catalogue

        if not self.settings.diagnose:
            return
        for assignment in assignment_ids:
            run = self.prepare([assignment])
            facts = run.template.facts[assignment]
            clock = time.monotonic()
            for notebook, listed in facts.exercises.items():
                source = run.template.root / "source" / assignment / f"{notebook}.ipynb"
                for exercise in listed:
                    mistakes = [m for a in exercise.answer_ids for m in facts.mistakes.get(a, [])]
                    if mistakes:
                        catalogue(run.template.cache / "diagnosis", source, list(exercise.answer_ids),
                                  list(exercise.test_ids), mistakes)
            self.log(f"warmed up {assignment}: the known mistakes' behaviour ({time.monotonic() - clock:.1f} s)")

    def mean_seconds(self, last: int = 20) -> float | None:
        """The mean grading time of the last graded attempts (for the expected wait)."""
        seconds = [a.seconds for a in self.ledger.attempts(states=(states.GRADED,)) if a.seconds][-last:]
        return sum(seconds) / len(seconds) if seconds else None


class GradingWorker(threading.Thread):
    """Takes the next queued attempt, grades it on its own pool, records the result; again."""

    def __init__(self, grader: Grader, stop: threading.Event, index: int, pool=None):
        super().__init__(name=f"grading-{index}", daemon=True)
        self.grader, self.stop, self.pool = grader, stop, pool
        self.current: Attempt | None = None

    def run(self) -> None:
        if self.pool is None:
            self.pool = make_pool(replace(self.grader.settings, jobs=1))
        try:
            while not self.stop.is_set():
                attempt = self.grader.ledger.claim_next()
                if attempt is None:
                    self.stop.wait(self.grader.config.poll_seconds)
                    continue
                self.current = attempt
                self.grader.log(f"attempt {attempt.id} ({attempt.key}): grading (try {attempt.tries})")
                self.grader.record(attempt, self.grade(attempt))
                self.current = None
        finally:
            self.pool.close()

    def grade(self, attempt: Attempt) -> JobResult:
        try:
            spec = self.grader.spec(attempt)
            return next(iter(self.pool.run([spec])))
        except Exception as error:  # the grader's own failure: tried again, then held
            why = f"the grader failed: {type(error).__name__}: {error}"
            self.grader.log(f"attempt {attempt.id}: {why}")
            return JobResult(attempt.student, attempt.assignment, None, "", 0.0, status=Status.CRASHED, reasons=[why])


def _write_csv(path: Path, fields: list[str], rows: list[dict]) -> None:
    with replaced(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv_safe.dict_writer(handle, fields)
        writer.writeheader()
        writer.writerows(rows)


def _num(value) -> str:
    return "" if value is None else f"{float(value):g}"
