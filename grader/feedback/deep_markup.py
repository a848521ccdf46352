"""Leave out of the feedback page any markup nested deeper than a page ever needs.

nbconvert's sanitiser (bleach) takes time that grows with the square of an HTML output's nesting:
one output of 20,000 nested ``<div>``s, well under the output limit, held a grading worker for
minutes after its kernel had finished, outside every cell, notebook and memory limit. This
preprocessor runs on the feedback render only (the graded notebook keeps every output): an HTML or
SVG output, or a Markdown cell, whose tags nest deeper than ``max_depth`` is replaced by a line
that says so. Counting the depth is one pass over the text.
"""

from __future__ import annotations

import html
import re

from nbconvert.preprocessors import Preprocessor
from traitlets import Integer

from grader.feedback import inert_html

TAG = re.compile(r"<(/?)([A-Za-z][^\s/>]*)[^>]*?(/?)>")
#: Elements with no closing tag: the page's own list, and those it drops (which still nest nothing).
VOID = inert_html.VOID | {"base", "embed", "link", "meta"}
MARKUP = ("text/html", "image/svg+xml")


def nesting_depth(text: str) -> int:
    """How deep the tags of ``text`` nest (unclosed tags count as open to the end)."""
    depth = deepest = 0
    for match in TAG.finditer(text):
        closing, name, self_closing = match.group(1), match.group(2).lower(), match.group(3)
        if closing:
            depth = max(depth - 1, 0)
        elif not self_closing and name not in VOID:
            depth += 1
            deepest = max(deepest, depth)
    return deepest


def _source(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


class LeaveOutDeepMarkup(Preprocessor):
    """Replace markup nested deeper than ``max_depth`` by a notice (see the module doc)."""

    max_depth = Integer(200, help="deepest nesting of tags shown in a feedback page").tag(config=True)

    def _notice(self, depth: int, what: str) -> str:
        return (f"{what} left out of this page: its tags nest {depth} deep (at most {self.max_depth} are shown). "
                "The graded notebook keeps it.")

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "markdown":
            depth = nesting_depth(_source(cell.source))
            if depth > self.max_depth:
                cell.source = html.escape(self._notice(depth, "This Markdown cell is"))
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            for mime in MARKUP:
                if mime in data:
                    depth = nesting_depth(_source(data[mime]))
                    if depth > self.max_depth:
                        del data[mime]
                        data["text/plain"] = self._notice(depth, "An output is")
        return cell, resources
