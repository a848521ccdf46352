# visible: fails
# Post-order without the final reversal: the leaves come first and the root last.
def topological_order(root):
    order = []
    visited = set()
    stack = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            order.append(node)
        elif node not in visited:
            visited.add(node)
            stack.append((node, True))
            for child, _ in node.next_functions:
                if child is not None and child not in visited:
                    stack.append((child, False))
    return order
