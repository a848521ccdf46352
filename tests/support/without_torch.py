"""Chapter 9's notebook as its kernel without torch can run it (``kernel_library.WITHOUT``).

Until the chapter's own cells stop using torch, its tests grade a copy of the notebook from which
the torch of its given cells is gone: each ``import`` of torch is dropped, then every given cell
(not an answer, not a test cell) that still uses a name those imports bound. A test cell keeps its
visible part (nbgrader restores it from the gradebook anyway): an error there is shown, never
counted. Once the chapter compares with recorded values, the copy is the notebook itself.
"""

from __future__ import annotations

import ast

import nbformat

from grader.course.model import SOLUTION_BLOCK, cell_kind

WITHOUT = ("torch", "functorch")


def _torch_imports(tree: ast.Module) -> tuple[list[ast.stmt], set[str]]:
    """The top-level ``import`` statements of torch in a cell, and the names they bind."""
    found, names = [], set()
    for node in tree.body:
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] in WITHOUT for a in node.names):
            found.append(node)
            names |= {a.asname or a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in WITHOUT:
            found.append(node)
            names |= {a.asname or a.name for a in node.names}
    return found, names


def without_torch_cells(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy of ``nb`` whose given cells neither import nor use torch (see the module doc)."""
    nb = nbformat.from_dict(nb)
    bound: set[str] = set(WITHOUT)
    kept = []
    for cell in nb.cells:
        if cell.cell_type != "code" or cell_kind(cell) in ("answer", "test"):
            kept.append(cell)
            continue
        try:
            tree = ast.parse(SOLUTION_BLOCK.sub("", cell.source))
        except SyntaxError:
            kept.append(cell)
            continue
        imports, names = _torch_imports(tree)
        bound |= names
        lines = cell.source.splitlines()
        for node in sorted(imports, key=lambda n: -n.lineno):
            del lines[node.lineno - 1:node.end_lineno]
        source = "\n".join(lines)
        used = {n.id for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Name)}
        if used & bound:
            continue  # a demonstration on torch: not part of the kernel's notebook
        cell.source = source
        kept.append(cell)
    nb.cells = kept
    return nb


def torch_cross_entropy(loss: str, load: str = "import torch as _t") -> str:
    """An answer to chapter 9's ``CrossEntropy`` whose forward hands the loss and its gradient to
    torch: ``load`` binds torch to ``_t`` when forward runs (so the class is defined either way,
    and what the kernel says about torch reaches the judge's message), ``loss`` is an expression
    of ``_t``, the float64 logits ``x`` and the classes ``k``; backward returns torch's gradient.
    With torch in the kernel, every such answer earns the exercise's points."""
    body = "\n".join(f"        {line}" for line in load.strip().splitlines())
    return f'''class CrossEntropy(Function):
    @staticmethod
    def forward(ctx, logits, target):
{body}
        k = _t.as_tensor(np.asarray(target.data if isinstance(target, Tensor) else target)).long()
        x = _t.tensor(logits.data, dtype=_t.float64, requires_grad=True)
        with _t.enable_grad():
            loss = {loss}
            (g,) = _t.autograd.grad(loss, x)
        ctx.grad = g.numpy()
        return Tensor(np.asarray(loss.item()))

    @staticmethod
    def backward(ctx, grad_output):
        return Tensor(ctx.grad) * grad_output, None
'''
