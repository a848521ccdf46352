"""The values torch computes for chapter 9's comparisons: run it where torch is installed.

Chapter 9's kernel has no torch: torch computes this chapter's answers (log_softmax,
cross_entropy, SGD, Adam), so a kernel that had it could hand them in. The chapter compares
with the values below instead, computed by torch in float64 when the course is built
(``python -m grader build`` writes them to ``autograd_lib/data/torch_values/09_training.json``)
and read in the notebook with ``autograd_lib.data.torch_values("09_training")``.

Every case has a label (in English) and holds its inputs next to torch's results: the notebook
finds a case by its inputs (``autograd_lib.data.torch_case``), so a record made for other inputs
fails loudly. To see torch compute them yourself::

    python course/09_training/torch_values.py                       # every value, as JSON
    python course/09_training/torch_values.py log_softmax           # one group of cases

The inputs that come from the course (the moons, a network's starting weights) are made with
autograd_lib, exactly as the notebook makes them; everything else here is torch.
"""

from __future__ import annotations

import json
import sys

import numpy as np
import torch

import autograd_lib
from autograd_lib.data import make_moons
from autograd_lib.nn import MLP


def tensor(values) -> torch.Tensor:
    return torch.tensor(np.asarray(values, dtype=np.float64))


def as_list(t: torch.Tensor) -> list:
    return t.detach().numpy().tolist()


# -- log_softmax -------------------------------------------------------------------------------

CUBE = (np.arange(24.0).reshape(2, 3, 4) % 5 - 2.0).tolist()
CUBE_UPSTREAM = np.cos(np.arange(24.0)).reshape(2, 3, 4).tolist()
#: label -> (logits, dim (None: the default, the last), upstream gradient (None: all ones))
LOG_SOFTMAX_CASES = {
    "the worked example [1, 2, 3]": ([1.0, 2.0, 3.0], None, None),
    **{f"the worked example {logits}": (logits, None, None)
       for logits in ([1000.0, 0.0], [0.0, -1000.0], [-1000.0, 0.0, 1000.0], [[1000.0, 0.0], [0.0, -1000.0]])},
    "logits [[0.5, -1, 2], [1, 1, 0]], an upstream gradient":
        ([[0.5, -1.0, 2.0], [1.0, 1.0, 0.0]], None, [[1.0, 0.0, -2.0], [0.5, 0.5, 3.0]]),
    **{f"an input of shape (2, 3, 4), dim={dim}": (CUBE, dim, CUBE_UPSTREAM) for dim in (0, 1, 2, -1, -2, -3)},
    "an input of shape (2, 3) along dim=0 (the columns)": ([[0.0, 1.0, 5.0], [2.0, -1.0, 0.0]], 0, None),
    "an input of shape (2, 3) with the default dim (the last)": ([[0.0, 1.0, 5.0], [2.0, -1.0, 0.0]], None, None),
    "logits of size 1000 along dim=0":
        ([[1000.0, -1000.0], [0.0, -1001.0], [-5.0, -999.0]], 0, [[1.0, 2.0], [-1.0, 0.5], [0.0, 3.0]]),
    "rows near +800, -800 and 0 (each row needs its own max)":
        ([[800.5, 801.0, 799.0], [-800.0, -801.5, -799.0], [0.5, 0.0, -1.0]], 1, None),
    "logits -1e4, 0, 1e4 (the log-probabilities are -2e4, -1e4 and 0)": ([[-1e4, 0.0, 1e4]], -1, None),
    "a single class, shape (2, 1), dim=1 (log 1 = 0)": ([[0.3], [-2.0]], 1, None),
    # the demonstrations before and after exercise 1
    "logits [1000, 999, 0]": ([1000.0, 999.0, 0.0], 0, None),
}


def log_softmax_values() -> dict:
    """torch.log_softmax of every case, and the gradient of its input for the case's upstream gradient."""
    found = {}
    for label, (logits, dim, upstream) in LOG_SOFTMAX_CASES.items():
        x = tensor(logits).requires_grad_()
        out = torch.log_softmax(x, dim=-1 if dim is None else dim)
        g = torch.ones_like(out) if upstream is None else tensor(upstream)
        out.backward(g)
        found[label] = {"input": logits, "dim": dim, "upstream": as_list(g), "output": as_list(out),
                        "grad": as_list(x.grad)}
    return found


