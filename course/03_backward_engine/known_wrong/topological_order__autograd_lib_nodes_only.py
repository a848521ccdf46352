# visible: fails
# mistake: skips what is not an autograd_lib Node
# why: None is skipped by asking "is it a Node?", so every node of a PyTorch graph is skipped too, and a torch graph gives only its root.
# see: The graph, as the engine sees it
# hint: the function should work on anything with next_functions; which one value must it skip?
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
                if isinstance(child, Node) and child not in visited:
                    stack.append((child, False))
    return order[::-1]
