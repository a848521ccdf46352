"""Rewrite a syntax tree into one canonical form of what a copier writes in several ways.

``canonical(tree)`` changes the tree in place, block by block from the innermost, before
``normalise`` emits its tokens:

- a guard clause reads as the block it guards: ``if c: continue`` followed by the rest of a
  loop's body reads as ``if not c:`` around that rest; ``if c: return ...`` (or ``raise``)
  followed by more statements reads as ``if c: return ... else:`` around them;
- an ``if``/``else`` whose two branches assign one target, or both return, reads as one
  conditional expression (``x = a if c else b``, ``return a if c else b``); an ``if`` without
  ``else`` that only assigns a name reads as ``x = a if c else x``;
- a condition and its negation read alike: an ``if``/``else`` or a conditional expression whose
  condition is negative (``not x``, ``!=``, ``is not``, ``not in``, or ``and``/``or`` of negative
  ones) is turned round (the negation pushed inside, the branches swapped), and ``not`` is
  pushed inside every condition that has no ``else`` to swap with;
- nested ``if``s without ``else`` read as one ``if`` of ``and``; ``len(x) > 0`` in a condition
  reads as ``x`` and ``len(x) == 0`` as ``not x``;
- a function's final bare ``return`` is dropped, and a final ``if c: return`` with an ``else``
  reads as ``if not c:`` around the ``else``;
- a loop that only appends to a list reads as ``xs.extend([... for ...])``;
- a ``while`` over ``np.nditer(x, flags=["multi_index"])`` reads as ``for i in np.ndindex(x.shape)``;
- ``for i, x in enumerate(xs)`` whose body never reads ``i`` reads as ``for x in xs``;
- a statement that reads ``d[k]`` once, then ``del d[k]``, reads as the statement with ``d.pop(k)``;
- names assigned just before a ``raise`` and read only by it (the parts of its message) read as
  inlined into it;
- ``x.reverse()`` then ``return x``, ``list(reversed(x))``, ``reversed(x)`` and ``list(x)[::-1]``
  read as ``x[::-1]``.

Each rewrite keeps what the code does for ordinary values; none is applied where it could not
(a guard outside a loop, a branch with more than one statement).
"""

from __future__ import annotations

import ast
import copy

NEGATED = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.In: ast.NotIn,
           ast.NotIn: ast.In, ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE, ast.LtE: ast.Gt}
NEGATIVE_OPS = (ast.NotEq, ast.IsNot, ast.NotIn)
LOOPS = (ast.For, ast.AsyncFor, ast.While)
EXITS = (ast.Return, ast.Raise)
#: Deeper trees are left as they are (the emitter falls back to plain tokens for them anyway).
MAX_DEPTH = 200


def canonical(tree: ast.AST) -> ast.AST:
    """``tree`` in canonical form (changed in place and returned)."""
    _Canonical().visit(tree)
    return tree


