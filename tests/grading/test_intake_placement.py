"""Every submitted file is placed under the student its name states, or listed with the reason it
was not; a zip is checked against its limits before anything is extracted (fast: no kernel)."""

import zipfile

import pytest

from grader.gradebook import run_exports as exports
from grader.intake import submissions
from grader.intake import zip_uploads as zip_intake
from grader.intake.upload_names import copy_of, student_id_problem, zip_collect_place

LINEAR, FINITE = "07_linear_function", "00_finite_differences"
COURSE = {FINITE: {FINITE}, LINEAR: {LINEAR}, "07_linear_function_extra": {"07_linear_function_extra"}}
STAMP = "2026-11-28-09-15-00"


def _zip(path, members: dict[str, bytes | str]):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return path


def _placed(intake) -> dict[str, str]:
    return {f.placed_as: f.path for f in intake.files if f.placed}


def test_a_name_cannot_place_a_notebook_under_another_students_id(tmp_path):
    """The attack of issue 23: eve names her file so that a loose reading gives bob's place."""
    attack = f"{LINEAR}_eve_bob_attempt_{STAMP}_{FINITE}.ipynb"
    bobs = f"{FINITE}_bob_attempt_2026-11-27-09-15-00_{FINITE}.ipynb"
    intake = submissions.open_submissions(_zip(tmp_path / "c.zip", {attack: "eve's", bobs: "bob's"}),
                                          tmp_path / "out", COURSE)
    assert _placed(intake) == {f"bob/{FINITE}/{FINITE}.ipynb": bobs}
    assert (intake.root / "bob" / FINITE / f"{FINITE}.ipynb").read_text() == "bob's"
    [refused] = intake.not_placed
    assert refused.path == attack and "not a notebook of 07_linear_function" in refused.note
    assert not (intake.root / "eve_bob").exists()


@pytest.mark.parametrize("name, expected", [
    (f"{LINEAR}_alice_attempt_{STAMP}_{LINEAR}.ipynb", ("alice", LINEAR, f"{LINEAR}.ipynb")),
    (f"{LINEAR}_bob_lee_attempt_{STAMP}_{LINEAR}.ipynb", ("bob_lee", LINEAR, f"{LINEAR}.ipynb")),
    # the longest chapter id wins: "extra" is part of the chapter, not of the student id
    ("07_linear_function_extra_cyd_attempt_2026-01-01_07_linear_function_extra.ipynb",
     ("cyd", "07_linear_function_extra", "07_linear_function_extra.ipynb")),
    (f"{LINEAR}_zoë_attempt_{STAMP}_{LINEAR} (1).ipynb", ("zoë", LINEAR, f"{LINEAR} (1).ipynb")),
    (f"{LINEAR}_o'brien@uni.edu_attempt_{STAMP}_{LINEAR}.IPYNB", ("o'brien@uni.edu", LINEAR, f"{LINEAR}.IPYNB")),
])
def test_zip_collect_names_that_are_placed(name, expected):
    placed = zip_collect_place(name, COURSE)
    assert (placed.student_id, placed.chapter_id, placed.file_name) == expected


@pytest.mark.parametrize("name, why", [
    (f"{LINEAR}_eve_attempt_{STAMP}_{FINITE}.ipynb", "not a notebook of 07_linear_function"),
    (f"{LINEAR}_eve_attempt_x_attempt_{STAMP}_{LINEAR}.ipynb", "exactly once"),
    (f"Homework_eve_attempt_{STAMP}_{LINEAR}.ipynb", "does not start with a chapter id"),
    (f"{LINEAR}_anna maria_attempt_{STAMP}_{LINEAR}.ipynb", "contains a space"),
    (f"{LINEAR}_eve_attempt_{STAMP}_{LINEAR}.py", "not a notebook of"),
    (f"{LINEAR}_eve_attempt_late_{LINEAR}.ipynb", "no timestamp"),
    (f"{LINEAR}__attempt_{STAMP}_{LINEAR}.ipynb", "empty"),
])
def test_zip_collect_names_that_are_refused_say_why(name, why):
    placed = zip_collect_place(name, COURSE)
    assert isinstance(placed, str) and why in placed, placed


def test_copies_of_a_notebook_are_recognised_and_the_exact_name_is_not_a_copy():
    stems = {LINEAR}
    for name in (f"{LINEAR} (1).ipynb", f"{LINEAR}(2).ipynb", f"{LINEAR} (copy).ipynb", f"{LINEAR} - Copy.ipynb",
                 f"{LINEAR} - Copy (2).ipynb", f"{LINEAR} copy.ipynb", f"{LINEAR} copy 2.ipynb",
                 f"Copy of {LINEAR}.ipynb", f"{LINEAR}.IPYNB", f"{LINEAR} (1).Ipynb"):
        assert copy_of(name, stems) == LINEAR, name
    for name in (f"{LINEAR}.ipynb", f"{LINEAR}_v2.ipynb", "notes.ipynb", f"{LINEAR} (1).py"):
        assert copy_of(name, stems) is None, name


