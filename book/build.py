"""Build the course website (Jupyter Book 1): ``python book/build.py [--edition student]``.

Two editions, from the same pages:

- the **self-learner's** (default, ``make book``, ``build/book/``): every chapter solved and run,
  from ``solutions/``, with its outputs and pictures: every answer of every exercise is on it;
- the **student edition** (``make book-student``, ``build/book-student/``): the chapters as a
  graded class gets them, from ``assignments/``: the exercises without their solutions and
  without hidden tests (what nbgrader's release keeps), and no outputs. This is the one to publish
  for a graded class.

1. Stage a book source folder (default ``build/book/src``): the pages of ``book/``, every
   chapter notebook of the edition (``solutions/NN_slug/`` or ``assignments/NN_slug/``,
   discovered, so new chapters appear by themselves), a ``_toc.yml`` generated from them, the
   syllabus and the edition's own paragraph filled into ``index.md``.
2. ``jupyter-book build`` it into ``build/book/_build/html``. Nothing is executed: the solution
   notebooks already carry their outputs and plots.
3. Put a local MathJax 3 next to the pages (``html/mathjax/``, not in ``_static``), installed once
   from the npm registry into ``build/mathjax/`` (ignored by git). The site then needs no CDN.

The Chinese edition's site is built the same way (by default; ``--language en`` leaves it out), from
``solutions-zh/`` or ``assignments-zh/`` and the pages' translations (``grader.translation.pages``), with
Sphinx's language ``zh_CN`` (its search cuts Chinese into words with jieba), into ``html/zh/``.
Every page of each site then gets a link to the same page in the other language
(``link_languages``); a chapter not translated yet links to the other site's home page.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

from grader.course.model import CHAPTER_ID
from grader.i18n.editions import ZH, chapter_key
from grader.paths import ASSIGNMENTS_DIR, REPO_ROOT, SOLUTIONS_DIR

BOOK_DIR = REPO_ROOT / "book"
DEFAULT_OUT = REPO_ROOT / "build" / "book"
MATHJAX_VERSION = "3.2.2"
MATHJAX_CACHE = REPO_ROOT / "build" / "mathjax"
PAGES = ("index.md", "self-study.md")
STATIC_FILES = ("favicon.svg",)
#: Each edition: where its notebooks come from, where it is built, what its home page says.
EDITIONS = {
    "self-learner": (SOLUTIONS_DIR, DEFAULT_OUT, (
        "This is the **self-learner's edition**: every chapter is shown **with its solutions worked "
        "out and run**, with the code, its output and its plots. Do not start here: work through "
        "the chapter in JupyterLab yourself first (`make lab`), then come back to compare. "
        "{doc}`self-study` explains how. A graded class publishes the student edition instead, "
        "which has no solutions.")),
    "student": (ASSIGNMENTS_DIR, REPO_ROOT / "build" / "book-student", (
        "This is the **student edition**: the chapters as you get them in class, with their "
        "exercises and visible tests and **without solutions**. Work in JupyterLab, where your "
        "copy of each chapter runs; {doc}`self-study` explains the tools.")),
}


def find_chapters(solutions_dir: Path = SOLUTIONS_DIR) -> list[Path]:
    """The chapter notebooks of a folder (``solutions/`` or ``assignments/``), in syllabus order
    (``NN_slug/NN_slug.ipynb``)."""
    return [
        folder / f"{folder.name}.ipynb"
        for folder in sorted(Path(solutions_dir).iterdir())
        if folder.is_dir() and CHAPTER_ID.match(chapter_key(folder.name))
        and (folder / f"{folder.name}.ipynb").is_file()
    ]


def chapter_summary(notebook: Path) -> tuple[str, str]:
    """The title (first heading) and first paragraph of a chapter notebook."""
    nb = json.loads(notebook.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        lines = "".join(cell["source"]).strip().splitlines()
        if not lines or not lines[0].startswith("# "):
            continue
        title = lines[0][2:].strip()
        paragraph = []
        for line in lines[1:]:
            if line.strip():
                paragraph.append(line.strip())
            elif paragraph:
                break
        return title, " ".join(paragraph)
    return notebook.stem.replace("_", " "), ""


#: The Chinese site's own words (its toc's captions, its title, the chapters still in English).
CHINESE = {"title": "从零实现 autograd", "chapters": "各章", "alone": "自学",
           "none": "*还没有构建任何一章：请运行 `make build`。*",
           "english": ("还没有翻译的各章，请先读<a href=\"../index.html\">英文版</a>；"
                       "翻译完成后会出现在这里。")}


def syllabus(chapters: list[Path], language: str = "en") -> str:
    """A Markdown list: one linked entry per chapter, with its opening paragraph."""
    if not chapters:
        return CHINESE["none"] if language == "zh" else "*No chapter has been built yet: run `make build`.*"
    entries = []
    for notebook in chapters:
        title, summary = chapter_summary(notebook)
        entries.append(f"- [{title}](chapters/{notebook.stem}.ipynb)" + (f"\n  {summary}" if summary else ""))
    if language == "zh":
        entries.append("\n" + CHINESE["english"])
    return "\n".join(entries)


def table_of_contents(chapters: list[Path], language: str = "en") -> str:
    """Jupyter Book's ``_toc.yml``: the index, the chapters, then the self-study page."""
    captions = (CHINESE["chapters"], CHINESE["alone"]) if language == "zh" else ("Chapters", "On your own")
    lines = ["# Generated by book/build.py from solutions/: do not edit.", "format: jb-book", "root: index", "parts:"]
    if chapters:
        lines += [f"  - caption: {captions[0]}", "    chapters:"]
        lines += [f"      - file: chapters/{notebook.stem}" for notebook in chapters]
    lines += [f"  - caption: {captions[1]}", "    chapters:", "      - file: self-study"]
    return "\n".join(lines) + "\n"


