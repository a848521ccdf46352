"""The course website, as a self-learner sees it, in a real browser.

``book/build.py`` builds the site from ``solutions/`` into a temporary folder; a loopback HTTP
server serves it; headless Chromium opens the home page, every chapter and the self-study page and
checks that the math is typeset by the local MathJax (no raw ``$...$`` left), that every image
loads, that every internal link resolves, and that no request fails or leaves the machine. It also
checks that the 中文 link is one of each chapter's toolbar buttons, in view, and that the site's
search puts the chapter named after the query ("gradcheck": chapter 5) first.
"""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import urldefrag, urlparse

import pytest

from grader.paths import REPO_ROOT

pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.browser]

DOCS_IMAGES = REPO_ROOT / "docs" / "images"

#: Raw TeX left in the text: $x$, $$...$$, \( \), \[ \].
RAW_MATH_JS = r"""
() => {
    const main = document.querySelector('main') || document.body;
    const copy = main.cloneNode(true);
    copy.querySelectorAll('pre, code, script, style, mjx-container, .highlight, .cell_output')
        .forEach(node => node.remove());
    const text = copy.textContent;
    const found = text.match(/\$\$?[^$\s][^$]*\$\$?|\\\(|\\\[/g) || [];
    const untypeset = [...main.querySelectorAll('.math')].filter(node => !node.querySelector('mjx-container'));
    return {raw: found.slice(0, 5), untypeset: untypeset.map(n => n.textContent.slice(0, 60)).slice(0, 5),
            typeset: main.querySelectorAll('mjx-container').length};
}
"""

IMAGES_JS = """
() => [...document.querySelectorAll('main img')].map(img => ({
    src: img.currentSrc || img.src, complete: img.complete, width: img.naturalWidth}))
"""

LINKS_JS = "() => [...document.querySelectorAll('a[href]')].map(a => a.href)"

#: Where the language switch sits: in the toolbar (the article header's buttons), shown, inside the window.
SWITCH_JS = """
() => {
    const links = [...document.querySelectorAll('a.language-switch-link')];
    if (links.length !== 1) return {count: links.length};
    const box = links[0].getBoundingClientRect();
    return {count: 1, text: links[0].textContent.trim(), inToolbar: !!links[0].closest('.article-header-buttons'),
            shown: box.width > 0 && box.height > 0 && getComputedStyle(links[0]).visibility === 'visible',
            inWindow: box.left >= 0 && box.right <= window.innerWidth && box.top >= 0};
}
"""

#: The search's results, best first.
SEARCH_RESULTS_JS = "() => [...document.querySelectorAll('#search-results ul.search li > a')].map(a => a.href)"


def _pages(html: Path) -> list[str]:
    chapters = sorted(p.name for p in (html / "chapters").glob("*.html"))
    return ["index.html", *[f"chapters/{name}" for name in chapters], "self-study.html"]


def test_site_typesets_math_loads_images_and_links_resolve(browser, site, artifacts):
    started = time.monotonic()
    base = site["url"]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url} ({r.failure})"))
    page.on("response", lambda r: r.status >= 400 and problems.append(f"HTTP {r.status}: {r.url}"))
    page.on(
        "request",
        lambda r: (
            urlparse(r.url).hostname not in ("127.0.0.1", None)
            and not r.url.startswith("data:")
            and problems.append(f"request leaves the machine: {r.url}")
        ),
    )
    page.on("pageerror", lambda error: problems.append(f"JavaScript error: {error}"))

    links: dict[str, str] = {}
    images_seen = 0
    typeset_seen = 0
    try:
        for path in _pages(site["html"]):
            page.goto(f"{base}/{path}", wait_until="load")
            # Sphinx loads MathJax only on pages with math; where it is loaded, wait for the typesetting.
            if page.locator("script[src*='mathjax']").count():
                page.wait_for_function("() => window.MathJax?.startup?.promise", timeout=20_000)
                page.evaluate("() => window.MathJax.startup.promise")
            math = page.evaluate(RAW_MATH_JS)
            assert not math["raw"] and not math["untypeset"], f"{path}: math left untypeset: {math}"
            typeset_seen += math["typeset"]
            for image in page.evaluate(IMAGES_JS):
                assert image["complete"] and image["width"] > 0, f"{path}: image did not load: {image['src']}"
                images_seen += 1
            for href in page.evaluate(LINKS_JS):
                if urlparse(href).hostname == "127.0.0.1":
                    links.setdefault(href, path)
        assert typeset_seen > 0, "no page has typeset math: is MathJax loaded?"
        assert images_seen > 0, "no page shows a picture: the solutions' plots are missing"

        # Every internal link resolves: the page exists, and so does the #anchor it points to.
        pages: dict[str, tuple[int, set[str]]] = {}  # each linked page is fetched once
        for href, source in sorted(links.items()):
            target, fragment = urldefrag(href)
            if target not in pages:
                response = page.request.get(target)
                ids = set(_ids(response.text())) if response.ok and target.endswith(".html") else set()
                pages[target] = (response.status, ids)
            status, ids = pages[target]
            assert 200 <= status < 400, f"{source}: broken link {href} (HTTP {status})"
            if fragment and target.endswith(".html"):
                assert fragment in ids, f"{source}: link {href} points to a missing anchor"

        # The screenshot for the README: the first chapter, at its first plot.
        first_chapter = _pages(site["html"])[1]
        page.goto(f"{base}/{first_chapter}", wait_until="load")
        page.evaluate("() => window.MathJax.startup.promise")
        picture = page.locator("main img").first
        if picture.count():
            picture.evaluate("img => img.scrollIntoView({block: 'start'})")
            page.evaluate("() => window.scrollBy(0, -260)")
        page.wait_for_timeout(200)
        page.screenshot(path=str(artifacts / "book-chapter.png"))
        assert not problems, "\n".join(problems)
    except Exception:
        page.screenshot(path=str(artifacts / "book-failure.png"))
        raise
    finally:
        context.close()
    print(
        f"website: {len(_pages(site['html']))} pages, {images_seen} images, {typeset_seen} formulas, "
        f"{len(links)} internal links in {time.monotonic() - started:.1f} s"
    )


def test_the_language_switch_is_a_toolbar_button_on_every_chapter(browser, site):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        chapters = [path for path in _pages(site["html"]) if path.startswith("chapters/")]
        assert chapters, "the website has no chapter page"
        for path in chapters:
            page.goto(f"{site['url']}/{path}", wait_until="load")
            switch = page.evaluate(SWITCH_JS)
            assert switch == {"count": 1, "text": "中文", "inToolbar": True, "shown": True, "inWindow": True}, (
                f"{path}: the 中文 link is not a visible toolbar button: {switch}")
    finally:
        context.close()


def search_results(page, url: str) -> list[str]:
    """The links the site's search page lists for the query in ``url``, best first."""
    page.goto(url, wait_until="load")
    # Sphinx writes its summary ("Search finished, found ...", or "did not match") once it is done.
    page.wait_for_function("() => document.querySelector('#search-results .search-summary')?.textContent.trim()",
                           timeout=30_000)
    return page.evaluate(SEARCH_RESULTS_JS)


def test_searching_gradcheck_ranks_chapter_5_first(browser, site):
    page = browser.new_page()
    try:
        found = search_results(page, f"{site['url']}/search.html?q=gradcheck")
        assert found, "searching gradcheck found nothing"
        assert urlparse(found[0]).path.endswith("/chapters/05_gradcheck.html"), found[:5]
    finally:
        page.close()


def _ids(html: str) -> list[str]:
    import re

    return re.findall(r'\sid="([^"]+)"', html)
