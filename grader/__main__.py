"""Entry point: ``python -m grader COMMAND``."""

from grader.cli import main

raise SystemExit(main())
