"""autograd_lib against torch (CPU, eager) and against a scalar micrograd-style engine.

Run from the repository root:  python benchmarks/mlp_benchmark.py   (about 1 to 2 minutes)

Everything is measured in this one run, side by side: for each case the two engines are timed
in alternation, each figure is the median of several repeats, and the table shows the ratio.

1. MLP training step (zero_grad, forward, cross-entropy, backward, SGD step) in float64 and
   float32 at three sizes: tiny 2-16-16-2 (batch 64), medium 784-256-10 (batch 128),
   large 1024-1024-1024-10 (batch 512). Ratio = autograd_lib time / torch time.
2. The tiny step against ``scalar_engine.py`` (one Python object per number).
   Ratio = scalar time / autograd_lib time.
3. Per-op overhead on 16x16 float64 tensors that require grad (forward only, graph recorded).

Both libraries get the same number of threads (``--threads``, default 1): torch through
``torch.set_num_threads``, numpy's OpenBLAS through ``OPENBLAS_NUM_THREADS``, set before
numpy is imported.
"""

from __future__ import annotations

import argparse
import os
import sys


def _parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", type=int, default=1, help="threads for torch and numpy (default 1)")
    parser.add_argument("--repeats", type=int, default=9, help="repeats per figure; the median is shown")
    parser.add_argument("--quick", action="store_true", help="tiny sizes and 2 repeats (a smoke test)")
    return parser.parse_args()


ARGS = _parse() if __name__ == "__main__" else argparse.Namespace(threads=1, repeats=9, quick=False)
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = str(ARGS.threads)

import gc  # noqa: E402
import platform  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import torch  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import scalar_engine  # noqa: E402

import autograd_lib as al  # noqa: E402
from autograd_lib import nn, optim  # noqa: E402
from autograd_lib.nn import functional as F  # noqa: E402

SIZES = {
    "tiny": ([2, 16, 16, 2], 64),
    "medium": ([784, 256, 10], 128),
    "large": ([1024, 1024, 1024, 10], 512),
}
TARGETS = {"tiny": 5.0, "medium": None, "large": 1.5}  # max ratio autograd_lib / torch
SCALAR_TARGET = 100.0  # min speed-up over the scalar engine


