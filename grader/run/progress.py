"""One line per finished job: a bar, done and not-clean counts, the time left, the job's result."""

from __future__ import annotations

import sys
import time

from grader.records.jobs import JobResult, Status


class Progress:
    """Progress of ``total`` jobs, logged with ``log``; ``seen`` holds the keys of finished jobs."""

    def __init__(self, total: int, log):
        self.total, self.log, self.done, self.failed = total, log, 0, 0
        self.seen: set[str] = set()
        self.start = time.monotonic()

    def elapsed(self) -> float:
        return time.monotonic() - self.start

    def update(self, result: JobResult) -> None:
        self.done += 1
        self.failed += result.status != Status.GRADED
        self.seen.add(result.key)
        width = 20
        filled = int(width * self.done / max(1, self.total))
        left = self.elapsed() / self.done * (self.total - self.done)
        self.log(f"[{'#' * filled}{'-' * (width - filled)}] {self.done}/{self.total} done, "
                 f"{self.failed} not clean, ~{left:.0f} s left | {result.student_id} "
                 f"{result.assignment_id}: {result.status} {result.score:g}/{result.max_score:g}")
        sys.stdout.flush()