def test_student_ids_allow_any_script_and_refuse_spaces_and_slashes():
    assert student_id_problem("zoë") is None and student_id_problem("o'brien") is None
    assert student_id_problem("王芳") is None
    assert "a space" in student_id_problem("anna maria")
    assert student_id_problem("-rf") and student_id_problem("a/b")


def test_a_zip_made_by_a_file_manager_with_one_top_folder_is_placed(tmp_path):
    archive = _zip(tmp_path / "c.zip", {
        f"class/alice/{LINEAR}/{LINEAR}.ipynb": "{}",
        f"class/bob/{LINEAR}/{LINEAR} (1).ipynb": "{}",
        f"class/{LINEAR}_cyd_attempt_{STAMP}_{LINEAR}.ipynb": "{}",
        "class/README.txt": "hello",
        "__MACOSX/class/._README.txt": "x",
        "class/.DS_Store": "x",
    })
    intake = submissions.open_submissions(archive, tmp_path / "out", COURSE)
    assert sorted(_placed(intake)) == [f"alice/{LINEAR}/{LINEAR}.ipynb", f"bob/{LINEAR}/{LINEAR} (1).ipynb",
                                       f"cyd/{LINEAR}/{LINEAR}.ipynb"]
    assert [f.path for f in intake.not_placed] == ["class/README.txt"]
    assert len(intake.files) == 6  # every member is accounted for


def test_a_top_folder_beside_a_stray_file_is_still_read(tmp_path):
    archive = _zip(tmp_path / "c.zip", {f"class/alice/{LINEAR}/{LINEAR}.ipynb": "{}", "README.txt": "hi"})
    intake = submissions.open_submissions(archive, tmp_path / "out", COURSE)
    assert sorted(_placed(intake)) == [f"alice/{LINEAR}/{LINEAR}.ipynb"]
    assert [f.path for f in intake.not_placed] == ["README.txt"]


def test_a_zip_of_one_students_folder_keeps_the_student(tmp_path):
    intake = submissions.open_submissions(_zip(tmp_path / "c.zip", {f"alice/{LINEAR}/{LINEAR}.ipynb": "{}"}),
                                          tmp_path / "out", COURSE)
    assert sorted(_placed(intake)) == [f"alice/{LINEAR}/{LINEAR}.ipynb"]


def test_a_zip_over_its_total_declared_size_is_refused_before_anything_is_extracted(tmp_path):
    archive = _zip(tmp_path / "bomb.zip", {f"alice/{LINEAR}/{LINEAR}.ipynb": b"\0" * 300_000,
                                           f"bob/{LINEAR}/{LINEAR}.ipynb": "{}"})
    limits = zip_intake.ZipLimits(total_bytes=200_000)
    with pytest.raises(zip_intake.ZipRefused, match="uncompressed, more than the limit"):
        submissions.open_submissions(archive, tmp_path / "out", COURSE, limits=limits)
    assert not any((tmp_path / "out" / "input").rglob("*.ipynb")), "a refused zip was extracted"


def test_a_zip_with_too_many_members_is_refused(tmp_path):
    archive = _zip(tmp_path / "many.zip", {f"s{i}/{LINEAR}/{LINEAR}.ipynb": "{}" for i in range(12)})
    with pytest.raises(zip_intake.ZipRefused, match="12 members"):
        submissions.open_submissions(archive, tmp_path / "out", COURSE, limits=zip_intake.ZipLimits(members=10))


def test_a_member_that_is_too_large_or_compresses_like_a_bomb_is_left_out_and_reported(tmp_path):
    archive = _zip(tmp_path / "c.zip", {f"alice/{LINEAR}/{LINEAR}.ipynb": b"\0" * 3_000_000,
                                        f"bob/{LINEAR}/{LINEAR}.ipynb": "{}",
                                        f"cyd/{LINEAR}/{LINEAR}.ipynb": b"x" * 600_000})
    limits = zip_intake.ZipLimits(member_bytes=1_000_000, ratio=50, ratio_floor=100_000)
    intake = submissions.open_submissions(archive, tmp_path / "out", COURSE, limits=limits)
    notes = {f.path.split("/")[0]: f.note for f in intake.files if not f.placed}
    assert "more than 1 MB per file" in notes["alice"] and "zip bomb" in notes["cyd"]
    assert sorted(_placed(intake)) == [f"bob/{LINEAR}/{LINEAR}.ipynb"]
    assert not (intake.root / "alice").exists() and not (intake.root / "cyd").exists()


