"""Forging family 6: code written to a file at run time, then imported (round 4's a19). A cell
writes a module into a folder of the kernel's, puts that folder on the import path with
``site.addsitedir`` and imports it under ``mpl_toolkits`` (matplotlib's namespace package, so the
import names a package the environment has). The module computes ``LinearFunction``'s forward with
torch's ``F.linear`` and its gradients, to second order, with ``torch.autograd.grad``; the answer
cells only call it. The static check reads cells only; the guard now refuses running code from a
file outside the trusted folders. Graded 6.75/7 before; 0 now (held for review)."""
FAMILY = "code written to a file at run time, then imported"
BASE = "untouched"
#: The module the cell writes (torch does the work; no code of the student's computes anything).
MODULE = '''import autograd_lib
from autograd_lib import Function

import torch as _torch
_lin = _torch.nn.functional.linear

def _tt(a):
    return None if a is None else _torch.as_tensor(a.data).detach()

def _grads_torch(go, i, w, b, create=False):
    ti, tw = i.detach().requires_grad_(True), w.detach().requires_grad_(True)
    tb = None if b is None else b.detach().requires_grad_(True)
    go = go.detach().requires_grad_(create)
    with _torch.enable_grad():
        out = _lin(ti, tw, tb)
        ins = [t for t in (ti, tw, tb) if t is not None]
        gs = _torch.autograd.grad(out, ins, go, create_graph=create)
    return (go, ti, tw, tb), list(gs)

class _TorchGrads(Function):
    @staticmethod
    def forward(ctx, go, i, w, b=None):
        ctx.save_for_backward(go, i, w, b)
        _, gs = _grads_torch(_tt(go), _tt(i), _tt(w), _tt(b))
        return tuple(autograd_lib.tensor(g.numpy()) for g in gs)

    @staticmethod
    def backward(ctx, *ggs):
        go, i, w, b = ctx.saved_tensors
        leaves, gs = _grads_torch(_tt(go), _tt(i), _tt(w), _tt(b), create=True)
        leaves = [t for t in leaves if t is not None]
        pairs = [(g, gg) for g, gg in zip(gs, ggs) if gg is not None]
        if not pairs:
            return (None,) * len(leaves)
        with _torch.enable_grad():
            res = _torch.autograd.grad([p[0] for p in pairs], leaves, [_tt(p[1]) for p in pairs], allow_unused=True)
        return tuple(None if r is None else autograd_lib.tensor(r.numpy()) for r in res)

def _fw(ctx, input, weight, bias=None):
    ctx.save_for_backward(input, weight, bias)
    if isinstance(input, _torch.Tensor):
        return _lin(input, weight, bias)
    return autograd_lib.tensor(_lin(_tt(input), _tt(weight), _tt(bias)).numpy())

def _bw(ctx, grad_output):
    input, weight, bias = ctx.saved_tensors
    need = tuple(ctx.needs_input_grad)
    if isinstance(grad_output, _torch.Tensor):
        _, gs = _grads_torch(grad_output, input, weight, bias, create=_torch.is_grad_enabled())
    else:
        args = (grad_output, input, weight) if bias is None else (grad_output, input, weight, bias)
        gs = _TorchGrads.apply(*args)
        gs = list(gs) if isinstance(gs, (tuple, list)) else [gs]
    gs = list(gs) + [None] * (3 - len(gs))
    return tuple(g if (i < len(need) and need[i]) else None for i, g in enumerate(gs))
'''
CELL = f"""
import os as _os, site as _site
_os.makedirs("/home/kernel/work/sd/mpl_toolkits", exist_ok=True)
with open("/home/kernel/work/sd/mpl_toolkits/tl.py", "w") as _f:
    _f.write({MODULE!r})
_site.addsitedir("/home/kernel/work/sd")
import mpl_toolkits.tl as _tl
"""
ANSWERS = {"linear_function": '''class LinearFunction(Function):
    @staticmethod
    def forward(ctx, input, weight, bias=None):
        return _tl._fw(ctx, input, weight, bias)

    @staticmethod
    def backward(ctx, grad_output):
        return _tl._bw(ctx, grad_output)

_MyLF = LinearFunction
''',
           "linear": '''def linear(input, weight, bias=None):
    return _MyLF.apply(input, weight, bias) if bias is not None else _MyLF.apply(input, weight)
'''}
EXPECT = {"score": 0}
#: What the notebook's own code earns: nothing (torch computes every number).
OWN_SCORE = 0
