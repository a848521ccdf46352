"""The benchmark runs with one command, and its scalar engine computes correct gradients."""

import math
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import scalar_engine  # noqa: E402


def test_scalar_engine_gradients_match_finite_differences():
    def f(a, b):
        return ((a * b + a).relu() * b).exp().log() + (a * -2.0)

    a, b = scalar_engine.Value(0.7), scalar_engine.Value(-1.3)
    out = f(a, b)
    out.backward()
    eps = 1e-6
    da = (f(scalar_engine.Value(0.7 + eps), b).data - f(scalar_engine.Value(0.7 - eps), b).data) / (2 * eps)
    db = (f(a, scalar_engine.Value(-1.3 + eps)).data - f(a, scalar_engine.Value(-1.3 - eps)).data) / (2 * eps)
    assert math.isclose(a.grad, da, abs_tol=1e-6) and math.isclose(b.grad, db, abs_tol=1e-6)


def test_scalar_engine_learns_moons():
    from autograd_lib.data import make_moons

    X, y = make_moons(32, noise=0.05)
    model = scalar_engine.MLP([2, 8, 2])
    losses = [scalar_engine.train_step(model, X.tolist(), y.tolist(), lr=0.5) for _ in range(15)]
    assert losses[-1] < losses[0]


@pytest.mark.slow
def test_benchmark_runs_with_one_command_and_prints_the_table():
    result = subprocess.run(
        [sys.executable, str(BENCHMARKS / "mlp_benchmark.py"), "--quick"],
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "| train step tiny 2-16-16-2 b64 float64 |" in result.stdout
    assert "scalar engine" in result.stdout and "threads: 1" in result.stdout