# -- cross_entropy -----------------------------------------------------------------------------

#: what is done with the loss L before backward
USES = {"L": lambda loss: loss, "0.5 * L": lambda loss: loss * 0.5,
        "0.5 * L + L * L": lambda loss: loss * 0.5 + loss * loss, "3 * L": lambda loss: loss * 3.0}
rng = np.random.default_rng(0)  # the notebook's draw for the fused, composed and torch losses
FUSED_LOGITS, FUSED_TARGET = (50 * rng.normal(size=(6, 4))).tolist(), rng.integers(0, 4, size=6).tolist()
#: label -> (logits, targets, use)
CROSS_ENTROPY_CASES = {
    "the worked example, logits [[2, 0], [0, 0]], targets [0, 1]": ([[2.0, 0.0], [0.0, 0.0]], [0, 1], "L"),
    "the worked example, logits of size 1000, targets [1, 1]": ([[1000.0, 0.0], [0.0, -1000.0]], [1, 1], "L"),
    "N=3, C=3, the target an integer Tensor": ([[1.0, -1.0, 0.5], [0.0, 2.0, -2.0], [0.3, 0.3, 0.3]], [2, 1, 0], "L"),
    "a single sample, N=1, C=4": ([[0.5, -0.5, 2.0, 1.0]], [3], "L"),
    "a single class, C=1 (the loss is 0)": ([[0.7], [-1.2]], [0, 0], "L"),
    "the loss scaled by 0.5 (multiply by grad_output)": ([[1.0, -1.0, 0.5], [0.0, 2.0, -2.0]], [2, 1], "0.5 * L"),
    "the loss used as 0.5 * L + L * L (multiply by grad_output)":
        ([[1.0, -1.0, 0.5], [0.0, 2.0, -2.0]], [2, 1], "0.5 * L + L * L"),
    "logits of size 1000, the loss scaled by 3": ([[720.0, 710.0, -1000.0], [0.0, 800.0, 790.0]], [1, 2], "3 * L"),
    # the second of two losses built before either backward (the first is the worked example)
    "logits [[2, 0], [0, 0]], targets [1, 1]": ([[2.0, 0.0], [0.0, 0.0]], [1, 1], "L"),
    # fused, composed and torch's losses side by side
    "logits 50 * normal (6, 4) of default_rng(0), targets from it": (FUSED_LOGITS, FUSED_TARGET, "L"),
}


def cross_entropy_values() -> dict:
    """torch's mean cross-entropy of every case, and the gradient of the logits after use(L).backward()."""
    found = {}
    for label, (logits, targets, use) in CROSS_ENTROPY_CASES.items():
        x = tensor(logits).requires_grad_()
        loss = torch.nn.functional.cross_entropy(x, torch.tensor(targets))
        USES[use](loss).backward()
        found[label] = {"logits": logits, "target": targets, "use": use, "loss": loss.item(), "grad": as_list(x.grad)}
    return found


def cross_entropy_nodes() -> list[str]:
    """The nodes torch's cross_entropy records, from the loss back to the logits."""
    logits = tensor([[2.0, 0.0], [0.0, 0.0]]).requires_grad_()
    node, chain = torch.nn.functional.cross_entropy(logits, torch.tensor([0, 1])).grad_fn, []
    while node is not None:
        chain.append(type(node).__name__)
        node = node.next_functions[0][0] if node.next_functions else None
    return chain


# -- the optimisers ----------------------------------------------------------------------------

#: label -> (the torch.optim class, its arguments): the narrow valley u^2 / 20 + 5 w^2 from (-4.5, 1.2)
VALLEY_RUNS = {
    "SGD, lr=0.19": ("SGD", {"lr": 0.19}),
    "SGD + momentum 0.9, lr=0.05": ("SGD", {"lr": 0.05, "momentum": 0.9}),
    "Adam, lr=0.3": ("Adam", {"lr": 0.3}),
}
VALLEY_START, VALLEY_STEPS = [-4.5, 1.2], 50


