# copy of i01: every name changed, comments dropped, the pushed flag replaced by for/else, the docstring cut to one line, the two set-ups reordered
def topological_order(root: Node) -> list[Node]:
    """Reachable nodes, root first, each before what it depends on."""
    pending = [(root, iter(root.next_functions))]
    marked = {root}
    post = []
    while pending:
        vertex, edges = pending[-1]
        for nxt, _ in edges:
            if nxt is not None and nxt not in marked:
                marked.add(nxt)
                pending.append((nxt, iter(nxt.next_functions)))
                break
        else:
            pending.pop()
            post.append(vertex)
    post.reverse()
    return post
