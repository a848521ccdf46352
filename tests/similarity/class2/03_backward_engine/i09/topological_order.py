# source: written for this set, Kahn's algorithm with a Counter
from collections import Counter


def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first)."""
    waiting_on = Counter()
    seen, todo = {root}, [root]
    while todo:
        for nxt, _ in todo.pop().next_functions:
            if nxt is None:
                continue
            waiting_on[nxt] += 1
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    order, free = [], [root]
    while free:
        node = free.pop()
        order.append(node)
        for nxt, _ in node.next_functions:
            if nxt is None:
                continue
            waiting_on[nxt] -= 1
            if waiting_on[nxt] == 0:
                free.append(nxt)
    assert len(order) == len(seen)
    return order
