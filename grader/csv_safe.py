"""CSV files that a spreadsheet opens as data, never as formulas.

Every CSV the grader writes holds text a student controls (file names, error messages, ids). A
spreadsheet reads a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a formula, and some also
after a leading tab or carriage return (CSV or formula injection). ``safe_cell`` puts an
apostrophe in front of such a text cell, which spreadsheets show as the text itself; a cell that
is a number (``-0.5``, a late penalty; ``+3``; ``1e-3``) is left exactly as it is, so numbers
stay numbers. ``writer`` and ``dict_writer`` are ``csv.writer`` and ``csv.DictWriter`` that do
this to every cell; ``neutralise_file`` does it to a CSV another program wrote (nbgrader's
``grades.csv``).
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

from grader.files import replaced

TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")


def safe_cell(value):
    """``value`` as a spreadsheet must read it: text starting with a formula trigger gets a
    leading apostrophe; numbers and everything else are returned unchanged."""
    if isinstance(value, str) and value.startswith(TRIGGERS) and not NUMBER.match(value):
        return "'" + value
    return value


class _SafeWriter:
    def __init__(self, inner):
        self._inner = inner

    def writerow(self, row):
        return self._inner.writerow([safe_cell(v) for v in row])

    def writerows(self, rows):
        for row in rows:
            self.writerow(row)


class _SafeDictWriter(csv.DictWriter):
    def writerow(self, rowdict):
        return super().writerow({k: safe_cell(v) for k, v in rowdict.items()})

    def writerows(self, rowdicts):
        for row in rowdicts:
            self.writerow(row)


def writer(handle, **kwargs) -> _SafeWriter:
    """``csv.writer(handle)`` whose every cell goes through ``safe_cell``."""
    return _SafeWriter(csv.writer(handle, **kwargs))


def dict_writer(handle, fieldnames, **kwargs) -> csv.DictWriter:
    """``csv.DictWriter(handle, fieldnames)`` whose every cell goes through ``safe_cell``."""
    return _SafeDictWriter(handle, fieldnames, **kwargs)


def neutralise_file(path: Path) -> None:
    """Rewrite the CSV at ``path`` (in place, atomically) with every cell made safe."""
    path = Path(path)
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    with replaced(path, "w", newline="", encoding="utf-8") as handle:
        writer(handle).writerows(rows)
