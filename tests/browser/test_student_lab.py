"""The student's path through ``make lab``, in a real browser.

``deploy/local/lab.py`` (what ``make lab`` runs) releases the built chapters to a local exchange
and starts JupyterLab in student mode (the project's ``jupyter-config/``) in a work folder of the
student's own, here a temporary one. Headless Chromium then does what the README tells a student
to do: open *Nbgrader > Assignment List*, which lists every chapter; fetch one; open the copy from
the list; run it and press *Validate* (the untouched release reports failing tests); type the
solution's code into every answer cell, restart and run all, *Validate* (success); *Submit*. The
submission is in the local exchange, ``python -m grader check`` gives the copy full marks, and
``assignments/`` is byte for byte what it was. Screenshots of each step go to
build/test-artifacts/browser/ (the Assignment List also to docs/images/ with
COURSE_UPDATE_SCREENSHOTS=1).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import time

import pytest

from grader.paths import ASSIGNMENTS_DIR, REPO_ROOT

from . import lab_steps as lab
from .conftest import (
    chapters_in,
    free_port,
    kill_processes_mentioning,
    stop_process_group,
    subprocess_env,
    wait_for_http,
)

# exhaustive: make test runs the same student mode, Assignment List, fetch, Validate and Submit in
# test_hub (through JupyterHub), and make lab's local release in tests/hosting; make test-all runs
# this whole path through make lab's own script.
pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.browser, pytest.mark.exhaustive]

LAB_SCRIPT = REPO_ROOT / "deploy" / "local" / "lab.py"
DOCS_IMAGES = REPO_ROOT / "docs" / "images"
COURSE_ID = "autograd-course"
#: The chapter the test works through: the first one, unless COURSE_BROWSER_CHAPTER names another.
CHAPTER = os.environ.get("COURSE_BROWSER_CHAPTER") or (chapters_in(ASSIGNMENTS_DIR) or [None])[0]


@pytest.fixture(scope="module")
def student_lab(tmp_path_factory):
    """``make lab``'s script on loopback with a token: a fresh local exchange and work folder."""
    if CHAPTER is None:
        pytest.skip("no released chapter in assignments/")
    root = tmp_path_factory.mktemp("lab")
    state, work = root / "state", root / "autograd-course"
    token = secrets.token_hex(16)
    port = free_port()
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
        yield {"url": url, "token": token, "work": work, "state": state, "log": log}
    finally:
        stop_process_group(proc)
        kill_processes_mentioning(str(root / "runtime"))


