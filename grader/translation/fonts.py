"""The Chinese font the build draws with, pinned like every other input of a picture.

The English pictures use only the fonts matplotlib ships (``grader/course/matplotlibrc``); the
Chinese edition's labels need a font with Chinese characters, which matplotlib does not ship.
The build uses Debian's ``fonts-noto-cjk`` (``.ci/run`` installs it), the exact file below, through
``AUTOGRAD_COURSE_CJK_FONT`` (``autograd_lib.viz.use_chinese_font``): Latin text still comes from
DejaVu, only Chinese characters from Noto Sans CJK SC. ``pinned_font`` refuses a machine without
that file, and says so when its bytes differ from the ones the committed pictures were drawn with
(another version of the package draws other pixels).
"""

from __future__ import annotations

import hashlib
import warnings
from pathlib import Path

CJK_FONT = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
#: Debian bookworm's fonts-noto-cjk 1:20220127+repack1-1.
CJK_FONT_SHA256 = "b76b0433203017ca80401b2ee0dd69350349871c4b19d504c34dbdd80541690a"


class FontMissing(SystemExit):
    """The build of the Chinese edition needs the pinned CJK font."""


def font_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def pinned_font(path: Path = CJK_FONT) -> dict[str, str]:
    """The kernel environment that makes the Chinese labels use the pinned font."""
    if not Path(path).is_file():
        raise FontMissing(f"the Chinese edition's pictures need {path} (Debian: apt-get install fonts-noto-cjk)")
    found = font_sha256(path)
    if found != CJK_FONT_SHA256:
        warnings.warn(f"{path} is not the version the committed Chinese pictures were drawn with (sha256 {found}, "
                      f"expected {CJK_FONT_SHA256}): the pictures of solutions-zh/ will differ", stacklevel=2)
    return {"AUTOGRAD_COURSE_CJK_FONT": str(path)}
