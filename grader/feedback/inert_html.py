"""Make the body of a feedback page inert: nothing in it can run code or load anything.

Everything a student controls (Markdown cells, displayed HTML, SVG, error messages) ends up in the
page's ``<body>``; ``feedback.self_contained`` removes the scripts of the ``<head>``. So the body is
rewritten, token by token, keeping its text and markup but dropping

- elements that run or load code or other pages, or that a browser parses differently from this
  parser: ``script``, ``style`` (inside ``svg`` or ``math`` a browser reads its text as markup),
  ``iframe``, ``object``, ``embed``, ``base``, ``link``, ``meta``, ``template``, SVG animations,
  ``frame`` and ``frameset``;
- every event-handler attribute (``onerror``, ``onload``, ...);
- URLs that run code: ``javascript:``, ``vbscript:`` (also behind control characters and
  whitespace, which browsers skip), and ``data:`` URLs other than images;
- loads from elsewhere: a ``src``, ``srcset``, ``poster``, ``background`` or ``data`` attribute (and
  the ``href`` of SVG's ``image``, ``use`` and ``feImage``) that names another host (``http:``,
  ``//host``, any scheme but an image ``data:`` URL), and a ``style`` attribute with ``url(``.
  The page's Content-Security-Policy forbids these loads too; this is the second wall, for a
  viewer that ignores the policy.

nbconvert's own sanitiser runs first on outputs (``HTMLExporter.sanitize_html``); this pass also
covers what nbgrader's feedback template renders without it (Markdown cells, comments), and any
sanitiser gap. The browser test of the feedback page proves that no script runs.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

DROPPED = {"script", "iframe", "object", "embed", "base", "link", "meta", "frame", "frameset", "applet", "noscript",
           "style", "template", "animate", "set", "animatemotion", "animatetransform", "discard", "handler",
           "listener", "foreignobject"}
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "poster", "background", "data", "srcset"}
SAFE_DATA = ("data:image/png", "data:image/jpeg", "data:image/gif", "data:image/webp")
LOAD_ATTRIBUTES = {"src", "srcset", "poster", "background", "data"}
SVG_LOADERS = {"image", "use", "feimage"}  # their href loads, an <a>'s href does not
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:")
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


def _compact(value: str) -> str:
    return "".join(ch for ch in value if ch > " " and ch != "\x7f").lower()  # browsers skip these too


def _safe_url(value: str) -> bool:
    compact = _compact(value)
    if compact.startswith(("javascript:", "vbscript:")):
        return False
    return not compact.startswith("data:") or compact.startswith(SAFE_DATA)


def _local_load(value: str) -> bool:
    """Whether a URL that is loaded (not followed) stays in the page: an image ``data:`` URL, or a
    relative path; never another host."""
    compact = _compact(value)
    if compact.startswith("data:"):
        return compact.startswith(SAFE_DATA)
    return not compact.replace("\\", "/").startswith("//") and not SCHEME.match(compact)  # browsers read \ as /


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
            loads = name in LOAD_ATTRIBUTES or (name in ("href", "xlink:href") and tag in SVG_LOADERS)
            if loads and value is not None and not all(_local_load(v.split()[0]) for v in value.split(",")
                                                        if v.strip()):
                continue
            if name == "style" and value is not None and "url(" in _compact(value):
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
