"""``autograd_lib.testing``: assert_close messages and compare_with_torch."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import autograd_lib as ag
from autograd_lib.testing import assert_close, compare_with_torch


def test_assert_close_passes_on_equal_values_of_any_kind() -> None:
    assert_close(ag.tensor([1.0, 2.0]), torch.tensor([1.0, 2.0], dtype=torch.float64))
    assert_close(np.array([1.0]), [1.0])
    assert_close(None, None)


def test_assert_close_message_gives_worst_index_values_tolerance_and_count() -> None:
    expected = np.zeros((4, 3))
    actual = expected.copy()
    actual[2, 1], actual[0, 0], actual[3, 2] = 0.31, 0.01, 0.02
    message = (r"grad of `weight` differs from torch at index \(2, 1\): 0.31 vs 0 "
               r"\(atol=1e-07, rtol=1e-07\); 3 of 12 elements differ")
    with pytest.raises(AssertionError, match=message):
        assert_close(actual, expected, name="grad of `weight`", reference="torch")


def test_assert_close_states_a_shape_mismatch() -> None:
    with pytest.raises(AssertionError, match=r"`x` has shape \(3, 2\) but expected has shape "
                       r"\(2, 3\)"):
        assert_close(np.zeros((3, 2)), np.zeros((2, 3)), name="`x`")


def test_assert_close_reports_a_missing_gradient() -> None:
    with pytest.raises(AssertionError, match="grad of `b` is None but the torch value is not"):
        assert_close(None, torch.zeros(2), name="grad of `b`", reference="torch")


def test_assert_close_treats_nan_as_different_unless_equal_nan() -> None:
    with pytest.raises(AssertionError, match="1 of 2 elements differ"):
        assert_close([np.nan, 1.0], [np.nan, 1.0])
    assert_close([np.nan, 1.0], [np.nan, 1.0], equal_nan=True)


def test_compare_with_torch_names_the_input_whose_gradient_differs() -> None:
    class Wrong(ag.Function):
        @staticmethod
        def forward(ctx, a, b):
            ctx.save_for_backward(a, b)
            return a.data * b.data

        @staticmethod
        def backward(ctx, g):
            a, b = ctx.saved_tensors
            return g * b, g * b

    with pytest.raises(AssertionError, match="grad of `b` differs from torch at index"):
        compare_with_torch(Wrong.apply, lambda a, b: a * b, np.ones(3) * 2, np.ones(3),
                           names=["a", "b"])


def test_compare_with_torch_checks_values_too() -> None:
    with pytest.raises(AssertionError, match="output 0 differs from torch"):
        compare_with_torch(lambda a: a * 2, lambda a: a * 3, np.ones(2))


def test_compare_with_torch_accepts_integer_arrays_as_constants() -> None:
    compare_with_torch(lambda x, i: x[i], lambda x, i: x[i], np.arange(5.0), np.array([0, 0, 3]))
