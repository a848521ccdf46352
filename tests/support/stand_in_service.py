"""``python -m grader.service run`` with a stand-in for its grading pool (a test's service).

``python tests/support/stand_in_service.py`` runs the real service (watcher, ledger, workers,
release, class gradebook, pages) in its own process, as JupyterHub runs it, but each attempt is
"graded" in ``SECONDS`` by reading the line ``# attempt N of STUDENT: VARIANT`` of its notebook
(``benchmarks/service_load.py`` writes it) and scoring the variant, with nbgrader's cells, a
feedback page and the autograded notebook where ``worker.grade_job`` leaves them. No notebook
runs, so a kill and a restart of the service can be tested in seconds.
"""

from __future__ import annotations

import re
import shutil
import sys
import time
from pathlib import Path

from grader.records.jobs import JobResult, job_dir
from grader.run import class_run as runner
from grader.service import grading

SECONDS = 2.0
#: What each variant of the example class earns, cell by cell (chapter 0's test cells).
CELLS = {"untouched": {"forward_difference_tests": 0.0, "central_difference_tests": 0.0,
                       "numerical_gradient_tests": 0.0},
         "partial": {"forward_difference_tests": 1.0, "central_difference_tests": 1.0, "numerical_gradient_tests": 0.0},
         "perfect": {"forward_difference_tests": 1.0, "central_difference_tests": 1.0, "numerical_gradient_tests": 2.0}}
MAX = {"forward_difference_tests": 1.0, "central_difference_tests": 1.0, "numerical_gradient_tests": 2.0}


class StandInPool:
    """A pool's interface (``run``, ``close``); each job takes ``SECONDS``."""

    def run(self, specs):
        for spec in specs:
            yield self.grade(spec)

    def close(self) -> None:
        pass

    def grade(self, spec) -> JobResult:
        time.sleep(SECONDS)
        [notebook] = sorted(Path(spec.folder).glob("*.ipynb"))
        found = re.search(r"# attempt \d+ of (\S+): (\w+)", notebook.read_text())
        student, variant = found.groups()
        result = JobResult.start(spec, seed=1)
        earned = CELLS[variant]
        result.cells = {f"{spec.assignment_id}/{cell}": {"auto_score": earned[cell], "manual_score": None,
                                                         "needs_manual_grade": False, "max_score": MAX[cell]}
                        for cell in earned}
        result.score = sum(earned.values())
        result.timestamp = spec.received_at
        folder = job_dir(Path(spec.out), spec.student_id, spec.assignment_id)
        graded = folder / "course" / "autograded" / spec.student_id / spec.assignment_id
        graded.mkdir(parents=True, exist_ok=True)
        shutil.copy(notebook, graded / notebook.name)
        (folder / "feedback").mkdir(exist_ok=True)
        (folder / "feedback" / f"{notebook.stem}.html").write_text(f"<html><body>{student} {variant}</body></html>")
        result.feedback = [f"feedback/{notebook.stem}.html"]
        (folder / "result.json").write_text(result.to_json())
        return result


def stand_in_pool(settings):
    return StandInPool()


if __name__ == "__main__":
    runner.make_pool = grading.make_pool = stand_in_pool
    from grader.service.__main__ import main

    sys.exit(main(["run"]))