class _Canonical(ast.NodeTransformer):
    def __init__(self):
        self.depth = 0
        self.tails: list[ast.If] = []  # ifs that end a loop's body: ``continue`` ends their blocks too

    def visit(self, node):
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                return node
            return super().visit(node)
        finally:
            self.depth -= 1

    def visit_FunctionDef(self, node):
        return self._blocks(node)

    visit_AsyncFunctionDef = visit_FunctionDef
    visit_ClassDef = visit_FunctionDef
    visit_Module = visit_FunctionDef

    def visit_For(self, node):
        node.target, node.iter = self.visit(node.target), self.visit(node.iter)
        node.body = self._block(node.body, loop_body=True)
        node.orelse = self._block(node.orelse)
        return _extend(_unused_index(node))

    visit_AsyncFor = visit_For

    def visit_While(self, node):
        node.test = _positive_inside(_truthy(self.visit(node.test)))
        node.body = self._block(node.body, loop_body=True)
        node.orelse = self._block(node.orelse)
        return node

    def visit_If(self, node):
        tail = node in self.tails
        node.test = _truthy(self.visit(node.test))
        node.body, node.orelse = self._block(node.body, tail), self._block(node.orelse, tail)
        return _if(node)

    def visit_IfExp(self, node):
        self.generic_visit(node)
        node.test = _truthy(node.test)
        if _negative(node.test):
            node.test, node.body, node.orelse = _negate(node.test), node.orelse, node.body
        else:
            node.test = _positive_inside(node.test)
        return node

    def visit_Subscript(self, node):
        self.generic_visit(node)
        inner = node.value
        if _is_backwards(node) and isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) \
                and inner.func.id == "list" and len(inner.args) == 1 and not inner.keywords:
            node.value = inner.args[0]
        return node

    def visit_Call(self, node):
        self.generic_visit(node)
        reversed_of = _reversed_of(node)
        if reversed_of is not None:
            return ast.copy_location(_backwards(reversed_of), node)
        return node

    def _blocks(self, node):
        function = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        if function:
            _drop_dead_stores(node)
        for field in ("decorator_list", "bases", "keywords", "args", "returns"):
            value = getattr(node, field, None)
            if isinstance(value, list):
                setattr(node, field, [self.visit(v) for v in value])
            elif isinstance(value, ast.AST):
                setattr(node, field, self.visit(value))
        node.body = self._block(node.body)
        if function:
            node.body = _function_tail(node.body)
        return node

    def generic_visit(self, node):
        """Any other node; its blocks (``with``, ``try``, ``match``) as blocks."""
        for field, value in ast.iter_fields(node):
            if isinstance(value, list) and value and all(isinstance(v, ast.stmt) for v in value):
                setattr(node, field, self._block(value))
            elif isinstance(value, list):
                setattr(node, field, [self.visit(v) if isinstance(v, ast.AST) else v for v in value])
            elif isinstance(value, ast.AST):
                setattr(node, field, self.visit(value))
        return node

    def _block(self, statements: list[ast.stmt], loop_body: bool = False) -> list[ast.stmt]:
        """A block in canonical form; ``loop_body``: it ends a loop's body (the body, or a branch of
        an ``if`` that ends it), where ``continue`` ends the block (elsewhere it also skips what
        follows the block)."""
        out: list[ast.stmt] = []
        if loop_body and statements and isinstance(statements[-1], ast.If):
            self.tails.append(statements[-1])
        for stmt in statements:
            new = self.visit(stmt)
            if isinstance(new, list):
                out.extend(new)
            elif new is not None:
                out.append(new)
        return _reverse_then_return(_guards(_raise_temporaries(_popped(_index_loops(out))), in_loop=loop_body))


def _drop_dead_stores(function: ast.FunctionDef) -> None:
    """Drop ``name = constant`` where the function never reads ``name`` (a dead line)."""
    read = {n.id for n in ast.walk(function) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    declared = {name for n in ast.walk(function) if isinstance(n, ast.Global | ast.Nonlocal) for name in n.names}

    def dead(stmt: ast.stmt) -> bool:
        return isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) \
            and stmt.targets[0].id not in read | declared and isinstance(stmt.value, ast.Constant)

    for node in ast.walk(function):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and any(isinstance(s, ast.stmt) and dead(s) for s in block):
                kept = [s for s in block if not dead(s)]
                setattr(node, field, kept or [ast.Pass()])


def _function_tail(body: list[ast.stmt]) -> list[ast.stmt]:
    """A function's last statements without a bare ``return`` that changes nothing: a final
    ``return`` is dropped, and a final ``if c: return`` / ``else: ...`` reads as ``if not c: ...``."""
    def bare(stmt: ast.stmt) -> bool:
        return isinstance(stmt, ast.Return) and (stmt.value is None or isinstance(stmt.value, ast.Constant)
                                                 and stmt.value.value is None)

    if len(body) > 1 and bare(body[-1]):
        body = body[:-1]
    last = body[-1] if body else None
    if isinstance(last, ast.If) and last.orelse and len(last.body) == 1 and bare(last.body[0]):
        turned = _if(_copy_span(ast.If(_negate(last.test), last.orelse, []), last))
        body = body[:-1] + _as_list(turned)
    return body


