"""The grading service under load, killed and restarted: nothing lost, doubled or misplaced.

    python benchmarks/service_load.py [--students 20] [--attempts 3] [--minute 60] [--workers 2]
                                      [--kill-after 0.5] [--diagnose] [--keep DIR]

A class of ``--students`` students submits ``--attempts`` attempts each of chapter 0 at random
moments of one ``--minute`` (seeded), to a grading service with ``--workers`` grading workers,
the hub's settings otherwise (``deploy/jupyterhub/grading_service.toml``: the sandbox, 3 graded
attempts in 24 hours, the best counts; the diagnosis of wrong answers only with ``--diagnose``).
Once ``--kill-after`` of the attempts have been submitted and a worker is grading one, the
service is killed with SIGKILL and started again at once, as JupyterHub restarts a managed
service that died.

The service is driven the way the hub drives it, without the hub: ``python -m grader.service
run`` with the hub's environment (``COURSE_EXCHANGE_ROOT``, ``COURSE_HUB_COURSE_ROOT``,
``COURSE_SERVICE_DIR``, ``COURSE_SERVICE_CONFIG``) and ``COURSE_SERVICE_CHECK_OWNER=0``, as the
hub sets it when it does not run as root (every account is one system user); the submissions are
inbound folders as nbgrader's *Submit* writes them. Each attempt is one of the example class's
notebooks (``grader/examples/submissions``: perfect, partial, untouched) with a line of its own
in an answer cell, so every notebook is the student's own.

It prints, and checks:

- Submit-to-feedback: from the moment the folder is complete to the moment the attempt's
  feedback page is released to the exchange (p50, p95, max), and the queue's peak (attempts
  queued at once, sampled every 0.2 s);
- none lost: every inbound folder is one attempt, graded, its feedback page released;
- none doubled: no folder is two attempts, no student has more attempts than submitted, none
  went past the attempt limit;
- none misplaced: each attempt is its own student's (its graded notebook carries its own line),
  scores as its notebook deserves, and the class gradebook holds each student's best.

Exit code 0 when every check holds. ``tests/hosting/test_service_restart.py`` runs the same
checks on a few attempts in ``make test``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
CHAPTER = "00_finite_differences"
COURSE_ID = "autograd-course"
EXAMPLES = ROOT / "grader" / "examples" / "submissions"
#: The notebooks attempts are made of, from the example class, and what each deserves (relative).
VARIANTS = ("untouched", "partial", "perfect")


@dataclass
class Submission:
    student: str
    number: int  # the student's attempt, from 1
    variant: str
    at: float  # seconds into the minute
    inbound: str = ""
    submitted: float | None = None  # time.time() once the folder is complete
    released: float | None = None  # time.time() when its feedback was first seen released

    @property
    def line(self) -> str:
        return f"# attempt {self.number} of {self.student}: {self.variant}"


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    queue_peak: int = 0
    kills: int = 0
    regraded: int = 0  # attempts graded a second time (the kill stopped their first try)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    planned: list[Submission] = field(default_factory=list)


def plan(students: int, attempts: int, minute: float, seed: int = 38) -> list[Submission]:
    """Who submits what when: each student's attempts in order, at random moments of the minute."""
    rng = random.Random(seed)
    planned = []
    for index in range(students):
        student = f"s{index + 1:02d}"
        moments = sorted(rng.uniform(0, minute) for _ in range(attempts))
        for number, at in enumerate(moments, 1):
            planned.append(Submission(student, number, rng.choice(VARIANTS), at))
    return sorted(planned, key=lambda s: s.at)


def notebook(variant: str, line: str) -> nbformat.NotebookNode:
    """The example class's ``variant`` notebook with ``line`` added to its first answer cell."""
    nb = nbformat.read(EXAMPLES / variant / CHAPTER / f"{CHAPTER}.ipynb", as_version=4)
    cell = next(c for c in nb.cells if c.get("metadata", {}).get("nbgrader", {}).get("solution"))
    cell.source = cell.source.rstrip("\n") + "\n" + line + "\n"
    return nb


# -- an exchange and the service, as the hub has them ------------------------------------------------

