"""Forging family 3: the grading agent reached without importing it: ``get_ipython`` from the
builtins (a computed name), the kernel's comm manager, the agent's comm target, and the agent in
that function's closure; its namespace is replaced by one where LinearFunction and linear are the
library's, over wrong answers that pass the visible tests. No event of the runtime guard is
raised on the way (closures and attributes are not audited): only the kernel library stops it, as
it holds no answer of the chapter to show. Graded 7/7 with the whole library in the kernel and the
static check off; 0 now."""
FAMILY = "the agent's namespace, through its comm callback"
BASE = "wrong"
MISTAKES = {"linear_function": "ignores_needs_input_grad", "linear": "squeeze_all"}
AFTER = "linear_function"
CELL = """
import autograd_lib.nn.functional as _library
_shell = getattr(print.__self__, "get_" + "ipython", None) or globals()["get_" + "ipython"]
_target = _shell().kernel.comm_manager.targets["kernel_agent"]
class _Shown(dict):
    # the notebook's names, LinearFunction and linear excepted: those are the library's

    def __contains__(self, name):
        return dict.__contains__(self, name) or name in _shell().user_ns

    def __getitem__(self, name):
        return dict.__getitem__(self, name) if dict.__contains__(self, name) else _shell().user_ns[name]

    def get(self, name, default=None):
        return self[name] if name in self else default


_shown = _Shown(LinearFunction=_library.LinearFunction, linear=_library.linear)
for _cell in _target.__closure__ or ():
    if hasattr(_cell.cell_contents, "handle"):
        _cell.cell_contents._namespace = _shown
"""
EXPECT = {"score_at_most": 2}
#: What the notebook's own (wrong) code earns through the trick: the test cell of LinearFunction on
#: torch judges ``TorchLinearFunction``, which a course cell built from the student's own
#: LinearFunction before the trick ran, and ``ignores_needs_input_grad`` keeps that cell's promises
#: (torch accepts a gradient for an input that needs none). Nothing of the library's is shown.
OWN_SCORE = 2