# -- guards ----------------------------------------------------------------------------------------

def _guards(block: list[ast.stmt], in_loop: bool) -> list[ast.stmt]:
    """The first guard of the block with statements after it wraps them (the rest is done again
    inside, so every later guard is read the same way)."""
    for i, stmt in enumerate(block[:-1]):
        if not isinstance(stmt, ast.If) or stmt.orelse:
            continue
        rest = block[i + 1:]
        if in_loop and len(stmt.body) == 1 and isinstance(stmt.body[0], ast.Continue):
            test = _negate(stmt.test)
            body = _guards(rest, in_loop)
            wrapped = _if(_located(ast.If(test, body, []), stmt, rest))
            return block[:i] + _as_list(wrapped)
        if _exits(stmt.body):
            orelse = _guards(rest, in_loop)
            wrapped = _if(_located(ast.If(stmt.test, stmt.body, orelse), stmt, rest))
            return block[:i] + _as_list(wrapped)
    return block


def _exits(block: list[ast.stmt]) -> bool:
    """Whether a block always ends in ``return`` or ``raise``."""
    if not block:
        return False
    last = block[-1]
    return isinstance(last, EXITS) or isinstance(last, ast.If) and _exits(last.body) and _exits(last.orelse)


def _located(node: ast.If, first: ast.stmt, rest: list[ast.stmt]) -> ast.If:
    ast.copy_location(node, first)
    node.end_lineno = getattr(rest[-1], "end_lineno", None) or node.lineno
    return node


def _as_list(node) -> list[ast.stmt]:
    return node if isinstance(node, list) else [node]


# -- if statements ---------------------------------------------------------------------------------

def _if(node: ast.If):
    """An ``if`` in canonical form: positive when it has an ``else``, a conditional expression when
    its branches only assign one target or only return."""
    if node.orelse and _negative(node.test):
        node.test, node.body, node.orelse = _negate(node.test), node.orelse, node.body
    else:
        node.test = _positive_inside(node.test)
    inner = node.body[0] if len(node.body) == 1 else None
    if not node.orelse and isinstance(inner, ast.If) and not inner.orelse:
        node.test, node.body = _and(node.test, inner.test), inner.body
    merged = _as_expression(node)
    return merged if merged is not None else node


def _as_expression(node: ast.If) -> ast.stmt | None:
    body, orelse = node.body, node.orelse
    if len(body) != 1:
        return None
    yes = body[0]
    if not orelse and isinstance(yes, ast.Assign) and len(yes.targets) == 1 and isinstance(yes.targets[0], ast.Name):
        target = yes.targets[0]
        value = ast.IfExp(node.test, yes.value, ast.Name(target.id, ast.Load()))
        return _copy_span(ast.Assign([target], value), node)
    if len(orelse) != 1:
        return None
    no = orelse[0]
    if isinstance(yes, ast.Return) and isinstance(no, ast.Return) and yes.value is not None \
            and no.value is not None:
        return _copy_span(ast.Return(ast.IfExp(node.test, yes.value, no.value)), node)
    if isinstance(yes, ast.Assign | ast.AugAssign) and isinstance(no, ast.Assign | ast.AugAssign):
        left, right = _assigned(yes), _assigned(no)
        if left is not None and right is not None and ast.dump(left[0]) == ast.dump(right[0]):
            return _copy_span(ast.Assign([left[0]], ast.IfExp(node.test, left[1], right[1])), node)
    return None


