"""assignments-zh/ and solutions-zh/ are what the build makes from course/ and the translations,
byte for byte and pictures included, with one BLAS thread (``make build`` uses two) and the pinned
Chinese font."""

from __future__ import annotations

import pytest

from grader.course.run_notebook import ONE_THREAD
from grader.i18n.editions import ZH
from grader.translation.edition_build import build_edition
from grader.translation.fonts import CJK_FONT, CJK_FONT_SHA256, font_sha256

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("build")]


def _files(root):
    return sorted(str(p.relative_to(root)) for p in root.rglob("*")
                  if p.is_file() and not {".ipynb_checkpoints", "__pycache__"} & set(p.relative_to(root).parts))


#: make test rebuilds these (plain prose and messages; Chinese plot labels, a graph drawn with Chinese
#: words, a picture whose words are arguments); make test-all rebuilds every chapter. Every chapter's
#: units are checked for staleness in make test (test_translations.py), and the English build of every
#: chapter is compared in tests/course/test_build.py.
QUICK = ["zh_00_finite_differences", "zh_01_computational_graphs", "zh_04_shapes", "zh_09_training"]


def _fresh_build_equals_the_committed(tmp_path, chapter_ids: list[str] | None) -> None:
    if not CJK_FONT.is_file():
        pytest.skip(f"{CJK_FONT} is missing: apt-get install fonts-noto-cjk")
    assert font_sha256(CJK_FONT) == CJK_FONT_SHA256, (
        f"{CJK_FONT} is another version than the one solutions-zh/ was drawn with")
    built = build_edition(ZH, out_root=tmp_path, chapter_ids=chapter_ids, kernel_env=ONE_THREAD, log=lambda *a: None)
    for committed in (ZH.assignments_dir, ZH.solutions_dir):
        fresh = tmp_path / committed.name
        expected = [n for n in _files(committed) if n.split("/")[0] in built]
        assert _files(fresh) == expected, f"{committed.name}/ has other files than a fresh build: make build"
        for name in expected:
            assert (fresh / name).read_bytes() == (committed / name).read_bytes(), (
                f"{committed.name}/{name} differs from a fresh one-thread build: run `make build`")


def test_the_committed_chinese_chapters_are_a_fresh_build(tmp_path):
    _fresh_build_equals_the_committed(tmp_path, QUICK)


@pytest.mark.exhaustive
def test_the_committed_chinese_edition_is_a_fresh_build(tmp_path):
    _fresh_build_equals_the_committed(tmp_path, None)
