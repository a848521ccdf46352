"""Translated editions of the course (the Chinese one, ``zh``), kept beside the English source.

English is the authored source. A translation is a set of *units* (``units``), each recording the
hash of the English it translates, kept in files beside the English (``memory``); a translated
chapter is the English chapter with its units applied (``assemble``), an nbgrader assignment of
its own id (``editions``) graded by the same hidden tests. The judge's messages are translated
when they are rendered (``message_catalogue``), the grader's own words through ``tr``
(``interface``). ``status`` says what is stale, ``glossary`` keeps the terms, ``build`` writes
``assignments-zh/`` and ``solutions-zh/``.
"""
