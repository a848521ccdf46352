"""Grading on a Dask cluster (``--cluster``) and into a PostgreSQL gradebook (``--db-url``).

The test starts a local Dask cluster of two worker *processes* and, where Debian's PostgreSQL
binaries are installed, a PostgreSQL server in a scratch folder (run as ``postgres`` on a loopback
port). Both are stopped at the end.
"""

from __future__ import annotations

import csv
import glob
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time

import pytest

from grader.paths import COURSE_DIR, EXAMPLES_DIR
from grader.records.settings import GradingSettings
from grader.run.class_run import autograde

distributed = pytest.importorskip("distributed", reason="the cluster extra (dask[distributed]) is not installed")

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("nbgrader")]

SUBMISSIONS = EXAMPLES_DIR / "submissions"
STUDENTS = sorted(p.name for p in SUBMISSIONS.iterdir())


def _settings(**extra) -> GradingSettings:
    return GradingSettings(jobs=2, cell_timeout=5, notebook_timeout=40, diagnose=False, **extra)


def _grades(out) -> list[dict]:
    with open(out / "grades.csv") as handle:
        return sorted(csv.DictReader(handle), key=lambda r: (r["student_id"], r["assignment"]))


def _verdicts(results) -> dict:
    return {r.student_id: (r.score, r.status) for r in results}


@pytest.fixture(scope="module")
def local_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("local")
    results = autograde(SUBMISSIONS, out, COURSE_DIR, _settings(), log=lambda *a: None)
    return out, results


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, memory_limit=0,
                                  host="127.0.0.1", dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        client.wait_for_workers(2, timeout=60)
        yield cluster, client


def test_cluster_grades_like_the_local_pool(local_run, cluster, tmp_path):
    local_out, local_results = local_run
    lines = []
    results = autograde(SUBMISSIONS, tmp_path, COURSE_DIR, _settings(cluster=cluster[0].scheduler_address),
                        log=lines.append)
    assert sorted(r.student_id for r in results) == STUDENTS
    assert _verdicts(results) == _verdicts(local_results)
    assert _grades(tmp_path) == _grades(local_out)
    assert any("Dask cluster" in line for line in lines)
    for student in STUDENTS:  # feedback was written by the workers, copied by the coordinator
        assert list((tmp_path / "feedback" / student).rglob("*.html")), student


def test_a_worker_killed_mid_run_loses_and_doubles_no_grade(local_run, cluster, tmp_path):
    local_out, local_results = local_run
    spec_cluster, client = cluster
    box = {}
    thread = threading.Thread(target=lambda: box.update(results=autograde(
        SUBMISSIONS, tmp_path, COURSE_DIR, _settings(cluster=spec_cluster.scheduler_address),
        log=lambda *a: None)))
    thread.start()
    victim, deadline = None, time.monotonic() + 60
    while victim is None and time.monotonic() < deadline:  # the worker busy on the hung notebook
        for address, keys in client.processing().items():
            if any("-hung-" in str(k) for k in keys):
                victim = address
        time.sleep(0.2)
    assert victim, "the hung student's task never started"
    time.sleep(1.5)  # well inside the notebook (its cell runs for cell_timeout seconds)
    pid = client.run(os.getpid, workers=[victim])[victim]
    os.kill(pid, signal.SIGKILL)
    thread.join(timeout=150)
    assert not thread.is_alive()
    results = box["results"]
    assert sorted(r.student_id for r in results) == STUDENTS  # each exactly once
    assert _verdicts(results) == _verdicts(local_results)  # the killed job was graded again, not crashed
    grades = _grades(tmp_path)
    assert [r["student_id"] for r in grades] == STUDENTS
    assert grades == _grades(local_out)
    client.wait_for_workers(2, timeout=60)  # the nanny brought the worker back


