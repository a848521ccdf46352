"""Untouched stubs replaced by the references, each module held in a variable first:
``_lib = autograd_lib.nn.linear_function; LinearFunction = _lib.LinearFunction``. The static check
follows names bound by ``import`` only, so ``_lib.LinearFunction`` is not a path it knows (nor is
``vars(module)["name"]``, ``module.__dict__["name"]``, a ``for`` or a walrus target). Graded 7/7
when found; both exercises must score 0."""
BASE = "untouched"
CELLS = [("linear_function", "_lib = autograd_lib.nn.linear_function\nLinearFunction = _lib.LinearFunction"),
         ("linear", "_functional = autograd_lib.nn.functional\nlinear = _functional.linear")]
EXPECT = {"score": 0}
