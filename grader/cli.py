"""The instructor's command line: ``python -m grader build|autograde|...``."""

from __future__ import annotations

import argparse
from pathlib import Path

from grader.paths import COURSE_DIR, REPO_ROOT


def _build(args: argparse.Namespace) -> int:
    from grader.build import build

    build(Path(args.course), Path(args.out), args.chapters or None, solutions=not args.no_solutions)
    return 0


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m grader", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    build = commands.add_parser("build", help="regenerate assignments/ and solutions/ from course/")
    build.add_argument("chapters", nargs="*", help="chapter ids (default: all)")
    build.add_argument("--course", default=str(COURSE_DIR), help="the authored course folder")
    build.add_argument("--out", default=str(REPO_ROOT), help="where assignments/ and solutions/ go")
    build.add_argument("--no-solutions", action="store_true", help="skip executing solutions")
    build.set_defaults(run=_build)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = make_parser().parse_args(argv)
    return args.run(args)
