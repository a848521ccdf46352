"""The student's own engine: their answers assembled into a fresh ``autograd_lib``.

``workfolder`` reads a work folder's notebooks, ``pieces`` lists the engine pieces the course
defines (answer cells and the library definitions they stand for), ``notebook_run`` runs a
chapter's notebook to see which answers run and pass their visible tests, ``fresh`` loads a copy
of ``autograd_lib`` that is never the installed one, ``assemble`` puts the student's pieces into
it, ``milestones`` runs on it, ``blame`` finds the piece that makes a milestone fail, and
``report`` prints the table. ``python -m grader engine [DIR]`` is the command.
"""
