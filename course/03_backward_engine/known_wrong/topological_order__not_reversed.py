# visible: fails
# mistake: post-order not reversed
# why: the finished list has every node after the nodes it sends to: the leaves come first and the root last.
# see: Finding one: post-order depth-first search
# hint: the finished list is the right order read backwards; what turns it around?
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
