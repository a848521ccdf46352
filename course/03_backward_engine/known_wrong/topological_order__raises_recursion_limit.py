# visible: fails
# mistake: recursion made to fit by raising the recursion limit
# why: it still calls itself once per node, and lifts Python's recursion limit to 20,000 for good: the chain of 10,000 passes, a deeper graph raises RecursionError, and every later caller inherits the changed limit.
# see: Finding one: post-order depth-first search
# hint: The statement says "no recursion: use a list as a stack". What does your function do to Python's recursion limit, and what happens on a graph deeper than the new limit?
import sys


def topological_order(root):
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
    visited = set()
    finished = []

    def visit(node):
        if node in visited:
            return
        visited.add(node)
        for child, _ in node.next_functions:
            if child is not None:
                visit(child)
        finished.append(node)

    visit(root)
    return finished[::-1]
