"""The student's path through JupyterLab, in a real browser.

JupyterLab runs in student mode (the project's ``jupyter-config/`` as ``JUPYTER_CONFIG_DIR``, as
``make lab`` runs it) on a fresh copy of a released chapter. Headless Chromium opens the notebook,
runs it, and presses nbgrader's *Validate*: the untouched release must report failing tests. Then
the test types the solution's code into every answer cell, restarts the kernel, runs all, and
*Validate* must report success. Screenshots of each step go to build/test-artifacts/browser/.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grader.paths import ASSIGNMENTS_DIR, REPO_ROOT, SOLUTIONS_DIR

from .conftest import (
    chapters_in,
    free_port,
    kill_processes_mentioning,
    stop_process_group,
    subprocess_env,
    wait_for_http,
)

pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.browser]

CONFIG_DIR = REPO_ROOT / "jupyter-config"
#: The chapter the test works through: the first one, unless COURSE_BROWSER_CHAPTER names another.
CHAPTER = os.environ.get("COURSE_BROWSER_CHAPTER") or (chapters_in(ASSIGNMENTS_DIR) or [None])[0]
RUN_TIMEOUT_MS = 60_000


def _answer_cells(chapter: str) -> list[tuple[int, str]]:
    """(index, solution source) of each answer cell, read from the release and the solution."""
    release = json.loads((ASSIGNMENTS_DIR / chapter / f"{chapter}.ipynb").read_text())
    solution = json.loads((SOLUTIONS_DIR / chapter / f"{chapter}.ipynb").read_text())
    assert len(release["cells"]) == len(solution["cells"]), "release and solution should have the same cells"
    answers = []
    for index, (cell, solved) in enumerate(zip(release["cells"], solution["cells"], strict=True)):
        nbgrader = cell["metadata"].get("nbgrader", {})
        if cell["cell_type"] == "code" and nbgrader.get("solution"):
            answers.append((index, "".join(solved["source"])))
    return answers


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """``jupyter lab`` in student mode on loopback with a token, serving a fresh copy of the chapter."""
    if CHAPTER is None:
        pytest.skip("no released chapter in assignments/")
    root = tmp_path_factory.mktemp("lab")
    notebooks = root / "notebooks"
    shutil.copytree(ASSIGNMENTS_DIR / CHAPTER, notebooks / CHAPTER)
    token = secrets.token_hex(16)
    port = free_port()
    log = root / "jupyter-lab.log"
    env = subprocess_env(
        JUPYTER_CONFIG_DIR=str(CONFIG_DIR),
        COURSE_LAB_STATE_DIR=str(root / "state"),
        JUPYTER_RUNTIME_DIR=str(root / "runtime"),
    )
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        "--allow-root",
        "--ip=127.0.0.1",
        f"--port={port}",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={notebooks}",
    ]
    with open(log, "w") as out:
        proc = subprocess.Popen(
            command, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_for_http(f"{url}/api/status?token={token}", proc, log)
        yield {"url": url, "token": token, "notebooks": notebooks, "log": log}
    finally:
        stop_process_group(proc)
        kill_processes_mentioning(str(root / "runtime"))


def _wait_until_run(page) -> None:
    """Wait until the kernel is idle and no cell is queued or running ([*])."""
    page.wait_for_function(
        """() => {
            const status = document.querySelector('.jp-NotebookPanel .jp-Notebook-ExecutionIndicator');
            const busy = [...document.querySelectorAll('.jp-NotebookPanel .jp-InputPrompt')]
                .some(p => p.textContent.includes('*'));
            return status && status.dataset.status === 'idle' && !busy;
        }""",
        timeout=RUN_TIMEOUT_MS,
    )


def _validate(page, shot: Path) -> str:
    """Press nbgrader's Validate, read its dialog, screenshot it, close it; return the dialog's text."""
    page.locator(".jp-NotebookPanel-toolbar .validate-button").click()
    dialog = page.locator(".jp-Dialog").filter(has_text="Validation Results")
    dialog.wait_for(timeout=RUN_TIMEOUT_MS)
    text = dialog.locator(".jp-Dialog-body").inner_text()
    page.screenshot(path=str(shot))
    dialog.get_by_role("button", name="Ok").click()
    dialog.wait_for(state="detached")
    return text


def _menu(page, menu: str, item: str) -> None:
    page.locator("#jp-menu-panel .lm-MenuBar-itemLabel", has_text=menu).click()
    page.locator(".lm-Menu-content .lm-Menu-item:visible", has_text=item).first.click()


def test_student_validates_a_release_then_solves_it(browser, lab, artifacts):
    started = time.monotonic()

    def step(name):
        print(f"  {time.monotonic() - started:5.1f} s  {name}")

    answers = _answer_cells(CHAPTER)
    assert answers, f"{CHAPTER} has no answer cells"
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page_errors = []
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    try:
        workspace = f"test-{secrets.token_hex(4)}"  # a fresh workspace: no tabs restored from earlier runs
        page.goto(f"{lab['url']}/lab/workspaces/{workspace}/tree/{CHAPTER}/{CHAPTER}.ipynb?reset&token={lab['token']}")
        page.locator(".jp-NotebookPanel-toolbar .validate-button").wait_for(timeout=60_000)
        page.wait_for_function(
            "() => document.querySelector('.jp-NotebookPanel .jp-Notebook-ExecutionIndicator')"
            "?.dataset.status === 'idle'",
            timeout=60_000,
        )

        step("notebook open, kernel idle")
        # Student mode: the Nbgrader menu offers the assignment list and nothing of the instructor's.
        page.locator("#jp-menu-panel .lm-MenuBar-itemLabel", has_text="Nbgrader").click()
        items = page.locator(".lm-Menu-content .lm-Menu-item:visible .lm-Menu-itemLabel").all_inner_texts()
        page.screenshot(path=str(artifacts / "lab-1-student-mode.png"))
        page.keyboard.press("Escape")
        assert "Assignment List" in items, items
        assert not {"Formgrader", "Course List"} & set(items), f"instructor tools in the Nbgrader menu: {items}"
        assert page.locator("#create_assignment_widget, .nbgrader-CreateAssignmentWidget").count() == 0
        # The assignment list opens on the course's (empty, local) exchange without an error.
        _menu(page, "Nbgrader", "Assignment List")
        released = page.locator("#released_assignments_list")
        released.wait_for(timeout=30_000)
        page.wait_for_function(
            "() => !document.querySelector('#released_assignments_list_loading')"
            " || getComputedStyle(document.querySelector('#released_assignments_list_loading')).display === 'none'",
            timeout=30_000,
        )
        listing = page.locator(".lm-Widget.jp-MainAreaWidget:visible").last.inner_text()
        assert "Released assignments" in listing and "rror" not in listing, listing
        page.screenshot(path=str(artifacts / "lab-1b-assignment-list.png"))
        page.locator(".lm-TabBar-tab", has_text=f"{CHAPTER}.ipynb").click()

        step("student mode checked")
        # The untouched release: run everything, Validate must report failing tests.
        _menu(page, "Run", "Run All Cells")
        _wait_until_run(page)
        page.screenshot(path=str(artifacts / "lab-2-release-run.png"))
        step("release run")
        report = _validate(page, artifacts / "lab-3-release-validate.png")
        assert "failed" in report.lower(), report
        assert "Success" not in report, report

        step("release validated")
        # Type the solution's code into each answer cell, as a student would.
        cells = page.locator(".jp-NotebookPanel .jp-Notebook > .jp-WindowedPanel-viewport > .jp-Cell")
        if cells.count() == 0:
            cells = page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell")
        for index, source in answers:
            editor = cells.nth(index).locator(".cm-content")
            editor.scroll_into_view_if_needed()
            editor.click()
            page.keyboard.press("Control+a")
            page.keyboard.insert_text(source)
            page.keyboard.press("Escape")

        step("answers typed")
        # Restart the kernel and run all, then Validate (which saves first) must report success.
        _menu(page, "Kernel", "Restart Kernel and Run All Cells")
        page.locator(".jp-Dialog .jp-Dialog-button.jp-mod-accept").click()
        page.wait_for_timeout(500)
        _wait_until_run(page)
        # Show the first exercise, solved and tested, behind the dialog.
        first = answers[0][0]
        cells.nth(max(first - 1, 0)).evaluate("cell => cell.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(200)
        page.screenshot(path=str(artifacts / "lab-4-solved-run.png"))
        step("solved notebook run")
        report = _validate(page, artifacts / "lab-5-solved-validate.png")
        assert "Success! Your notebook passes all the tests." in report, report

        step("solved notebook validated")
        # What was saved is exactly what was typed.
        saved = json.loads((lab["notebooks"] / CHAPTER / f"{CHAPTER}.ipynb").read_text())
        for index, source in answers:
            assert "".join(saved["cells"][index]["source"]) == source, f"cell {index} was not saved as typed"
        assert not page_errors, page_errors
        strays = [
            p.relative_to(lab["notebooks"]) for p in lab["notebooks"].rglob("*") if ".ipynb_checkpoints" in p.parts
        ]
        assert not strays, f"JupyterLab wrote into the notebooks' folder: {strays}"
    except Exception:
        page.screenshot(path=str(artifacts / "lab-failure.png"))
        print(lab["log"].read_text()[-5000:])
        raise
    finally:
        context.close()
    print(f"student path in JupyterLab: {time.monotonic() - started:.1f} s")
