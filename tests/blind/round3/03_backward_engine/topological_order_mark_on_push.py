# Wrong: nodes are marked visited when pushed, not when first popped, so a node reached by a later path can finish before a parent that reaches it.
def topological_order(root):
    visited = {root}
    finished = []
    stack = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            finished.append(node)
            continue
        stack.append((node, True))
        for child, _ in node.next_functions:
            if child is not None and child not in visited:
                visited.add(child)
                stack.append((child, False))
    finished.reverse()
    return finished
