"""One atomic write and one folder fingerprint for the whole grader (``grader.files``)."""

import os

import pytest

from grader.files import replaced, tree_fingerprint, write_atomic


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path):
    target = tmp_path / "grades.csv"
    target.write_text("old\n")
    with pytest.raises(RuntimeError), replaced(target) as handle:
        handle.write("half")
        raise RuntimeError("the writer stopped")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["grades.csv"]


def test_two_writers_never_share_a_temporary_file(tmp_path):
    target = tmp_path / "status.csv"
    with replaced(target) as first, replaced(target) as second:
        assert first.name != second.name
        first.write("first\n")
        second.write("second\n")
    assert target.read_text() == "first\n"  # the outer block ends last and wins whole
    assert [p.name for p in tmp_path.iterdir()] == ["status.csv"]


def test_write_atomic_writes_text_bytes_and_the_mode_asked(tmp_path):
    write_atomic(tmp_path / "a.txt", "é\n")
    write_atomic(tmp_path / "b.html", b"<p>", permissions=0o644)
    assert (tmp_path / "a.txt").read_bytes() == "é\n".encode()
    assert (tmp_path / "b.html").read_bytes() == b"<p>"
    assert os.stat(tmp_path / "b.html").st_mode & 0o777 == 0o644


def test_the_fingerprint_follows_names_and_bytes_only(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.py").write_text("1")
    (tmp_path / "stamp.txt").write_text("t1")
    before = tree_fingerprint(tmp_path)
    without_stamp = tree_fingerprint(tmp_path, leave_out=frozenset({"stamp.txt"}))
    (tmp_path / "a" / "__pycache__").mkdir()
    (tmp_path / "a" / "__pycache__" / "x.pyc").write_bytes(b"\0")
    (tmp_path / "link").symlink_to(tmp_path / "a" / "x.py")
    assert tree_fingerprint(tmp_path) == before
    (tmp_path / "stamp.txt").write_text("t2")
    assert tree_fingerprint(tmp_path) != before
    assert tree_fingerprint(tmp_path, leave_out=frozenset({"stamp.txt"})) == without_stamp != before
    (tmp_path / "a" / "x.py").write_text("2")
    assert tree_fingerprint(tmp_path, "*.py") != before