def _config(language: str) -> str:
    """``_config.yml`` for the site of ``language`` (the Chinese one: its title, Sphinx's zh_CN)."""
    text = (BOOK_DIR / "_config.yml").read_text()
    if language == "en":
        return text
    config = yaml.safe_load(text)
    config["title"] = CHINESE["title"]
    config["sphinx"]["config"]["language"] = ZH.sphinx_language
    config["sphinx"]["config"]["html_search_language"] = "zh"
    config["sphinx"]["config"]["html_static_path"] = ["_static"]
    config["sphinx"]["config"]["html_css_files"] = ["chinese.css"]
    return yaml.safe_dump(config, allow_unicode=True, sort_keys=False)


#: Chinese text in a Chinese font (Simplified Chinese glyphs first), whatever the theme's stack is.
CHINESE_CSS = """:root {
  --pst-font-family-base: "Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Hiragino Sans GB",
    "Microsoft YaHei", "WenQuanYi Micro Hei", var(--pst-font-family-base-system), sans-serif;
  --pst-font-family-heading: var(--pst-font-family-base);
}
"""


def stage(source: Path, chapters: list[Path], edition: str = "self-learner", language: str = "en") -> None:
    """Fill ``source`` with everything the book of ``edition`` in ``language`` is built from."""
    if source.exists():
        shutil.rmtree(source)
    (source / "chapters").mkdir(parents=True)
    (source / "_config.yml").write_text(_config(language), encoding="utf-8")
    for name in STATIC_FILES:
        shutil.copy2(BOOK_DIR / name, source / name)
    if language == "zh":
        (source / "_static").mkdir()
        (source / "_static" / "chinese.css").write_text(CHINESE_CSS, encoding="utf-8")
    for page in PAGES:
        text = (BOOK_DIR / page).read_text()
        paragraph = EDITIONS[edition][2]
        if language != "en":
            from grader.translation.pages import translated_page, translated_paragraph

            text = translated_page(language, Path(page).stem, text)
            paragraph = translated_paragraph(language, paragraph)
        if page == "index.md":
            text = text.replace("{syllabus}", syllabus(chapters, language)).replace("{edition}", paragraph)
        (source / page).write_text(text, encoding="utf-8")
    for notebook in chapters:
        # The chapter's other files (data, pictures) sit next to it, as in solutions/.
        for item in notebook.parent.iterdir():
            if item.name.startswith(".") or item.name == "__pycache__":
                continue
            target = source / "chapters" / item.name
            if item.is_dir():
                shutil.copytree(item, target, dirs_exist_ok=True)
            else:
                shutil.copy2(item, target)
    (source / "_toc.yml").write_text(table_of_contents(chapters, language), encoding="utf-8")


