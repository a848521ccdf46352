"""Chinese text in drawings: a CJK font behind matplotlib's own, for the course's Chinese edition.

Matplotlib draws every character with the first font of ``font.family`` that has it. The
Chinese edition's notebooks call :func:`use_chinese_font` once: it puts a Chinese font *after*
the sans-serif font in use, so Latin letters and digits look exactly as in the English edition
and only Chinese characters come from the added font. Math (``$...$``) keeps matplotlib's math
fonts, which have no Chinese: a label that mixes the two writes its math in Unicode (``ε / h``).

Which font: the file named by the environment variable ``AUTOGRAD_COURSE_CJK_FONT`` when it is
set (the course's build pins one, so its pictures are the same on every machine), else the first
installed of :data:`CHINESE_FONTS`.
"""

from __future__ import annotations

import os
import warnings

#: Fonts with Simplified Chinese, the Noto/Source Han family first (Debian: fonts-noto-cjk).
CHINESE_FONTS = ("Noto Sans CJK SC", "Source Han Sans SC", "Noto Sans SC", "Source Han Sans CN",
                 "PingFang SC", "Heiti SC", "Microsoft YaHei", "SimHei", "WenQuanYi Zen Hei",
                 "WenQuanYi Micro Hei", "Arial Unicode MS")
ENVIRONMENT_VARIABLE = "AUTOGRAD_COURSE_CJK_FONT"


def use_chinese_font(family: str | None = None) -> None:
    """Let matplotlib draw Chinese characters (``chinese_font`` says with which font).

    ``family`` picks an installed font by name instead of the search. Without any Chinese font a
    warning says what to install, and Chinese characters are drawn as empty boxes.
    """
    import matplotlib
    from matplotlib import font_manager

    name = family
    path = os.environ.get(ENVIRONMENT_VARIABLE)
    if name is None and path and os.path.isfile(path):
        font_manager.fontManager.addfont(path)
        name = "Noto Sans CJK SC" if path.endswith(".ttc") else font_manager.FontProperties(fname=path).get_name()
    if name is None:  # a cached font list may name files this machine (or a sandbox) cannot open
        installed = {font.name for font in font_manager.fontManager.ttflist if os.path.isfile(font.fname)}
        name = next((f for f in CHINESE_FONTS if f in installed), None)
    if name is None:
        warnings.warn("未找到中文字体，图中的中文会显示成方框。Debian/Ubuntu 上可以安装 fonts-noto-cjk"
                      "（sudo apt install fonts-noto-cjk），macOS 和 Windows 自带中文字体。", stacklevel=2)
        return
    # Matplotlib falls back glyph by glyph along font.family (a generic family such as
    # "sans-serif" counts as its first installed font), so the list is spelled out.
    families = [f for f in matplotlib.rcParams["font.sans-serif"] if f != name]
    matplotlib.rcParams["font.family"] = [*families[:1], name]


def monospace_family() -> str | list[str]:
    """The family for code-like text (a graph's node labels): ``"monospace"``, and after
    :func:`use_chinese_font` the monospace font spelled out with the Chinese font behind it (a
    generic family counts as its first installed font only, so it would draw Chinese as boxes)."""
    import matplotlib

    name = chinese_font()
    if name is None:
        return "monospace"
    return [*[f for f in matplotlib.rcParams["font.monospace"] if f != name][:1], name]


def chinese_font() -> str | None:
    """The Chinese font matplotlib falls back to (set by :func:`use_chinese_font`), or None."""
    import matplotlib

    family = matplotlib.rcParams["font.family"]
    found = [f for f in family if f in CHINESE_FONTS] if isinstance(family, list) else []
    return found[0] if found else None
