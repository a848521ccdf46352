# source: tests/unusual_correct/03_backward_engine/topological_order__kahn.py
def topological_order(root):
    incoming = {root: 0}
    stack = [root]
    while stack:
        node = stack.pop()
        for child, _ in node.next_functions:
            if child is None:
                continue
            if child not in incoming:
                incoming[child] = 0
                stack.append(child)
            incoming[child] += 1
    order, ready = [], [root]
    while ready:
        node = ready.pop()
        order.append(node)
        for child, _ in node.next_functions:
            if child is None:
                continue
            incoming[child] -= 1
            if incoming[child] == 0:
                ready.append(child)
    return order