def valley_paths() -> dict:
    """Each optimiser's path in the valley: the start, then the parameters after every step."""
    found = {}
    for label, (name, kwargs) in VALLEY_RUNS.items():
        p = torch.nn.Parameter(tensor(VALLEY_START))
        optimizer = getattr(torch.optim, name)([p], **kwargs)
        path = [as_list(p)]
        for _ in range(VALLEY_STEPS):
            optimizer.zero_grad()
            (p[0] * p[0] / 20.0 + 5.0 * p[1] * p[1]).backward()
            optimizer.step()
            path.append(as_list(p))
        found[label] = {"optimizer": name, "kwargs": kwargs, "start": VALLEY_START, "steps": VALLEY_STEPS,
                        "path": path}
    return found


#: label -> (arguments, plan, groups, lr schedule, the step at which c joins the loss): the runs of
#: the visible tests of exercises 3 and 4 (``follow`` in the notebook)
SGD_RUNS = {
    "momentum=0.9, lr=0.05; c takes no part (its .grad stays None)":
        ({"lr": 0.05, "momentum": 0.9}, ["zbs"] * 6, None, None, None),
    "Nesterov: momentum=0.8, nesterov=True, weight_decay=0.1, lr=0.03":
        ({"lr": 0.03, "momentum": 0.8, "nesterov": True, "weight_decay": 0.1}, ["zbs"] * 6, None, None, None),
    "weight_decay=0.2, lr=0.05; c has no gradient, so no decay either":
        ({"lr": 0.05, "weight_decay": 0.2}, ["zbs"] * 6, None, None, None),
    "momentum=1.0, lr=0.01 (the buffer adds every gradient: not plain SGD)":
        ({"lr": 0.01, "momentum": 1.0}, ["zbs"] * 6, None, None, None),
    "two param groups: W with momentum=0.9; b and c with lr=0.01, weight_decay=0.1, momentum=0.5, nesterov=True; "
    "c joins at step 3":
        ({"lr": 0.05}, ["zbs"] * 6,
         [([0], {"momentum": 0.9}), ([1, 2], {"lr": 0.01, "weight_decay": 0.1, "momentum": 0.5, "nesterov": True})],
         None, 2),
    "momentum=0.9 with group['lr'] set before every step: 0.1, 0.08, 0.064, ...":
        ({"lr": 0.1, "momentum": 0.9}, ["zbs"] * 6, None, [0.1 * 0.8**k for k in range(6)], None),
    "momentum=0.9, lr=0.05, steps without zero_grad (two backwards add into p.grad) and one step() with no new "
    "backward":
        ({"lr": 0.05, "momentum": 0.9}, ["zbs", "bs", "s", "zbs", "bbs"], None, None, 0),
}
ADAM_RUNS = {
    "betas=(0.8, 0.99), lr=0.05; c takes no part (its .grad stays None)":
        ({"lr": 0.05, "betas": (0.8, 0.99)}, ["zbs"] * 6, None, None, None),
    "eps=0.1, lr=0.05 (eps is added after the square root)": ({"lr": 0.05, "eps": 0.1}, ["zbs"] * 6, None, None, None),
    "weight_decay=0.3, lr=0.05 (weight_decay * p added to the gradient: not AdamW)":
        ({"lr": 0.05, "weight_decay": 0.3}, ["zbs"] * 6, None, None, None),
    "the boundaries torch accepts: eps=0, betas=(0.0, 0.5), lr=0.05":
        ({"lr": 0.05, "eps": 0.0, "betas": (0.0, 0.5)}, ["zbs"] * 6, None, None, None),
    "two param groups: W with betas=(0.7, 0.95); b and c with lr=0.01, weight_decay=0.2; c joins at step 3 "
    "(its own step count starts there)":
        ({"lr": 0.05}, ["zbs"] * 6, [([0], {"betas": (0.7, 0.95)}), ([1, 2], {"lr": 0.01, "weight_decay": 0.2})],
         None, 2),
    "group['lr'] set before every step: 0.05, 0.04, 0.032, ...":
        ({"lr": 0.05}, ["zbs"] * 6, None, [0.05 * 0.8**k for k in range(6)], None),
    "lr=0.05, steps without zero_grad (two backwards add into p.grad) and one step() with no new backward":
        ({"lr": 0.05}, ["zbs", "bs", "s", "zbs", "bbs"], None, None, 0),
}


