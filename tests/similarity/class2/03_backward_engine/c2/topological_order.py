# copy of i02: every name changed, the two None tests inverted into guarded blocks, the in-degree increment written out, comments and a docstring added, a dead line
def topological_order(root: Node) -> list[Node]:
    """Root first, then every node after all the nodes that send it gradients."""
    # count how many edges arrive at each node
    incoming = {root: 0}
    to_visit = [root]
    unused = len(to_visit)
    while to_visit:
        cur = to_visit.pop()
        for child, _ in cur.next_functions:
            if child is not None:
                if child not in incoming:
                    incoming[child] = 0
                    to_visit.append(child)
                incoming[child] = incoming[child] + 1
    # release nodes whose count drops to zero
    result = []
    free_nodes = [root]
    while free_nodes:
        cur = free_nodes.pop()
        result.append(cur)
        for child, _ in cur.next_functions:
            if child is None:
                continue
            incoming[child] = incoming[child] - 1
            if incoming[child] == 0:
                free_nodes.append(child)
    return result
