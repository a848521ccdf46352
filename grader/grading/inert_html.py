"""Make the body of a feedback page inert: nothing in it can run code.

Everything a student controls (Markdown cells, displayed HTML, SVG, error messages) ends up in the
page's ``<body>``; the page's own scripts (MathJax and its configuration) are in ``<head>``. So the
body is rewritten, token by token, keeping its text and markup but dropping

- elements that run or load code or other pages, or that a browser parses differently from this
  parser: ``script``, ``style`` (inside ``svg`` or ``math`` a browser reads its text as markup),
  ``iframe``, ``object``, ``embed``, ``base``, ``link``, ``meta``, ``template``, SVG animations,
  ``frame`` and ``frameset``;
- every event-handler attribute (``onerror``, ``onload``, ...);
- URLs that run code: ``javascript:``, ``vbscript:`` (also behind control characters and
  whitespace, which browsers skip), and ``data:`` URLs other than images.

nbconvert's own sanitiser runs first on outputs (``HTMLExporter.sanitize_html``); this pass also
covers what nbgrader's feedback template renders without it (Markdown cells, comments), and any
sanitiser gap. The browser test of the feedback page proves that no script runs.
"""

from __future__ import annotations

import html
from html.parser import HTMLParser

DROPPED = {"script", "iframe", "object", "embed", "base", "link", "meta", "frame", "frameset", "applet", "noscript",
           "style", "template", "animate", "set", "animatemotion", "animatetransform", "discard", "handler",
           "listener", "foreignobject"}
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "poster", "background", "data", "srcset"}
SAFE_DATA = ("data:image/png", "data:image/jpeg", "data:image/gif", "data:image/webp")
VOID = {"area", "br", "col", "hr", "img", "input", "param", "source", "track", "wbr"}


def inert_page(text: str) -> str:
    """The page with its ``<body>`` made inert (see the module doc); ``<head>`` is kept as it is."""
    start = text.find("<body")
    if start < 0:
        return inert_fragment(text)
    return text[:start] + inert_fragment(text[start:])


def inert_fragment(text: str) -> str:
    writer = _Writer()
    writer.feed(text)
    writer.close()
    return "".join(writer.out)


def _safe_url(value: str) -> bool:
    compact = "".join(ch for ch in value if ch > " " and ch != "\x7f").lower()  # browsers skip these too
    if compact.startswith(("javascript:", "vbscript:")):
        return False
    return not compact.startswith("data:") or compact.startswith(SAFE_DATA)


class _Writer(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.out: list[str] = []
        self.skipping: list[str] = []  # open dropped elements whose content is dropped too

    def handle_starttag(self, tag, attrs):
        self._tag(tag, attrs, closed=False)

    def handle_startendtag(self, tag, attrs):
        self._tag(tag, attrs, closed=True)

    def _tag(self, tag, attrs, closed):
        if self.skipping:
            if tag == self.skipping[-1] and not closed and tag not in VOID:
                self.skipping.append(tag)
            return
        if tag in DROPPED:
            if not closed and tag not in VOID and tag not in ("meta", "link", "base"):
                self.skipping.append(tag)
            return
        kept = []
        for name, value in attrs:
            name = name.lower()
            if name.startswith("on") or name == "formaction":
                continue
            if name in URL_ATTRIBUTES and value is not None and not _safe_url(value):
                continue
            kept.append(name if value is None else f'{name}="{html.escape(value, quote=True)}"')
        inside = " ".join([tag, *kept])
        self.out.append(f"<{inside}{' /' if closed else ''}>")

    def handle_endtag(self, tag):
        if self.skipping:
            if tag == self.skipping[-1]:
                self.skipping.pop()
            return
        if tag not in DROPPED:
            self.out.append(f"</{tag}>")

    def handle_data(self, data):
        if not self.skipping:
            self.out.append(html.escape(data, quote=False) if self.cdata_elem else data)

    def handle_entityref(self, name):
        if not self.skipping:
            self.out.append(f"&{name};")

    def handle_charref(self, name):
        if not self.skipping:
            self.out.append(f"&#{name};")

    def handle_comment(self, data):
        pass  # conditional comments can hide markup for old browsers: drop comments

    def handle_decl(self, decl):
        self.out.append(f"<!{decl}>")

    def unknown_decl(self, data):
        pass

    def handle_pi(self, data):
        pass