def _assigned(stmt: ast.stmt) -> tuple[ast.expr, ast.expr] | None:
    """(target, value) of ``t = v``, or of ``t += v`` read as ``t = t + v``."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        return stmt.targets[0], stmt.value
    if isinstance(stmt, ast.AugAssign):
        load = copy.deepcopy(stmt.target)
        for sub in ast.walk(load):
            if hasattr(sub, "ctx"):
                sub.ctx = ast.Load()
        return stmt.target, ast.BinOp(load, stmt.op, stmt.value)
    return None


def _copy_span(new: ast.stmt, old: ast.stmt) -> ast.stmt:
    ast.copy_location(new, old)
    ast.fix_missing_locations(new)
    new.end_lineno = getattr(old, "end_lineno", None) or new.lineno
    return new


def _and(left: ast.expr, right: ast.expr) -> ast.BoolOp:
    values = []
    for side in (left, right):
        values.extend(side.values if isinstance(side, ast.BoolOp) and isinstance(side.op, ast.And) else [side])
    return ast.copy_location(ast.BoolOp(ast.And(), values), left)


def _truthy(test: ast.expr) -> ast.expr:
    """A condition with ``len(x) > 0`` (``!= 0``, ``>= 1``, a bare ``len(x)``) read as ``x`` and
    ``len(x) == 0`` (``< 1``) as ``not x``, inside ``and``/``or``/``not`` too."""
    def sized(node):
        return node.args[0] if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
            and node.func.id == "len" and len(node.args) == 1 and not node.keywords else None

    if isinstance(test, ast.BoolOp):
        test.values = [_truthy(v) for v in test.values]
        return test
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test.operand = _truthy(test.operand)
        return test
    if sized(test) is not None:
        return sized(test)
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and sized(test.left) is not None \
            and isinstance(test.comparators[0], ast.Constant) and type(test.comparators[0].value) is int:
        op, n = type(test.ops[0]), test.comparators[0].value
        if (op, n) in ((ast.Gt, 0), (ast.NotEq, 0), (ast.GtE, 1)):
            return sized(test.left)
        if (op, n) in ((ast.Eq, 0), (ast.Lt, 1)):
            return ast.copy_location(ast.UnaryOp(ast.Not(), sized(test.left)), test)
    return test


# -- negation --------------------------------------------------------------------------------------

def _negative(test: ast.expr) -> bool:
    """Whether a condition is written negatively (its negation is the canonical one to test)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return True
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        return isinstance(test.ops[0], NEGATIVE_OPS)
    if isinstance(test, ast.BoolOp):
        return all(_negative(v) for v in test.values)
    return False


def _negate(test: ast.expr) -> ast.expr:
    """``not test``, with the ``not`` pushed inside (De Morgan; comparisons turned round)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _positive_inside(test.operand)
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in NEGATED:
        return ast.copy_location(ast.Compare(test.left, [NEGATED[type(test.ops[0])]()], test.comparators), test)
    if isinstance(test, ast.BoolOp):
        op = ast.Or() if isinstance(test.op, ast.And) else ast.And()
        return ast.copy_location(ast.BoolOp(op, [_negate(v) for v in test.values]), test)
    return ast.copy_location(ast.UnaryOp(ast.Not(), test), test)


def _positive_inside(test: ast.expr) -> ast.expr:
    """``test`` with every ``not`` of a comparison or of ``and``/``or`` pushed inside."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = test.operand
        if isinstance(inner, ast.Compare | ast.BoolOp) or isinstance(inner, ast.UnaryOp) \
                and isinstance(inner.op, ast.Not):
            return _negate(inner)
        return test
    if isinstance(test, ast.BoolOp):
        test.values = [_positive_inside(v) for v in test.values]
    return test


# -- loops -----------------------------------------------------------------------------------------

def _unused_index(loop: ast.For):
    """``for i, x in enumerate(xs)`` whose body never reads ``i`` reads as ``for x in xs``."""
    call, target = loop.iter, loop.target
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "enumerate"
            and len(call.args) == 1 and not call.keywords and isinstance(target, ast.Tuple)
            and len(target.elts) == 2 and isinstance(target.elts[0], ast.Name)):
        return loop
    index = target.elts[0].id
    if any(isinstance(n, ast.Name) and n.id == index for s in loop.body + loop.orelse for n in ast.walk(s)):
        return loop
    loop.target, loop.iter = target.elts[1], call.args[0]
    return loop


