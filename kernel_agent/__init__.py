"""The grading agent that runs inside the student's kernel, and nothing else.

This package is all the grader puts into the student's process. It answers the trusted judge
(``grader/judge``), which runs in the grading process and never runs student code: the judge
sends a batch of operations (look up a name, call it with these inputs, read an attribute), the
agent performs them on the student's objects, and it sends back plain data (numbers, strings,
arrays, tensors described as arrays, references, errors). Every verdict is computed by the judge.

Nothing here is trusted by the judge. Student code shares this process and may change anything in
it; the most it can do is send back wrong data, which lowers a score, never raises one.

- ``wire``: the closed set of values that cross the boundary, and how they are encoded.
- ``agent``: the operations, the table of references, and the Jupyter comm they arrive on.

The grader starts every grading kernel with ``import kernel_agent.agent``, which registers the
comm target ``kernel_agent`` before any student cell runs. The sandbox binds this folder
read-only into the kernel, as it is.
"""
