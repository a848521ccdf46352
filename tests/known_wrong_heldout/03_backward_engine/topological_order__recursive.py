# heldout: recursion
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first).

    Iterative post-order depth-first search (no recursion, so a chain of 10,000 ops works):
    a node is appended after all of its ``next_functions``; the reversed list is the answer.
    """
    finished: list[Node] = []
    seen: set[Node] = set()

    def walk(n):
        seen.add(n)
        for child, _ in n.next_functions:
            if child is not None and child not in seen:
                walk(child)
        finished.append(n)

    walk(root)
    return finished[::-1]
