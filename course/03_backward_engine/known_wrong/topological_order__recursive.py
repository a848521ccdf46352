# visible: passes
# A recursive depth-first search: right on small graphs, but a chain of 10,000 nodes exceeds Python's recursion limit.
def topological_order(root):
    finished = []
    visited = set()

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