def ensure_mathjax(cache: Path = MATHJAX_CACHE, version: str = MATHJAX_VERSION) -> Path:
    """MathJax's ``es5`` folder, installed from the npm registry into ``cache`` on first use."""
    es5 = cache / "node_modules" / "mathjax" / "es5"
    package = cache / "node_modules" / "mathjax" / "package.json"
    if package.is_file() and json.loads(package.read_text()).get("version") == version:
        return es5
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("book/build.py needs npm to fetch MathJax once: apt-get install nodejs npm")
    cache.parent.mkdir(parents=True, exist_ok=True)
    # Install into a fresh folder and move it into place, so concurrent builds never see half of it.
    scratch = Path(tempfile.mkdtemp(prefix="mathjax-", dir=cache.parent))
    try:
        subprocess.run(
            [
                npm,
                "install",
                "--prefix",
                str(scratch),
                "--no-audit",
                "--no-fund",
                "--no-save",
                "--loglevel=error",
                f"mathjax@{version}",
            ],
            check=True,
        )
        if cache.exists():
            shutil.rmtree(cache)
        os.replace(scratch, cache)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return es5


#: Where each edition's notebooks of the Chinese site come from.
CHINESE_NOTEBOOKS = {"self-learner": ZH.solutions_dir, "student": ZH.assignments_dir}
LANGUAGES = ("en", "zh")


def build(out: Path | None = None, *, solutions_dir: Path | None = None, verbose: bool = False,
          edition: str = "self-learner", languages: tuple[str, ...] = LANGUAGES) -> Path:
    """Build the website of ``edition`` into ``out/_build/html`` (and its Chinese site into
    ``out/_build/html/zh``) and return that folder.

    Sphinx's own output is shown only when the build fails (or with ``verbose``)."""
    notebooks, default_out, _ = EDITIONS[edition]
    out = Path(out or default_out).resolve()
    english = find_chapters(solutions_dir or notebooks)
    html = _build_site(out, english, edition, "en", verbose)
    chinese = find_chapters(CHINESE_NOTEBOOKS[edition]) if "zh" in languages and CHINESE_NOTEBOOKS[edition].is_dir() \
        else []
    if chinese:
        site = _build_site(out / "zh-site", chinese, edition, "zh", verbose)
        if (html / "zh").exists():
            shutil.rmtree(html / "zh")
        shutil.copytree(site, html / "zh")
        link_languages(html, [n.stem for n in english], [n.stem for n in chinese])
    serve = "make book-serve" if edition == "self-learner" else "make book-serve BOOK_EDITION=student"
    print(f"the course website ({edition} edition) is in {html}" + (f", in Chinese in {html / 'zh'}" if chinese else "")
          + f": `{serve}` serves it on http://127.0.0.1:8000/ (search needs a server; from file:// a browser "
          "blocks it)")
    return html


