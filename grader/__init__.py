"""Instructor tooling on top of nbgrader: build the course, autograde a class, report.

The rooms, from the bottom up, are drawn in ``README.md`` beside this file."""

import sys as _sys

# jsonschema imports ``rfc3987_syntax``, when installed, to check IRI formats: it builds a grammar
# at import, about 1 s of CPU in every grading process (the coordinator and each worker), and no
# schema nbformat or nbgrader checks uses those formats. jsonschema goes on without it.
_sys.modules.setdefault("rfc3987_syntax", None)
