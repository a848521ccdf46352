"""A feedback page renders in bounded time whatever the nesting of a student's output."""

import time

import nbformat
from nbconvert import HTMLExporter
from traitlets.config import Config

from grader.feedback.deep_markup import nesting_depth
from grader.feedback.feedback_page import feedback_config


def _notebook(markup: str) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("display(HTML(deep))")
    cell.outputs = [nbformat.v4.new_output("display_data", data={"text/html": markup, "text/plain": "<HTML>"})]
    nb.cells = [nbformat.v4.new_markdown_cell(markup), cell, nbformat.v4.new_markdown_cell("<div><b>fine</b></div>")]
    return nb


def test_nesting_depth_counts_open_tags_and_skips_void_ones():
    assert nesting_depth("<div><p>a<br>b</p><img src=x></div>") == 2
    assert nesting_depth("<div>" * 5 + "</div>" * 5) == 5
    assert nesting_depth("<svg><g><path/></g></svg>") == 2
    assert nesting_depth("no markup, 3 < 4 > 2") == 0


def test_deeply_nested_markup_is_left_out_of_the_page_quickly():
    deep = "<div>" * 20_000 + "x" + "</div>" * 20_000
    exporter = HTMLExporter(config=feedback_config(Config()))
    clock = time.process_time()
    page, _ = exporter.from_notebook_node(_notebook(deep))
    assert time.process_time() - clock < 20  # the sanitiser alone took minutes on this output
    assert page.count("left out of this page: its tags nest 20000 deep") == 2  # the output and the Markdown cell
    assert "<b>fine</b>" in page  # ordinary markup is kept
