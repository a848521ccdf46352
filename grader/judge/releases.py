"""Give the kernel each answer of its chapter back once that answer's exercise has been graded.

The grading kernel imports a build of autograd_lib without the answers of its chapter
(``grader.course.kernel_library``). The rest of a chapter runs on the library's version of an
earlier exercise ("from here on the notebook uses the library's ``topological_order``"), so
right after the last test cell of an exercise has been judged, ``Releases.after`` sends that
exercise's code to the kernel's agent (``kernel_agent.release``), and asks the agent's runtime
guard (``kernel_agent.guard``) what it refused so far: a notebook that tripped it is held for
review. An exercise's code never enters the kernel before every test of it has been judged, in
whatever order the notebook ran them.

A few functions stay in the kernel although they answer one of its chapter's exercises, because
the chapter runs on them before that exercise (``kernel_library.WHILE_JUDGED``): ``Releases.before``
switches them off while the hidden tests of their exercise run, and ``after`` switches them on
again. If the kernel does not take the switch, the notebook is held: its answer would be judged
with the library's copy at hand.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from grader.judge.remote import KernelGone, KernelTimeout, Session, StudentError
from grader.judge.wire import WireError

#: Seconds the kernel has to take an exercise's code back (a compile of a few functions).
RELEASE_SECONDS = 10.0
#: What the guard's report may hold at most (the kernel writes it: bounded on our side too).
MAX_REFUSALS = 20


@dataclass
class Releases:
    """The release schedule of one notebook: exercise -> its test cells and what to send."""

    exercise_tests: Mapping[str, Sequence[str]]
    code: Mapping[str, list[dict]]  # exercise -> [{"module", "qualnames", "skeleton"}] (kernel_library)
    while_judged: Mapping[str, list[dict]] = field(default_factory=dict)  # exercise -> withheld bodies
    judged: set[str] = field(default_factory=set)
    released: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    seen: int = 0  # how much of the guard's record was already read (it never shrinks)
    stood_down: bool = False  # kept functions are switched off in the kernel right now

    @classmethod
    def from_folder(cls, folder: str | Path | None, exercise_tests: Mapping[str, Sequence[str]]) -> Releases:
        """The schedule for a kernel library build (without one nothing is withheld, and the
        guard's record is still read)."""
        if not folder:
            return cls(exercise_tests, {})
        from grader.course.kernel_library import read_releases, read_while_judged

        return cls(exercise_tests, read_releases(Path(folder)), read_while_judged(Path(folder)))

    def before(self, grade_id: str, channel) -> None:
        """``grade_id``'s hidden tests are about to run: switch off the kept functions of its
        exercise. A kernel that does not take it has the notebook held (a refusal)."""
        exercise = next((e for e, tests in self.exercise_tests.items() if grade_id in tests), None)
        entries = self.while_judged.get(exercise, []) if exercise is not None else []
        if not entries:
            return
        session = Session(channel, time.monotonic() + RELEASE_SECONDS)
        for entry in entries:
            session.queue({"op": "stand_down", "module": entry["module"], "skeleton": entry["skeleton"],
                           "qualnames": list(entry["qualnames"]), "stand_in": dict(entry.get("stand_in", {}))},
                          f"switching off {entry['module']}")
        self.stood_down = True
        try:
            session.flush()
        except KernelGone:
            return  # nothing runs in a kernel that is gone: the judge says so
        except (StudentError, KernelTimeout, WireError) as error:
            self.refusals.append(f"switching off the library's answer to {exercise!r} while it was judged "
                                 f"failed ({type(error).__name__}: {error})")

    def after(self, grade_id: str, channel) -> list[str]:
        """``grade_id`` has just been judged: release every exercise whose tests are now all
        judged, and return what the guard refused since the last call (new refusals only)."""
        self.judged.add(grade_id)
        due = [e for e, tests in self.exercise_tests.items()
               if e not in self.released and tests and set(tests) <= self.judged]
        session = Session(channel, time.monotonic() + RELEASE_SECONDS)
        self._stand_up(session)
        for exercise in due:
            self.released.append(exercise)
            for entry in self.code.get(exercise, []):
                session.queue({"op": "release", "module": entry["module"], "skeleton": entry["skeleton"],
                               "qualnames": list(entry["qualnames"])}, f"putting back {entry['module']}")
        new = self._read_guard(session, f"after {grade_id}")
        self.refusals += new
        return new

    def stand_up(self, channel) -> None:
        """Switch the kept functions on again, without judging anything (a trial of the tests)."""
        session = Session(channel, time.monotonic() + RELEASE_SECONDS)
        if self._stand_up(session):
            try:
                session.flush()
            except (StudentError, KernelGone, KernelTimeout, WireError) as error:
                self.problems.append(f"switching the kept functions on again: {type(error).__name__}: {error}")

    def _stand_up(self, session: Session) -> bool:
        if not self.stood_down:
            return False
        session.queue({"op": "stand_up"}, "switching the kept functions on again")
        self.stood_down = False
        return True

    def _read_guard(self, session: Session, when: str) -> list[str]:
        """The guard's refusals not read before (its whole record is sent each time)."""
        report = session.make({"op": "guard"}, "the guard's report")
        try:
            [record] = session.fetch(report)
        except (StudentError, KernelGone, KernelTimeout, WireError) as error:
            self.problems.append(f"{when}: {type(error).__name__}: {error}")
            return []
        texts = _texts(record)
        if len(texts) < self.seen:
            self.seen = len(texts)
            return [f"the guard's record lost entries {when} (something in the kernel changed it)"]
        new, self.seen = texts[self.seen:], len(texts)
        return new

    def reset(self, channel) -> None:
        """Withhold everything again and start reading the guard's record from here (a rehearsal
        runs many notebooks in one process)."""
        session = Session(channel, time.monotonic() + RELEASE_SECONDS)
        session.queue({"op": "withhold"}, "withholding the chapter's answers again")
        self.judged.clear()
        self.released.clear()
        self.stood_down = False
        self.refusals.clear()
        self.problems.clear()
        self.seen = 0
        self._read_guard(session, "before the notebook")


def _texts(value) -> list[str]:
    """The guard's report as the kernel sent it: a list of short texts, or nothing usable."""
    if not isinstance(value, list):
        return [f"the kernel's guard report was not a list ({type(value).__name__})"]
    return [str(v)[:300] for v in value[:MAX_REFUSALS]]
