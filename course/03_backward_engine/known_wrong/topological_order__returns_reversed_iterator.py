# visible: fails
# mistake: returns reversed(...) instead of a list
# why: reversed() gives an iterator over the finished nodes, not a list: it cannot be indexed, and it is used up after one pass.
# see: Exercise 1 · `topological_order` (2 points)
# hint: what type did the exercise ask for, and what does reversed() return?
def topological_order(root):
    finished = []
    visited = set()
    stack = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            finished.append(node)
        elif node not in visited:
            visited.add(node)
            stack.append((node, True))
            for child, _ in node.next_functions:
                if child is not None and child not in visited:
                    stack.append((child, False))
    return reversed(finished)
