"""What a run keeps in OUT besides the gradebook and the exports: each result's feedback published
under ``OUT/feedback/``, superseded results archived (``history.jsonl``, ``history/``), and the
seeds of an earlier run read back (``--seeds-from``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from grader.gradebook.class_gradebook import now_slug
from grader.records.jobs import JobResult, job_dir


def read_seeds(out: Path) -> dict[str, int]:
    """``--seeds-from OUT``: the seed of each result in another OUT, by ``student/assignment`` as
    its folder there names them (``OUT/jobs/<student>/<assignment>/result.json``)."""
    seeds = {}
    for path in sorted(Path(out).glob("jobs/*/*/result.json")):
        result = JobResult.read(path)
        if result is not None and result.seed is not None:
            seeds[f"{path.parent.parent.name}/{path.parent.name}"] = result.seed
    if not seeds:
        raise SystemExit(f"--seeds-from {out}: no graded results there (jobs/<student>/<assignment>/result.json)")
    return seeds


def publish_feedback(out: Path, result: JobResult, source: Path | None = None) -> None:
    """Copy a result's feedback pages (from its job's folder, or ``source``) to
    ``OUT/feedback/<student>/<assignment>/``."""
    source = source or job_dir(out, result.student_id, result.assignment_id)
    target = out / "feedback" / result.student_id / result.assignment_id
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for rel in result.feedback:
        if (source / rel).exists():
            shutil.copy2(source / rel, target / Path(rel).name)


def archive_result(out: Path, previous: JobResult) -> None:
    """Keep a superseded result: a line in history.jsonl and its feedback under history/."""
    stamp = now_slug()
    with open(out / "history.jsonl", "a") as handle:
        handle.write(
            json.dumps({"archived_at": stamp, "result": json.loads(previous.to_json())}, sort_keys=True) + "\n"
        )
    pages = out / "feedback" / previous.student_id / previous.assignment_id
    if pages.exists():
        keep = out / "history" / previous.student_id / previous.assignment_id / stamp
        keep.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(pages), keep)
