"""The table of ops that the op tests run: one ``OpSpec`` per case, same code for both libraries
where the names agree (they do for almost everything: that is the point of the shared API)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import torch

import autograd_lib as ag


@dataclass(frozen=True)
class OpSpec:
    """``ours``/``theirs`` take the inputs (autograd_lib / torch tensors); ``shapes`` the input
    shapes; ``domain`` maps a standard-normal array into the op's valid input range."""

    name: str
    ours: Callable[..., Any]
    shapes: tuple[tuple[int, ...], ...]
    theirs: Callable[..., Any] | None = None  # None: the same function works on torch tensors
    domain: Callable[[np.ndarray], np.ndarray] = field(default=lambda a: a)

    @property
    def torch_fn(self) -> Callable[..., Any]:
        return self.theirs or self.ours

    def arrays(self, seed: int = 0) -> list[np.ndarray]:
        rng = np.random.default_rng(seed)
        return [self.domain(rng.standard_normal(s)) for s in self.shapes]


def positive(a: np.ndarray) -> np.ndarray:
    return np.abs(a) + 0.5


def away_from_zero(a: np.ndarray) -> np.ndarray:
    return np.sign(a) * (np.abs(a) + 0.2)


ROWS = np.array([0, 2, 0, 1])
COLS = np.array([1, 1, 3, 0])

