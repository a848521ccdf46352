"""The errors a command reports to the person who typed it."""

from __future__ import annotations


class UsageError(SystemExit):
    """A command given wrong arguments: the message says what is wrong and how to say it right.

    ``python -m grader`` prints the message and exits 2, like argparse's own usage errors; code
    that calls the grader's functions directly gets it as a ``SystemExit`` with the message."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message