def test_the_grading_service_grades_on_the_cluster(local_run, cluster, tmp_path):
    """The hosted course's grading service (``[grading] cluster``): its workers send each attempt to
    the Dask cluster, and a student's attempt gets the local pool's grade."""
    if os.geteuid() != 0:
        pytest.skip("the service takes only files owned by the user a submission claims (needs root to make them)")
    from dataclasses import replace

    from grader.service.config import AttemptPolicy, ServiceConfig
    from grader.service.service import Service

    _, local_results = local_run
    chapter = "00_finite_differences"
    exchange = tmp_path / "exchange"
    for folder in ("inbound", "feedback", f"outbound/{chapter}"):
        (exchange / "autograd-course" / folder).mkdir(parents=True)
    (tmp_path / "course").mkdir()
    config = ServiceConfig(exchange=exchange, course_root=tmp_path / "course", state=tmp_path / "state",
                           settle_seconds=0.0, poll_seconds=0.2, instructors=("teacher",),
                           default_policy=AttemptPolicy(attempts=3, window_hours=24, counts="best"))
    config = replace(config, settings=_settings(cluster=cluster[0].scheduler_address))
    students = {"partial": 5101, "perfect": 5102}
    for student, uid in students.items():
        folder = config.inbound / f"{student}+{chapter}+2026-11-30 10:00:00.000000 UTC+r4nd0m"
        shutil.copytree(SUBMISSIONS / student / chapter, folder)
        (folder / "timestamp.txt").write_text("2026-11-30 10:00:00.000000 UTC")
        for path in [folder, *folder.rglob("*")]:
            os.chown(path, uid, uid)
    lines = []
    service = Service(config, log=lines.append, owner_name={uid: s for s, uid in students.items()}.get)
    service.start([chapter])
    try:
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            attempts = service.ledger.attempts()
            if len(attempts) == 2 and all(a.state == "graded" for a in attempts):
                break
            time.sleep(0.5)
    finally:
        service.shutdown()
    assert {a.student: a.state for a in attempts} == {s: "graded" for s in students}, "\n".join(lines)
    local = {r.student_id: r for r in local_results}
    for attempt in attempts:
        assert (attempt.score, attempt.status) == (local[attempt.student].score, local[attempt.student].status)
    assert all(type(w.pool).__name__ == "DaskPool" for w in service.workers)


# -- PostgreSQL ----------------------------------------------------------------------------------

def _pg_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


def _as_postgres(*args: str) -> subprocess.CompletedProcess:
    runner = ["runuser", "-u", "postgres", "--"] if shutil.which("runuser") else ["su", "postgres", "-c"]
    command = runner + list(args) if runner[0] == "runuser" else runner + [" ".join(args)]
    return subprocess.run(command, check=True, capture_output=True, text=True, timeout=60)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def postgres_url():
    bin_dir = _pg_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): "
                    "apt-get install postgresql (.ci/run does)")
    psycopg2 = pytest.importorskip("psycopg2", reason="psycopg2-binary (the cluster extra) is not installed")
    base = tempfile.mkdtemp(prefix="grader-pg-")  # under /tmp: postgres must be able to reach it
    os.chmod(base, 0o755)
    data = os.path.join(base, "data")
    shutil.chown(base, "postgres", "postgres")
    port = _free_port()
    _as_postgres(f"{bin_dir}/initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync")
    _as_postgres(f"{bin_dir}/pg_ctl", "-D", data, "-l", os.path.join(base, "server.log"), "-w", "-o",
                 f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c fsync=off", "start")
    try:
        connection = psycopg2.connect(host="127.0.0.1", port=port, user="postgres", dbname="postgres")
        connection.autocommit = True
        with connection.cursor() as cursor:
            cursor.execute("CREATE DATABASE gradebook")
        connection.close()
        yield f"postgresql://postgres@127.0.0.1:{port}/gradebook"
    finally:
        _as_postgres(f"{bin_dir}/pg_ctl", "-D", data, "-m", "fast", "-w", "stop")
        shutil.rmtree(base, ignore_errors=True)


def test_postgresql_gradebook_gives_the_sqlite_grades(local_run, cluster, postgres_url, tmp_path):
    local_out, _ = local_run
    settings = _settings(cluster=cluster[0].scheduler_address, db_url=postgres_url)
    autograde(SUBMISSIONS, tmp_path, COURSE_DIR, settings, log=lambda *a: None)
    assert not (tmp_path / "gradebook.db").exists(), "the class gradebook is the server's"
    assert (tmp_path / "report.html").exists(), "the class report reads the server's gradebook"
    assert _grades(tmp_path) == _grades(local_out)
    from nbgrader.api import Gradebook

    from grader.course.nbgrader_setup import COURSE_ID
    from grader.gradebook.class_gradebook import with_driver

    with Gradebook(with_driver(postgres_url), COURSE_ID) as gb:
        assert sorted(s.id for s in gb.students) == STUDENTS
    # a re-run resumes: nothing is regraded, the server's gradebook is unchanged
    autograde(SUBMISSIONS, tmp_path, COURSE_DIR, settings, log=lambda *a: None)
    assert _grades(tmp_path) == _grades(local_out)
