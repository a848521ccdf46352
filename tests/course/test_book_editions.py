"""The website's two editions: the self-learner's shows every solution, the student edition none
(fast: the books are staged, not built; tests/browser/test_book_site.py builds one)."""

import importlib.util
import json

from grader.paths import ASSIGNMENTS_DIR, REPO_ROOT, SOLUTIONS_DIR

spec = importlib.util.spec_from_file_location("book_build", REPO_ROOT / "book" / "build.py")
book = importlib.util.module_from_spec(spec)
spec.loader.exec_module(book)


def _answer_pairs(chapter: str) -> list[tuple[str, str]]:
    """(solution, release) source of each answer cell."""
    release = json.loads((ASSIGNMENTS_DIR / chapter / f"{chapter}.ipynb").read_text())
    solved = {c.get("id"): "".join(c["source"]) for c in
              json.loads((SOLUTIONS_DIR / chapter / f"{chapter}.ipynb").read_text())["cells"]}
    return [(solved[c["id"]], "".join(c["source"])) for c in release["cells"]
            if c["metadata"].get("nbgrader", {}).get("solution") and c["id"] in solved]


def _staged_text(tmp_path, edition: str) -> tuple[str, str]:
    notebooks = book.EDITIONS[edition][0]
    book.stage(tmp_path / edition, book.find_chapters(notebooks), edition)
    chapters = "".join(p.read_text() for p in sorted((tmp_path / edition / "chapters").glob("*.ipynb")))
    return chapters, (tmp_path / edition / "index.md").read_text()


def test_the_student_edition_holds_no_solution_and_says_which_edition_it_is(tmp_path):
    _, index = _staged_text(tmp_path, "student")
    for chapter in book.find_chapters(ASSIGNMENTS_DIR):
        staged = tmp_path / "student" / "chapters" / chapter.name
        assert staged.read_bytes() == chapter.read_bytes(), f"{chapter.name} is not the release"
        staged_cells = {c["id"]: "".join(c["source"]) for c in json.loads(staged.read_text())["cells"]}
        for solved, given in _answer_pairs(chapter.stem):
            assert solved not in staged_cells.values() and given in staged_cells.values()
    assert "**student edition**" in index and "without solutions" in index and "{edition}" not in index
    assert (tmp_path / "student" / "favicon.svg").is_file()


def test_the_self_learners_edition_shows_the_solutions_and_says_so(tmp_path):
    chapters, index = _staged_text(tmp_path, "self-learner")
    first = book.find_chapters(SOLUTIONS_DIR)[0].stem
    shown = [code for code, _ in _answer_pairs(first) if json.dumps(code.splitlines()[-1])[1:-1] in chapters]
    assert shown and "self-learner's edition" in index and "student edition" in index


def _page(path, toolbar: bool):
    path.parent.mkdir(parents=True, exist_ok=True)
    buttons = ('<div class="bd-header-article"><div class="article-header-buttons"><button class="btn">'
               '</button></div></div>' if toolbar else "")
    path.write_text(f"<html><body>{buttons}<main id='main'><p>text</p></main></body></html>")


def test_the_language_switch_sits_in_the_pages_toolbar(tmp_path):
    """The 中文 / English link is one of the toolbar's buttons (not a line of its own above the
    text, clipped at the right edge); a page without the toolbar keeps it atop its main column."""
    html = tmp_path / "html"
    _page(html / "chapters" / "00_finite_differences.html", toolbar=True)
    _page(html / "zh" / "chapters" / "zh_00_finite_differences.html", toolbar=True)
    _page(html / "search.html", toolbar=False)
    book.link_languages(html, ["00_finite_differences"], ["zh_00_finite_differences"])
    english = (html / "chapters" / "00_finite_differences.html").read_text()
    toolbar = english.split('<div class="article-header-buttons">', 1)[1].split("</div>", 1)[0]
    assert 'href="../zh/chapters/zh_00_finite_differences.html"' in toolbar and ">中文</a>" in toolbar
    assert english.count("language-switch-link") == 1
    chinese = (html / "zh" / "chapters" / "zh_00_finite_differences.html").read_text()
    toolbar = chinese.split('<div class="article-header-buttons">', 1)[1].split("</div>", 1)[0]
    assert 'href="../../chapters/00_finite_differences.html"' in toolbar and ">English</a>" in toolbar
    search = (html / "search.html").read_text()
    assert "<main id='main'><div class=\"language-switch\"" in search
    book.link_languages(html, ["00_finite_differences"], ["zh_00_finite_differences"])  # twice: one link
    assert (html / "chapters" / "00_finite_differences.html").read_text().count("language-switch-link") == 1


def test_search_ranks_the_chapter_titled_by_the_query_first(tmp_path):
    """Searching "gradcheck": chapter 5 ("Chapter 5 · gradcheck", found by its words) comes before
    chapters with a section of that name (Sphinx scores both 15 and breaks the tie by name)."""
    import shutil
    import subprocess

    import pytest
    import yaml

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    config = yaml.safe_load((REPO_ROOT / "book" / "_config.yml").read_text())
    scorer = config["sphinx"]["config"]["html_search_scorer"]  # Sphinx opens it from its working folder
    assert (REPO_ROOT / scorer).is_file() and "cwd=REPO_ROOT" in (REPO_ROOT / "book" / "build.py").read_text()
    script = tmp_path / "rank.js"
    script.write_text(
        "global.window = {location: {search: '?q=gradcheck'}};\n"
        f"eval(require('fs').readFileSync({json.dumps(str(REPO_ROOT / 'book' / 'search_scorer.js'))}, 'utf8')"
        " + '; global.Scorer = Scorer;');\n"
        "const results = [\n"
        "  ['chapters/10_extending_pytorch', 'Chapter 10 · Extending PyTorch > gradcheck', '#gradcheck',"
        " null, 15, 'a'],\n"
        "  ['chapters/11_reading_old_code', 'Chapter 11 · Reading old code > gradcheck', '#gradcheck',"
        " null, 15, 'b'],\n"
        "  ['chapters/05_gradcheck', 'Chapter 5 · gradcheck', '', null, 15, 'c'],\n"
        "  ['chapters/07_linear_function', 'Chapter 7 · LinearFunction', '', null, 5, 'd'],\n"
        "];\n"
        "results.forEach((r) => (r[4] = Scorer.score(r)));\n"
        "results.sort((a, b) => b[4] - a[4]);\n"
        "console.log(JSON.stringify(results.map((r) => [r[0], r[4]])));\n")
    ranked = json.loads(subprocess.run([node, str(script)], capture_output=True, text=True, check=True).stdout)
    assert ranked[0] == ["chapters/05_gradcheck", 45], ranked
    assert dict(ranked)["chapters/07_linear_function"] == 5  # a page whose title lacks the word: unchanged
