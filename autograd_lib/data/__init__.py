"""Small 2-D classification datasets made with numpy: ``make_moons``, ``make_circles``,
``make_spirals``; and ``torch_values``, the values torch computed for a chapter's comparisons
(``torch_case`` finds one case among them by its inputs).

Each returns ``X`` (n_samples, 2) float64 and ``y`` (n_samples,) int64 class labels, and is
repeatable: ``random_state`` (an int seed, default 0, or a ``np.random.Generator``) fixes the
noise and the shuffle. The signatures of ``make_moons`` and ``make_circles`` follow
scikit-learn's (whose default ``random_state`` is None, i.e. unseeded).
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

__all__ = ["make_circles", "make_moons", "make_spirals", "torch_case", "torch_values"]

Seed = int | np.random.Generator | None


def _finish(X: np.ndarray, y: np.ndarray, noise: float | None, shuffle: bool, rng: np.random.Generator):
    """Add Gaussian noise of standard deviation ``noise`` and shuffle the rows."""
    if noise:
        X = X + rng.normal(scale=noise, size=X.shape)
    if shuffle:
        order = rng.permutation(len(y))
        X, y = X[order], y[order]
    return X.astype(np.float64), y.astype(np.int64)


def _two_arcs(n_samples: int, stop: float, endpoint: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Angles in [0, stop] for class 0 (which gets the extra point of an odd count) and for
    class 1, and the labels of the two classes one after the other."""
    n_out, n_in = n_samples - n_samples // 2, n_samples // 2
    t_out = np.linspace(0, stop, n_out, endpoint=endpoint)
    t_in = np.linspace(0, stop, n_in, endpoint=endpoint)
    return t_out, t_in, np.concatenate([np.zeros(n_out), np.ones(n_in)])


def make_moons(
    n_samples: int = 100, *, shuffle: bool = True, noise: float | None = None, random_state: Seed = 0
) -> tuple[np.ndarray, np.ndarray]:
    """Two interleaving half circles: class 0 is the upper arc (cos t, sin t), class 1 the lower
    arc (1 - cos t, 0.5 - sin t), t in [0, pi]; class 0 gets the extra point of an odd count."""
    rng = np.random.default_rng(random_state)
    t_out, t_in, y = _two_arcs(n_samples, np.pi, endpoint=True)
    X = np.concatenate([
        np.column_stack([np.cos(t_out), np.sin(t_out)]),
        np.column_stack([1 - np.cos(t_in), 0.5 - np.sin(t_in)]),
    ])
    return _finish(X, y, noise, shuffle, rng)


def make_circles(
    n_samples: int = 100, *, shuffle: bool = True, noise: float | None = None, random_state: Seed = 0,
    factor: float = 0.8,
) -> tuple[np.ndarray, np.ndarray]:
    """Two concentric circles: class 0 of radius 1, class 1 of radius ``factor`` (0 < factor < 1)."""
    if not 0 < factor < 1:
        raise ValueError(f"'factor' has to be between 0 and 1, got {factor}")
    rng = np.random.default_rng(random_state)
    t_out, t_in, y = _two_arcs(n_samples, 2 * np.pi, endpoint=False)
    X = np.concatenate([
        np.column_stack([np.cos(t_out), np.sin(t_out)]),
        factor * np.column_stack([np.cos(t_in), np.sin(t_in)]),
    ])
    return _finish(X, y, noise, shuffle, rng)


def make_spirals(
    n_samples: int = 300, *, n_classes: int = 3, shuffle: bool = True, noise: float = 0.2,
    random_state: Seed = 0,
) -> tuple[np.ndarray, np.ndarray]:
    """``n_classes`` interleaved spiral arms (the CS231n spiral): arm k has points at radius r in
    [0, 1] and angle 4k + 4r (radians) plus Gaussian angle noise of std ``noise``; points are
    split as evenly as possible between the arms. Not linearly separable: a good test for an MLP."""
    rng = np.random.default_rng(random_state)
    counts = [n_samples // n_classes + (k < n_samples % n_classes) for k in range(n_classes)]
    points, labels = [], []
    for k, n in enumerate(counts):
        r = np.linspace(0.0, 1.0, n)
        t = 4.0 * k + 4.0 * r + rng.normal(scale=noise, size=n)
        points.append(np.column_stack([r * np.sin(t), r * np.cos(t)]))
        labels.append(np.full(n, k))
    return _finish(np.concatenate(points), np.concatenate(labels), None, shuffle, rng)


#: Where the recorded values live: one JSON file per chapter, beside this module.
TORCH_VALUES = Path(__file__).parent / "torch_values"


def torch_values(chapter: str) -> dict:
    """The values torch (float64) computed for ``chapter``'s comparisons, recorded when the course
    was built: a chapter whose kernel has no torch compares with these.

    ``chapter`` is the chapter's id (``"09_training"``). The record is a dict: ``"torch"`` is the
    version that computed it, and each other key names a group of values (``"log_softmax"``), most
    of them a dict from each case's label to its inputs and torch's results (``torch_case`` finds
    one by its inputs). The chapter's ``torch_values.py`` (in ``course/<chapter>/``) computes it
    again, for anyone who has torch.
    """
    path = TORCH_VALUES / f"{chapter}.json"
    if not path.is_file():
        known = sorted(p.stem for p in TORCH_VALUES.glob("*.json"))
        raise FileNotFoundError(f"no values recorded with torch for the chapter {chapter!r} (recorded: "
                                f"{', '.join(known) or 'none'}); python -m grader build records them")
    return json.loads(path.read_text(encoding="utf-8"))


def _as_recorded(value):
    """``value`` as a JSON record holds it: numpy arrays and tuples become lists."""
    return json.loads(json.dumps(value, default=lambda v: v.tolist() if hasattr(v, "tolist") else repr(v)))


def torch_case(cases: dict, **inputs) -> dict:
    """The case of ``cases`` (a group of a ``torch_values`` record, label -> case) whose inputs
    equal ``inputs``, exactly (numpy arrays and tuples compare as lists)::

        torch_case(record["log_softmax"], input=[1.0, 2.0, 3.0], dim=None)["output"]
    """
    wanted = _as_recorded(inputs)
    for case in cases.values():
        if isinstance(case, dict) and all(key in case and case[key] == value for key, value in wanted.items()):
            return case
    shown = ", ".join(f"{key}={value!r}" for key, value in wanted.items())
    raise LookupError(f"torch computed no case with {shown[:300]}: the values were recorded for other inputs "
                      "(python -m grader build records them again)")
