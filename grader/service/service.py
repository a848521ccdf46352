"""The running service: the watcher, the grading workers and the web pages, in one process.

``serve`` holds the service's OUT and its class gradebook for as long as it runs (a manual
``python -m grader autograde`` on either is refused with a message), queues again what a dead
service left half graded, then runs:

- the **watcher** thread: ``Watcher.scan`` every ``poll_seconds``, and the class report when
  something changed (at most every ``REPORT_SECONDS``);
- ``settings.jobs`` **grading workers** (``GradingWorker`` threads, a warm worker process each, or
  tasks on the Dask cluster with ``[grading] cluster``);
- the **web pages** on tornado's loop, at ``$JUPYTERHUB_SERVICE_URL`` (as JupyterHub starts it).

SIGTERM (JupyterHub stopping it) stops all three; an attempt being graded goes back to the queue,
its try not counted. Logs go to ``STATE/service.log`` and to JupyterHub's log.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse

from grader.run.locks import exclusive, gradebook_lock_file, out_lock
from grader.service import ledger as states
from grader.service.attempt_pages import Queue
from grader.service.attempt_policy import counting
from grader.service.config import ServiceConfig
from grader.service.grading import Grader, GradingWorker
from grader.service.ledger import Attempt, Ledger
from grader.service.watch import Watcher

REPORT_SECONDS = 60.0
#: How often the exchange's releases are looked at (a chapter released since is warmed up).
RELEASE_SECONDS = 5.0


class Service:
    """The parts of a running service, as the web pages and the tests see them."""

    def __init__(self, config: ServiceConfig, log=print, owner_name=None, prefix: str = "/services/grading/"):
        self.config, self.log, self.prefix = config, log, prefix
        for folder in (config.state, config.attempts_dir, config.out):
            folder.mkdir(parents=True, exist_ok=True)
        self.ledger = Ledger(config.ledger_path)
        self.grader = Grader(config, self.ledger, log)
        self.watcher = Watcher(self.grader, owner_name)
        self.workers: list[GradingWorker] = []
        self.stop = threading.Event()

    # -- what the pages read -------------------------------------------------------------------

    def queue(self) -> Queue:
        return Queue(self.ledger.queue(), self.ledger.attempts(states=(states.GRADING,)),
                     max(1, self.config.settings.jobs), self.grader.mean_seconds())

    def counting_ids(self, attempts: list[Attempt]) -> set[int]:
        chosen = set()
        for key in {a.key for a in attempts}:
            graded = [a for a in attempts if a.key == key and a.state == states.GRADED]
            found = counting(graded, self.config.policy(graded[0].assignment).counts) if graded else None
            if found:
                chosen.add(found.id)
        return chosen

    def duedate(self, student: str, assignment: str) -> str | None:
        """nbgrader's due date of ``assignment`` for ``student`` (with an extension), ISO."""
        run = self.grader.run
        if run is None:
            return None
        terms = run.gradebook.terms([assignment], [student]).get((student, assignment)) or {}
        if not terms.get("duedate"):
            return None
        from datetime import timedelta

        from grader.intake.received import iso, parse_time

        return iso(parse_time(terms["duedate"]) + timedelta(seconds=terms.get("extension_seconds") or 0))

    def recorded(self, student: str, assignment: str) -> tuple[float, float] | None:
        """(score, max score) the class gradebook holds for a student's chapter: the attempt that
        counts, with any score set by hand and nbgrader's late penalty."""
        run = self.grader.run
        return run.gradebook.recorded(student, assignment) if run else None

    def pages_of(self, attempt: Attempt) -> dict[str, str]:
        from grader.service.web import pages_of

        return pages_of(self.ledger, attempt)

    # -- running -------------------------------------------------------------------------------

    def start(self, released: list[str]) -> None:
        """Prepare the run for the released chapters (and those with attempts), recover what a dead
        service left, start the watcher and the workers (threads)."""
        held = self.ledger.recover()
        for attempt in held:
            self.log(f"attempt {attempt.id} ({attempt.key}): {self.ledger.get(attempt.id).reason}")
            self.grader.release_notice(attempt, "held for review", "held for review: your instructor will look at "
                                       "it before it is graded (the grader could not grade it)")
        chapters = set(released) | {a.assignment for a in self.ledger.attempts()}
        if any(self.grader.knows(c) for c in chapters):
            self.grader.prepare([c for c in chapters if self.grader.knows(c)])
        pool_factory = self._pools()
        self.workers = [GradingWorker(self.grader, self.stop, i, pool_factory())
                        for i in range(self.config.settings.jobs)]
        for worker in self.workers:
            worker.start()
        threading.Thread(target=self._watch, name="watcher", daemon=True).start()
        threading.Thread(target=self._warm_up, args=(sorted(chapters),), name="warm-up", daemon=True).start()
        self.log(f"grading service: watching {self.config.inbound}, {len(self.workers)} grading worker(s), "
                 f"{len(self.ledger.queue())} attempt(s) queued")

    def _pools(self):
        """A pool per worker: a warm local worker process each, or the shared Dask client."""
        from dataclasses import replace

        from grader.run.class_run import make_pool

        settings = replace(self.grader.settings, jobs=1)
        if settings.cluster:
            from grader.run.dask_pool import DaskPool, connect

            client = connect(settings.cluster)
            return lambda: DaskPool(settings.cluster, client=client)
        return lambda: make_pool(settings)

    def _warm_up(self, chapters: list[str]) -> None:
        try:
            self.grader.warm_up([c for c in chapters if self.grader.knows(c)])
        except Exception as error:  # warming up only saves time: never a reason to stop
            self.log(f"the warm-up failed: {type(error).__name__}: {error}")

    def _watch(self) -> None:
        last_report = last_release = 0.0
        warmed = set(released_chapters(self.config))
        while not self.stop.is_set():
            try:
                if time.monotonic() - last_release > RELEASE_SECONDS:  # a chapter released since: warm it
                    last_release = time.monotonic()
                    new = set(released_chapters(self.config)) - warmed
                    if new:
                        warmed |= new
                        threading.Thread(target=self._warm_up, args=(sorted(new),), name="warm-up",
                                         daemon=True).start()
                self.watcher.scan()
                if self.grader.report_due and time.monotonic() - last_report > REPORT_SECONDS:
                    last_report = time.monotonic()
                    self.grader.write_report()
            except Exception as error:  # a bad folder must not stop the watching
                self.log(f"the watcher failed: {type(error).__name__}: {error}")
            self.stop.wait(self.config.poll_seconds)

    def shutdown(self) -> None:
        """Stop the threads; an attempt being graded is queued again, its try not counted."""
        self.stop.set()
        busy = [w.current.id for w in self.workers if w.current is not None]
        self.ledger.interrupted(busy)
        for worker in self.workers:
            worker.pool.close()
        self.log(f"grading service stopped ({len(busy)} attempt(s) being graded go back to the queue)")


