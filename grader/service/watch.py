"""Watch the exchange's ``inbound/`` folder and decide what becomes of each new submission.

Every ``poll_seconds`` the watcher lists ``inbound/`` and looks at each folder it has not yet
finished with (or whose change time moved since). A folder that is not a student's own nbgrader
submission is kept aside, untouched, with the reason (``collect``'s rules). One that is, once
settled, is collected into ``STATE/attempts/<folder>/submitted/`` and becomes an attempt, received
at the exchange's time, which is:

- ``unchanged`` when it holds the same files as the student's attempt before it (not a new one);
- ``held`` for review when a notebook is the chapter's source or another student's (``copies``);
- ``queued`` when the chapter's attempt rules give it a graded attempt (``policy.admit``);
- ``over limit`` otherwise: kept, with "received, not graded: 3 of 3 attempts used, next at ...".

Attempts are counted by student and chapter, whatever folder they arrive in. A folder once
collected stays the student's (nbgrader's exchange), but what they change in it later is never
free: new files in a collected folder are a new attempt, received at the folder's new change time,
that counts against the limit like any Submit.

Attempts that are not graded get a short feedback page that says so (``release``).
"""

from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import stat
import threading
from pathlib import Path

from grader.files import Copied
from grader.intake.received import iso
from grader.service import ledger as states
from grader.service.attempt_policy import admit, now_iso, used_slots
from grader.service.copies import copy_reason, notebook_digests
from grader.service.grading import Grader
from grader.service.inbound import (
    FolderRefused,
    InboundName,
    NotReady,
    check_owner,
    collect,
    content_fingerprint,
)


