"""The steps this project adds to nbgrader's autograde pipeline, one job each.

In the order ``worker`` lists them:

- ``StaticCheck``: read the student's cells' syntax for calls of reference code (``judge.static_check``).
- ``SeparateHiddenTests``: take the hidden tests out of the test cells: the kernel never runs them.
- ``LimitedExecute``: nbgrader's Execute with time, memory and output limits, a sandboxed kernel
  working in a scratch folder, and the judge called after each test cell.
- ``ApplyVerdicts``: each test cell's outputs say what the judge decided, so that nbgrader's
  ``SaveAutoGrades`` gives exactly the judge's score.
"""

from grader.grading.preprocessors.hidden_tests import SeparateHiddenTests
from grader.grading.preprocessors.limited_execute import LimitedExecute
from grader.grading.preprocessors.static_check import StaticCheck
from grader.grading.preprocessors.verdicts import ApplyVerdicts

__all__ = ["ApplyVerdicts", "LimitedExecute", "SeparateHiddenTests", "StaticCheck"]
