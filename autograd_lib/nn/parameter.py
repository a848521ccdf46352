"""``Parameter``: a Tensor that a ``Module`` registers as one of its learnable weights."""

from __future__ import annotations

from typing import Any

import numpy as np

from autograd_lib.tensor import Tensor


class Parameter(Tensor):
    """A leaf Tensor that requires grad by default and that modules register automatically.

    Assigning a ``Parameter`` to a module attribute (``self.weight = Parameter(...)``) adds it to
    ``module.parameters()``; assigning a plain ``Tensor`` does not. The data is copied from
    ``data`` (a Tensor, an array or nested lists), so the parameter is always a fresh leaf.
    Results of operations on a Parameter are ordinary Tensors.
    """

    def __init__(self, data: Any = None, requires_grad: bool = True) -> None:
        if data is None:
            data = np.empty(0)
        if isinstance(data, Tensor):
            data = data.data
        array = np.array(data)
        if not np.issubdtype(array.dtype, np.floating):
            array = array.astype(np.float64)
        super().__init__(array, requires_grad=requires_grad)

    def __repr__(self) -> str:
        return "Parameter containing:\n" + super().__repr__()
