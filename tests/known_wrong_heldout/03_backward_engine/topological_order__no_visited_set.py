# heldout: no visited set
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first).

    Iterative post-order depth-first search (no recursion, so a chain of 10,000 ops works):
    a node is appended after all of its ``next_functions``; the reversed list is the answer.
    """
    out = []
    work = [(root, False)]
    while work:
        current, children_finished = work.pop()
        if children_finished:
            out.append(current)
            continue
        work.append((current, True))
        for nxt, _ in current.next_functions:
            if nxt is not None:
                work.append((nxt, False))
    return out[::-1]
