# visible: fails
# mistake: recursion
# why: the search calls itself once per node on the path, and a chain of 10,000 nodes goes past Python's limit of about 1000 nested calls.
# see: Finding one: post-order depth-first search
# hint: what can a list used as a stack remember that the call stack remembered for you?
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