def _popped(block: list[ast.stmt]) -> list[ast.stmt]:
    """A statement that reads ``d[k]`` once, then ``del d[k]``, reads as the statement with
    ``d.pop(k)`` in that place."""
    out: list[ast.stmt] = []
    for stmt in block:
        before = out[-1] if out else None
        if before is not None and isinstance(stmt, ast.Delete) and len(stmt.targets) == 1 \
                and isinstance(stmt.targets[0], ast.Subscript) and isinstance(stmt.targets[0].value, ast.Name):
            gone = stmt.targets[0]
            key = ast.dump(ast.Subscript(gone.value, gone.slice, ast.Load()))
            reads = [n for n in ast.walk(before) if isinstance(n, ast.Subscript) and ast.dump(n) == key]
            if len(reads) == 1 and not isinstance(before, ast.If | ast.For | ast.While | ast.With | ast.Try):
                read = reads[0]
                call = ast.Call(ast.Attribute(read.value, "pop", ast.Load()), [read.slice], [])
                ast.copy_location(call, read)
                read.__class__, read.__dict__ = call.__class__, call.__dict__
                continue
        out.append(stmt)
    return out


def _raise_temporaries(block: list[ast.stmt]) -> list[ast.stmt]:
    """Names assigned just before a ``raise`` and read only by it (``a, b = list(x.shape), n``
    then ``raise E(f"... {a} ... {b}")``) read as inlined into the ``raise``."""
    if len(block) < 2 or not isinstance(block[-1], ast.Raise) or not isinstance(block[-2], ast.Assign):
        return block
    setup, exit_ = block[-2], block[-1]
    if len(setup.targets) != 1:
        return block
    target, value = setup.targets[0], setup.value
    if isinstance(target, ast.Name):
        names, values = [target], [value]
    elif isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts) \
            and all(isinstance(t, ast.Name) for t in target.elts):
        names, values = list(target.elts), list(value.elts)
    else:
        return block
    ids = [n.id for n in names]
    if len(set(ids)) != len(ids) or any(n.id in ids for v in values for n in ast.walk(v) if isinstance(n, ast.Name)):
        return block
    reads = {i: [n for n in ast.walk(exit_) if isinstance(n, ast.Name) and n.id == i] for i in ids}
    if not all(reads.values()):
        return block
    for name_id, value_node in zip(ids, values, strict=True):
        for read in reads[name_id]:
            inlined = copy.deepcopy(value_node)
            ast.copy_location(inlined, read)
            read.__class__, read.__dict__ = inlined.__class__, inlined.__dict__
    return block[:-2] + [exit_]


def _index_loops(block: list[ast.stmt]) -> list[ast.stmt]:
    """``it = np.nditer(x, flags=["multi_index"])`` then ``while not it.finished:`` whose body
    starts ``i = it.multi_index`` and ends ``it.iternext()`` reads as ``for i in np.ndindex(x.shape):``
    around the rest of the body."""
    out: list[ast.stmt] = []
    i = 0
    while i < len(block):
        loop = _ndindex_loop(block[i], block[i + 1]) if i + 1 < len(block) else None
        if loop is None:
            out.append(block[i])
            i += 1
        else:
            out.append(loop)
            i += 2
    return out


def _ndindex_loop(setup: ast.stmt, loop: ast.stmt) -> ast.For | None:
    if not (isinstance(setup, ast.Assign) and len(setup.targets) == 1 and isinstance(setup.targets[0], ast.Name)
            and isinstance(setup.value, ast.Call) and isinstance(setup.value.func, ast.Attribute)
            and setup.value.func.attr == "nditer" and len(setup.value.args) == 1):
        return None
    name, call = setup.targets[0].id, setup.value
    if "multi_index" not in {n.value for k in call.keywords for n in ast.walk(k.value) if isinstance(n, ast.Constant)}:
        return None
    if not (isinstance(loop, ast.While) and not loop.orelse and len(loop.body) >= 2
            and ast.dump(loop.test) == ast.dump(ast.UnaryOp(ast.Not(), _attribute(name, "finished")))):
        return None
    first, last = loop.body[0], loop.body[-1]
    if not (isinstance(first, ast.Assign) and len(first.targets) == 1
            and ast.dump(first.value) == ast.dump(_attribute(name, "multi_index"))
            and isinstance(last, ast.Expr) and isinstance(last.value, ast.Call) and not last.value.args
            and ast.dump(last.value.func) == ast.dump(_attribute(name, "iternext"))):
        return None
    body = loop.body[1:-1]
    if any(isinstance(n, ast.Name) and n.id == name for s in body for n in ast.walk(s)):
        return None
    shape = ast.Attribute(call.args[0], "shape", ast.Load())
    index = ast.Call(ast.Attribute(call.func.value, "ndindex", ast.Load()), [shape], [])
    new = ast.For(first.targets[0], index, body or [ast.Pass()], [], None)
    new = _copy_span(new, loop)
    new.lineno = setup.lineno
    return new


