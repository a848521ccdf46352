"""The hosted course, end to end: JupyterHub (deploy/jupyterhub), nbgrader's exchange, the grader.

On this machine, as root, the recipe's own ``setup`` makes two system users and the shared
exchange under ``build/hub/test``, and JupyterHub starts on loopback with npm's proxy. Then:

1. the instructor (commands run as ``course-instructor``) writes chapter 0's source from
   ``course/``, and nbgrader's ``generate_assignment`` and ``release_assignment`` put it on the
   exchange: the released notebook is exactly the repository's ``assignments/`` one;
2. the student logs in in Chromium, sees the chapter in the Assignment List, fetches it, opens it,
   answers the first exercise only, saves and submits;
3. the instructor collects (``nbgrader collect``) and grades the collected ``submitted/`` folder
   with ``python -m grader autograde --sandbox on``: 1 of 4 points;
4. meanwhile the student answers the rest, validates (success), submits again;
5. the instructor collects with ``--update`` (nbgrader takes the latest submission: the test
   checks the timestamps in the exchange) and grades again: 4 of 4; the grade now is for the
   later submission in the exchange, and the first grade is in ``history.jsonl`` for the earlier
   one (the grader's fingerprints of the two inbound folders, ordered by their timestamps);
6. the grader's feedback pages are staged into the course directory (``hub.py feedback``) and
   released with ``nbgrader release_feedback``; the student fetches the feedback in the
   Assignment List and opens it: the summary box with each exercise's score.

The instructor's own JupyterLab is checked too: it has nbgrader's Formgrader. Screenshots go to
build/test-artifacts/browser/ (and to docs/images/ with COURSE_UPDATE_SCREENSHOTS=1).
"""

from __future__ import annotations

import importlib.util
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from grader.paths import ASSIGNMENTS_DIR, REPO_ROOT

from . import lab_steps as lab
from .conftest import kill_processes_mentioning, stop_process_group, subprocess_env, wait_for_http

pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.browser, pytest.mark.slow]

HUB_SCRIPT = REPO_ROOT / "deploy" / "jupyterhub" / "hub.py"
CHAPTER = "00_finite_differences"
DOCS_IMAGES = REPO_ROOT / "docs" / "images"
COMMAND_TIMEOUT = 900


