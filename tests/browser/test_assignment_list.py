"""The course's JupyterLab extension on nbgrader's Assignment List (deploy/lab-extension), in Chromium.

In ``make lab``'s single-user setup with nbgrader's local exchange (the hub runs the same student
mode and extension; its own test covers the loop through JupyterHub). The feedback is released
into the exchange here as the grading service releases it: a page named by the submission's
secret. The three tests run in order on one page:

- Fetch Feedback with nothing released shows the notice once and keeps every assignment listed;
- after Submit, the list refreshes itself until the feedback is offered (no refresh pressed);
- "(view feedback)" opens the page itself, in a new browser tab, from the server's /files/;
- the list refreshes once when the browser tab becomes visible again (a changed page offered).

Each fails with the extension disabled (nbgrader's list alone: the notice three times and no rows,
no feedback offered without a refresh, the file browser moved to a folder and no page, nothing
new when the tab comes back).
"""

from __future__ import annotations

import secrets
import subprocess
import sys

import pytest
from nbgrader.utils import notebook_hash

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

pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.browser, pytest.mark.slow]

LAB_SCRIPT = REPO_ROOT / "deploy" / "local" / "lab.py"
CHAPTER = (chapters_in(ASSIGNMENTS_DIR) or [None])[0]
MARKER = "feedback page of the assignment list test"


@pytest.fixture(scope="module")
def student_lab(tmp_path_factory):
    if CHAPTER is None:
        pytest.skip("no released chapter in assignments/")
    root = tmp_path_factory.mktemp("assignment-list")
    state, work = root / "state", root / "autograd-course"
    token, port = secrets.token_hex(16), free_port()
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


@pytest.fixture(scope="module")
def page(browser, student_lab, artifacts):
    """The Assignment List, with CHAPTER fetched and submitted once."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{student_lab['url']}/lab/workspaces/a-{secrets.token_hex(4)}?reset&token={student_lab['token']}")
        lab.wait_for_lab(page, 120_000)
        lab.open_assignment_list(page)
        lab.assignment_row(page, "released", CHAPTER).wait_for(timeout=60_000)
        lab.fetch_assignment(page, CHAPTER)
        lab.refresh_assignment_list(page)
        assert lab.submit_assignment(page, CHAPTER) == 1
        yield page
    except Exception:
        page.screenshot(path=str(artifacts / "assignment-list-failure.png"))
        print(student_lab["log"].read_text()[-5000:])
        raise
    finally:
        context.close()


def _visible_notices(page) -> list[str]:
    return page.evaluate("""() => ['released', 'fetched', 'submitted']
        .map(kind => document.getElementById(`${kind}_assignments_list_error`))
        .filter(el => el && !el.hidden && el.innerText.trim()).map(el => el.innerText)""")


def test_fetch_feedback_with_nothing_released_says_so_once_and_keeps_the_list(page, artifacts):
    lab.assignment_row(page, "submitted", CHAPTER).get_by_role("button", name="Fetch Feedback").click()
    page.locator("#submitted_assignments_list_error").wait_for(state="visible", timeout=60_000)
    page.wait_for_timeout(3_000)  # nbgrader's list has answered; the extension has re-listed
    page.screenshot(path=str(artifacts / "assignment-list-no-feedback.png"))
    notices = _visible_notices(page)
    assert len(notices) == 1 and f"No feedback for {CHAPTER} yet" in notices[0], notices
    assert lab.assignment_row(page, "fetched", CHAPTER).count() == 1
    assert lab.submitted_count(page, CHAPTER) == 1


def _release_feedback(student_lab, more: str = "") -> None:
    """Put a feedback page for the submission into the exchange, as the grading service does."""
    found = sorted(student_lab["state"].glob(f"nbgrader_cache/*/*+{CHAPTER}+*/submission_secret.txt"))
    assert found, f"no submission of {CHAPTER} in nbgrader's cache under {student_lab['state']}"
    secret = found[-1].read_text()
    feedback = student_lab["state"] / "exchange" / "autograd-course" / "feedback"
    feedback.mkdir(parents=True, exist_ok=True)
    page_html = f"<!DOCTYPE html><html><head><title>{CHAPTER}</title></head><body><p>{MARKER}</p>{more}</body></html>"
    (feedback / f"{notebook_hash(secret=secret, notebook_id=CHAPTER)}.html").write_text(page_html)


def test_after_submit_the_list_refreshes_itself_until_the_feedback_shows(page, student_lab, artifacts):
    lab.refresh_assignment_list(page)  # the list as it was, whatever the test before left
    _release_feedback(student_lab)
    row = lab.assignment_row(page, "submitted", CHAPTER)
    # No refresh pressed: the extension refreshes every 10 s after a Submit.
    row.get_by_text("feedback available to fetch").wait_for(timeout=35_000)
    page.screenshot(path=str(artifacts / "assignment-list-feedback-offered.png"))


def test_view_feedback_opens_the_page(page, artifacts):
    row = lab.assignment_row(page, "submitted", CHAPTER)
    row.get_by_role("button", name="Fetch Feedback").click()
    link = row.get_by_text("(view feedback)")
    link.wait_for(timeout=60_000)
    with page.context.expect_page(timeout=30_000) as opened:
        link.click()
    feedback = opened.value
    feedback.wait_for_load_state()
    feedback.get_by_text(MARKER).wait_for(timeout=30_000)
    feedback.screenshot(path=str(artifacts / "assignment-list-feedback-page.png"))
    assert "/files/" in feedback.url and feedback.url.endswith(f"{CHAPTER}.html"), feedback.url
    assert not page.get_by_text("Trust HTML").count()


def test_the_list_refreshes_when_the_browser_tab_becomes_visible_again(page, student_lab):
    page.wait_for_timeout(11_000)  # the watch after Submit has ended: its feedback shows
    _release_feedback(student_lab, "<p>a corrected page</p>")  # nbgrader offers a changed page again
    row = lab.assignment_row(page, "submitted", CHAPTER)
    page.wait_for_timeout(3_000)
    assert "feedback available to fetch" not in row.inner_text()
    page.evaluate("""() => {
        Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});
        document.dispatchEvent(new Event('visibilitychange'));
    }""")
    row.get_by_text("feedback available to fetch").wait_for(timeout=8_000)
