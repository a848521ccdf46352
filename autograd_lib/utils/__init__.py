"""Mirror of ``torch.utils``: ``checkpoint`` (activation checkpointing)."""

from autograd_lib.utils import checkpoint

__all__ = ["checkpoint"]
