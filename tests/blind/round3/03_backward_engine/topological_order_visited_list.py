# Wrong: visited nodes are kept in a list, so each membership test scans it and a long chain takes quadratic time.
def topological_order(root):
    visited = []
    finished = []
    stack = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            finished.append(node)
            continue
        if node in visited:
            continue
        visited.append(node)
        stack.append((node, True))
        for child, _ in node.next_functions:
            if child is not None and child not in visited:
                stack.append((child, False))
    return finished[::-1]
