"""Untouched stubs replaced by the references through a ``.py`` file beside the notebook: the
notebook says ``from layers import LinearFunction`` and ``from layers import linear``, and
``layers.py`` imports them from autograd_lib. The static check reads notebook cells only.
Both exercises must score 0."""
BASE = "untouched"
CELLS = [("linear_function", "from layers import LinearFunction"), ("linear", "from layers import linear")]
FILES = {"layers.py": "from autograd_lib.nn.functional import LinearFunction, linear\n"}
EXPECT = {"score": 0}
