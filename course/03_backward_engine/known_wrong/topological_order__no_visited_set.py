# visible: fails
# Lists a node once per path that reaches it (no visited set on the way down), so a reused node appears twice.
def topological_order(root):
    order = []
    stack = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if children_done:
            order.append(node)
        else:
            stack.append((node, True))
            for child, _ in node.next_functions:
                if child is not None:
                    stack.append((child, False))
    return order[::-1]
