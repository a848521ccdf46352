"""Checking gradients numerically: compare the Jacobian that backward computes with central
finite differences.

For ``fn`` with inputs x_j and outputs y_i, the Jacobian block J[i][j] has shape
``(y_i.numel(), x_j.numel())`` and entry ``[r, c] = d y_i.flat[r] / d x_j.flat[c]``.

- numerically, column c is ``(fn(x + eps e_c) - fn(x - eps e_c)) / (2 eps)``: error O(eps**2)
  from truncation plus O(machine_eps / eps) from round-off, hence float64 and eps = 1e-6;
- analytically, row r is the gradient that backward returns for the upstream gradient e_r.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from autograd_lib.grad_mode import no_grad
from autograd_lib.tensor import Tensor

Jacobians = list[list[np.ndarray]]


class GradcheckError(RuntimeError):
    """Raised by ``gradcheck`` when the analytical and numerical Jacobians differ."""


def _outputs(fn: Callable[..., Any], inputs: Sequence[Any]) -> tuple[Tensor, ...]:
    out = fn(*inputs)
    return tuple(out) if isinstance(out, tuple | list) else (out,)


def _differentiable(x: Any) -> bool:
    return isinstance(x, Tensor) and x.requires_grad


def numerical_jacobian(
    fn: Callable[..., Any], inputs: Sequence[Any], eps: float = 1e-6
) -> Jacobians:
    """Central-difference Jacobians: ``J[i][j]`` of shape ``(y_i.numel(), x_j.numel())``.

    Perturbs every element of every input that requires grad (other inputs get an empty
    ``(y_i.numel(), 0)`` block). The inputs' values are restored afterwards.
    """
    outs = _outputs(fn, inputs)
    jac = [[np.zeros((y.numel(), 0)) for _ in inputs] for y in outs]
    for j, x in enumerate(inputs):
        if not _differentiable(x):
            continue
        original = x.data
        x.data = original.copy()
        flat = x.data.reshape(-1)  # a view: writing to it changes x
        cols: list[list[np.ndarray]] = [[] for _ in outs]
        for c in range(flat.size):
            value = flat[c]
            flat[c] = value + eps
            plus = [y.data.astype(np.float64).ravel() for y in _outputs(fn, inputs)]
            flat[c] = value - eps
            minus = [y.data.astype(np.float64).ravel() for y in _outputs(fn, inputs)]
            flat[c] = value
            for i in range(len(outs)):
                cols[i].append((plus[i] - minus[i]) / (2 * eps))
        x.data = original
        for i, y in enumerate(outs):
            jac[i][j] = np.stack(cols[i], axis=1) if cols[i] else np.zeros((y.numel(), 0))
    return jac


def analytical_jacobian(fn: Callable[..., Any], inputs: Sequence[Any]) -> Jacobians:
    """Jacobians from backward: row r of ``J[i][j]`` is d(y_i.flat[r])/d(x_j), obtained with
    ``autograd.grad`` and the one-hot upstream gradient e_r. Same layout as
    ``numerical_jacobian``."""
    from autograd_lib.engine import grad

    outs = _outputs(fn, inputs)
    diff = [x for x in inputs if _differentiable(x)]
    jac = [
        [np.zeros((y.numel(), x.numel() if _differentiable(x) else 0)) for x in inputs]
        for y in outs
    ]
    for i, y in enumerate(outs):
        if not y.requires_grad:
            continue  # a constant output: its Jacobian is zero
        for r in range(y.numel()):
            one_hot = np.zeros(y.numel(), dtype=y.dtype)
            one_hot[r] = 1
            grads = grad(y, diff, Tensor(one_hot.reshape(y.shape)), retain_graph=True,
                         allow_unused=True)
            grads_iter = iter(grads)
            for j, x in enumerate(inputs):
                if _differentiable(x):
                    g = next(grads_iter)
                    if g is not None:
                        jac[i][j][r] = g.data.ravel()
    return jac


def gradcheck(
    fn: Callable[..., Any],
    inputs: Any,
    eps: float = 1e-6,
    atol: float = 1e-5,
    rtol: float = 1e-3,
    raise_exception: bool = True,
) -> bool:
    """Check backward against finite differences for every input that requires grad.

    Passes if ``|analytical - numerical| <= atol + rtol * |numerical|`` everywhere. On failure
    raises ``GradcheckError`` naming the output and input index and showing both Jacobians
    (or returns False if ``raise_exception=False``). Warns for inputs that are not float64.
    """
    inputs = tuple(inputs) if isinstance(inputs, tuple | list) else (inputs,)
    if not any(_differentiable(x) for x in inputs):
        raise ValueError(
            "gradcheck expects at least one input tensor to require gradient, but none of "
            "them have requires_grad=True."
        )
    for j, x in enumerate(inputs):
        if _differentiable(x) and x.dtype != np.float64:
            warnings.warn(
                f"Input #{j} requires gradient and is not a double precision floating point "
                f"({x.dtype}). This check will likely fail if all the inputs are not of double "
                "precision floating point.",
                UserWarning,
                stacklevel=2,
            )
    numerical = numerical_jacobian(fn, inputs, eps)
    analytical = analytical_jacobian(fn, inputs)
    for i, (num_row, ana_row) in enumerate(zip(numerical, analytical, strict=True)):
        for j, (n, a) in enumerate(zip(num_row, ana_row, strict=True)):
            if not np.all(np.abs(a - n) <= atol + rtol * np.abs(n)):
                if not raise_exception:
                    return False
                raise GradcheckError(_mismatch_message(i, j, n, a, atol, rtol))
    return True


def _mismatch_message(i: int, j: int, n: np.ndarray, a: np.ndarray, atol: float,
                      rtol: float) -> str:
    excess = np.abs(a - n) - (atol + rtol * np.abs(n))
    r, c = np.unravel_index(np.nanargmax(np.where(np.isnan(excess), np.inf, excess)), n.shape)
    with np.printoptions(precision=4, suppress=True, linewidth=100):
        return (
            f"Jacobian mismatch for output {i} with respect to input {j},\n"
            f"numerical:\n{n}\nanalytical:\n{a}\n"
            f"(rows index output elements, columns input elements; worst at row {r}, "
            f"column {c}: numerical {n[r, c]:.6g} vs analytical {a[r, c]:.6g}; "
            f"atol={atol}, rtol={rtol})"
        )


def gradgradcheck(
    fn: Callable[..., Any],
    inputs: Any,
    grad_outputs: Any = None,
    eps: float = 1e-6,
    atol: float = 1e-5,
    rtol: float = 1e-3,
    raise_exception: bool = True,
) -> bool:
    """Check second derivatives: ``gradcheck`` on the function
    ``(inputs, grad_outputs) -> autograd.grad(fn(inputs), inputs, grad_outputs,
    create_graph=True)``. Random ``grad_outputs`` (seeded, requiring grad) if not given."""
    from autograd_lib.engine import grad

    inputs = tuple(inputs) if isinstance(inputs, tuple | list) else (inputs,)
    if grad_outputs is None:
        rng = np.random.default_rng(0)
        with no_grad():
            outs = _outputs(fn, inputs)
        grad_outputs = tuple(
            Tensor(rng.standard_normal(y.shape).astype(y.dtype), requires_grad=True) for y in outs
        )
    grad_outputs = tuple(grad_outputs) if isinstance(grad_outputs, tuple | list) else (
        grad_outputs,
    )
    n = len(inputs)

    def first_derivatives(*args: Any) -> tuple[Tensor, ...]:
        xs, gs = args[:n], args[n:]
        diff = [x for x in xs if _differentiable(x)]
        grads = grad(_outputs(fn, xs), diff, gs, create_graph=True, allow_unused=True)
        return tuple(g for g in grads if g is not None)

    return gradcheck(first_derivatives, inputs + grad_outputs, eps, atol, rtol, raise_exception)
