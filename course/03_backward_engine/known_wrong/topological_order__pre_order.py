# visible: fails
# Pre-order depth-first search: a node is listed when first seen, not after everything that reaches it.
def topological_order(root):
    order = []
    visited = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if node in visited:
            continue
        visited.add(node)
        order.append(node)
        for child, _ in node.next_functions:
            if child is not None and child not in visited:
                stack.append(child)
    return order
