"""What a student does in JupyterLab, as Playwright steps shared by the browser tests: nbgrader's
Assignment List (fetch, submit, fetch feedback), running a notebook, typing answers, Validate."""

from __future__ import annotations

import json
import time
from pathlib import Path

from grader.paths import ASSIGNMENTS_DIR, SOLUTIONS_DIR

RUN_TIMEOUT_MS = 120_000
NOTEBOOK_CELLS = ".jp-NotebookPanel:visible .jp-Notebook .jp-Cell"


class Steps:
    """Prints each step with the seconds since the start (the tests' timings in the log)."""

    def __init__(self, name: str):
        self.name, self.started, self.times = name, time.monotonic(), {}

    def __call__(self, what: str) -> None:
        elapsed = time.monotonic() - self.started
        self.times[what] = round(elapsed, 1)
        print(f"  {elapsed:6.1f} s  {self.name}: {what}", flush=True)

    def total(self) -> float:
        return time.monotonic() - self.started


def answer_cells(chapter: str) -> list[tuple[int, str]]:
    """(index, solution source) of each answer cell, read from the release and the solution."""
    release = json.loads((ASSIGNMENTS_DIR / chapter / f"{chapter}.ipynb").read_text())
    solution = json.loads((SOLUTIONS_DIR / chapter / f"{chapter}.ipynb").read_text())
    answers = []
    solved_cells = {c.get("id"): c for c in solution["cells"]}
    for index, cell in enumerate(release["cells"]):
        nbgrader = cell["metadata"].get("nbgrader", {})
        if cell["cell_type"] == "code" and nbgrader.get("solution"):
            # The solution notebook drops nbgrader's metadata but keeps the cell ids.
            solved = solved_cells.get(cell.get("id"))
            if solved is None:
                solved = solution["cells"][index]
            answers.append((index, "".join(solved["source"])))
    return answers


def open_menu(page, name: str) -> None:
    """Open a menu of the menu bar (a second click on an active menu bar closes it: retry)."""
    for _ in range(3):
        page.locator("#jp-menu-panel .lm-MenuBar-itemLabel", has_text=name).click()
        try:
            page.locator(".lm-Menu-content .lm-Menu-item").first.wait_for(state="visible", timeout=3_000)
            return
        except Exception:
            page.keyboard.press("Escape")
    raise AssertionError(f"the {name} menu does not open")


def menu(page, name: str, item: str) -> None:
    open_menu(page, name)
    page.locator(".lm-Menu-content .lm-Menu-item:visible", has_text=item).first.click()


def menu_items(page, name: str) -> list[str]:
    open_menu(page, name)
    items = page.locator(".lm-Menu-content .lm-Menu-item:visible .lm-Menu-itemLabel").all_inner_texts()
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    return items


def wait_for_lab(page, timeout_ms: int = 180_000) -> None:
    page.locator("#jp-menu-panel .lm-MenuBar-itemLabel", has_text="Nbgrader").wait_for(timeout=timeout_ms)


def open_assignment_list(page) -> None:
    """Nbgrader > Assignment List, loaded (its three lists out of their 'Loading' state)."""
    menu(page, "Nbgrader", "Assignment List")
    page.locator("#released_assignments_list").wait_for(timeout=60_000)
    refresh_assignment_list(page, click=False)


def refresh_assignment_list(page, click: bool = True) -> None:
    if click:
        page.locator("#refresh_assignments_list").click()
    page.wait_for_function(
        """() => ['released', 'fetched', 'submitted'].every(kind => {
            const loading = document.getElementById(`${kind}_assignments_list_loading`);
            return loading && (loading.hidden || getComputedStyle(loading).display === 'none');
        })""",
        timeout=60_000,
    )


def assignment_row(page, kind: str, assignment: str):
    """The row of ``assignment`` in the ``released``, ``fetched`` or ``submitted`` list."""
    return page.locator(f"#{kind}_assignments_list > .list_item", has_text=assignment)


def fetch_assignment(page, assignment: str) -> None:
    assignment_row(page, "released", assignment).get_by_role("button", name="Fetch").click()
    assignment_row(page, "fetched", assignment).first.wait_for(timeout=60_000)


def open_fetched_notebook(page, assignment: str, notebook: str) -> None:
    """Open a fetched notebook from the Assignment List, the way a student does."""
    row = assignment_row(page, "fetched", assignment).first
    link = row.locator(".nested_list_item a", has_text=notebook).first
    for _ in range(3):
        if not row.locator(".assignment-notebooks-link").is_visible():
            # JupyterLab sometimes reloads itself once, just after the first fetch, and the
            # Assignment List tab is gone: open it again, as a student would.
            page.wait_for_timeout(2_000)
            wait_for_lab(page, 120_000)
            open_assignment_list(page)
            row.wait_for(timeout=60_000)
        row.locator(".assignment-notebooks-link").click()
        try:
            link.wait_for(state="visible", timeout=10_000)
            break
        except Exception:
            page.wait_for_timeout(1_000)
    link.click()
    wait_for_notebook(page)


