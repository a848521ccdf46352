"""Every button of the student's JupyterLab says what happened (``make lab``, in Chromium).

- **Run All** on an untouched chapter runs every cell: JupyterLab 4.6 honours the
  ``raises-exception`` tag the build puts on the cells from the first exercise on, so an
  exercise not done yet (``NotImplementedError``) does not stop the tests of the next one;
- **Validate** names each failing test cell's exercise by its title and shows the end of its
  error, not the whole cell; an exercise not answered yet is said so in words;
- **Fetch Feedback** with nothing released says so, and how to grade oneself offline.
"""

from __future__ import annotations

import json
import secrets
import subprocess
import sys

import nbformat
import pytest

from grader.course.model import exercise_titles
from grader.paths import ASSIGNMENTS_DIR, REPO_ROOT

from . import lab_steps as lab
from .conftest import chapters_in, kill_processes_mentioning, stop_process_group, subprocess_env, wait_for_http

pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.browser, pytest.mark.slow]

LAB_SCRIPT = REPO_ROOT / "deploy" / "local" / "lab.py"
CHAPTER = (chapters_in(ASSIGNMENTS_DIR) or [None])[0]


def _port() -> int:
    import socket

    for port in range(9010, 9050):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
                return port
            except OSError:
                continue
    pytest.skip("no free port in 9010-9049")


@pytest.fixture(scope="module")
def student_lab(tmp_path_factory):
    if CHAPTER is None:
        pytest.skip("no released chapter in assignments/")
    root = tmp_path_factory.mktemp("buttons")
    state, work = root / "state", root / "autograd-course"
    token, port = secrets.token_hex(16), _port()
    log = root / "jupyter-lab.log"
    env = subprocess_env(COURSE_LAB_STATE_DIR=str(state), JUPYTER_RUNTIME_DIR=str(root / "runtime"))
    env.pop("COURSE_EXCHANGE_ROOT", None)
    command = [sys.executable, str(LAB_SCRIPT), f"--student-dir={work}", "--no-browser", "--ip=127.0.0.1",
               f"--port={port}", f"--IdentityProvider.token={token}"]
    with open(log, "w") as out:
        proc = subprocess.Popen(command, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}"
        wait_for_http(f"{url}/api/status?token={token}", proc, log, timeout=180)
        yield {"url": url, "token": token, "work": work, "log": log}
    finally:
        stop_process_group(proc)
        kill_processes_mentioning(str(root / "runtime"))


def test_run_all_validate_and_fetch_feedback_say_what_happened(browser, student_lab, artifacts):
    release = json.loads((ASSIGNMENTS_DIR / CHAPTER / f"{CHAPTER}.ipynb").read_text())
    code_cells = [c for c in release["cells"] if c["cell_type"] == "code"]
    tagged = [c for c in code_cells if "raises-exception" in c["metadata"].get("tags", [])]
    assert tagged, "the release carries no raises-exception tag"
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{student_lab['url']}/lab/workspaces/b-{secrets.token_hex(4)}?reset&token={student_lab['token']}")
        lab.wait_for_lab(page, 120_000)
        lab.open_assignment_list(page)
        lab.assignment_row(page, "released", CHAPTER).wait_for(timeout=60_000)
        lab.fetch_assignment(page, CHAPTER)
        lab.open_fetched_notebook(page, CHAPTER, CHAPTER)

        # Run All on the untouched chapter: every code cell runs, past every NotImplementedError.
        lab.menu(page, "Run", "Run All Cells")
        lab.wait_until_run(page)
        page.screenshot(path=str(artifacts / "buttons-run-all.png"))
        lab.save(page)  # the saved copy records which cells ran (JupyterLab draws only the visible ones)
        saved = json.loads((student_lab["work"] / CHAPTER / f"{CHAPTER}.ipynb").read_text())
        ran = [c.get("execution_count") for c in saved["cells"] if c["cell_type"] == "code"]
        errors = sum(any(o.get("output_type") == "error" for o in c.get("outputs", [])) for c in saved["cells"])
        assert len(ran) == len(code_cells) and all(ran), f"Run All stopped: execution counts {ran}"
        assert errors >= 2, "the untouched chapter should raise in several cells, and Run All go past them"

        # Validate: each failing test by its exercise's title, an unanswered one said in words.
        report = lab.validate(page, artifacts / "buttons-validate.png")
        first_test = next(c for c in code_cells if c["metadata"].get("nbgrader", {}).get("grade")
                          and not c["metadata"]["nbgrader"].get("solution"))
        lines = "".join(first_test["source"]).splitlines()
        title = exercise_titles(nbformat.reads(json.dumps(release), as_version=4))[first_test["metadata"]["exercise"]]
        assert f"{title}: its test cell fails" in report and f"{title} is not answered yet" in report, report[:2000]
        assert lines[0] not in report and "NotImplementedError: \n" not in report, report[:2000]

        # Submit, then Fetch Feedback with nothing released: the list says so.
        lab.show_tab(page, "Assignments")
        lab.refresh_assignment_list(page)
        assert lab.submit_assignment(page, CHAPTER) == 1
        lab.assignment_row(page, "submitted", CHAPTER).get_by_role("button", name="Fetch Feedback").click()
        said = page.locator("#submitted_assignments_list_error")
        said.wait_for(state="visible", timeout=60_000)
        page.screenshot(path=str(artifacts / "buttons-fetch-feedback.png"))
        assert f"No feedback for {CHAPTER} yet" in said.inner_text() and "grader check" in said.inner_text()
    except Exception:
        page.screenshot(path=str(artifacts / "buttons-failure.png"))
        print(student_lab["log"].read_text()[-5000:])
        raise
    finally:
        context.close()
