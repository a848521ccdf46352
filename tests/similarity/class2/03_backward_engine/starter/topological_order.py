# source: assignments/03_backward_engine/03_backward_engine.ipynb, cell topological_order
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first).

    Iterative post-order depth-first search (no recursion, so a chain of 10,000 ops works):
    a node is appended after all of its ``next_functions``; the reversed list is the answer.
    """
    # YOUR CODE HERE
    raise NotImplementedError()