def wait_for_notebook(page) -> None:
    """Wait until the open notebook has its kernel, idle. JupyterLab sometimes asks which kernel
    to start (a race when the session is created); a student presses Select, and so does this."""
    page.locator(".jp-NotebookPanel-toolbar .validate-button").first.wait_for(timeout=120_000)
    page.wait_for_function(
        """() => {
            if (document.querySelector('.jp-Dialog')) return true;
            const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
            const status = panel && panel.querySelector('.jp-Notebook-ExecutionIndicator');
            return status && status.dataset.status === 'idle'
                && document.body.textContent.includes('Python 3 (ipykernel) | Idle');
        }""",
        timeout=120_000,
    )
    dialog = page.locator(".jp-Dialog").filter(has_text="Select Kernel")
    if dialog.count():
        dialog.locator(".jp-Dialog-button.jp-mod-accept").click()
        dialog.wait_for(state="detached")
        wait_for_notebook(page)


SUBMISSIONS_JS = """([assignment]) => [...document.querySelectorAll('#submitted_assignments_list > .list_item')]
    .filter(row => row.textContent.includes(assignment))
    .map(row => (row.textContent.match(/\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d(\\.\\d+)? UTC/g) || []).length)
    .reduce((a, b) => a + b, 0)"""


def submit_assignment(page, assignment: str) -> int:
    """Press Submit on the fetched assignment; return how many submissions the list then shows
    (one row per assignment, a timestamp line per submission)."""
    before = submitted_count(page, assignment)
    assignment_row(page, "fetched", assignment).first.get_by_role("button", name="Submit").click()
    page.wait_for_function(f"([assignment, before]) => ({SUBMISSIONS_JS})([assignment]) > before",
                           arg=[assignment, before], timeout=120_000)
    return submitted_count(page, assignment)


def submitted_count(page, assignment: str) -> int:
    return page.evaluate(SUBMISSIONS_JS, [assignment])


def wait_until_run(page) -> None:
    """Wait until the kernel is idle and no cell is queued or running ([*])."""
    page.wait_for_function(
        """() => {
            const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
            const status = panel && panel.querySelector('.jp-Notebook-ExecutionIndicator');
            const busy = panel && [...panel.querySelectorAll('.jp-InputPrompt')]
                .some(p => p.textContent.includes('*'));
            return status && status.dataset.status === 'idle' && !busy;
        }""",
        timeout=RUN_TIMEOUT_MS,
    )


def type_answers(page, answers: list[tuple[int, str]]) -> None:
    """Type each answer into its cell, replacing what is there, as a student would."""
    cells = page.locator(NOTEBOOK_CELLS)
    for index, source in answers:
        editor = cells.nth(index).locator(".cm-content")
        editor.scroll_into_view_if_needed()
        editor.click()
        page.keyboard.press("Control+a")
        page.keyboard.insert_text(source)
        page.keyboard.press("Escape")


def save(page) -> None:
    page.keyboard.press("Control+s")
    page.wait_for_function(
        "() => !document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)')?.classList.contains('jp-mod-dirty')"
        " && !document.querySelector('.lm-TabBar-tab.lm-mod-current.jp-mod-dirty')",
        timeout=30_000,
    )


def restart_and_run_all(page) -> None:
    menu(page, "Kernel", "Restart Kernel and Run All Cells")
    page.locator(".jp-Dialog .jp-Dialog-button.jp-mod-accept").click()
    page.wait_for_timeout(500)
    wait_until_run(page)


def validate(page, shot: Path | None = None) -> str:
    """Press nbgrader's Validate on the open notebook, read its dialog, close it; return the text."""
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-NotebookPanel-toolbar .validate-button").click()
    dialog = page.locator(".jp-Dialog").filter(has_text="Validation Results")
    dialog.wait_for(timeout=RUN_TIMEOUT_MS)
    text = dialog.locator(".jp-Dialog-body").inner_text()
    if shot:
        page.screenshot(path=str(shot))
    dialog.get_by_role("button", name="Ok").click()
    dialog.wait_for(state="detached")
    return text


def show_tab(page, label: str) -> None:
    page.locator(".lm-TabBar-tab", has_text=label).first.click()