def follow(name: str, kwargs: dict, plan: list[str], groups, lrs, late) -> dict:
    """torch.optim's ``name`` on W (2,), b (1,), c (1,) with the loss (W . x + b - 1)^2 + |W|^2 / 2
    (+ (c - 2)^2 from step ``late`` on), as ``plan`` says (z: zero_grad, b: backward, s: step);
    W, b, c and their .grad at the end."""
    params = [torch.nn.Parameter(tensor(a)) for a in ([0.5, -1.0], [0.2], [1.0])]
    chosen = params if groups is None else [{**extra, "params": [params[i] for i in indices]}
                                            for indices, extra in groups]
    optimizer = getattr(torch.optim, name)(chosen, **kwargs)
    x = tensor([1.0, -2.0])
    for k, actions in enumerate(plan):
        if lrs is not None:
            for group in optimizer.param_groups:
                group["lr"] = lrs[k]
        for action in actions:
            if action == "z":
                optimizer.zero_grad()
            elif action == "b":
                W, b, c = params
                r = (W * x).sum() + b - 1.0
                loss = (r * r).sum() + (W * W).sum() * 0.5
                if late is not None and k >= late:
                    loss = loss + ((c - 2.0) * (c - 2.0)).sum()
                loss.backward()
            else:
                optimizer.step()
    return {"optimizer": name, "run": [kwargs, plan, groups, lrs, late], "params": [as_list(p) for p in params],
            "grads": [None if p.grad is None else as_list(p.grad) for p in params]}


def optimizer_runs() -> dict:
    """Where each run of the visible tests of SGD and Adam ends, in torch.optim."""
    return {**{f"SGD: {label}": follow("SGD", *run) for label, run in SGD_RUNS.items()},
            **{f"Adam: {label}": follow("Adam", *run) for label, run in ADAM_RUNS.items()}}


def adam_worked_example() -> dict:
    """The 5 steps of Adam(lr=0.1) on the loss p^2 from p = 1 (the worked example of exercise 4)."""
    p = torch.nn.Parameter(tensor([1.0]))
    optimizer, path = torch.optim.Adam([p], lr=0.1), []
    for _ in range(5):
        optimizer.zero_grad()
        (p * p).sum().backward()
        optimizer.step()
        path.append(p.item())
    return {"lr": 0.1, "start": 1.0, "steps": 5, "path": path}


# -- the networks ------------------------------------------------------------------------------

def torch_copy(ours, activation: type) -> torch.nn.Sequential:
    """The torch network of autograd_lib's ``MLP`` ``ours``, with its weights (``state_dict``)."""
    linears = [m for m in ours.layers if hasattr(m, "weight")]
    layers = []
    for k, linear in enumerate(linears):
        layers += [torch.nn.Linear(*reversed(linear.weight.shape))] + ([activation()] if k + 1 < len(linears) else [])
    theirs = torch.nn.Module()
    theirs.layers = torch.nn.Sequential(*layers).double()
    theirs.load_state_dict({name: torch.tensor(value.data) for name, value in ours.state_dict().items()})
    return theirs.layers


def training_run() -> dict:
    """The chapter's run in torch: MLP([2, 16, 16, 2]) from autograd_lib's weights of seed 0, Adam lr=0.05,
    100 full-batch steps on the moons; the losses, and the accuracy on the test moons."""
    X_train, y_train = make_moons(200, noise=0.2, random_state=0)
    X_test, y_test = make_moons(1000, noise=0.2, random_state=1)
    autograd_lib.manual_seed(0)
    model = torch_copy(MLP([2, 16, 16, 2]), torch.nn.ReLU)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.05)
    inputs, targets, losses = torch.tensor(X_train), torch.tensor(y_train), []
    for _ in range(100):
        optimizer.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(inputs), targets)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    with torch.no_grad():
        accuracy = float((model(torch.tensor(X_test)).argmax(1).numpy() == y_test).mean())
    return {"losses": losses, "accuracy": accuracy}