def _build_site(out: Path, chapters: list[Path], edition: str, language: str, verbose: bool) -> Path:
    """One site (one language) of ``edition`` into ``out/_build/html``."""
    es5 = ensure_mathjax()
    source = out / "src"
    stage(source, chapters, edition, language)
    jupyter_book = Path(sys.executable).parent / "jupyter-book"
    command = [
        str(jupyter_book) if jupyter_book.exists() else "jupyter-book",
        "build",
        str(source),
        "--path-output",
        str(out),
        "--builder",
        "html",
    ]
    if verbose:
        subprocess.run(command, check=True, cwd=REPO_ROOT)
    else:
        done = subprocess.run([*command, "--quiet"], cwd=REPO_ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            sys.stdout.write(done.stdout)
            sys.stderr.write(done.stderr)
            raise SystemExit(f"the website build failed (jupyter-book exit code {done.returncode}); "
                             "its output is above")
    html = out / "_build" / "html"
    target = html / "mathjax"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(es5, target)
    (html / ".nojekyll").write_text("")  # GitHub Pages: serve _static/ and _images/ as they are
    return html


SWITCH = ('<div class="language-switch" style="text-align:right;margin:0.2em 0 0.6em 0">'
          '<a class="language-switch-link" href="{href}" hreflang="{lang}" lang="{lang}">{label}</a></div>')
#: In the theme's toolbar (the article header's buttons: full screen, dark mode, download), as one
#: of its buttons; a page without that toolbar gets ``SWITCH`` at the top of its main column.
TOOLBAR_SWITCH = ('<a class="btn btn-sm language-switch language-switch-link" href="{href}" hreflang="{lang}" '
                  'lang="{lang}" title="{label}" style="font-size:0.95rem;white-space:nowrap">{label}</a>')
TOOLBAR_TAG = re.compile(r'<div class="article-header-buttons">')
MAIN_TAG = re.compile(r"<main\b[^>]*>")


def link_languages(html: Path, english: list[str], chinese: list[str]) -> None:
    """A link to the same page in the other language on every page of both sites (under ``html``
    and ``html/zh``), in the page's toolbar; a page the other site lacks links to its home page."""
    counterpart = {stem: ZH.assignment_id(stem) for stem in english if ZH.assignment_id(stem) in chinese}
    back = {zh: chapter_key(zh) for zh in chinese if chapter_key(zh) in english}
    sites = [(html, html / "zh", "zh/", ZH.html_lang, "中文", counterpart),
             (html / "zh", html, "../", "en", "English", back)]
    for root, other, up, lang, label, pages in sites:
        for page in sorted(root.rglob("*.html")):
            relative = page.relative_to(root)
            if root == html and relative.parts[0] in ("zh", "mathjax"):
                continue
            name = relative.as_posix()
            if name.startswith("chapters/"):
                stem = pages.get(relative.stem)
                name = f"chapters/{stem}.html" if stem else "index.html"
            if not (other / name).is_file():
                name = "index.html"
            href = "../" * (len(relative.parts) - 1) + up + name
            text = page.read_text(encoding="utf-8")
            if "language-switch" in text:
                continue
            found, template = TOOLBAR_TAG.search(text), TOOLBAR_SWITCH
            if found is None:
                found, template = MAIN_TAG.search(text), SWITCH
            if found is None:
                continue
            link = template.format(href=href, lang=lang, label=label)
            page.write_text(text[:found.end()] + link + text[found.end():], encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", choices=sorted(EDITIONS), default="self-learner",
                        help="self-learner (solutions/, every answer shown) or student (assignments/, no solutions)")
    parser.add_argument("--out", type=Path, default=None,
                        help="output folder (default build/book, or build/book-student for the student edition)")
    parser.add_argument("--solutions", type=Path, default=None,
                        help="the chapter notebooks (default: solutions/, or assignments/ for the student edition)")
    parser.add_argument("--verbose", action="store_true", help="show Sphinx's output even when the build works")
    parser.add_argument("--language", choices=["all", "en"], default="all",
                        help="all: the English site and the Chinese one in html/zh, linked to each other; "
                        "en: English only")
    parser.add_argument("--quiet", action="store_true", help=argparse.SUPPRESS)  # the default now
    args = parser.parse_args(argv)
    languages = LANGUAGES if args.language == "all" else ("en",)
    build(args.out, solutions_dir=args.solutions, verbose=args.verbose, edition=args.edition, languages=languages)
    return 0


if __name__ == "__main__":
    sys.exit(main())
