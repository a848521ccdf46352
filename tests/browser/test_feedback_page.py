"""A feedback page in a real browser: the math is typeset from the local MathJax, no request leaves
the machine, and nothing a student's notebook wrote or displayed runs as a script."""

from __future__ import annotations

import nbformat
import pytest
from support.classes import CHAPTER, base, write_class

from grader.grading.runner import autograde
from grader.grading.settings import GradingSettings
from grader.paths import COURSE_DIR

pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.browser, pytest.mark.slow]

ATTACK_MARKDOWN = ('Hi <script>document.title = "pwned"; window.pwned = 1</script>'
                   '<img src="x" onerror="window.pwned = 2"> <a href="javascript:window.pwned = 3">link</a>')
ATTACK_CODE = ('from IPython.display import HTML, Javascript, display\n'
               'display(HTML(\'<script>window.pwned = 4</script><svg onload="window.pwned = 5"></svg>\'))\n'
               'display(Javascript("window.pwned = 6"))\n')


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    nb = base("perfect")
    nb.cells.insert(1, nbformat.v4.new_markdown_cell(ATTACK_MARKDOWN))
    nb.cells.insert(2, nbformat.v4.new_code_cell(ATTACK_CODE))
    root = tmp_path_factory.mktemp("feedback")
    submissions = write_class(root / "submissions", {"mallory": nb})
    [result] = autograde(submissions, root / "out", COURSE_DIR, GradingSettings(jobs=1), log=lambda *a: None)
    assert result.score == result.max_score, result.reasons
    return root / "out" / "feedback" / "mallory" / CHAPTER / f"{CHAPTER}.html"


def test_feedback_runs_no_student_script_and_typesets_math_offline(browser, page, artifacts):
    context = browser.new_context()
    outside: list[str] = []

    def only_local(route):
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", only_local)
    tab = context.new_page()
    tab.goto(page.as_uri())
    tab.wait_for_function("() => window.MathJax && MathJax.Hub && MathJax.Hub.queue.pending === 0 "
                          "&& document.querySelectorAll('.MathJax, .MathJax_CHTML, .mjx-chtml').length > 0",
                          timeout=30_000)
    tab.click("text=link") if tab.locator("text=link").count() else None
    tab.screenshot(path=str(artifacts / "feedback-page.png"), full_page=False)
    assert tab.evaluate("() => window.pwned") is None, "a student's script ran in the feedback page"
    assert tab.title() != "pwned"
    assert not outside, f"the page asked the network for {outside}"
    assert tab.locator("#grader-summary").inner_text().count("Exercise") >= 3
    context.close()
