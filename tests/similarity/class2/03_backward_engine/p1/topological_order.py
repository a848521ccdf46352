# copy of i03: every name changed, the continue branches turned into if/elif/else, the stack's reversed() written as a slice, docstring dropped, a comment added
def topological_order(root: Node) -> list[Node]:
    finished = set()
    opened = set()
    pile = [root]
    result = []
    # a node is finished the second time it is on top
    while pile:
        current = pile[-1]
        if current in finished:
            pile.pop()
        elif current in opened:
            pile.pop()
            finished.add(current)
            result.append(current)
        else:
            opened.add(current)
            for nxt, _k in list(current.next_functions)[::-1]:
                if not (nxt is None or nxt in opened):
                    pile.append(nxt)
    return result[::-1]