SPECS = [
    OpSpec("add", lambda a, b: a + b, ((3, 4), (3, 4))),
    OpSpec("add broadcast (2,3,4)+(3,1)", lambda a, b: a + b, ((2, 3, 4), (3, 1))),
    OpSpec("add broadcast ()+(2,3)", lambda a, b: a + b, ((), (2, 3))),
    OpSpec("add broadcast (4,)+(3,1)", lambda a, b: a + b, ((4,), (3, 1))),
    OpSpec("add scalar", lambda a: a + 2.5, ((3,),)),
    OpSpec("radd scalar", lambda a: 2.5 + a, ((3,),)),
    OpSpec("sub broadcast", lambda a, b: a - b, ((2, 3), (1, 3))),
    OpSpec("rsub scalar", lambda a: 1.0 - a, ((2, 3),)),
    OpSpec("mul broadcast", lambda a, b: a * b, ((2, 1, 4), (3, 1))),
    OpSpec("rmul scalar", lambda a: 3.0 * a, ((2, 3),)),
    OpSpec("div broadcast", lambda a, b: a / b, ((2, 3), (3,)), domain=away_from_zero),
    OpSpec("rdiv scalar", lambda a: 1.0 / a, ((4,),), domain=away_from_zero),
    OpSpec("neg", lambda a: -a, ((2, 3),)),
    OpSpec("pow scalar 3", lambda a: a**3, ((2, 3),)),
    OpSpec("pow scalar 2.5", lambda a: a**2.5, ((2, 3),), domain=positive),
    OpSpec("pow scalar -1", lambda a: a.pow(-1.0), ((5,),), domain=away_from_zero),
    OpSpec("pow tensor", lambda a, b: a**b, ((2, 3), (3,)), domain=positive),
    OpSpec("rpow", lambda a: 2.0**a, ((2, 3),)),
    OpSpec("exp", lambda a: a.exp(), ((2, 3),)),
    OpSpec("log", lambda a: a.log(), ((2, 3),), domain=positive),
    OpSpec("tanh", lambda a: a.tanh(), ((2, 3),)),
    OpSpec("sigmoid", lambda a: a.sigmoid(), ((2, 3),)),
    OpSpec("sigmoid large", lambda a: (a * 30).sigmoid(), ((10,),)),
    OpSpec("relu", lambda a: a.relu(), ((3, 4),), domain=away_from_zero),
    OpSpec("sqrt", lambda a: a.sqrt(), ((2, 3),), domain=positive),
    OpSpec("abs", lambda a: a.abs(), ((2, 3),), domain=away_from_zero),
    OpSpec("clamp both", lambda a: a.clamp(-0.5, 0.5), ((4, 5),)),
    OpSpec("clamp min", lambda a: a.clamp(min=0.1), ((4, 5),)),
    OpSpec("sum all", lambda a: a.sum(), ((2, 3, 4),)),
    OpSpec("sum dim 0 positional", lambda a: a.sum(0), ((2, 3, 4),)),
    OpSpec("sum dims keepdim", lambda a: a.sum(dim=(0, 2), keepdim=True), ((2, 3, 4),)),
    OpSpec("sum negative dim", lambda a: a.sum(-1), ((2, 3, 4),)),
    OpSpec("sum axis keepdims", lambda a: a.sum(axis=1, keepdims=True), ((2, 3),),
           theirs=lambda a: a.sum(dim=1, keepdim=True)),
    OpSpec("mean all", lambda a: a.mean(), ((2, 3, 4),)),
    OpSpec("mean dims", lambda a: a.mean(dim=(1, 2)), ((2, 3, 4),)),
    OpSpec("mean keepdim", lambda a: a.mean(0, keepdim=True), ((3, 4),)),
    OpSpec("max all", lambda a: a.max(), ((3, 4),)),
    OpSpec("max dim", lambda a: a.max(1)[0], ((3, 4),)),
    OpSpec("max dim keepdim values", lambda a: a.max(dim=0, keepdim=True).values, ((3, 4, 2),)),
    OpSpec("min dim", lambda a: a.min(-1).values, ((3, 4),)),
    OpSpec("reshape", lambda a: a.reshape(4, -1), ((2, 3, 4),)),
    OpSpec("reshape tuple", lambda a: a.reshape((6, 4)) * 2, ((2, 3, 4),)),
    OpSpec("view", lambda a: a.view(-1), ((2, 3),)),
    OpSpec("transpose", lambda a: a.transpose(0, 2), ((2, 3, 4),)),
    OpSpec("transpose negative", lambda a: a.transpose(-1, -2), ((2, 3, 4),)),
    OpSpec("t", lambda a: a.t(), ((2, 3),)),
    OpSpec("T", lambda a: a.T, ((2, 3),)),
    OpSpec("permute", lambda a: a.permute(2, 0, 1), ((2, 3, 4),)),
    OpSpec("unsqueeze", lambda a: a.unsqueeze(1), ((2, 3),)),
    OpSpec("unsqueeze negative", lambda a: a.unsqueeze(-1), ((2, 3),)),
    OpSpec("squeeze all", lambda a: a.squeeze(), ((2, 1, 3, 1),)),
    OpSpec("squeeze dim", lambda a: a.squeeze(1), ((2, 1, 3),)),
    OpSpec("squeeze non-one dim", lambda a: a.squeeze(0), ((2, 3),)),
    OpSpec("expand", lambda a: a.expand(2, 3, 4), ((3, 1),)),
    OpSpec("expand -1", lambda a: a.expand(-1, 4), ((3, 1),)),
    OpSpec("expand_as", lambda a, b: a.expand_as(b) * b, ((1, 4), (3, 4))),
    OpSpec("index int", lambda a: a[1], ((3, 4),)),
    OpSpec("index slices", lambda a: a[1:, ::2], ((3, 4),)),
    OpSpec("index ellipsis none", lambda a: a[..., None, 1], ((2, 3, 4),)),
    OpSpec("index repeated rows", lambda a: a[ROWS], ((3, 4),),
           theirs=lambda a: a[torch.tensor(ROWS)]),
    OpSpec("index pairs", lambda a: a[ROWS, COLS], ((3, 4),),
           theirs=lambda a: a[torch.tensor(ROWS), torch.tensor(COLS)]),
    OpSpec("index tensor key", lambda a: a[ag.tensor(ROWS)], ((3, 4),),
           theirs=lambda a: a[torch.tensor(ROWS)]),
    OpSpec("index bool mask", lambda a: a[a > 0], ((3, 4),)),
    OpSpec("matmul 2d", lambda a, b: a @ b, ((3, 4), (4, 5))),
    OpSpec("matmul 1d@2d", lambda a, b: a @ b, ((4,), (4, 5))),
    OpSpec("matmul 2d@1d", lambda a, b: a @ b, ((3, 4), (4,))),
    OpSpec("matmul 1d@1d", lambda a, b: a @ b, ((4,), (4,))),
    OpSpec("matmul batched", lambda a, b: a @ b, ((2, 3, 4), (2, 4, 5))),
    OpSpec("matmul broadcast batch", lambda a, b: a @ b, ((2, 1, 3, 4), (5, 4, 2))),
    OpSpec("matmul 1d@3d", lambda a, b: a.matmul(b), ((4,), (2, 4, 3))),
    OpSpec("mm", lambda a, b: a.mm(b), ((3, 4), (4, 2))),
    OpSpec("where", lambda c, a, b: ag.where(c > 0, a, b), ((3, 1), (3, 4), (4,)),
           theirs=lambda c, a, b: torch.where(c > 0, a, b)),
    OpSpec("cat dim 1", lambda a, b: ag.cat([a, b, a], dim=1), ((2, 3), (2, 1)),
           theirs=lambda a, b: torch.cat([a, b, a], dim=1)),
    OpSpec("cat dim -1", lambda a, b: ag.cat((a, b), -1), ((2, 2, 3), (2, 2, 1)),
           theirs=lambda a, b: torch.cat((a, b), -1)),
    OpSpec("stack", lambda a, b: ag.stack([a, b], dim=1), ((2, 3), (2, 3)),
           theirs=lambda a, b: torch.stack([a, b], dim=1)),
    OpSpec("stack negative dim", lambda a, b: ag.stack([a, b], -1), ((2, 3), (2, 3)),
           theirs=lambda a, b: torch.stack([a, b], -1)),
    OpSpec("clone", lambda a: a.clone() * a, ((2, 3),)),
    OpSpec("composite mlp", lambda x, w, b: (x @ w.t() + b).tanh().sum(1).exp(),
           ((5, 3), (4, 3), (4,))),
]

SPEC_IDS = [s.name for s in SPECS]
