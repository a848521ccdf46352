"""Forging family 4: the reference's module loaded a second time from its own file, through
``importlib.util.spec_from_file_location``: a fresh module object that no name of the notebook
reaches, so a check of names cannot follow it, and the import system compiles it (the runtime
guard allows that). The file is the chapter's kernel library's, whose LinearFunction and linear
only raise: both exercises score 0, with or without the static check."""
FAMILY = "the reference's module loaded again from its file"
BASE = "untouched"
CELLS = [("linear_function", """
import importlib.util as _util
import autograd_lib.nn.linear_function as _where

def _fresh(module, name):
    spec = _util.spec_from_file_location(name, module.__file__)
    loaded = _util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded

LinearFunction = _fresh(_where, "_fresh_linear_function").LinearFunction
"""), ("linear", """
import autograd_lib.nn.functional as _functional
linear = _fresh(_functional, "_fresh_functional").linear
""")]
EXPECT = {"score": 0}
