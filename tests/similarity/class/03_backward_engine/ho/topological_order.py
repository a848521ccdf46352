# source: tests/known_wrong_heldout/03_backward_engine/topological_order__autograd_lib_nodes_only.py
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first).

    Iterative post-order depth-first search (no recursion, so a chain of 10,000 ops works):
    a node is appended after all of its ``next_functions``; the reversed list is the answer.
    """
    seen = {root}
    done = []
    todo = [(root, False)]
    while todo:
        current, expanded = todo.pop()
        if expanded:
            done.append(current)
            continue
        todo.append((current, True))
        for nxt, _slot in current.next_functions:
            if isinstance(nxt, Node) and nxt not in seen:
                seen.add(nxt)
                todo.append((nxt, False))
    done.reverse()
    return done
