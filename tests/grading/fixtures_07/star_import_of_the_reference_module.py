"""Forging family 1: the answer cells star-import the reference's module, ``from
autograd_lib.nn.linear_function import *`` and ``from autograd_lib.nn.functional import *``. A
star import names no reference, so a check of spellings misses it; graded 7/7 when found (issue
23). The chapter's kernel library holds no LinearFunction or linear of its own to import: both
exercises score 0, with or without the static check."""
FAMILY = "star import of the reference's module"
BASE = "untouched"
ANSWERS = {"linear_function": "from autograd_lib.nn.linear_function import *",
           "linear": "from autograd_lib.nn.functional import *"}
EXPECT = {"score": 0}
