"""The command line says what is wrong with a command, exits 2 for every usage error, and leaves
nothing behind when it refuses (fast: nothing is graded)."""

import pytest

from grader.cli import main, make_parser
from grader.paths import SOLUTIONS_DIR


def _usage_error(capsys, argv) -> str:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2, f"{argv} exited {stop.value.code}"
    return capsys.readouterr().err


@pytest.mark.parametrize("jobs", ["-3", "0", "two"])
def test_jobs_must_be_a_positive_whole_number(capsys, tmp_path, jobs):
    err = _usage_error(capsys, ["autograde", str(tmp_path), "--out", str(tmp_path / "out"), "--jobs", jobs])
    assert "--jobs" in err and not (tmp_path / "out").exists()


@pytest.mark.parametrize("seconds", ["0", "-5", "nan", "inf", "soon"])
def test_the_idle_allowance_must_be_a_number_of_seconds_above_0(capsys, tmp_path, seconds):
    err = _usage_error(capsys, ["autograde", str(tmp_path), "--out", str(tmp_path / "out"),
                               "--idle-allowance", seconds])
    assert "--idle-allowance" in err and not (tmp_path / "out").exists()


def test_a_missing_submissions_folder_is_a_usage_error_and_makes_no_out(capsys, tmp_path):
    err = _usage_error(capsys, ["autograde", str(tmp_path / "nope"), "--out", str(tmp_path / "out")])
    assert "no such folder or zip file" in err and not (tmp_path / "out").exists()


def test_an_unknown_assignment_is_a_usage_error(capsys, tmp_path):
    (tmp_path / "subs").mkdir()
    err = _usage_error(capsys, ["autograde", str(tmp_path / "subs"), "--out", str(tmp_path / "out"),
                                "--assignment", "99_nothing"])
    assert "99_nothing" in err and not (tmp_path / "out").exists()


def test_building_an_unknown_chapter_is_a_usage_error(capsys, tmp_path):
    assert "no such chapter" in _usage_error(capsys, ["build", "99_nothing", "--out", str(tmp_path)])


def test_check_on_a_worked_solution_speaks_to_a_self_learner(capsys):
    chapter = sorted(p.name for p in SOLUTIONS_DIR.iterdir() if p.is_dir())[0]
    err = _usage_error(capsys, ["check", str(SOLUTIONS_DIR / chapter / f"{chapter}.ipynb")])
    assert "worked solution" in err and "your own copy" in err and "download the chapter" not in err


def test_export_without_a_graded_out_folder_is_a_usage_error(capsys, tmp_path):
    assert "no gradebook.db" in _usage_error(capsys, ["export", str(tmp_path), "--lms", "canvas"])


def test_help_lists_every_command_without_rest_markup(capsys):
    with pytest.raises(SystemExit) as stop:
        make_parser().parse_args(["--help"])
    text = capsys.readouterr().out
    assert stop.value.code == 0
    for command in ("build", "autograde", "check", "report", "export"):
        assert command in text.split("positional arguments")[0], command
    assert "``" not in text and "exits 2" not in text and "2 on a usage error" in text