def _load_hub():
    spec = importlib.util.spec_from_file_location("course_hub", HUB_SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


hub = _load_hub()
STUDENT, INSTRUCTOR = hub.STUDENTS[0], hub.INSTRUCTORS[0]


def _free_ports(count: int) -> int:
    """A port p with p .. p+count-1 all free on loopback (the proxy, its API, the hub), within
    ``COURSE_TEST_PORTS`` (``8800-8899``) when it is set, else anywhere."""
    span = os.environ.get("COURSE_TEST_PORTS")
    low, high = (int(x) for x in span.split("-")) if span else (0, 0)
    for attempt in range(50):
        if span:
            base = low + attempt * count
            if base + count - 1 > high:
                break
        else:
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                base = s.getsockname()[1]
        if base + count > 65535:
            continue
        try:
            for port in range(base, base + count):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", port))
            return base
        except OSError:
            continue
    raise RuntimeError("no run of free ports found")


@pytest.fixture(scope="module")
def course_hub():
    """The recipe's setup and JupyterHub, on a fresh COURSE_HUB_DIR (build/hub/test)."""
    if os.geteuid() != 0:
        pytest.skip("the hosted course test needs root: it creates the system users "
                    f"{STUDENT} and {INSTRUCTOR} and runs each one's JupyterLab as that user")
    if shutil.which("npm") is None and not hub.PROXY_BIN.exists():
        pytest.skip("npm is missing: JupyterHub's proxy (configurable-http-proxy) comes from npm "
                    "(apt-get install -y --no-install-recommends nodejs npm)")
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap is missing: the test grades with --sandbox on (apt-get install -y bubblewrap)")
    if not hub._reachable_by_others(REPO_ROOT):
        pytest.skip(f"the repository ({REPO_ROOT}) is inside a folder other users cannot enter: "
                    f"{STUDENT} and {INSTRUCTOR} could not run the course from it")
    if not (ASSIGNMENTS_DIR / CHAPTER).is_dir():
        pytest.skip(f"{CHAPTER} is not built in assignments/")
    root = REPO_ROOT / "build" / "hub" / "test"
    if root.exists():
        shutil.rmtree(root)
    layout = hub.Layout(root, _free_ports(3))
    password = secrets.token_urlsafe(12)
    env = subprocess_env(**layout.env(), COURSE_HUB_PASSWORD=password)
    steps = lab.Steps("hub")
    setup = subprocess.run([sys.executable, str(HUB_SCRIPT), "setup"], env=env, capture_output=True, text=True,
                           timeout=COMMAND_TIMEOUT)
    assert setup.returncode == 0, f"hub.py setup failed:\n{setup.stdout[-3000:]}\n{setup.stderr[-3000:]}"
    steps("setup (users, exchange, proxy, the users' Python)")
    # The grader's course templates are kept between runs (the instructor's home is new each run).
    cache = REPO_ROOT / "build" / "hub" / f"cache-{INSTRUCTOR}"
    cache.mkdir(parents=True, exist_ok=True)
    os.chown(cache, _uid(INSTRUCTOR), -1)
    # The instructor releases chapter 0 while the hub starts (nothing of it needs the hub).
    releasing = Background(lambda: release(layout))
    log = root / "jupyterhub.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, str(HUB_SCRIPT), "start"], env=env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_for_http(f"{layout.url}hub/login", proc, log, timeout=240)
        steps("JupyterHub answers")
        yield {"layout": layout, "password": password, "log": log, "releasing": releasing}
    finally:
        # JupyterHub stops the users' servers and the proxy on SIGTERM (cleanup_servers).
        stop_process_group(proc, timeout=40)
        _stop_proxy(layout)
        kill_processes_mentioning(str(root))


def _stop_proxy(layout) -> None:
    pid_file = layout.state / "proxy.pid"
    if pid_file.exists():
        try:
            os.kill(int(pid_file.read_text().strip()), signal.SIGKILL)
        except (ValueError, ProcessLookupError):
            pass


def instructor(layout, *command: str) -> str:
    """Run a command as the instructor, in their course directory, with their environment."""
    env = hub.user_env(layout, INSTRUCTOR)
    env.update(layout.env(), XDG_CACHE_HOME=str(REPO_ROOT / "build" / "hub" / f"cache-{INSTRUCTOR}"))
    result = subprocess.run(list(command), cwd=layout.course, env=env, capture_output=True, text=True,
                            timeout=COMMAND_TIMEOUT, **hub.run_as(INSTRUCTOR))
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"{' '.join(command)} failed ({result.returncode}):\n{output[-4000:]}"
    return output


class Background(threading.Thread):
    """An instructor's step run while the student goes on in the browser."""

    def __init__(self, work):
        super().__init__(daemon=True)
        self.work, self.error, self.value = work, None, None
        self.start()

    def run(self):
        try:
            self.value = self.work()
        except BaseException as exc:  # re-raised in the test's thread by result()
            self.error = exc

    def result(self):
        self.join(COMMAND_TIMEOUT)
        if self.error:
            raise self.error
        return self.value


def release(layout) -> None:
    """The instructor's release of chapter 0: its source from course/, nbgrader's generate and release."""
    instructor(layout, "python", str(HUB_SCRIPT), "source", CHAPTER)
    instructor(layout, "nbgrader", "generate_assignment", CHAPTER)
    instructor(layout, "nbgrader", "release_assignment", CHAPTER)


def _login(page, layout, user: str, password: str) -> None:
    page.goto(f"{layout.url}hub/login")
    page.fill("#username_input", user)
    page.fill("#password_input", password)
    page.click("#login_submit")


def _inbound(layout) -> list[tuple[str, str]]:
    """(timestamp, folder name) of the student's submissions in the exchange, oldest first."""
    found = []
    for folder in (layout.course_exchange / "inbound").iterdir():
        student, assignment, timestamp, *_ = folder.name.split("+")
        if (student, assignment) == (STUDENT, CHAPTER):
            found.append(((folder / "timestamp.txt").read_text().strip(), folder.name))
    return sorted(found, key=lambda item: _utc(item[0]))


def _inbound_fingerprint(layout, submission: tuple[str, str]) -> str:
    """The grader's fingerprint of a submission as it lies in the exchange's inbound folder."""
    from grader.grading.submissions import fingerprint

    return fingerprint(layout.course_exchange / "inbound" / submission[1])


def _utc(timestamp: str):
    from nbgrader.utils import parse_utc

    return parse_utc(timestamp)


def _shot(page, artifacts: Path, name: str, docs: bool = False) -> None:
    page.screenshot(path=str(artifacts / name))
    if docs and os.environ.get("COURSE_UPDATE_SCREENSHOTS"):
        shutil.copy2(artifacts / name, DOCS_IMAGES / name)


def _grade(layout) -> str:
    # One student: one worker process (a second would only start up and wait).
    return instructor(layout, "python", "-m", "grader", "autograde", "submitted", "--out", "graded",
                      "--sandbox", "on", "--assignment", CHAPTER, "--jobs", "1")


def _result(layout) -> dict:
    return json.loads((layout.course / "graded" / "jobs" / STUDENT / CHAPTER / "result.json").read_text())


def test_release_fetch_submit_twice_grade_feedback(browser, course_hub, artifacts):
    layout, password = course_hub["layout"], course_hub["password"]
    steps = lab.Steps("hub loop")
    answers = lab.answer_cells(CHAPTER)
    assert len(answers) >= 2, f"{CHAPTER} should have at least two answer cells"

    # 1. The instructor releases chapter 0 (started by the fixture), while both log in.
    releasing = course_hub["releasing"]
    teacher = browser.new_context(viewport={"width": 1400, "height": 900})
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    teacher_page, page = teacher.new_page(), context.new_page()
    page_errors = []
    page.on("pageerror", lambda error: page_errors.append(str(error)))
    try:
        _login(teacher_page, layout, INSTRUCTOR, password)
        _login(page, layout, STUDENT, password)
        page.wait_for_url(f"**/user/{STUDENT}/lab**", timeout=240_000)
        lab.wait_for_lab(page)
        steps("student logged in, JupyterLab open")
        # Student mode on the hub: the assignment list, none of the instructor's tools.
        items = lab.menu_items(page, "Nbgrader")
        assert "Assignment List" in items and not {"Formgrader", "Course List"} & set(items), items
        releasing.result()
        steps("instructor released the chapter (source, generate_assignment, release_assignment)")
        released = layout.course_exchange / "outbound" / CHAPTER / f"{CHAPTER}.ipynb"
        assert json.loads(released.read_text()) == json.loads(
            (ASSIGNMENTS_DIR / CHAPTER / f"{CHAPTER}.ipynb").read_text()
        ), "the release on the exchange differs from the repository's assignments/ notebook"

        # 2. The student fetches it from the Assignment List.
        lab.open_assignment_list(page)
        row = lab.assignment_row(page, "released", CHAPTER)
        row.wait_for(timeout=60_000)
        _shot(page, artifacts, "hub-assignment-list.png", docs=True)
        lab.fetch_assignment(page, CHAPTER)
        copy = layout.home(STUDENT) / CHAPTER / f"{CHAPTER}.ipynb"
        assert copy.is_file() and copy.stat().st_uid == _uid(STUDENT), "the fetched copy is not the student's"
        steps("fetched")

        # 3. First submission: the first exercise answered, saved, submitted.
        lab.open_fetched_notebook(page, CHAPTER, CHAPTER)
        lab.type_answers(page, answers[:1])
        lab.save(page)
        lab.show_tab(page, "Assignments")
        lab.refresh_assignment_list(page)
        assert lab.submit_assignment(page, CHAPTER) == 1
        first = _inbound(layout)
        assert len(first) == 1, first
        steps("first submission (one exercise answered)")

        # The instructor collects and grades it while the student goes on.
        def grade_first():
            instructor(layout, "nbgrader", "collect", CHAPTER)
            return _grade(layout)

        grading = Background(grade_first)

        # 4. The student answers the rest, runs everything, validates, submits again.
        lab.show_tab(page, f"{CHAPTER}.ipynb")
        lab.type_answers(page, answers[1:])
        lab.restart_and_run_all(page)
        lab.save(page)
        report = lab.validate(page, artifacts / "hub-validate.png")
        assert "Success! Your notebook passes all the tests." in report, report
        lab.show_tab(page, "Assignments")
        lab.refresh_assignment_list(page)
        assert lab.submit_assignment(page, CHAPTER) == 2
        second = _inbound(layout)
        assert len(second) == 2 and second[0] == first[0], second
        _shot(page, artifacts, "hub-2-two-submissions.png")
        steps("second submission (all answered, validated)")

        # The instructor's JupyterLab has nbgrader's instructor tools.
        teacher_page.wait_for_url(f"**/user/{INSTRUCTOR}/lab**", timeout=240_000)
        lab.wait_for_lab(teacher_page)
        teacher_items = lab.menu_items(teacher_page, "Nbgrader")
        assert "Formgrader" in teacher_items, teacher_items
        teacher_page.screenshot(path=str(artifacts / "hub-instructor.png"))

        first_grading = grading.result()
        print("  first grading:", [l for l in first_grading.splitlines() if " results: " in l])
        first_result = _result(layout)
        assert first_result["status"] == "graded", first_grading[-3000:]
        assert 0 < first_result["score"] < first_result["max_score"], first_result
        # What was graded is the first submission in the exchange, file for file.
        assert first_result["fingerprint"] == _inbound_fingerprint(layout, first[0])
        steps(f"first submission collected and graded: {first_result['score']:g}/{first_result['max_score']:g}")

        # 5. Collect again: nbgrader takes the latest submission; the grader regrades, keeps history.
        output = instructor(layout, "nbgrader", "collect", "--update", CHAPTER)
        assert "Updating submission" in output, output
        collected = layout.course / "submitted" / STUDENT / CHAPTER
        assert (collected / "timestamp.txt").read_text().strip() == second[-1][0], "collect did not take the latest"
        second_grading = _grade(layout)
        print("  second grading:", [l for l in second_grading.splitlines() if " results: " in l])
        result = _result(layout)
        assert result["status"] == "graded" and result["score"] == result["max_score"], result
        # Graded now: the later submission in the exchange; kept in history: the earlier one.
        assert _utc(first[0][0]) < _utc(second[-1][0])
        assert result["fingerprint"] == _inbound_fingerprint(layout, second[-1])
        history = [json.loads(line) for line in (layout.course / "graded" / "history.jsonl").read_text().splitlines()]
        assert len(history) == 1, history
        earlier = history[0]["result"]
        assert earlier["fingerprint"] == _inbound_fingerprint(layout, first[0]), "history is not the first submission"
        assert earlier["score"] == first_result["score"] < result["score"]
        steps(f"second submission collected (--update) and graded: {result['score']:g}/{result['max_score']:g}, "
              "the first kept in history.jsonl")

        # 6. Feedback: the grader's pages into feedback/, released with nbgrader's release_feedback.
        instructor(layout, "python", str(HUB_SCRIPT), "feedback", "graded", CHAPTER)
        instructor(layout, "nbgrader", "release_feedback", CHAPTER)
        pages = list((layout.course_exchange / "feedback").glob("*.html"))
        assert len(pages) == 1, pages
        steps("feedback released")

        lab.refresh_assignment_list(page)
        submitted = lab.assignment_row(page, "submitted", CHAPTER).first
        submitted.filter(has_text="feedback available to fetch").wait_for(timeout=60_000)
        submitted.get_by_role("button", name="Fetch Feedback").click()
        view = page.locator("#submitted_assignments_list a", has_text="view feedback")
        view.first.wait_for(timeout=60_000)
        fetched = sorted((layout.home(STUDENT) / CHAPTER / "feedback").glob(f"*/{CHAPTER}.html"))
        assert [p.parent.name for p in fetched] == [second[-1][0]], fetched  # the latest submission's
        view.first.click()  # the file browser goes to the feedback folder
        item = page.locator(".jp-DirListing-item", has_text=f"{CHAPTER}.html")
        item.wait_for(timeout=30_000)
        item.dblclick()
        frame = page.frame_locator(".jp-MainAreaWidget:not(.lm-mod-hidden) iframe").first
        summary = frame.locator("#grader-summary")
        summary.wait_for(timeout=60_000)
        text = summary.inner_text()
        assert f"{result['score']:g} / {result['max_score']:g}" in text, text
        rows = [line for line in text.splitlines() if line.startswith("Exercise ")]  # "Exercise 1 · ...\t1 / 1"
        assert len(rows) == len(result["exercises"]), text
        for row, exercise in zip(rows, result["exercises"], strict=True):
            assert row.endswith(f"{exercise['score']:g} / {exercise['max_score']:g}"), (row, exercise)
        page.wait_for_timeout(300)
        _shot(page, artifacts, "hub-feedback.png", docs=True)
        steps("student fetched and opened the feedback")
        assert not page_errors, page_errors
    except Exception:
        page.screenshot(path=str(artifacts / "hub-failure.png"))
        print(course_hub["log"].read_text()[-6000:])
        raise
    finally:
        context.close()
        teacher.close()
    print(f"hosted course loop: {steps.total():.1f} s; steps: {steps.times}")


def _uid(user: str) -> int:
    import pwd

    return pwd.getpwnam(user).pw_uid
