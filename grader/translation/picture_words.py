"""The words of a chapter's pictures: every text matplotlib draws while its reading copy runs.

A picture is a PNG in ``solutions-zh/``: its words cannot be read back from it. They are read as
they are drawn: the reading copy runs as the build runs it (``grader.course.build.write_solution``:
its kernel environment, the stubs of what its kernel goes without, the pinned Chinese font), with a
first cell that records each text matplotlib draws (titles, axis labels, legends, ticks, the
boxes of a graph) and the cell it was drawn in. ``python -m grader.i18n pictures CHAPTER`` prints
them, for a translator to read; ``tests/zh/`` checks them for English.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import nbformat

from grader.course.kernel_library import stubs_first
from grader.course.model import Chapter, read_chapter, solution_notebook
from grader.course.run_notebook import execute_notebook
from grader.translation.fonts import pinned_font

#: The first cell: records every drawn text with the number of the cell that drew it.
RECORDER = """\
import matplotlib.text as _picture_text

_picture_words = []
_picture_draw = _picture_text.Text.draw


def _recording_draw(self, renderer):
    if self.get_visible() and self.get_text().strip():
        _picture_words.append((get_ipython().execution_count, self.get_text()))
    return _picture_draw(self, renderer)


_picture_text.Text.draw = _recording_draw"""
#: The last cell prints what was recorded, after this marker.
MARKER = "picture words:"
REPORT = f"import json\nprint({MARKER!r} + json.dumps(_picture_words, ensure_ascii=False))"


@dataclass(frozen=True)
class DrawnText:
    """One text of a picture: the index of the reading copy's cell that drew it, and the text."""

    cell: int
    text: str


def picture_words(chapter: Chapter, kernel_env: dict[str, str] | None = None) -> list[DrawnText]:
    """Every text the pictures of ``chapter``'s reading copy draw (see the module doc), in order."""
    reading = solution_notebook(read_chapter(chapter))
    code = [i for i, c in enumerate(reading.cells) if c.cell_type == "code"]
    nb = nbformat.from_dict(reading)
    nb.cells = [nbformat.v4.new_code_cell(RECORDER), *nb.cells, nbformat.v4.new_code_cell(REPORT)]
    env = {**(kernel_env or {}), **pinned_font()}
    with tempfile.TemporaryDirectory(prefix="course-pictures-") as tmp:
        folder, stubs = Path(tmp) / "run", Path(tmp) / "without"
        folder.mkdir()
        stubs.mkdir()
        for extra in chapter.extra_files:
            shutil.copy2(extra, folder / extra.name)
        env = stubs_first(chapter.english_id or chapter.chapter_id, stubs, env)
        done = execute_notebook(nb, cwd=folder, extra_env=env)
    printed = "".join(o.get("text", "") for o in done.cells[-1].outputs)
    recorded = json.loads(printed.split(MARKER, 1)[1])
    # execution count 1 is the recorder; count n + 2 is the reading copy's n-th code cell
    return [DrawnText(code[count - 2], text) for count, text in recorded if 2 <= count < len(code) + 2]
