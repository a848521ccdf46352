"""What this grading kernel's library goes without: the answers of the chapter it grades, and later.

This file is copied, as ``autograd_lib/_withheld.py``, into the build of autograd_lib that grades
one chapter (``grader.course.kernel_library.builder``); its tables are that build's
``_withheld.json`` beside it. Each withheld function of the build has lost its body to a ``raise``
of ``withheld(...)``, or to a call of ``stand_in(...)``. It runs in the kernel: it imports nothing
of the grader's, and nothing but the standard library.
"""

import json
from pathlib import Path

_TABLES = json.loads((Path(__file__).resolve().parent / "_withheld.json").read_text(encoding="utf-8"))

#: the chapter this build grades
GRADED = _TABLES["graded"]
#: function -> (the chapter that writes it, the exercise it answers)
WITHHELD = {name: tuple(where) for name, where in _TABLES["withheld"].items()}
#: function -> the exercise it answers: kept, but switched off while that exercise is judged
WHILE_JUDGED = _TABLES["while_judged"]
#: package -> why this kernel goes without it (its import raises ModuleNotFoundError)
WITHOUT = _TABLES["without"]

#: function -> the student's code that runs in its place while its exercise is judged, or the
#: reason there is none (set by the grading agent, ``kernel_agent.release.stand_down``)
STANDING_IN = {}
#: how deep a function the student's code stands in for may call itself before it is refused
STAND_IN_DEPTH = 16
_active = {}


class Withheld(NotImplementedError):
    """A library function that this grading kernel goes without: it is an answer being graded."""


def stand_in(function, /, *args, **kwargs):
    """Run the student's code in the place of the library's ``function`` (its exercise is being judged)."""
    code = STANDING_IN.get(function)
    if not callable(code):
        raise Withheld(f"{function} is switched off while the hidden tests of the exercise "
                       f"{WHILE_JUDGED.get(function)!r} run, and your code stands in for it: "
                       f"{code or 'the notebook defines no answer for it'}")
    depth = _active.get(function, 0)
    if depth >= STAND_IN_DEPTH:
        raise Withheld(f"{function} came back to itself {depth} calls deep: while the exercise "
                       f"{WHILE_JUDGED.get(function)!r} is judged, the library's copy runs your answer, "
                       "so an answer that hands its work to the library's copy calls itself; compute it with "
                       "your own code")
    _active[function] = depth + 1
    try:
        return code(*args, **kwargs)
    finally:
        _active[function] = depth


def withheld(function: str) -> Withheld:
    """The error a withheld function raises, naming the exercise it answers."""
    if function in WHILE_JUDGED:
        return Withheld(f"{function} is switched off while the hidden tests of the exercise "
                        f"{WHILE_JUDGED[function]!r} run: it is that exercise's answer, so the answer "
                        "being judged must not call it")
    chapter, exercise = WITHHELD[function]
    if chapter == GRADED:
        when = ("the grader puts it back once the tests of that exercise have run; until then, "
                "answer with your own code")
    else:
        when = f"chapter {chapter} writes it, so it is not part of the library while chapter {GRADED} is graded"
    return Withheld(f"{function} is withheld from this grading kernel: it is the answer to the "
                    f"exercise {exercise!r} of chapter {chapter}; {when}")
