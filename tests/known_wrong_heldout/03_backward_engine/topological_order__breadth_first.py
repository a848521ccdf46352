# heldout: breadth-first instead of depth-first
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first).

    Iterative post-order depth-first search (no recursion, so a chain of 10,000 ops works):
    a node is appended after all of its ``next_functions``; the reversed list is the answer.
    """
    result = [root]
    met = {root}
    head = 0
    while head < len(result):
        current = result[head]
        head += 1
        for nxt, _slot in current.next_functions:
            if nxt is None or nxt in met:
                continue
            met.add(nxt)
            result.append(nxt)
    return result
