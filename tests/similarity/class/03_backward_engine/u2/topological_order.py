# source: tests/unusual_correct/03_backward_engine/topological_order__stack_of_iterators.py
from collections import deque


def topological_order(root):
    finished = deque()
    visited = {root}
    stack = [(root, iter(root.next_functions))]
    while stack:
        node, children = stack[-1]
        for child, _ in children:
            if child is not None and child not in visited:
                visited.add(child)
                stack.append((child, iter(child.next_functions)))
                break
        else:
            stack.pop()
            finished.appendleft(node)
    return list(finished)
