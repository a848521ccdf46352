"""Math in a feedback page, typeset when the page is made: MathML, which browsers draw themselves.

A feedback page travels: nbgrader's ``release_feedback`` copies the page alone to the exchange,
the student's Assignment List copies it into their folder, an instructor mails it. A page that
loads MathJax from a folder beside it shows raw LaTeX everywhere else, and one that loads it from
a CDN makes requests and needs a script. So the TeX of Markdown cells and of LaTeX outputs
(``$...$``, ``$$...$$``, ``\\(...\\)``, ``\\[...\\]``, a bare ``\\begin{env}...\\end{env}``) is
turned into MathML here (``latex2mathml``), the page keeps no script at all, and its
Content-Security-Policy can forbid every load but embedded images.

Text inside ``pre``, ``code``, ``textarea``, ``script``, ``style``, ``svg`` and ``math`` is left as
it is, as MathJax leaves it (code and program output are not math). TeX that cannot be converted
stays as its source text. The converter builds its output as XML, so the TeX's own text is
escaped; the page still goes through ``inert_html`` afterwards.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

from latex2mathml.converter import convert

SKIP = {"pre", "code", "textarea", "script", "style", "svg", "math", "title"}
VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
MATH = re.compile(
    r"(?<!\\)\$\$(?P<display>.+?)(?<!\\)\$\$"
    r"|\\\[(?P<bracket>.+?)\\\]"
    r"|(?P<env>\\begin\{(?P<name>[A-Za-z]+\*?)\}.+?\\end\{(?P=name)\})"
    r"|\\\((?P<paren>.+?)\\\)"
    r"|(?<![\\$])\$(?P<inline>[^$]+?)(?<!\\)\$",
    re.DOTALL,
)


def typeset(tex: str, display: bool) -> str | None:
    """``tex`` as a MathML element, or None when the converter cannot read it."""
    try:
        return convert(tex.strip(), display="block" if display else "inline")
    except Exception:  # the converter raises many kinds on TeX it does not know
        return None


def text_with_math(text: str) -> str:
    """Plain ``text`` as HTML: escaped, with each piece of TeX in it turned into MathML."""
    out, last = [], 0
    for match in MATH.finditer(text):
        tex = next(match[g] for g in ("display", "bracket", "env", "paren", "inline") if match[g] is not None)
        display = match["inline"] is None and match["paren"] is None
        mathml = typeset(tex, display)
        if mathml is None:
            continue
        out += [html.escape(text[last:match.start()], quote=False), mathml]
        last = match.end()
    out.append(html.escape(text[last:], quote=False))
    return "".join(out)


def with_mathml(page: str) -> str:
    """The page with the TeX of its ``<body>`` typeset as MathML (``<head>`` is kept as it is)."""
    start = page.find("<body")
    if start < 0:
        start = 0
    writer = _Writer()
    writer.feed(page[start:])
    writer.close()
    return page[:start] + "".join(writer.out)


class _Writer(HTMLParser):
    """Copies the markup as it came and rewrites the text between tags."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.open: list[str] = []  # the skipped elements we are inside

    def handle_starttag(self, tag, attrs):
        self.out.append(self.get_starttag_text())
        if tag in SKIP and tag not in VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.out.append(self.get_starttag_text())

    def handle_endtag(self, tag):
        self.out.append(f"</{tag}>")
        if self.open and tag == self.open[-1]:
            self.open.pop()

    def handle_data(self, data):
        if self.cdata_elem:
            self.out.append(data)
        elif self.open:
            self.out.append(html.escape(data, quote=False))
        else:
            self.out.append(text_with_math(data))

    def handle_comment(self, data):
        self.out.append(f"<!--{data}-->")

    def handle_decl(self, decl):
        self.out.append(f"<!{decl}>")

    def unknown_decl(self, data):
        pass

    def handle_pi(self, data):
        pass
