# source: written for this set, a student who writes a long-hand depth-first search with colours
WHITE, GREY, BLACK = 0, 1, 2


def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first)."""
    colour = {}
    out = []
    stack = [root]
    while len(stack) != 0:
        node = stack[-1]
        c = colour.get(node, WHITE)
        if c == WHITE:
            colour[node] = GREY
            for nxt, _ in node.next_functions:
                if nxt is not None and colour.get(nxt, WHITE) == WHITE:
                    stack.append(nxt)
        else:
            stack.pop()
            if c == GREY:
                colour[node] = BLACK
                out.insert(0, node)
    return out
