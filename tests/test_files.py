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


def test_the_copier_takes_regular_files_only_and_says_why_it_left_the_rest(tmp_path):
    from grader.files import CopyLimits, copy_regular_files

    source, target = tmp_path / "in", tmp_path / "out"
    (source / "sub").mkdir(parents=True)
    target.mkdir()
    (source / "a.ipynb").write_text("{}")
    (source / "sub" / "b.py").write_text("x = 1")
    (source / "timestamp.txt").write_text("2020")
    (source / "big.bin").write_bytes(b"\0" * (2 * 2**20 + 1))
    (source / "link").symlink_to(source / "a.ipynb")
    os.mkfifo(source / "pipe")
    deep = source / "d1" / "d2" / "d3"
    deep.mkdir(parents=True)
    (deep / "deep.py").write_text("")
    copied = copy_regular_files(source, target, CopyLimits(max_file_bytes=2 * 2**20, max_depth=2),
                                leave_out=frozenset({"timestamp.txt"}))
    assert sorted(copied.files) == ["a.ipynb", "sub/b.py"]
    assert (target / "sub" / "b.py").read_text() == "x = 1" and not (target / "timestamp.txt").exists()
    notes = "\n".join(copied.notes)
    assert "big.bin: larger than 2 MB, left out" in notes
    assert "link: a symbolic link, left out" in notes
    assert "pipe: not a regular file" in notes
    assert "d1/d2/d3: folders nested deeper than 2, left out" in notes
    assert "timestamp.txt" not in notes


def test_the_copier_refuses_a_folder_of_another_owner_and_counts_files_and_bytes(tmp_path):
    from grader.files import CopyLimits, copy_regular_files

    source, target = tmp_path / "in", tmp_path / "out"
    source.mkdir()
    target.mkdir()
    for name in "abc":
        (source / name).write_bytes(b"x" * 2**20)
    with pytest.raises(PermissionError):
        copy_regular_files(source, target, CopyLimits(2**21, 1), owner_uid=os.getuid() + 1)
    copied = copy_regular_files(source, target, CopyLimits(2**21, 1, max_files=2, max_total_bytes=2**21),
                                owner_uid=os.getuid())
    assert copied.files == ["a", "b"] and copied.bytes == 2**21
    assert copied.notes == ["c: more than 2 files, left out"]


def test_a_replaced_file_gets_the_mode_a_plain_write_gets(tmp_path):
    """Files the instructor (or another account of the hub) reads, such as status.csv and
    report.html, keep the mode the process's umask gives a new file, as before they were replaced."""
    plain = tmp_path / "plain.csv"
    plain.write_text("a\n")
    write_atomic(tmp_path / "status.csv", "a\n")
    with replaced(tmp_path / "grades.csv") as handle:
        handle.write("a\n")
    expected = os.stat(plain).st_mode & 0o777
    assert os.stat(tmp_path / "status.csv").st_mode & 0o777 == expected
    assert os.stat(tmp_path / "grades.csv").st_mode & 0o777 == expected
