"""What nbgrader rebuilds per job and a worker keeps: compiled feedback templates, and commits to a
job's own gradebook that do not wait for the disk (never the class gradebook's)."""

import nbformat
from jinja2 import Environment
from sqlalchemy import create_engine, text

from grader.paths import SOLUTIONS_DIR
from grader.pipeline import bookkeeping


def test_the_feedback_templates_are_compiled_once_per_worker(monkeypatch):
    nb = nbformat.read(SOLUTIONS_DIR / "00_finite_differences" / "00_finite_differences.ipynb", as_version=4)
    compiled = []
    real = Environment.compile
    monkeypatch.setattr(Environment, "compile", lambda self, *a, **k: compiled.append(1) or real(self, *a, **k))
    first, _ = bookkeeping.FeedbackExporter().from_notebook_node(nb)
    before = len(compiled)
    second, _ = bookkeeping.FeedbackExporter().from_notebook_node(nb)  # a new exporter, as for the next job
    assert first == second
    assert before > 0 and len(compiled) == before, "the second exporter compiled its templates again"


def test_only_a_jobs_own_gradebook_commits_without_waiting_for_the_disk(tmp_path):
    bookkeeping.quick_job_gradebooks()
    job = tmp_path / "out" / "jobs" / "ann" / "00_finite_differences" / "course"
    job.mkdir(parents=True)
    modes = {}
    for name, path in (("job", job / "gradebook.db"), ("class", tmp_path / "out" / "gradebook.db")):
        with create_engine(f"sqlite:///{path}").connect() as connection:
            modes[name] = connection.execute(text("PRAGMA synchronous")).scalar()
    assert modes == {"job": 0, "class": 2}  # OFF for the scratch copy, FULL (SQLite's default) for the record