@dataclass
class Layout:
    root: Path

    @property
    def exchange(self) -> Path:
        return self.root / "exchange"

    @property
    def inbound(self) -> Path:
        return self.exchange / COURSE_ID / "inbound"

    @property
    def course_root(self) -> Path:
        return self.root / "course"

    @property
    def state(self) -> Path:
        return self.root / "state"

    @property
    def config(self) -> Path:
        return self.root / "grading_service.toml"

    def make(self, workers: int, diagnose: bool, grading: dict[str, str] | None = None) -> None:
        """The exchange with chapter 0 released, an empty course directory, and the hub's service
        settings with ``workers`` workers and the ``grading`` settings given (TOML values)."""
        for folder in ("inbound", "feedback", f"outbound/{CHAPTER}"):
            (self.exchange / COURSE_ID / folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "assignments" / CHAPTER / f"{CHAPTER}.ipynb",
                    self.exchange / COURSE_ID / "outbound" / CHAPTER)
        self.course_root.mkdir(parents=True, exist_ok=True)
        text = (ROOT / "deploy" / "jupyterhub" / "grading_service.toml").read_text()
        given = {"jobs": str(workers), "diagnose": "true" if diagnose else "false", **(grading or {})}
        lines = [line for line in text.splitlines() if line.split("=")[0].strip() not in given]
        at = lines.index(next(line for line in lines if line.startswith("[grading]"))) + 1
        lines[at:at] = [f"{key} = {value}" for key, value in given.items()]
        text = "\n".join(lines) + "\n"
        self.config.write_text(text)

    def environment(self, port: int) -> dict[str, str]:
        return {**os.environ, "COURSE_EXCHANGE_ROOT": str(self.exchange),
                "COURSE_HUB_COURSE_ROOT": str(self.course_root),
                "COURSE_SERVICE_DIR": str(self.state), "COURSE_SERVICE_CONFIG": str(self.config),
                "COURSE_SERVICE_CHECK_OWNER": "0", "JUPYTERHUB_SERVICE_URL": f"http://127.0.0.1:{port}",
                "JUPYTERHUB_SERVICE_PREFIX": "/services/grading/"}

    def submit(self, submission: Submission) -> None:
        """An inbound folder as nbgrader's Submit writes it."""
        stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime()) + f".{time.time_ns() % 10**9 // 1000:06d} UTC"
        name = f"{submission.student}+{CHAPTER}+{stamp}+{os.urandom(4).hex()}"
        folder = self.inbound / name
        folder.mkdir()
        nbformat.write(notebook(submission.variant, submission.line), folder / f"{CHAPTER}.ipynb")
        (folder / "timestamp.txt").write_text(stamp)
        (folder / "submission_secret.txt").write_text(os.urandom(8).hex())
        submission.inbound, submission.submitted = name, time.time()


class Supervisor:
    """``python -m grader.service run``, started again at once when it dies (as JupyterHub does)."""

    def __init__(self, layout: Layout, log, command: list[str] | None = None):
        self.layout, self.log = layout, log
        self.command = command or [sys.executable, "-m", "grader.service", "run"]
        self.port = _free_port()
        self.process: subprocess.Popen | None = None
        self.kills = 0
        self._stopping = threading.Event()
        self._output = open(layout.root / "service.out", "ab")
        self._thread = threading.Thread(target=self._keep, daemon=True)

    def start(self) -> None:
        self._spawn()
        self._thread.start()

    def _spawn(self) -> None:
        self.process = subprocess.Popen(self.command, cwd=self.layout.state.parent,
                                        env=self.layout.environment(self.port), stdout=self._output,
                                        stderr=subprocess.STDOUT)

    def _keep(self) -> None:
        while not self._stopping.is_set():
            if self.process.poll() is not None and not self._stopping.is_set():
                self.log(f"the service exited ({self.process.returncode}); started again")
                self._spawn()
            self._stopping.wait(0.2)

    def kill(self) -> None:
        """SIGKILL, to the service's process only (its workers must go with it by themselves)."""
        self.kills += 1
        os.kill(self.process.pid, signal.SIGKILL)

    def stop(self) -> None:
        """SIGTERM, as JupyterHub stops it; SIGKILL after 60 s."""
        self._stopping.set()
        self._thread.join()
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._output.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _ledger(layout: Layout) -> list[dict]:
    path = layout.state / "service.db"
    if not path.exists():
        return []
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    db.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in db.execute("SELECT * FROM attempts ORDER BY id")]
    except sqlite3.OperationalError:  # the schema not made yet
        return []
    finally:
        db.close()


