"""``python -m grader.service run|status|grant|release``: the hosted course's grading service.

JupyterHub runs ``run`` (``deploy/jupyterhub/jupyterhub_config.py``); the instructor runs the
others in a terminal of their JupyterLab on the hub, where the paths are in the environment.
Exit codes: 0 on success, 2 on a usage error, 1 (with a message) when a command cannot be done.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def _config(args):
    from grader.service.config import ServiceConfig

    given = {k: Path(v) for k, v in (("exchange", args.exchange), ("course_root", args.course_root),
                                     ("state", args.state)) if v}
    path = args.config or os.environ.get("COURSE_SERVICE_CONFIG")
    return ServiceConfig.load(Path(path) if path else None, **given)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m grader.service", description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", help="the service's TOML settings (default: $COURSE_SERVICE_CONFIG)")
    parser.add_argument("--exchange", help="nbgrader's exchange root (default: $COURSE_EXCHANGE_ROOT)")
    parser.add_argument("--course-root", help="the instructor's nbgrader course directory "
                                              "(default: $COURSE_HUB_COURSE_ROOT)")
    parser.add_argument("--state", help="the service's own folder (default: $COURSE_SERVICE_DIR)")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="watch, grade and serve the pages until stopped (JupyterHub runs this)")
    run.add_argument("--url", help="where the pages listen (default: $JUPYTERHUB_SERVICE_URL)")
    commands.add_parser("status", help="the queue, the attempts held for review, what was kept aside")
    grant = commands.add_parser("grant", help="more graded attempts, or an extension of the due date, for a student")
    grant.add_argument("student")
    grant.add_argument("assignment")
    grant.add_argument("--attempts", type=int, default=0, help="more graded attempts (the latest kept one is graded)")
    grant.add_argument("--extension-hours", type=float, help="nbgrader's extension of the due date, in hours")
    grant.add_argument("--note", help="why (kept in the ledger)")
    release = commands.add_parser("release", help="grade an attempt held for review anyway")
    release.add_argument("attempt", type=int)
    args = parser.parse_args(argv)
    config = _config(args)
    if args.command == "run":
        from grader.service.service import serve

        return serve(config, args.url)
    from grader.service import commands as instructor

    if args.command == "status":
        instructor.status(config)
    elif args.command == "grant":
        instructor.grant(config, args.student, args.assignment, args.attempts, args.extension_hours, args.note)
    else:
        instructor.release(config, args.attempt)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except SystemExit as stop:
        if isinstance(stop.code, str):
            print(f"error: {stop.code}", file=sys.stderr)
            sys.exit(1)
        raise
