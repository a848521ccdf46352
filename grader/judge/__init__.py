"""The trusted judge: hidden tests run here, in the grading process, never in the student's kernel.

A hidden test is Python that the course wrote (``### BEGIN HIDDEN TESTS`` blocks of
``course/*.md``). It reaches the student's notebook through ``student`` (``toolkit``): every
attribute, call and operator on it becomes an operation that the agent in the kernel
(``kernel_agent``) performs, and ``fetch`` brings a result back as plain data. The judge draws the
inputs (from a seed the kernel never sees), computes the expected values itself (torch in float64,
finite differences) and compares. The verdict of a test cell is the judge's.

- ``wire``: the strict reader of what the kernel sends back (a closed set of forms).
- ``remote``: references to kernel objects, the queue of operations, ``fetch``.
- ``channel``: how a batch reaches the agent: a Jupyter comm, or in-process for the self-checks.
- ``toolkit``: what hidden tests import (``student``, ``rng``, ``expect_close``, ``raises``, ...).
- ``judge``: runs one notebook's hidden tests, one test cell at a time, into ``Verdict``s.
- ``static_rules``: what can be seen from the submitted cells' syntax (references, machinery): the
  trusted side's rules, a pure function of the cells' text; ``grader.pipeline.preprocessors.static_findings``
  applies them to a submission before its kernel starts.
- ``releases``: gives the kernel each exercise's library code back once the exercise is graded,
  and reads the kernel's runtime guard (``kernel_agent.guard``).
- ``rehearsal``, ``rehearsal_process``: the course's own notebooks run in-process (self-checks, the
  diagnosis), on a chapter's kernel library in a child process; ``inventory``: what in a chapter's
  kernel library could answer its exercises.
"""
