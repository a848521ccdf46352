# copy of n1: rename, recomment, reorder
def topological_order(root: Node) -> list[Node]:
    """Nodes reachable from ``root``, each before the nodes it depends on (``root`` first).

    Iterative post-order depth-first search (no recursion, so a chain of 10,000 ops works):
    a node is appended after all of its ``next_functions``; the reversed list is the answer.
    """
    visited = set()
    result = []
    visited.add(root)
    stack = [[root, 0]]  # node, next child
    while len(stack) > 0:
        entry = stack[-1]
        n = entry[0]
        j = entry[1]
        if j < len(n.next_functions):
            entry[1] = j + 1
            c = n.next_functions[j][0]
            if c is not None and c not in visited:
                visited.add(c)
                stack.append([c, 0])
        else:
            stack.pop()
            result.append(n)
    result.reverse()
    return result
