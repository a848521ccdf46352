"""How each known mistake of an exercise behaves in a diagnosis run, computed once and cached.

For the diagnosis (``diagnose``) the judge needs, for every known-wrong implementation of a failing
exercise and for the correct answer, the diagnosis run of the exercise's test cells on the very
inputs the student's answer got. They are computed in-process on the course's own source notebook
(``rehearsal``), in a child process of their own (so the course's code never changes the grading
process's state), and cached per course version: a class pays for each exercise once.

    python -m grader.judge.catalogue SOURCE.ipynb TEST_IDS_JSON MISTAKES_JSON OUT.pkl [KERNEL_LIBRARY]

With a kernel library (``grader.course.kernel_library``), the child process imports the chapter's
build and gives each exercise's code back once its tests are judged, as grading does; the
notebook's imports of a package the chapter's kernel goes without fail as they do in the kernel
(``refuse_in_notebook``), the judge's do not.
"""

from __future__ import annotations

import fcntl
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

CORRECT = "(correct)"


def catalogue(cache_dir: Path, source: Path, answer_ids: list[str], test_ids: list[str],
              mistakes: list[dict], timeout: float = 600, kernel_library: str | None = None) -> dict[str, dict]:
    """``{mistake name or CORRECT: {test grade_id: Transcript}}`` for one exercise (cached). With
    ``kernel_library``, the mistakes run on the chapter's build, as a student's answer does."""
    cache_dir = Path(cache_dir)
    cache_dir.mkdir(parents=True, exist_ok=True)
    path = cache_dir / f"{Path(source).stem}.{'+'.join(answer_ids)}.pkl"
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one process computes; the others wait and read it
        if not path.exists():
            env = dict(os.environ)
            if kernel_library:
                from grader.course.kernel_library import kernel_pythonpath

                env = kernel_pythonpath(env, Path(kernel_library), without=False)  # refused in compute_for
            subprocess.run([sys.executable, "-m", "grader.judge.catalogue", str(source), json.dumps(test_ids),
                            json.dumps(mistakes), str(path), kernel_library or ""], check=True, timeout=timeout,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        with open(path, "rb") as handle:
            return pickle.load(handle)  # written by the course's own code above: trusted


def compute(source: Path, test_ids: list[str], mistakes: list[dict], kernel_library: str | None = None
            ) -> dict[str, dict]:
    """The diagnosis runs of ``test_ids`` for the solution and for each mistake (in this process,
    which imports ``kernel_library``'s autograd_lib when one is given)."""
    import nbformat

    return compute_for(nbformat.read(source, as_version=4), Path(source).parent, test_ids, mistakes, kernel_library)


def compute_for(nb, cwd: Path, test_ids: list[str], mistakes: list[dict], kernel_library: str | None = None
                ) -> dict[str, dict]:
    """As ``compute``, for a source notebook already read, run in ``cwd``."""
    from grader.course.model import exercises
    from grader.judge.rehearsal import rehearse
    from grader.judge.releases import Releases

    def releases():
        tests = {e.name: list(e.test_ids) for e in exercises(nb)}
        return Releases.from_folder(kernel_library, tests) if kernel_library else None

    found = {CORRECT: rehearse(nb, cwd=cwd, record=test_ids, only_record=True, releases=releases()).transcripts}
    for mistake in mistakes:
        run = rehearse(nb, {mistake["answer_id"]: mistake["code"]}, cwd=cwd, record=test_ids, only_record=True,
                       releases=releases())
        found[mistake["name"]] = run.transcripts
    return found


def main(argv: list[str]) -> int:
    source, test_ids, mistakes, out = Path(argv[0]), json.loads(argv[1]), json.loads(argv[2]), Path(argv[3])
    if len(argv) > 4 and argv[4]:  # the notebook's imports of what the chapter's kernel goes without fail
        from grader.course.kernel_library import refuse_in_notebook

        refuse_in_notebook(Path(argv[4]))
    found = compute(source, test_ids, mistakes, argv[4] if len(argv) > 4 and argv[4] else None)
    from grader.files import replaced

    with replaced(out, "wb") as handle:
        pickle.dump(found, handle)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