class Watcher:
    """Turns the folders of ``inbound/`` into attempts (or folders kept aside)."""

    def __init__(self, grader: Grader, owner_name=None):
        self.grader, self.config, self.ledger, self.log = grader, grader.config, grader.ledger, grader.log
        self.owner_name = owner_name  # uid -> login name (tests give their own); None: the system's
        self._lock = threading.Lock()

    def scan(self) -> int:
        """Look at ``inbound/`` once; returns the number of new attempts."""
        with self._lock:
            return self._scan()

    def _scan(self) -> int:
        seen = self.ledger.seen()
        found = []
        try:
            entries = list(os.scandir(self.config.inbound))
        except FileNotFoundError:
            return 0
        for entry in entries:
            try:
                info = entry.stat(follow_symlinks=False)
            except FileNotFoundError:
                continue
            if seen.get(entry.name) != info.st_ctime_ns:
                found.append((info.st_ctime_ns, entry.name, info))
        made = 0
        for _, name, info in sorted(found):  # in the order the exchange received them
            try:
                made += self.consider(name, info)
            except Exception as error:  # noqa: BLE001 (one folder never stops the scan of the others)
                self._aside(name, InboundName.parse(name), None, info,
                            f"could not be looked at: {type(error).__name__}: {error}"[:500])
        return made

    def consider(self, name: str, info: os.stat_result) -> int:
        """One folder of ``inbound/``: kept aside, left for later (not settled), or an attempt."""
        path = self.config.inbound / name
        claimed = InboundName.parse(name)
        owner = (self.owner_name or _system_owner)(info.st_uid)
        if not stat.S_ISDIR(info.st_mode):
            return self._aside(name, claimed, owner, info, "not a folder (a link or a file): nbgrader's submit "
                                                            "makes a folder")
        if claimed is None:
            return self._aside(name, None, owner, info, "not named as nbgrader's submit names a submission "
                                                        "(student+assignment+timestamp+random)")
        if self.config.check_owner:
            wrong = check_owner(info, claimed.student, self.owner_name or _system_owner)
            if wrong:
                return self._aside(name, claimed, owner, info, wrong)
        if not self.grader.knows(claimed.assignment):
            return self._aside(name, claimed, owner, info, f"{claimed.assignment} is not an assignment of this course")
        scratch = self.config.attempts_dir / f".collecting-{secrets.token_hex(8)}"
        try:
            collected = collect(path, info.st_uid, scratch, self.config.settle_seconds,
                                self.owner_name or _system_owner)
        except NotReady:
            return 0  # looked at again on the next scan
        except FolderRefused as error:
            return self._aside(name, claimed, owner, info, f"not collected: {error}")
        except Exception as error:  # noqa: BLE001 (whatever a folder makes the walk raise, the scan goes on)
            return self._aside(name, claimed, owner, info, f"could not be read: {type(error).__name__}: {error}")
        try:
            made = self.record(name, claimed, collected, scratch)
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        self.ledger.mark_seen(name, info.st_ctime_ns)
        return made

    def record(self, inbound: str, claimed: InboundName, collected: Copied, files: Path) -> int:
        """The attempt of a collected folder, with its fate decided."""
        content = content_fingerprint(files)
        received_at = iso(collected.newest_ns / 1e9)
        student, assignment = claimed.student, claimed.assignment
        # Every attempt of the student at the chapter counts, whatever folder it came in (every
        # edition, and this very folder: a notebook put into a folder already collected is a new
        # attempt against the limit). The same folder with the same files is the same attempt
        # (``ledger.add`` returns it).
        before_this = [a for a in self.ledger.attempts_of_chapter(student, assignment)
                       if a.received_at <= received_at and not (a.inbound == inbound and a.content == content)]
        earlier = [a for a in before_this if a.assignment == assignment]
        digests = notebook_digests(files)
        values = {"state": states.QUEUED, "reason": None, "slot": None, "same_as": None}
        if earlier and earlier[-1].content == content:
            before = earlier[-1]
            values.update(state=states.UNCHANGED, same_as=before.same_as or before.id,
                          reason=f"the same files as attempt {before.same_as or before.id}: not a new attempt")
        else:
            source, release = self.grader.chapter_digests(assignment)
            copied = copy_reason(digests, source, release, self.ledger.digests_of_others(assignment, student))
            if copied:
                values.update(state=states.HELD, reason=copied)
            else:
                regular, granted_used = used_slots(before_this)
                admission = admit(self.config.policy(assignment), received_at, regular,
                                  self.ledger.granted(student, assignment), granted_used)
                if admission.slot:
                    values.update(slot=admission.slot)
                else:
                    values.update(state=states.OVER_LIMIT, reason=admission.message)
        folder = hashlib.sha256(f"{inbound}\0{content}".encode()).hexdigest()[:20]
        target = self.config.attempts_dir / folder / "submitted"
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copytree(files, target)
        known = {a.id for a in self.ledger.attempts(student, assignment)}
        attempt_id = self.ledger.add(inbound=inbound, folder=folder, student=student, assignment=assignment,
                                     stamp=_stamp(target, claimed), received_at=received_at, seen_at=now_iso(),
                                     content=content, notes=collected.notes, secret=secrets.token_hex(32),
                                     notebook_digests=digests, **values)
        if attempt_id in known:
            return 0
        attempt = self.ledger.get(attempt_id)
        self.log(f"attempt {attempt_id} ({attempt.key}, {inbound}): received {received_at}: {attempt.state}"
                 + (f" ({attempt.reason})" if attempt.reason else ""))
        if attempt.state == states.OVER_LIMIT:
            self.grader.release_notice(attempt, "received, not graded", attempt.reason)
        elif attempt.state == states.HELD:
            self.grader.release_notice(attempt, "held for review", "held for review: your instructor will look at "
                                       "it before it is graded")
        return 1

    def _aside(self, name: str, claimed: InboundName | None, owner: str | None, info: os.stat_result,
               reason: str) -> int:
        self.ledger.set_aside(name, claimed.student if claimed else None, owner, reason, now_iso())
        self.ledger.mark_seen(name, info.st_ctime_ns)
        self.log(f"inbound/{name}: kept aside: {reason}")
        return 0


def _system_owner(uid: int) -> str | None:
    from grader.service.inbound import owner_name

    return owner_name(uid)


def _stamp(folder: Path, claimed: InboundName) -> str:
    """nbgrader's stamp of a submission (``timestamp.txt``, else the folder name's): the student's clock."""
    from grader.intake.received import student_stamp

    return student_stamp(folder) or claimed.stamp