def test_a_declared_size_bounds_what_a_member_can_write(tmp_path):
    """A member whose header understates its size is cut at the declared size and rejected by its CRC."""
    archive = _zip(tmp_path / "c.zip", {f"alice/{LINEAR}/{LINEAR}.ipynb": b"a" * 10_000})
    data = bytearray(archive.read_bytes())
    for header in (b"PK\x03\x04", b"PK\x01\x02"):  # the local header and the central directory
        at = data.find(header)
        size_at = at + (22 if header == b"PK\x03\x04" else 24)
        data[size_at:size_at + 4] = (100).to_bytes(4, "little")
    archive.write_bytes(bytes(data))
    with pytest.raises(zipfile.BadZipFile):
        submissions.open_submissions(archive, tmp_path / "out", COURSE)
    written = tmp_path / "out" / "input" / "alice" / LINEAR / f"{LINEAR}.ipynb"
    assert not written.exists() or written.stat().st_size <= 100


def test_a_folder_of_submissions_is_surveyed_file_by_file(tmp_path):
    (tmp_path / "alice" / LINEAR).mkdir(parents=True)
    (tmp_path / "alice" / LINEAR / f"{LINEAR}.ipynb").write_text("{}")
    (tmp_path / "alice" / f"{LINEAR}.ipynb").write_text("{}")
    (tmp_path / "anna maria" / LINEAR).mkdir(parents=True)
    (tmp_path / "anna maria" / LINEAR / f"{LINEAR}.ipynb").write_text("{}")
    (tmp_path / "bob" / "99_other").mkdir(parents=True)
    (tmp_path / "bob" / "99_other" / "x.ipynb").write_text("{}")
    (tmp_path / "grades.xlsx").write_text("")
    intake = submissions.open_submissions(tmp_path, tmp_path.parent / "out", COURSE)
    notes = {f.path: f.note for f in intake.not_placed}
    assert sorted(_placed(intake)) == [f"alice/{LINEAR}/{LINEAR}.ipynb"]
    assert f"move it into alice/{LINEAR}/" in notes[f"alice/{LINEAR}.ipynb"]
    assert "contains a space" in notes[f"anna maria/{LINEAR}/{LINEAR}.ipynb"]
    assert "not a chapter of this course" in notes["bob/99_other/x.ipynb"]
    assert "not inside a student's folder" in notes["grades.xlsx"]


@pytest.mark.parametrize("files, graded, listed", [
    ({f"{LINEAR} (1).ipynb": "copy"}, "copy", [f"{LINEAR} (1).ipynb: graded as {LINEAR}.ipynb"]),
    ({f"{LINEAR}.IPYNB": "upper"}, "upper", [f"{LINEAR}.IPYNB: graded as"]),
    ({f"{LINEAR}.ipynb": "exact", f"{LINEAR} (1).ipynb": "copy"}, "exact", ["exact name wins"]),
    ({f"{LINEAR} (1).ipynb": "a", f"{LINEAR} (2).ipynb": "b"}, None, ["several copies", "none was graded"]),
])
def test_the_snapshot_grades_one_copy_in_place_of_the_exact_name_and_lists_the_rest(tmp_path, files, graded, listed):
    source = tmp_path / "submitted"
    source.mkdir()
    for name, text in files.items():
        (source / name).write_text(text)
    notes = submissions.snapshot(source, tmp_path / "copy", [f"{LINEAR}.ipynb"])
    exact = tmp_path / "copy" / f"{LINEAR}.ipynb"
    assert (exact.read_text() if exact.exists() else None) == graded
    assert sorted(p.name for p in (tmp_path / "copy").iterdir()) == ([f"{LINEAR}.ipynb"] if graded else [])
    for text in listed:
        assert any(text in n for n in notes), notes
    mentioned = " ".join(notes)
    assert all(name in mentioned for name in files if name != f"{LINEAR}.ipynb"), "a copy went unmentioned"


def test_files_csv_lists_every_file_and_neutralises_formulas(tmp_path):
    intake = submissions.open_submissions(
        _zip(tmp_path / "c.zip", {f"=cmd|' /C calc'!A0_{LINEAR}.ipynb": "{}", f"alice/{LINEAR}/{LINEAR}.ipynb": "{}"}),
        tmp_path / "out", COURSE)
    exports.write_files(intake.files, tmp_path / "files.csv")
    text = (tmp_path / "files.csv").read_text()
    assert "\n'=cmd|" in text and f"alice/{LINEAR}/{LINEAR}.ipynb,alice,{LINEAR}," in text
