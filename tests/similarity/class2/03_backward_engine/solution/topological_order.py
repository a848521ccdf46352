# source: course/03_backward_engine/03_backward_engine.md, cell topological_order
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first).

    Iterative post-order depth-first search (no recursion, so a chain of 10,000 ops works):
    a node is appended after all of its ``next_functions``; the reversed list is the answer.
    """
    order: list[Node] = []
    visited: set[Node] = set()
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            order.append(node)
        elif node not in visited:
            visited.add(node)
            stack.append((node, True))  # revisit after the children
            for child, _ in node.next_functions:
                if child is not None and child not in visited:
                    stack.append((child, False))
    return order[::-1]
