"""The messages the grader's own code raises in a student's kernel: the ones feedback may show.

The judge shows no text the student's code made (SECURITY.md, "No hidden input comes back"). Two
kinds of error in the kernel are the grader's own: a library function that the kernel withholds,
switches off or runs the student's code in place of while its exercise is judged
(``autograd_lib._withheld``, written by ``grader.course.kernel_library``), and the stub of a package
that a chapter's kernel goes without. Their messages are fixed sentences around names, and they say
what the student must change. A message counts as the grader's only when it is one of these
sentences with a name in each name's place, so no text of the student's can pass through them.
"""

from __future__ import annotations

import re
from functools import cache

_F = r"(?P<f{}>autograd_lib(?:\.[A-Za-z_]+)+)"  # a library function, checked to exist
_E = r"'(?P<e{}>[A-Za-z_]+)'"  # an exercise of the course, checked to exist
_P = r"(?P<p{}>[A-Za-z_.]+)"  # the notebook's name of an answer the student's code stands in for
_C = r"[0-9]{1,2}"
_SENTENCES = (
    rf"{_F.format(0)} came back to itself [0-9]{{1,3}} calls deep: while the exercise {_E.format(0)} is judged, "
    r"the library's copy runs your answer, so an answer that hands its work to the library's copy calls itself; "
    r"compute it with your own code",
    rf"{_F.format(1)} is switched off while the hidden tests of the exercise {_E.format(1)} run: it is that "
    r"exercise's answer, so the answer being judged must not call it",
    rf"{_F.format(2)} is switched off while the hidden tests of the exercise {_E.format(2)} run, and your code "
    rf"stands in for it: (?:the notebook defines no answer for it|the notebook defines no {_P.format(0)}|your "
    rf"{_P.format(1)} is the library's own \(inherited or assigned\), which is what is being judged: write it "
    r"yourself)",
    rf"{_F.format(3)} is withheld from this grading kernel: it is the answer to the exercise {_E.format(3)} of "
    rf"chapter {_C}; (?:the grader puts it back once the tests of that exercise have run; until then, answer "
    rf"with your own code|chapter {_C} writes it, so it is not part of the library while chapter {_C} is graded)",
)
_PATTERN = re.compile("|".join(f"(?:{sentence})" for sentence in _SENTENCES))


@cache
def _without_messages() -> frozenset[str]:
    """What importing a package says in the kernel of a chapter that goes without it."""
    from grader.course.kernel_library import WITHOUT, distribution_modules, without_message

    return frozenset(without_message(chapter, distribution, module, why)
                     for chapter, packages in WITHOUT.items() for distribution, why in packages.items()
                     for module in distribution_modules(distribution))


@cache
def _exercises() -> frozenset[str]:
    from grader.course.model import exercises, find_chapters, read_chapter
    from grader.paths import COURSE_DIR

    return frozenset(e.name for chapter in find_chapters(COURSE_DIR) for e in exercises(read_chapter(chapter)))


@cache
def _stood_in_names() -> frozenset[str]:
    from grader.course.kernel_library import STAND_IN

    return frozenset(name for names in STAND_IN.values() for name in names.values())


@cache
def _is_library_function(dotted: str) -> bool:
    from grader.judge.static_rules import _resolve

    return callable(_resolve(dotted))


def is_graders(message: str) -> bool:
    """Whether ``message`` is one of the grader's own sentences, word for word, with a real library
    function, exercise and answer name in each name's place."""
    text = str.__str__(message)
    if text in _without_messages():
        return True
    match = _PATTERN.fullmatch(text)
    if not match:
        return False
    for key, value in match.groupdict().items():
        if value is None:
            continue
        known = {"f": _is_library_function, "e": _exercises().__contains__,
                 "p": _stood_in_names().__contains__}[key[0]]
        if not known(value):
            return False
    return True
