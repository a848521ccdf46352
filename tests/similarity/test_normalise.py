"""The normalising pass: what a copier changes for free gives the same tokens; what changes the
code does not."""

import pytest

from grader.similarity.normalise import BUILTINS, lenient_tokens, tokens, vocabulary_of

VOCABULARY = vocabulary_of(["import numpy as np\nfrom autograd_lib import Tensor, unbroadcast\n"])


def words(source: str, vocabulary=VOCABULARY) -> list[str]:
    return [t.text for t in tokens(source, vocabulary)]


ORIGINAL = '''
def backward(ctx, grad_output):
    """The gradients of input and weight."""
    input, weight = ctx.saved_tensors
    grad_input = grad_weight = None
    # one gradient per input
    if ctx.needs_input_grad[0]:
        grad_input = grad_output.mm(weight)
    if ctx.needs_input_grad[1]:
        grad_weight = grad_output.t().mm(input)
    return grad_input, grad_weight
'''

DISGUISED = '''
def backward(c, g):
    w_grad = x_grad = None


    x, w = c.saved_tensors   # unpack
    if c.needs_input_grad[1]:
        w_grad = g.t().mm(x)  # the weight first, this time

    if c.needs_input_grad[0]:
        x_grad = g.mm(w)
    return x_grad, w_grad
'''


def test_renamed_reordered_and_recommented_code_gives_the_same_tokens():
    assert words(ORIGINAL) == words(DISGUISED)


def test_a_changed_operation_gives_other_tokens():
    assert words(ORIGINAL) != words(ORIGINAL.replace("grad_output.mm(weight)", "grad_output.mm(weight.t())"))


@pytest.mark.parametrize("a, b", [
    ("y = a + b * c", "y = c * b + a"),
    ("y = (a and b) or c", "y = c or (b and a)"),
    ("ok = x > 0", "ok = 0 < x"),
    ("same = a == b", "same = b == a"),
    ("x += 1", "x = x + 1"),
    ("def f(x: int = 1) -> int:\n    y: float = x\n    return y", "def f(x=1):\n    y = x\n    return y"),
    ("f(a, dim=0, keepdim=True)", "f(a, keepdim=True, dim=0)"),
    ("y = ((a + b))", "y = a + b"),
    ("def f():\n    '''Docstring.'''\n    pass\n    return 1", "def f():\n    return 1"),
    ("%timeit f()\ny = 1\n!ls", "y = 1"),
    ("def f(x):\n    raise NotImplementedError()", "def f(x):\n    pass"),
    ("def f(x):\n    ...", "def f(x):\n    \"\"\"To do.\"\"\""),
])
def test_free_changes_give_the_same_tokens(a, b):
    assert words(a) == words(b)


def test_functions_and_methods_are_put_in_one_order():
    one = "class A:\n    def forward(self, x):\n        return x\n    def backward(self, g):\n        return g * 2\n"
    two = "class A:\n    def backward(self, g):\n        return 2 * g\n    def forward(self, x):\n        return x\n"
    assert words(one) == words(two)


def test_dependent_statements_keep_their_order():
    one = "x = f(y)\ny = np.exp(x)"
    two = "y = np.exp(x)\nx = f(y)"
    assert words(one) != words(two)


def test_an_in_place_method_call_is_a_write():
    one = "a.add_(b)\nc = a * 2"
    two = "c = a * 2\na.add_(b)"
    assert words(one) != words(two)


def test_statements_do_not_move_past_a_return():
    assert words("if x:\n    return 1\ny = 2\n") != words("y = 2\nif x:\n    return 1\n")


def test_names_of_the_course_are_kept_and_the_students_names_are_not():
    assert words("y = np.exp(x)") == ["_", "=", "np", ".", "exp", "(", "_", ",", ")"]
    assert words("np = 3") == ["_", "=", "3"]  # a student's own variable called np is just a name
    assert words("y = sum(x)", BUILTINS)[2] == "sum"
    assert words("def f(max):\n    return max")[-2] == "_"  # an argument named like a builtin


def test_the_lines_of_each_token_are_those_of_the_source():
    found = tokens("x = 1\n\n# note\ny = (2 +\n     3)\n")
    lines = {(t.first, t.last) for t in found if t.text in ("2", "3")}
    assert lines == {(4, 5)}


def test_code_that_does_not_parse_is_tokenised_as_it_is():
    found = [t.text for t in tokens("def f(x:\n    return np.exp(x)  # half done\n", VOCABULARY)]
    assert found == ["def", "_", "(", "_", ":", "return", "np", ".", "exp", "(", "_", ")"]
    assert lenient_tokens("") == []


@pytest.mark.parametrize("source", ["(" * 5000 + ")" * 5000, "x = " + "-" * 100_000 + "1", "\x00\xff", "'" * 7,
                                    "a = [" + "[1]," * 30_000 + "]", "x = 1\n" * 20_000],
                         ids=["deep parentheses", "long unary chain", "control bytes", "quotes", "long list",
                              "long block"])
def test_hostile_text_never_breaks_the_pass(source):
    assert isinstance(tokens(source), list)