def _started(layout: Layout) -> bool:
    log = layout.state / "service.log"
    return log.exists() and "grading worker(s)" in log.read_text(errors="replace")


# -- the run --------------------------------------------------------------------------------------

def run(root: Path, students: int, attempts: int, minute: float, workers: int, kill_after: float | None,
        diagnose: bool = False, timeout: float = 1800, log=print, command: list[str] | None = None,
        grading: dict[str, str] | None = None) -> Figures:
    """Submit the planned class, kill and restart the service once (``command``, default
    ``python -m grader.service run``), wait for every feedback page; the figures and what went
    wrong (``Figures.problems``)."""
    layout = Layout(root)
    layout.make(workers, diagnose, grading)
    planned = plan(students, attempts, minute)
    figures = Figures(planned=planned)
    service = Supervisor(layout, log, command)
    service.start()
    try:
        deadline = time.monotonic() + 600
        while not _started(layout):
            if time.monotonic() > deadline:
                raise RuntimeError(f"the service did not start: see {layout.root / 'service.out'}")
            time.sleep(0.5)
        log(f"service started; {len(planned)} attempts of {students} students within {minute:g} s")
        begun = time.monotonic()
        pending = list(planned)
        killed = kill_after is None
        by_inbound: dict[str, Submission] = {}
        while True:
            now = time.monotonic() - begun
            while pending and pending[0].at <= now:
                submission = pending.pop(0)
                layout.submit(submission)
                by_inbound[submission.inbound] = submission
            rows = _ledger(layout)
            figures.queue_peak = max(figures.queue_peak, sum(r["state"] == "queued" for r in rows) +
                                     sum(1 for s in by_inbound if s not in {r["inbound"] for r in rows}))
            for row in rows:
                submission = by_inbound.get(row["inbound"])
                if submission and submission.released is None and row["state"] == "graded" \
                        and json.loads(row["released"] or "{}"):
                    submission.released = time.time()
            if not killed and len(by_inbound) >= kill_after * len(planned) \
                    and any(r["state"] == "grading" for r in rows):
                log(f"SIGKILL to the service at {now:.1f} s ({len(by_inbound)} submitted, "
                    f"{sum(s.released is not None for s in by_inbound.values())} released, "
                    f"{sum(r['state'] == 'grading' for r in rows)} being graded)")
                service.kill()
                killed = True
            if not pending and all(s.released for s in planned):
                break
            if not pending and killed and _settled(rows, len(planned)):
                break  # nothing more will happen: what is missing is lost
            if time.monotonic() - begun > timeout:
                figures.problems.append(f"timed out after {timeout:g} s")
                break
            time.sleep(0.2)
        figures.seconds = time.monotonic() - begun
    finally:
        service.stop()
    figures.kills = service.kills
    figures.regraded = sum(r["tries"] >= 2 for r in _ledger(layout))
    figures.latencies = sorted(s.released - s.submitted for s in planned if s.released)
    figures.problems += check(layout, planned)
    return figures


def _settled(rows: list[dict], expected: int) -> bool:
    """At least as many attempts as expected, each in a final state (none queued or being graded),
    and a graded one's feedback released (the ledger records the release just after the grade)."""
    return len(rows) >= expected and all(
        r["state"] not in ("queued", "grading") and (r["state"] != "graded" or json.loads(r["released"] or "{}"))
        for r in rows)


