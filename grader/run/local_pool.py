"""Grade on local worker processes (the default): ``LocalPool(jobs).run(specs)``.

Workers are spawned (a fresh interpreter each), die with the main process, and import what grading
needs before the first job arrives. ``run`` yields each job's result as it is finished; a job that
kills its worker process is tried once more, then recorded as crashed. ``DaskPool`` has the same
interface for a cluster.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from grader.pipeline.worker import grade_job
from grader.records.jobs import JobResult, JobSpec


class LocalPool:
    """A pool of ``jobs`` worker processes, started at once so they warm up while the run prepares."""

    def __init__(self, jobs: int):
        self.jobs = max(1, jobs)
        self._executor: ProcessPoolExecutor | None = self._start()

    def _start(self) -> ProcessPoolExecutor:
        executor = ProcessPoolExecutor(max_workers=self.jobs, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=_worker_init)
        for _ in range(self.jobs):
            executor.submit(_warm_up)
        return executor

    def run(self, specs: list[JobSpec]) -> Iterator[JobResult]:
        """Yield each job's result once, as it is finished. The workers stay up for the next call
        (the grading service calls it for each batch of arrivals) unless one of them died."""
        pending = list(specs)
        attempts: dict[str, int] = {}
        while pending:
            executor = self._executor or self._start()
            self._executor = None
            broken = False
            try:
                futures = {executor.submit(grade_job, spec): spec for spec in pending}
                pending = []
                waiting = set(futures)
                while waiting:
                    done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
                    for future in done:
                        spec = futures[future]
                        try:
                            result = future.result()
                        except BrokenProcessPool:
                            broken = True
                            attempts[spec.key] = attempts.get(spec.key, 0) + 1
                            if attempts[spec.key] < 2:
                                pending.append(spec)
                                continue
                            result = JobResult.failed(spec, "the grading worker process died twice on this job")
                        except Exception as exc:  # a bug in the grader must not stop the class
                            result = JobResult.failed(spec, f"the grader failed: {type(exc).__name__}: {exc}")
                        yield result
            except BaseException:
                broken = True
                raise
            finally:
                if broken:
                    executor.shutdown(wait=True, cancel_futures=True)
                else:
                    self._executor = executor

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def _worker_init() -> None:
    """Workers die with the main process (Linux), so a killed run leaves no grader behind."""
    try:
        import ctypes
        import signal

        ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except Exception:
        pass


def _warm_up() -> None:
    """Import what grading needs, once per worker, before the first job arrives."""
    import nbgrader.apps  # noqa: F401
    import torch  # the judge computes expected values with it

    torch.ones(1, dtype=torch.float64, requires_grad=True).sum().backward()  # its first backward imports more

    import grader.pipeline.worker  # noqa: F401
    from grader.intake import notebook_check as intake

    intake.protected_names()
