"""The Chinese site of the course website in Chromium: every page in a CJK font (the font Chromium
actually drew with, asked over the DevTools protocol), its math typeset, a language switch to the
same page in English (a toolbar button on each chapter), and a search that finds a Chinese word and
ranks the chapter named after the query first.

The site is the one ``tests/browser/test_book_site.py`` checks in English (one build, ``site``).
"""

from __future__ import annotations

import re
from urllib.parse import quote, urljoin

import pytest

from .test_book_site import RAW_MATH_JS, SWITCH_JS, search_results

pytestmark = [pytest.mark.xdist_group("browser"), pytest.mark.browser]


def _chinese_pages(html) -> list[str]:
    if not (html / "zh" / "index.html").is_file():
        pytest.skip("the website has no Chinese site (no chapter in solutions-zh/)")
    chapters = sorted(p.name for p in (html / "zh" / "chapters").glob("*.html"))
    return ["zh/index.html", *[f"zh/chapters/{name}" for name in chapters], "zh/self-study.html", "zh/search.html"]


def _fonts_of(cdp, selector: str) -> list[dict]:
    """The platform fonts Chromium used for the text of the first node matching ``selector``."""
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    assert node, f"no {selector}"
    return cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]


def test_chinese_pages_use_a_cjk_font_typeset_math_and_switch_language(browser, site):
    base, html = site["url"], site["html"]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"JavaScript error: {error}"))
    page.on("response", lambda r: r.status >= 400 and problems.append(f"HTTP {r.status}: {r.url}"))
    cdp = context.new_cdp_session(page)
    typeset = 0
    try:
        for path in _chinese_pages(html):
            page.goto(f"{base}/{path}", wait_until="load")
            assert page.evaluate("document.documentElement.lang") == "zh-CN", path
            if page.locator("script[src*='mathjax']").count():
                page.wait_for_function("() => window.MathJax?.startup?.promise", timeout=20_000)
                page.evaluate("() => window.MathJax.startup.promise")
            math = page.evaluate(RAW_MATH_JS)
            assert not math["raw"] and not math["untypeset"], f"{path}: math left untypeset: {math}"
            typeset += math["typeset"]
            switch = page.locator("a.language-switch-link")
            assert switch.count() == 1 and switch.inner_text() == "English", f"{path}: no switch to English"
            target = urljoin(f"{base}/{path}", switch.get_attribute("href"))
            assert page.request.get(target).ok, f"{path}: the switch leads to {target}, which is missing"
            if path.startswith("zh/chapters/"):
                place = page.evaluate(SWITCH_JS)
                assert place == {"count": 1, "text": "English", "inToolbar": True, "shown": True, "inWindow": True}, (
                    f"{path}: the English link is not a visible toolbar button: {place}")
                assert target.endswith(f"/chapters/{path.split('/')[-1][3:]}"), (path, target)
                cdp.send("DOM.enable")
                cdp.send("CSS.enable")
                for selector in ("article h1", "article p"):
                    fonts = _fonts_of(cdp, selector)
                    cjk = [f for f in fonts if "CJK" in f["familyName"] and f["glyphCount"] > 0]
                    assert cjk and cjk[0]["familyName"] == "Noto Sans CJK SC", f"{path} {selector}: {fonts}"
        assert typeset > 0, "no Chinese page has typeset math"
        english = f"{base}/chapters/00_finite_differences.html"
        page.goto(english, wait_until="load")
        switch = page.locator("a.language-switch-link")
        assert switch.inner_text() == "中文"
        assert urljoin(english, switch.get_attribute("href")).endswith("/zh/chapters/zh_00_finite_differences.html")
        assert not problems, "\n".join(problems)
    finally:
        context.close()


def test_the_chinese_search_finds_a_chinese_word(browser, site):
    _chinese_pages(site["html"])
    page = browser.new_page()
    try:
        page.goto(f"{site['url']}/zh/search.html?q={quote('梯度')}", wait_until="load")
        page.wait_for_selector("#search-results ul.search li a", timeout=30_000)
        found = page.eval_on_selector_all("#search-results ul.search li a", "links => links.map(a => a.href)")
        assert any(re.search(r"/zh/chapters/zh_0[01]_", href) for href in found), found
    finally:
        page.close()


def test_the_chinese_search_ranks_the_gradcheck_chapter_first(browser, site):
    _chinese_pages(site["html"])
    page = browser.new_page()
    try:
        found = search_results(page, f"{site['url']}/zh/search.html?q=gradcheck")
        assert found, "searching gradcheck on the Chinese site found nothing"
        assert found[0].endswith("/zh/chapters/zh_05_gradcheck.html"), found[:5]
    finally:
        page.close()