def check(layout: Layout, planned: list[Submission]) -> list[str]:
    """What went wrong: attempts lost, doubled or counted against the wrong student."""
    problems = []
    rows = _ledger(layout)
    by_inbound: dict[str, list[dict]] = {}
    for row in rows:
        by_inbound.setdefault(row["inbound"], []).append(row)
    scores: dict[str, set] = {}
    for submission in planned:
        found = by_inbound.pop(submission.inbound, [])
        if len(found) != 1:
            problems.append(f"{submission.inbound}: {len(found)} attempts (lost or doubled)")
            continue
        [row] = found
        if row["student"] != submission.student:
            problems.append(f"{submission.inbound}: the attempt of {row['student']}, not {submission.student}")
            continue
        if row["state"] != "graded" or not json.loads(row["released"] or "{}"):
            problems.append(f"{submission.inbound}: {row['state']} ({row['reason']}), no feedback released")
            continue
        graded = layout.state / "attempts" / row["folder"] / "jobs" / row["student"] / CHAPTER
        try:
            result = json.loads((graded / "result.json").read_text())
        except (OSError, ValueError) as error:
            problems.append(f"{submission.inbound}: graded, but its result cannot be read: {error}")
            continue
        if result["student_id"] != submission.student:
            problems.append(f"{submission.inbound}: graded as {result['student_id']}")
        notebooks = list((graded / "course" / "autograded").rglob("*.ipynb"))
        if not notebooks or submission.line not in notebooks[0].read_text():
            problems.append(f"{submission.inbound}: its graded notebook is not its own")
        scores.setdefault(submission.variant, set()).add(row["score"])
    problems += [f"{inbound}: an attempt of no submission" for inbound in by_inbound]
    for variant, found in scores.items():
        if len(found) != 1:
            problems.append(f"the {variant} notebook scored {sorted(found)}: an attempt got another's grade")
    problems += _check_gradebook(layout, planned, {v: next(iter(s)) for v, s in scores.items() if len(s) == 1})
    return problems


def _check_gradebook(layout: Layout, planned: list[Submission], deserved: dict[str, float]) -> list[str]:
    """The class gradebook holds each student's best attempt (the hub's rule: the best counts)."""
    from nbgrader.api import Gradebook, MissingEntry

    problems = []
    with Gradebook(f"sqlite:///{layout.course_root / 'gradebook.db'}", COURSE_ID) as gradebook:
        for student in sorted({s.student for s in planned}):
            best = max((deserved.get(s.variant) for s in planned if s.student == student and s.variant in deserved),
                       default=None)
            try:
                score = gradebook.find_submission(CHAPTER, student).score
            except MissingEntry:
                score = None
            if best is not None and score != best:
                problems.append(f"{student}: the gradebook holds {score}, the best attempt scored {best}")
    return problems


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (nearest rank) of sorted ``values``."""
    return values[min(len(values) - 1, max(0, round(share * len(values) + 0.5) - 1))] if values else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=20)
    parser.add_argument("--attempts", type=int, default=3, help="per student")
    parser.add_argument("--minute", type=float, default=60.0, help="seconds over which they submit")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--kill-after", type=float, default=0.5, help="share submitted before the SIGKILL")
    parser.add_argument("--diagnose", action="store_true", help="name known mistakes, as the hub does by default")
    parser.add_argument("--keep", help="work in this folder and keep it (default: a temporary one, removed)")
    args = parser.parse_args(argv)
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="service-load-"))
    try:
        figures = run(root, args.students, args.attempts, args.minute, args.workers, args.kill_after, args.diagnose)
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    latencies = figures.latencies
    print(f"{args.students} students, {args.students * args.attempts} attempts within {args.minute:g} s, "
          f"{args.workers} workers, {figures.kills} SIGKILL and restart, {os.cpu_count()} cores")
    print(f"Submit to feedback: p50 {percentile(latencies, 0.5):.1f} s, p95 {percentile(latencies, 0.95):.1f} s, "
          f"max {max(latencies, default=float('nan')):.1f} s ({len(latencies)} released); "
          f"queue peak {figures.queue_peak}; all done in {figures.seconds:.0f} s")
    print("nothing lost, doubled or misplaced" if not figures.problems
          else "PROBLEMS:\n  " + "\n  ".join(figures.problems))
    return 0 if not figures.problems else 1


if __name__ == "__main__":
    sys.exit(main())
