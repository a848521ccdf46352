"""Notebooks that are copies: of the instructor's source (the solutions) or of another student's.

A submitted notebook whose content equals the chapter's source notebook, or another student's
submitted notebook, is held for review rather than graded: it is what a link to the instructor's
source or to a classmate's notebook would have given, had it been followed, or a file copied by
other means. Content means the notebook as JSON (cells, sources, outputs, metadata), so a copy
saved again with other spacing or key order is still a copy. The untouched release is the one
notebook every student may share: it is never a copy.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path


def notebook_digest(path: Path) -> str | None:
    """A digest of a notebook's content (its JSON, keys sorted); None when it is not JSON."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def notebook_digests(folder: Path) -> dict[str, str]:
    """Notebook name -> digest, for the notebooks at the top of ``folder``."""
    found = {}
    for path in sorted(Path(folder).glob("*.ipynb")):
        digest = notebook_digest(path)
        if digest:
            found[path.name] = digest
    return found


def copy_reason(digests: dict[str, str], source: dict[str, str], release: dict[str, str],
                others: dict[str, tuple[int, str]]) -> str | None:
    """Why a submission with these notebook ``digests`` is held (None when it is not a copy):
    ``source`` and ``release`` are the chapter's notebooks' digests, ``others`` maps a digest of
    another student's notebook to (attempt id, student)."""
    shared = set(release.values())
    for name, digest in sorted(digests.items()):
        if digest in shared:
            continue
        if digest in source.values():
            return f"held for review: {name} is the chapter's source notebook (with its solutions)"
        if digest in others:
            attempt_id, student = others[digest]
            return f"held for review: {name} is the notebook {student} submitted (attempt {attempt_id})"
    return None