def median_time(step: Callable[[], object], repeats: int, inner: int) -> float:
    """Median over ``repeats`` of the mean time of ``inner`` calls of ``step``, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(inner):
            step()
        times.append((time.perf_counter() - start) / inner)
    return statistics.median(times)


def side_by_side(steps: dict[str, Callable[[], object]], repeats: int, inner: int) -> dict[str, float]:
    """Time several steps in alternation (so load on the machine hits all alike); medians."""
    for step in steps.values():  # warm-up
        for _ in range(2):
            step()
    samples: dict[str, list[float]] = {name: [] for name in steps}
    for _ in range(repeats):
        for name, step in steps.items():
            samples[name].append(median_time(step, 1, inner))
    return {name: statistics.median(values) for name, values in samples.items()}


def make_steps(sizes: list[int], batch: int, dtype: str) -> tuple[Callable[[], object], Callable[[], object]]:
    """A training step for each library, with the same weights and data."""
    rng = np.random.default_rng(0)
    X = rng.standard_normal((batch, sizes[0])).astype(dtype)
    y = rng.integers(0, sizes[-1], batch)
    layers: list = []
    for fan_in, fan_out in zip(sizes[:-1], sizes[1:], strict=True):
        layers += [torch.nn.Linear(fan_in, fan_out), torch.nn.ReLU()]
    theirs = torch.nn.Sequential(*layers[:-1]).to(getattr(torch, dtype))
    ours = nn.Sequential(
        *[nn.Linear(m.in_features, m.out_features, dtype=dtype) if isinstance(m, torch.nn.Linear) else nn.ReLU()
          for m in theirs]
    )
    ours.load_state_dict(theirs.state_dict())
    opt, topt = optim.SGD(ours.parameters(), lr=0.01), torch.optim.SGD(theirs.parameters(), lr=0.01)
    x, target, tx, ttarget = al.tensor(X), al.tensor(y), torch.from_numpy(X), torch.from_numpy(y)

    def ours_step() -> object:
        opt.zero_grad()
        loss = F.cross_entropy(ours(x), target)
        loss.backward()
        opt.step()
        return loss

    def torch_step() -> object:
        topt.zero_grad()
        loss = torch.nn.functional.cross_entropy(theirs(tx), ttarget)
        loss.backward()
        topt.step()
        return loss

    return ours_step, torch_step


def bench_mlp(repeats: int, quick: bool) -> list[tuple[str, float, float]]:
    """Rows (case, autograd_lib seconds, torch seconds) for every size and dtype."""
    rows = []
    for name, (sizes, batch) in SIZES.items():
        if quick and name != "tiny":
            continue
        for dtype in ("float64", "float32"):
            ours_step, torch_step = make_steps(sizes, batch, dtype)
            inner = {"tiny": 50, "medium": 10, "large": 1}[name]
            t = side_by_side({"ours": ours_step, "torch": torch_step}, repeats, 5 if quick else inner)
            label = f"{name} {'-'.join(map(str, sizes))} b{batch} {dtype}"
            rows.append((label, t["ours"], t["torch"]))
            print(f"  measured {label}", file=sys.stderr)
    return rows


def bench_scalar(repeats: int) -> tuple[float, float]:
    """Seconds per tiny training step: autograd_lib, and the scalar engine. The scalar engine
    runs with the garbage collector paused during a step (and collected, untimed, between
    steps): its graphs are reference cycles, and with the collector on it is ~8x slower."""
    from autograd_lib.data import make_moons

    sizes, batch = SIZES["tiny"]
    X, y = make_moons(batch, noise=0.1)
    ours_step, _ = make_steps(sizes, batch, "float64")
    model = scalar_engine.MLP(sizes)
    xs, ys = X.tolist(), y.tolist()
    times = []
    for _ in range(max(repeats // 2, 2)):
        gc.collect()
        gc.disable()
        start = time.perf_counter()
        scalar_engine.train_step(model, xs, ys, lr=0.01)
        times.append(time.perf_counter() - start)
        gc.enable()
    gc.collect()
    return median_time(ours_step, repeats, 20), statistics.median(times)


def bench_ops(repeats: int) -> list[tuple[str, float, float]]:
    """Rows (op, autograd_lib seconds, torch seconds) for one op on 16x16 float64 inputs."""
    rng = np.random.default_rng(0)
    a_np, b_np = rng.standard_normal((16, 16)), rng.standard_normal((16, 16))
    a, b = al.tensor(a_np, requires_grad=True), al.tensor(b_np)
    ta, tb = torch.tensor(a_np, requires_grad=True), torch.tensor(b_np)
    cases = {
        "a + b": (lambda: a + b, lambda: ta + tb),
        "a * b": (lambda: a * b, lambda: ta * tb),
        "a @ b": (lambda: a @ b, lambda: ta @ tb),
        "a.sum()": (lambda: a.sum(), lambda: ta.sum()),
        "a.exp()": (lambda: a.exp(), lambda: ta.exp()),
        "a.relu()": (lambda: a.relu(), lambda: ta.relu()),
        "(a * b).sum().backward()": (lambda: (a * b).sum().backward(), lambda: (ta * tb).sum().backward()),
    }
    rows = []
    for name, (ours, theirs) in cases.items():
        t = side_by_side({"ours": ours, "torch": theirs}, repeats, 2000)
        rows.append((name, t["ours"], t["torch"]))
    return rows


def _fmt(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} us"


def machine() -> str:
    """``nproc`` and the CPU model."""
    model = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} CPUs ({model}), Python {platform.python_version()}, numpy {np.__version__}, " \
           f"torch {torch.__version__}"


def main() -> None:
    """Measure everything and print one Markdown table."""
    torch.set_num_threads(ARGS.threads)
    repeats = 2 if ARGS.quick else ARGS.repeats
    started = time.perf_counter()
    print(f"machine: {machine()}; threads: {ARGS.threads} (torch and numpy); medians of {repeats} repeats")
    print()
    print("| case | autograd_lib | torch | ratio (autograd_lib / torch) | target |")
    print("|---|---|---|---|---|")
    for label, ours, theirs in bench_mlp(repeats, ARGS.quick):
        target = TARGETS[label.split()[0]]
        ratio = ours / theirs
        verdict = "-" if target is None else (f"<= {target:g}x: " + ("met" if ratio <= target else "MISSED"))
        print(f"| train step {label} | {_fmt(ours)} | {_fmt(theirs)} | {ratio:.2f}x | {verdict} |")
    for name, ours, theirs in bench_ops(repeats):
        print(f"| op `{name}` 16x16 float64 | {_fmt(ours)} | {_fmt(theirs)} | {ours / theirs:.2f}x | - |")
    ours, scalar = bench_scalar(repeats)
    speedup = scalar / ours
    verdict = f">= {SCALAR_TARGET:g}x: " + ("met" if speedup >= SCALAR_TARGET else "MISSED")
    print()
    print("| case | autograd_lib | scalar engine | speed-up (scalar / autograd_lib) | target |")
    print("|---|---|---|---|---|")
    print(f"| train step tiny 2-16-16-2 b64 float64 | {_fmt(ours)} | {_fmt(scalar)} | {speedup:.0f}x | {verdict} |")
    print()
    print(f"total time of this benchmark: {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