def _attribute(name: str, attr: str) -> ast.Attribute:
    return ast.Attribute(ast.Name(name, ast.Load()), attr, ast.Load())


# -- loops that build lists, and reversal ----------------------------------------------------------

def _extend(loop: ast.For):
    """``for v in it: [if c:] xs.append(e)`` reads as ``xs.extend([e for v in it [if c]])``."""
    if loop.orelse or len(loop.body) != 1 or isinstance(loop, ast.AsyncFor):
        return loop
    body, conditions = loop.body[0], []
    if isinstance(body, ast.If) and not body.orelse and len(body.body) == 1:
        conditions, body = [body.test], body.body[0]
    if not (isinstance(body, ast.Expr) and isinstance(body.value, ast.Call)
            and isinstance(body.value.func, ast.Attribute) and body.value.func.attr == "append"
            and len(body.value.args) == 1 and not body.value.keywords):
        return loop
    target = body.value.func.value
    if any(isinstance(n, ast.Name) and n.id in _names(loop.target) for n in ast.walk(target)):
        return loop
    element = ast.ListComp(body.value.args[0], [ast.comprehension(loop.target, loop.iter, conditions, 0)])
    call = ast.Call(ast.Attribute(target, "extend", ast.Load()), [element], [])
    return _copy_span(ast.Expr(call), loop)


def _names(node: ast.expr) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _reversed_of(call: ast.Call) -> ast.expr | None:
    """``x`` of ``reversed(x)`` or ``list(reversed(x))``."""
    if call.keywords or len(call.args) != 1 or not isinstance(call.func, ast.Name):
        return None
    if call.func.id == "reversed":
        return call.args[0]
    inner = call.args[0]
    if call.func.id == "list" and isinstance(inner, ast.Subscript) and _is_backwards(inner):
        return inner.value
    return None


def _is_backwards(node: ast.Subscript) -> bool:
    s = node.slice
    return isinstance(s, ast.Slice) and s.lower is None and s.upper is None and isinstance(s.step, ast.UnaryOp) \
        and isinstance(s.step.op, ast.USub) and isinstance(s.step.operand, ast.Constant) and s.step.operand.value == 1


def _backwards(value: ast.expr) -> ast.Subscript:
    step = ast.UnaryOp(ast.USub(), ast.Constant(1))
    node = ast.Subscript(value, ast.Slice(None, None, step), ast.Load())
    return ast.fix_missing_locations(ast.copy_location(node, value))


def _reverse_then_return(block: list[ast.stmt]) -> list[ast.stmt]:
    """``x.reverse()`` directly before ``return x`` reads as ``return x[::-1]``."""
    if len(block) < 2:
        return block
    last, before = block[-1], block[-2]
    if isinstance(last, ast.Return) and isinstance(last.value, ast.Name) and isinstance(before, ast.Expr) \
            and isinstance(before.value, ast.Call) and isinstance(before.value.func, ast.Attribute) \
            and before.value.func.attr == "reverse" and not before.value.args \
            and isinstance(before.value.func.value, ast.Name) and before.value.func.value.id == last.value.id:
        new = _copy_span(ast.Return(_backwards(last.value)), last)
        new.lineno = before.lineno
        return block[:-2] + [new]
    return block
