# visible: fails
# mistake: no visited set
# why: a node is pushed again each time another path reaches it, so a reused node is listed twice.
# see: Finding one: post-order depth-first search
# hint: how does the search know that it has already been at a node?
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
