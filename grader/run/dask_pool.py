"""Grade on a Dask distributed cluster (``autograde --cluster ADDRESS``) instead of the local pool.

Each (student, assignment) is one Dask task that calls the same ``worker.grade_job`` the local pool
calls, so the sandbox (bubblewrap on the worker's host) and the limits apply on the worker, and it
returns the same plain result. The coordinator (the ``autograde`` process) alone writes the class
gradebook, from the results as they arrive.

Workers need the project installed (same version) and the run's folders at the same paths
(``SUBMISSIONS``, ``OUT``: a shared file system), because a job reads its submission and the
template course and writes ``OUT/jobs/<student>/<assignment>/`` as with local workers.

A worker that dies mid-task: the scheduler reschedules the task on another worker (Dask's
``distributed.scheduler.allowed-failures``); once that gives up (``KilledWorker``) the job is
resubmitted once more and, should it kill a worker again, recorded as crashed, as the local pool
does. An exception in the task is retried (``retries``). Results are keyed by job and each job is
yielded once, so nothing is lost or counted twice; merging into the gradebook is idempotent anyway.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

from grader.pipeline.worker import grade_job
from grader.records.jobs import JobResult, JobSpec

#: Dask-level retries of a task that raised (a worker dying is handled by the scheduler).
RETRIES = 2
#: Submissions of one job after ``KilledWorker`` (each one may itself be rescheduled by Dask).
SUBMISSIONS = 2


def grade_on_worker(spec: JobSpec) -> JobResult:
    """The task: resolve bubblewrap on this host, then grade as a local worker would."""
    if spec.bwrap:
        from dataclasses import replace

        from grader.sandbox.policy import find_bwrap

        bwrap = find_bwrap()
        if bwrap is None:  # the coordinator has a sandbox: never grade without one
            raise RuntimeError("bubblewrap (bwrap) is missing or does not work on this Dask worker")
        spec = replace(spec, bwrap=bwrap)
    return grade_job(spec)


def connect(address: str, timeout: float = 30):
    from distributed import Client

    return Client(address, timeout=timeout, set_as_default=False)


class DaskPool:
    """Jobs as tasks of a Dask cluster; the interface of ``LocalPool``.

    ``address``: the scheduler's address, or a ``distributed.Client`` / ``LocalCluster``.
    """

    def __init__(self, address, client=None):
        self.address, self._client = address, client

    def run(self, specs: list[JobSpec]) -> Iterator[JobResult]:
        """Yield each job's result once, as it is finished."""
        from distributed import as_completed
        from distributed.scheduler import KilledWorker

        address = self.address
        client = self._client
        own = client is None
        if own:
            client = address if hasattr(address, "submit") else connect(
                address.scheduler_address if hasattr(address, "scheduler_address") else address)
        run = uuid.uuid4().hex[:8]
        submissions: dict[str, int] = {}
        job_of = {}
        specs_by_key = {s.key: s for s in specs}

        def submit(spec: JobSpec):
            submissions[spec.key] = submissions.get(spec.key, 0) + 1
            future = client.submit(grade_on_worker, spec,
                                   key=f"grade-{run}-{submissions[spec.key]}-{spec.key.replace('/', '-')}",
                                   retries=RETRIES, pure=False)
            job_of[future] = spec.key
            return future

        try:
            futures = as_completed([submit(s) for s in specs], loop=client.loop)
            done: set[str] = set()
            for future in futures:
                key = job_of.pop(future)
                if key in done:  # never count a job twice
                    continue
                try:
                    result = future.result()
                except KilledWorker:
                    if submissions[key] < SUBMISSIONS:
                        futures.add(submit(specs_by_key[key]))
                        continue
                    result = JobResult.failed(
                        specs_by_key[key], "the grading worker process died repeatedly on this job"
                    )
                except Exception as exc:  # a bug in the grader (or a worker without a sandbox)
                    result = JobResult.failed(specs_by_key[key], f"the grader failed on the cluster: "
                                              f"{type(exc).__name__}: {exc}")
                finally:
                    future.release()
                done.add(key)
                yield result
        finally:
            if own and client is not address:
                client.close()

    def close(self) -> None:
        pass