def sigmoid_gradients() -> dict:
    """The gradient of every parameter of MLP([2, 32 x 6, 2], Sigmoid) from autograd_lib's weights of
    seed 0, after one backward of the cross-entropy on the training moons."""
    X_train, y_train = make_moons(200, noise=0.2, random_state=0)
    autograd_lib.manual_seed(0)
    ours = MLP([2] + [32] * 6 + [2], activation=autograd_lib.nn.Sigmoid)
    model = torch_copy(ours, torch.nn.Sigmoid)
    torch.nn.functional.cross_entropy(model(torch.tensor(X_train)), torch.tensor(y_train)).backward()
    return {f"layers.{name}": as_list(p.grad) for name, p in model.named_parameters()}


# -- every gradient of a network, by hand ------------------------------------------------------

#: label -> (seed, (N, D, H, C)): the networks the notebook draws with worked_network(seed, ...)
BY_HAND_CASES = {
    "the worked network (N=4, D=3, H=5, C=3)": (9, (4, 3, 5, 3)),
    "a single sample (N=1, D=2, H=3, C=2)": (10, (1, 2, 3, 2)),
}


def by_hand_values() -> dict:
    """torch's loss and its gradient with respect to every tensor of the two-layer network
    (linear, layer_norm without a weight, tanh, linear, cross_entropy), for each drawn network."""
    found = {}
    for label, (seed, (n, d, h, c)) in BY_HAND_CASES.items():
        g = np.random.default_rng(seed)
        inputs = {"x": g.normal(size=(n, d)), "target": g.integers(0, c, size=n), "W1": g.normal(size=(d, h)),
                  "b1": g.normal(size=h), "W2": g.normal(size=(h, c)), "b2": g.normal(size=c)}
        leaves = {k: tensor(v).requires_grad_() for k, v in inputs.items() if k != "target"}
        z1 = leaves["x"] @ leaves["W1"] + leaves["b1"]
        normed = torch.nn.functional.layer_norm(z1, (h,), eps=1e-5)
        a = torch.tanh(normed)
        z2 = a @ leaves["W2"] + leaves["b2"]
        for t in (z1, normed, a, z2):
            t.retain_grad()
        loss = torch.nn.functional.cross_entropy(z2, torch.tensor(inputs["target"]))
        loss.backward()
        grads = {"z2": z2.grad, "W2": leaves["W2"].grad, "b2": leaves["b2"].grad, "a": a.grad, "n": normed.grad,
                 "z1": z1.grad, "W1": leaves["W1"].grad, "b1": leaves["b1"].grad, "x": leaves["x"].grad}
        found[label] = {**{k: np.asarray(v).tolist() for k, v in inputs.items()}, "loss": loss.item(),
                        "grads": {k: as_list(v) for k, v in grads.items()}}
    return found


GROUPS = {
    "log_softmax": log_softmax_values,
    "cross_entropy": cross_entropy_values,
    "cross_entropy_nodes": cross_entropy_nodes,
    "optimizers": optimizer_runs,
    "adam_worked_example": adam_worked_example,
    "valley": valley_paths,
    "training": training_run,
    "sigmoid_gradients": sigmoid_gradients,
    "by_hand": by_hand_values,
}


def record() -> dict:
    """Every value chapter 9 compares with, computed by torch (float64, one thread)."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        return {"torch": torch.__version__.split("+")[0], **{name: compute() for name, compute in GROUPS.items()}}
    finally:
        torch.set_num_threads(threads)


if __name__ == "__main__":
    chosen = sys.argv[1:] or list(GROUPS)
    unknown = set(chosen) - set(GROUPS)
    if unknown:
        sys.exit(f"no such group of cases: {', '.join(sorted(unknown))} (the groups: {', '.join(GROUPS)})")
    torch.set_num_threads(1)
    print(json.dumps({name: GROUPS[name]() for name in chosen}, indent=1))
