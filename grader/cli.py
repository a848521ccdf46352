"""The course's command line: python -m grader build|autograde|check|report|similarity|export.

Exit codes: 0 on success; 1 when check finds an exercise without full marks, when a run cannot
go on (nothing to grade, the sandbox required but missing) or when export finds a student it
cannot export as asked; 2 on a usage error (a wrong option or argument), with the reason.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from grader.errors import UsageError
from grader.paths import COURSE_DIR, REPO_ROOT


def _build(args: argparse.Namespace) -> int:
    from grader.course.build import build
    from grader.translation.edition_build import EDITIONS, build_edition, editions_for

    for language, ids in editions_for(args.chapters).items():  # English, then the translated editions
        if language == "en":
            build(Path(args.course), Path(args.out), ids, solutions=not args.no_solutions)
        else:
            build_edition(EDITIONS[language], Path(args.course), Path(args.out), ids, solutions=not args.no_solutions)
    return 0


def _autograde(args: argparse.Namespace) -> int:
    from grader.records.settings import GradingSettings
    from grader.run.class_run import autograde

    settings = GradingSettings(
        jobs=args.jobs or GradingSettings().jobs,
        zip_limit_mb=args.zip_limit_mb,
        cell_timeout=args.cell_timeout,
        notebook_timeout=args.notebook_timeout,
        idle_allowance=args.idle_allowance,
        memory_mb=args.memory_mb,
        output_bytes=args.output_bytes,
        sandbox=args.sandbox,
        hide_hidden_tests=not args.show_hidden_tests,
        diagnose=not args.no_diagnosis,
        kernels=args.kernels,
        cluster=args.cluster,
        db_url=args.db_url,
        late_penalty=args.late_penalty,
    )
    autograde(Path(args.submissions), Path(args.out), Path(args.course), settings,
              args.assignment or None, received_times=args.received_times, seeds_from=args.seeds_from)
    return 0


ZIP_EXAMPLE = "07_linear_function_alice_attempt_2026-11-28-09-15-00_07_linear_function.ipynb"


def _check(args: argparse.Namespace) -> int:
    from grader.run.learner_check import check

    return check(Path(args.notebook), Path(args.course), assignment=args.assignment,
                 cell_timeout=args.cell_timeout, out=Path(args.out) if args.out else None)


def _report(args: argparse.Namespace) -> int:
    from grader.class_report import write_report

    print(write_report(Path(args.out), Path(args.course)))
    return 0


def _similarity(args: argparse.Namespace) -> int:
    from grader.class_report import write_report
    from grader.similarity import write_similarity

    if args.pair:
        from grader.similarity.pair import describe_pair

        print(describe_pair(Path(args.out), *args.pair, chapter=args.chapter, course_dir=Path(args.course)))
        return 0

    print(write_similarity(Path(args.out), course_dir=Path(args.course)))
    print(write_report(Path(args.out), Path(args.course)))
    return 0


def _export(args: argparse.Namespace) -> int:
    from grader.gradebook.lms_export import export

    target = Path(args.to) if args.to else Path(args.out) / f"grades-{args.lms}.csv"
    print(export(Path(args.out), args.lms, target, Path(args.roster) if args.roster else None,
                 per_exercise=args.per_exercise, db_url=args.db_url, ids_are=args.ids_are,
                 allow_incomplete=args.allow_incomplete))
    return 0


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def positive_seconds(text: str) -> float:
    """An argparse type: a number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text} must be a number of seconds above 0")
    return value


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m grader", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)

    build = commands.add_parser(
        "build", help="regenerate assignments/ and solutions/ (and assignments-zh/, solutions-zh/) from course/",
        description="Turn the authored chapters in course/ into the student notebooks (assignments/, "
                    "through nbgrader's generate_assignment) and the executed solutions (solutions/). "
                    "Building twice gives the same bytes.")
    build.add_argument("chapters", nargs="*", help="chapter ids (default: all)")
    build.add_argument("--course", default=str(COURSE_DIR), help="the authored course folder")
    build.add_argument("--out", default=str(REPO_ROOT), help="where assignments/ and solutions/ go")
    build.add_argument("--no-solutions", action="store_true", help="skip executing solutions")
    build.set_defaults(run=_build)

    grade = commands.add_parser(
        "autograde", help="autograde a class: SUBMISSIONS/<student>/<assignment>/*.ipynb or a zip",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Grade every (student, assignment) in SUBMISSIONS into OUT: nbgrader's gradebook, "
                    "grades.csv, status.csv, per-student feedback and a class report. Resumable; "
                    "SUBMISSIONS is never modified.\n\nSUBMISSIONS is nbgrader's submitted layout "
                    "(<student>/<assignment>/<notebook>.ipynb), a zip of it, or a zip named as learning "
                    f"platforms export it (nbgrader's zip_collect names), e.g.\n  {ZIP_EXAMPLE}\n"
                    "Exit codes: 0 when every job has a result; non-zero when there is nothing to grade.")
    grade.add_argument("submissions", help="a folder (nbgrader's submitted layout) or a zip file")
    grade.add_argument("--out", required=True, help="output folder (gradebook, CSVs, feedback)")
    grade.add_argument("--course", default=str(COURSE_DIR), help="the authored course folder")
    grade.add_argument("--assignment", action="append", help="grade only this assignment (repeatable)")
    grade.add_argument("--jobs", "-j", type=positive_int, default=None,
                       help="worker processes, at least 1 (default: the cores)")
    grade.add_argument("--cell-timeout", type=positive_int, default=30,
                       help="seconds of CPU time per cell (default 30; a wall-clock backstop 4 times as long)")
    grade.add_argument("--notebook-timeout", type=positive_int, default=300,
                       help="seconds of CPU time per notebook (default 300)")
    grade.add_argument("--idle-allowance", type=positive_seconds, default=60.0,
                       help="seconds a notebook may spend neither running nor waiting for a processor "
                            "(sleeping, blocked; default 60): no notebook holds a worker much longer than "
                            "its CPU time plus this")
    grade.add_argument("--memory-mb", type=positive_int, default=2048,
                       help="memory per grading kernel in MB, in every form (default 2048)")
    grade.add_argument("--output-bytes", type=positive_int, default=1_000_000,
                       help="bytes of output kept per notebook (default 1000000)")
    grade.add_argument("--zip-limit-mb", type=positive_int, default=2048,
                       help="the most a zip of submissions may hold uncompressed, in MB (default 2048); "
                            "a larger one is refused before anything is extracted")
    grade.add_argument("--sandbox", choices=["auto", "on", "off"], default="auto",
                       help="run kernels under bubblewrap: auto (when it works), on (required), off")
    grade.add_argument("--kernels", choices=["auto", "warm", "cold"], default="auto",
                       help="warm: fork each kernel from a template that has done the imports (sandboxed "
                            "only); cold: start each one afresh; auto (default): warm for a chapter of which "
                            "a worker grades at least two notebooks")
    grade.add_argument("--no-diagnosis", action="store_true",
                       help="do not name the known mistake a failing exercise behaves like (saves the "
                            "one-time cost of learning how the course's mistakes behave)")
    grade.add_argument("--show-hidden-tests", action="store_true",
                       help="keep the hidden tests' source in the feedback (hidden by default)")
    grade.add_argument("--cluster", metavar="ADDRESS",
                       help="grade on a Dask cluster: its scheduler's address, e.g. tcp://host:8786 "
                            "(workers need the project and the SUBMISSIONS and --out folders at the "
                            "same paths); default: local worker processes")
    grade.add_argument("--db-url", metavar="URL",
                       help="the class gradebook in a server database nbgrader supports, e.g. "
                            "postgresql://user@host:5432/gradebook (default: OUT/gradebook.db, SQLite)")
    grade.add_argument("--received-times", metavar="CSV",
                       help="when each submission was received, as you vouch for it (columns student_id, "
                            "assignment_id, received_at; the grading service writes one): lateness is "
                            "judged on it, never on nbgrader's timestamp.txt (the student's clock)")
    grade.add_argument("--late-penalty", default="none", metavar="RULE",
                       help="nbgrader's rule for a submission received after its due date (the class "
                            "gradebook's duedate and extension): none (default), zero, or a late-submission "
                            "plugin's import path (nbgrader's AssignLatePenalties.plugin_class)")
    grade.add_argument("--seeds-from", metavar="OUT",
                       help="reuse the grading seeds of another OUT's results (reproduce its grades)")
    grade.set_defaults(run=_autograde)

    check = commands.add_parser(
        "check", help="grade one notebook offline with the hidden tests (for self-learners)",
        description="Grade your notebook exactly as an instructor's run would (the same hidden tests, "
                    "the same judge, the sandbox when bubblewrap works) and print each exercise's points "
                    "with the messages of its failed tests. Exit code 0 when every exercise has full "
                    "marks, 1 otherwise.")
    check.add_argument("notebook", help="your notebook, e.g. assignments/00_x/00_x.ipynb")
    check.add_argument("--course", default=str(COURSE_DIR), help="the authored course folder")
    check.add_argument("--assignment", help="the chapter id (default: the notebook's name)")
    check.add_argument("--cell-timeout", type=positive_int, default=60, help="seconds per cell (default 60)")
    check.add_argument("--out", help="keep the grading folder and HTML feedback here")
    check.set_defaults(run=_check)

    report = commands.add_parser(
        "report", help="write OUT/report.html and OUT/exercise_stats.csv from a graded OUT folder",
        description="Rewrite the class report of a graded OUT folder (autograde writes it too): the "
                    "score distribution per chapter, per exercise the share of full, partial and no "
                    "credit and the most frequent failures, the notebooks that need attention, and a "
                    "row per student linked to their feedback.")
    report.add_argument("out", help="the --out folder of an autograde run")
    report.add_argument("--course", default=str(COURSE_DIR),
                        help="the authored course folder (used when OUT/template is gone)")
    report.set_defaults(run=_report)
    similar = commands.add_parser(
        "similarity", help="compare a graded class again: OUT/similarity.csv and the report's similar work",
        description="Compare the answers of a graded OUT folder again (autograde does it at the end of every "
                    "run): per exercise, the pairs of students whose code is most alike beyond what the release "
                    "gives everyone, into OUT/similarity.csv (most alike first) and the class report's "
                    "'Similar work' section. A high score is a reason to look, not evidence; nothing changes "
                    "a grade or reaches a student.")
    similar.add_argument("out", help="the --out folder of an autograde run")
    similar.add_argument("--course", default=str(COURSE_DIR),
                         help="the authored course folder (used when OUT/template is gone)")
    similar.add_argument("--pair", nargs=2, metavar=("STUDENT_A", "STUDENT_B"),
                         help="show any one pair of students, exercise by exercise (the CSV lists the pairs "
                              "worth looking at first; this shows any other), and write nothing")
    similar.add_argument("--chapter", help="with --pair: only this chapter (either edition's id)")
    similar.set_defaults(run=_similarity)
    lms = commands.add_parser(
        "export", help="write the grades as the CSV that Canvas or Moodle imports",
        description="From a graded OUT folder, write the gradebook CSV that Canvas (Grades > Import) or "
                    "Moodle (Grades > Import > CSV file) imports: one row per student, one column per "
                    "assignment (and per exercise with --per-exercise). Students are matched to the "
                    "platform through a roster CSV (student_id plus canvas_id, sis_user_id, sis_login_id, "
                    "section, name, email, idnumber or username), else nbgrader's lms_user_id, else "
                    "--ids-are. Only graded (or instructor-reviewed) notebooks get a score; the others get "
                    "an empty cell, never a 0. Exit code 1, and nothing written, when a student has no "
                    "platform id or a notebook is not graded yet (each is listed); --allow-incomplete "
                    "writes the file anyway.")
    lms.add_argument("out", help="the --out folder of an autograde run")
    lms.add_argument("--lms", choices=["canvas", "moodle"], required=True, help="the learning platform")
    lms.add_argument("--roster", help="a CSV with a student_id column and the platform's ids")
    lms.add_argument("--per-exercise", action="store_true", help="a column per exercise too")
    lms.add_argument("--to", help="where to write the CSV (default: OUT/grades-<lms>.csv)")
    lms.add_argument("--db-url", help="the class gradebook, when the run used --db-url")
    lms.add_argument("--ids-are", choices=["canvas_id", "sis_user_id", "sis_login_id", "email", "idnumber",
                                           "username"],
                     help="what the student ids of SUBMISSIONS are on the platform, for students the "
                          "roster does not list")
    lms.add_argument("--allow-incomplete", action="store_true",
                     help="write the file even when some students or cells cannot be exported (they are "
                          "listed, left empty or left out)")
    lms.set_defaults(run=_export)
    engine = commands.add_parser(
        "engine", help="assemble your own autograd_lib from your notebooks and run the milestones on it",
        description="Read your work folder (the chapters as fetched, either edition), put every answer that "
                    "runs and passes its chapter's visible tests into a fresh copy of autograd_lib (never the "
                    "installed one), print which pieces are yours and which the course's (with the reason), "
                    "and run the milestones on it, compared with torch. When a milestone fails, the piece of "
                    "yours that causes it is named. Exit code 0 when every milestone run passed.")
    engine.add_argument("folder", nargs="?", default="~/autograd-course", help="your work folder")
    engine.add_argument("--milestone", action="append", help="run only this milestone (graph, batched, mlp, "
                                                             "digits, jacobian); may be repeated")
    engine.add_argument("--json", action="store_true", help="print the pieces and milestones as JSON")
    engine.add_argument("--figures", default="engine-figures", help="where the digits pictures go")
    engine.add_argument("--epochs", type=positive_int, default=40, help="digits training epochs (default 40)")
    engine.set_defaults(run=_engine)
    return parser


def _engine(args) -> int:
    from grader.engine.assembly import assemble
    from grader.engine.milestone_table import as_json, as_table, run_all, selected

    assembly = assemble(Path(args.folder).expanduser())
    try:
        selected(args.milestone, assembly)
    except KeyError as error:
        raise UsageError(error.args[0]) from None
    results = run_all(assembly, args.milestone, Path(args.figures), args.epochs)
    print(as_json(assembly, results) if args.json else as_table(assembly, results))
    return 0 if all(r.passed for r in results) else 1


def main(argv: list[str] | None = None) -> int:
    parser = make_parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except UsageError as error:
        parser.exit(2, f"{parser.prog} {args.command}: error: {error.message}\n")
