"""Forging family 5: answers that look the library's code up only when they are called, hoping
that by the time the judge calls them the grader has put it back (the rest of the chapter runs on
the library's LinearFunction once exercise 1 has been graded). The kernel gets an exercise's code
only after every test of that exercise has been judged: while LinearFunction and linear are
judged, the library's versions still raise. Both exercises score 0, with or without the static
check."""
FAMILY = "lazy delegation to the reference, hoping it is released in time"
BASE = "untouched"
ANSWERS = {"linear_function": """
class LinearFunction(Function):
    @staticmethod
    def forward(ctx, *args):
        return autograd_lib.nn.functional.LinearFunction.forward(ctx, *args)

    @staticmethod
    def backward(ctx, *grads):
        return autograd_lib.nn.functional.LinearFunction.backward(ctx, *grads)
""", "linear": """
def linear(*args, **kwargs):
    return autograd_lib.nn.functional.linear(*args, **kwargs)
"""}
EXPECT = {"score": 0}
