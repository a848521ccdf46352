# source: assignments/03_backward_engine/03_backward_engine.ipynb, cell backward
def _send(buffers: dict[Node, list], node: Node, grad_inputs: Sequence[Tensor | None]) -> None:
    """Add each gradient into the buffer of the node it goes to (reused nodes accumulate)."""
    # YOUR CODE HERE
    raise NotImplementedError()


def backward(
    tensors: Tensors,
    grad_tensors: Any = None,
    retain_graph: bool | None = None,
    create_graph: bool = False,
) -> None:
    """Accumulate d(tensors)/d(leaf) into the ``.grad`` of every leaf that requires grad.

    ``grad_tensors``: d(loss)/d(tensor) for each tensor (same shape; may be omitted for scalars).
    Saved tensors are freed unless ``retain_graph`` (default: ``create_graph``). With
    ``create_graph`` the backward pass is itself recorded, for higher-order gradients.
    """
    # YOUR CODE HERE
    raise NotImplementedError()
