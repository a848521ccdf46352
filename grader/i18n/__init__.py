"""Translated editions of the course (the Chinese one, ``zh``), as grading and the build read them.

English is the authored source. A translation is a set of *units* (``units``), each recording the
hash of the English it translates, kept in files beside the English (``memory``); a translated
chapter is the English chapter with its units applied (``assemble``), an nbgrader assignment of
its own id (``editions``, ``chapters``) graded by the same hidden tests. The judge's messages are
translated when they are rendered (``message_catalogue``), the grader's own words through ``tr``
(``interface``, ``wording``). The translators' tools (what is stale, the glossary, the edition's
build) are in ``grader.translation``; their command, ``python -m grader.i18n``, is this package's
``__main__``.
"""