def released_chapters(config: ServiceConfig) -> list[str]:
    """The chapters released on the exchange (``outbound/<chapter>``)."""
    outbound = config.exchange / config.course_id / "outbound"
    return sorted(p.name for p in outbound.iterdir() if p.is_dir()) if outbound.is_dir() else []


def serve(config: ServiceConfig, url: str | None = None) -> int:
    """Run the service until SIGTERM (JupyterHub's managed service: ``python -m grader.service run``)."""
    from tornado.ioloop import IOLoop

    from grader.service.web import make_app

    config.state.mkdir(parents=True, exist_ok=True)
    log = _logger(config.log_path)
    url = url or os.environ.get("JUPYTERHUB_SERVICE_URL") or "http://127.0.0.1:8890"
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX") or "/services/grading/"
    holder = f"the grading service ({config.state})"
    with exclusive(out_lock(config.out), holder, f"the OUT folder {config.out}"), _gradebook_held(config, holder):
        service = Service(config, log, prefix=prefix)
        _wal(config.class_db_url)
        address = urlparse(url)
        make_app(service).listen(address.port or 80, address.hostname or "127.0.0.1")  # JupyterHub waits for it
        loop = IOLoop.current()
        failed = []

        def start():  # the template and the gradebook take a while: the pages answer meanwhile
            try:
                service.start(released_chapters(config))
            except Exception as error:  # exit, so that JupyterHub starts the service again
                log(f"the grading service could not start: {type(error).__name__}: {error}")
                failed.append(error)
                loop.add_callback(loop.stop)

        threading.Thread(target=start, name="start", daemon=True).start()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.asyncio_loop.add_signal_handler(signum, loop.stop)
        log(f"grading service pages at {url}{prefix}")
        try:
            loop.start()
        finally:
            service.shutdown()
    return 1 if failed else 0


@contextmanager
def _gradebook_held(config: ServiceConfig, holder: str):
    """Hold the class gradebook (SQLite) for as long as the service runs, as a run does."""
    from sqlalchemy import make_url

    url = make_url(config.class_db_url)
    if url.get_backend_name() != "sqlite" or not url.database:
        yield
        return
    path = Path(url.database).resolve()
    with exclusive(gradebook_lock_file(path), holder, f"the class gradebook {path}"):
        yield


def _wal(db_url: str) -> None:
    """The class gradebook in WAL mode (SQLite): Formgrader's reads never block the service's merge."""
    from sqlalchemy import create_engine, make_url, text

    if make_url(db_url).get_backend_name() != "sqlite":
        return
    engine = create_engine(db_url)
    with engine.connect() as connection:
        connection.execute(text("PRAGMA journal_mode=WAL"))
    engine.dispose()


def _logger(path: Path):
    """A log function writing to ``path`` and to stderr (JupyterHub's log), with times."""
    logger = logging.getLogger("grader.service")
    logger.setLevel(logging.INFO)
    if not logger.handlers:
        formatter = logging.Formatter("%(asctime)s grading-service %(message)s")
        for handler in (logging.FileHandler(path), logging.StreamHandler()):
            handler.setFormatter(formatter)
            logger.addHandler(handler)
    return logger.info
