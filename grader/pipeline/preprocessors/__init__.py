"""The steps this project adds to nbgrader's autograde pipeline, one job each.

In the order ``worker`` lists them:

- ``StaticCheck`` (``static_findings``): the judge's static rules (``judge.static_rules``) on the
  student's cells: references to reference code, machinery, dynamic access.
- ``SeparateHiddenTests``: take the hidden tests out of the test cells: the kernel never runs them.
- ``LimitedExecute``: nbgrader's Execute with time, memory and output limits, a sandboxed kernel
  working in a scratch folder on the chapter's kernel library, and the judge called after each
  test cell (then the graded exercises' code given back, and the runtime guard read).
- ``ApplyVerdicts``: each test cell's outputs say what the judge decided, so that nbgrader's
  ``SaveAutoGrades`` gives exactly the judge's score.
"""

from grader.pipeline.preprocessors.hidden_tests import SeparateHiddenTests
from grader.pipeline.preprocessors.limited_execute import LimitedExecute
from grader.pipeline.preprocessors.static_findings import StaticCheck
from grader.pipeline.preprocessors.verdicts import ApplyVerdicts

__all__ = ["ApplyVerdicts", "LimitedExecute", "SeparateHiddenTests", "StaticCheck"]
