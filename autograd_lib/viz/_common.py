"""Small helpers shared by the viz modules: array conversion and axes creation.

Nothing here imports torch: a torch tensor is recognised by its module name and converted
with ``t.detach().cpu().numpy()`` (by ``autograd_lib.testing.to_numpy``); an autograd_lib
``Tensor`` keeps its numpy array in ``.data``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.axes import Axes

from autograd_lib import testing


def to_numpy(value: Any) -> np.ndarray:
    """Return ``value`` as a numpy array.

    Accepts anything whose ``.data`` is a numpy array (an autograd_lib Tensor or a look-alike),
    and what ``autograd_lib.testing.to_numpy`` takes: torch tensors, arrays, numbers, sequences.
    """
    data = getattr(value, "data", None)
    return data if isinstance(data, np.ndarray) else testing.to_numpy(value)


def is_torch(obj: Any) -> bool:
    """True if ``obj`` comes from the torch package (checked without importing torch)."""
    return type(obj).__module__.split(".")[0] == "torch"


def new_axes(ax: Axes | None, figsize: tuple[float, float] = (6.0, 4.0)) -> Axes:
    """Return ``ax``, or the Axes of a new figure of ``figsize`` inches if ``ax`` is None."""
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, new = plt.subplots(figsize=figsize)
    return new
