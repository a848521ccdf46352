"""A feedback page in a real browser, copied away from the grader's folder as a student's copy is:
its math is drawn (MathML, made when the page was), no request leaves the page, not even for an
image a sanitiser missed (its Content-Security-Policy), and nothing a student's notebook wrote or
displayed runs as a script, and the browser's console shows no error but the CSP's refusals of the
planted images (no font the CSP refuses);
the same over http and from ``file://``."""

from __future__ import annotations

import functools
import shutil
import socket
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import nbformat
import pytest
from support.classes import CHAPTER, base, write_class

from grader.paths import COURSE_DIR
from grader.records.settings import GradingSettings
from grader.run.class_run import autograde

pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.browser, pytest.mark.slow]

ATTACK_MARKDOWN = ('Hi <script>document.title = "pwned"; window.pwned = 1</script>'
                   '<img src="x" onerror="window.pwned = 2"> <a href="javascript:window.pwned = 3">link</a>'
                   ' <img src="http://127.0.0.1:9/tracker.png"> and the math $\\frac{\\partial L}{\\partial w}$')
ATTACK_CODE = ('from IPython.display import HTML, Javascript, display\n'
               'display(HTML(\'<script>window.pwned = 4</script><svg onload="window.pwned = 5"></svg>\'))\n'
               'display(Javascript("window.pwned = 6"))\n')
PROBE = '<img id="probe" src="{url}/probe.png">'  # what a sanitiser gap would let through


def _port() -> int:
    """A free port in this project's range for test servers (9000-9049)."""
    for port in range(9000, 9050):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
                return port
            except OSError:
                continue
    pytest.skip("no free port in 9000-9049")


@pytest.fixture(scope="module")
def student_copy(tmp_path_factory):
    """The page as the student gets it: alone, in a folder of its own, with a probe image added."""
    nb = base("perfect")
    nb.cells.insert(1, nbformat.v4.new_markdown_cell(ATTACK_MARKDOWN))
    nb.cells.insert(2, nbformat.v4.new_code_cell(ATTACK_CODE))
    root = tmp_path_factory.mktemp("feedback")
    submissions = write_class(root / "submissions", {"mallory": nb})
    [result] = autograde(submissions, root / "out", COURSE_DIR, GradingSettings(jobs=1), log=lambda *a: None)
    assert result.score == result.max_score, result.reasons
    elsewhere = root / "mallory-downloads" / CHAPTER / "feedback" / "2026-12-01 10:00:00"
    elsewhere.mkdir(parents=True)
    page = elsewhere / f"{CHAPTER}.html"
    shutil.copy2(root / "out" / "feedback" / "mallory" / CHAPTER / f"{CHAPTER}.html", page)
    shutil.rmtree(root / "out")  # nothing of the grader's folder is left to lean on
    return page


@pytest.fixture(scope="module")
def server(student_copy):
    port = _port()
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(student_copy.parent))
    httpd = ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}"
    httpd.shutdown()


def _open(browser, url: str, page_url: str):
    context = browser.new_context()
    outside: list[str] = []

    def only_the_page(route):
        if route.request.url.split("#")[0] == page_url:
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", only_the_page)
    tab = context.new_page()
    # The console's errors, but the CSP's refusals of the planted images (which the test wants):
    # e.g. a font the page asks for and the CSP refuses; the page must ask for none.
    errors: list[str] = []
    tab.on("console", lambda message: (message.type == "error" and not message.text.startswith("Loading the image")
                                       and errors.append(message.text)))
    tab.goto(url)
    tab.wait_for_load_state("load")
    return context, tab, outside, errors


@pytest.mark.parametrize("over", ["file", "http"])
def test_the_students_copy_draws_its_math_runs_nothing_and_loads_nothing(browser, student_copy, server, artifacts,
                                                                          over):
    probed = student_copy.with_name("probed.html")
    text = student_copy.read_text()
    probed.write_text(text.replace("</body>", PROBE.format(url=server) + "</body>"))
    url = probed.as_uri() if over == "file" else f"{server}/{probed.name}"
    context, tab, outside, errors = _open(browser, url, url)
    try:
        tab.click("text=link") if tab.locator("text=link").count() else None
        tab.screenshot(path=str(artifacts / f"feedback-page-{over}.png"), full_page=False)
        assert tab.evaluate("() => window.pwned") is None, "a student's script ran in the feedback page"
        assert tab.title() != "pwned"
        assert not outside, f"the page asked for {outside}"
        assert not errors, f"the browser's console shows errors: {errors[:3]}"
        drawn = tab.evaluate("""() => [...document.querySelectorAll('math')].filter(m => {
            const box = m.getBoundingClientRect();
            return box.width > 0 && box.height > 0 && getComputedStyle(m).display.includes('math');
        }).length""")
        assert drawn >= 10, f"only {drawn} formulas are drawn as MathML"
        prose = tab.evaluate("() => [...document.querySelectorAll('.text_cell_render, .jp-MarkdownOutput')]"
                             ".map(e => e.innerText).join(' ')")
        assert "\\frac" not in prose and "\\partial" not in prose, "raw LaTeX is shown"
        assert tab.evaluate("() => document.getElementById('probe').naturalWidth") == 0
        assert tab.locator("#grader-summary").inner_text().count("Exercise") >= 3
    finally:
        context.close()
