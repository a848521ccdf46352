# copy of i03: every name changed, the two continue branches turned into if/elif/else, the reversed() loop turned into an extend over a comprehension, the docstring dropped
def topological_order(root: Node) -> list[Node]:
    closed = set()
    opened = set()
    todo = [root]
    finished = []
    while todo:
        head = todo[-1]
        if head in closed:
            todo.pop()
        elif head in opened:
            todo.pop()
            closed.add(head)
            finished.append(head)
        else:
            opened.add(head)
            todo.extend([fn for fn, _ in reversed(head.next_functions) if fn is not None and fn not in opened])
    finished.reverse()
    return finished
