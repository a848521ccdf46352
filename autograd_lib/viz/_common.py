"""Small helpers shared by the viz modules: array conversion and axes creation.

Nothing here imports torch: a torch tensor is recognised by duck typing (``detach``) and
converted with ``t.detach().cpu().numpy()``; an autograd_lib ``Tensor`` keeps its numpy array
in ``.data``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.axes import Axes


def to_numpy(value: Any) -> np.ndarray:
    """Return ``value`` as a float numpy array.

    Accepts numpy arrays, Python numbers and sequences, autograd_lib Tensors (``.data`` is a
    numpy array) and torch tensors (``.detach().cpu().numpy()``).
    """
    if isinstance(value, np.ndarray):
        return value
    data = getattr(value, "data", None)
    if isinstance(data, np.ndarray):
        return data
    if hasattr(value, "detach") and hasattr(value, "cpu"):
        return np.asarray(value.detach().cpu().numpy())
    if hasattr(value, "numpy") and callable(value.numpy):
        return np.asarray(value.numpy())
    return np.asarray(value)


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
