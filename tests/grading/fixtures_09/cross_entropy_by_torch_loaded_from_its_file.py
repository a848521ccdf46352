"""Chapter 9's ``CrossEntropy`` by a torch loaded from its own file in site-packages
(``importlib.util.spec_from_file_location``), past the stub the kernel imports under the name
``torch``. Sandboxed, that file is the stub too (mounted over torch's folder), which raises the
kernel's ``ModuleNotFoundError``: 0. (Put into ``sys.modules`` before it runs, the guard would hold
the notebook first: a library module run again.) Not graded with torch in the kernel: the grader's
own process has torch loaded, and running its ``__init__`` again there proves nothing."""
from support.without_torch import torch_cross_entropy

BASE = "perfect"
ROUTE = "torch/__init__.py loaded by path"
BY_PATH = True
ANSWERS = {"cross_entropy_function": torch_cross_entropy("-x.log_softmax(1).gather(1, k.unsqueeze(1)).mean()", '''
import importlib.util, os, sys
site = os.path.dirname(os.path.dirname(np.__file__))
folder = os.path.join(site, "torch")
spec = importlib.util.spec_from_file_location("torch", os.path.join(folder, "__init__.py"),
                                              submodule_search_locations=[folder])
_t = importlib.util.module_from_spec(spec)
spec.loader.exec_module(_t)
sys.modules.setdefault("torch", _t)
''')}