def test_student_fetches_works_validates_submits(browser, student_lab, artifacts):
    steps = lab.Steps("student lab")
    answers = lab.answer_cells(CHAPTER)
    assert answers, f"{CHAPTER} has no answer cells"
    work = student_lab["work"]
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page_errors = []
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    try:
        workspace = f"test-{secrets.token_hex(4)}"  # a fresh workspace: no tabs restored from earlier runs
        page.goto(f"{student_lab['url']}/lab/workspaces/{workspace}?reset&token={student_lab['token']}")
        lab.wait_for_lab(page, 120_000)
        steps("JupyterLab open on the work folder")

        # Student mode: the Nbgrader menu offers the assignment list and nothing of the instructor's.
        items = lab.menu_items(page, "Nbgrader")
        assert "Assignment List" in items, items
        assert not {"Formgrader", "Course List"} & set(items), f"instructor tools in the Nbgrader menu: {items}"
        assert page.locator("#create_assignment_widget, .nbgrader-CreateAssignmentWidget").count() == 0

        # The Assignment List lists every built chapter, released to the local exchange.
        lab.open_assignment_list(page)
        lab.assignment_row(page, "released", CHAPTER).wait_for(timeout=60_000)
        released = page.locator("#released_assignments_list > .list_item").all_inner_texts()
        chapters = chapters_in(ASSIGNMENTS_DIR)
        assert len(released) == len(chapters), released
        for chapter in chapters:
            assert any(chapter in row for row in released), (chapter, released)
        listing = page.locator("#assignments").inner_text()
        assert "rror" not in listing, listing
        page.screenshot(path=str(artifacts / "lab-assignment-list.png"))
        if os.environ.get("COURSE_UPDATE_SCREENSHOTS"):
            shutil.copy2(artifacts / "lab-assignment-list.png", DOCS_IMAGES / "lab-assignment-list.png")
        steps(f"Assignment List: {len(released)} chapters")

        # Fetch the chapter into the work folder and open the copy from the list.
        lab.fetch_assignment(page, CHAPTER)
        copy = work / CHAPTER / f"{CHAPTER}.ipynb"
        assert copy.is_file(), f"fetch did not put {CHAPTER} into the work folder {work}"
        lab.open_fetched_notebook(page, CHAPTER, CHAPTER)
        steps("fetched and opened")

        # The untouched release: run everything, Validate must report failing tests.
        lab.menu(page, "Run", "Run All Cells")
        lab.wait_until_run(page)
        page.screenshot(path=str(artifacts / "lab-2-release-run.png"))
        report = lab.validate(page, artifacts / "lab-3-release-validate.png")
        assert "failed" in report.lower(), report
        assert "Success" not in report, report
        steps("release run and validated (failing tests)")

        # Type the solution's code into each answer cell, restart, run all, Validate: success.
        lab.type_answers(page, answers)
        lab.restart_and_run_all(page)
        first = answers[0][0]
        page.locator(lab.NOTEBOOK_CELLS).nth(max(first - 1, 0)).evaluate(
            "cell => cell.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(200)
        page.screenshot(path=str(artifacts / "lab-4-solved-run.png"))
        lab.save(page)
        report = lab.validate(page, artifacts / "lab-5-solved-validate.png")
        assert "Success! Your notebook passes all the tests." in report, report
        steps("answers typed, run and validated (success)")

        # What was saved is exactly what was typed, in the student's copy.
        saved = json.loads(copy.read_text())
        for index, source in answers:
            assert "".join(saved["cells"][index]["source"]) == source, f"cell {index} was not saved as typed"

        # Submit to the local exchange.
        lab.show_tab(page, "Assignments")
        lab.refresh_assignment_list(page)
        assert lab.submit_assignment(page, CHAPTER) == 1
        inbound = [p for p in (student_lab["state"] / "exchange" / COURSE_ID / "inbound").iterdir()
                   if p.name.split("+")[1] == CHAPTER]
        assert len(inbound) == 1 and (inbound[0] / f"{CHAPTER}.ipynb").is_file(), inbound
        page.screenshot(path=str(artifacts / "lab-6-submitted.png"))
        steps("submitted to the local exchange")
        assert not page_errors, page_errors
    except Exception:
        page.screenshot(path=str(artifacts / "lab-failure.png"))
        print(student_lab["log"].read_text()[-5000:])
        raise
    finally:
        context.close()

    # The hidden tests on the copy: full marks, as README's self-check says.
    started = time.monotonic()
    check = subprocess.run([sys.executable, "-m", "grader", "check", str(copy)], capture_output=True, text=True,
                           timeout=600, env=subprocess_env())
    assert check.returncode == 0, check.stdout[-3000:] + check.stderr[-3000:]
    assert f"{CHAPTER}: " in check.stdout, check.stdout
    steps(f"python -m grader check on the copy: full marks ({time.monotonic() - started:.0f} s)")

    # JupyterLab kept its checkpoints out of the work folder (in the lab's state folder).
    strays = [p.relative_to(work) for p in work.rglob("*") if ".ipynb_checkpoints" in p.parts]
    assert not strays, f"JupyterLab wrote checkpoints into the work folder: {strays}"
    print(f"student path in make lab: {steps.total():.1f} s; steps: {steps.times}")
