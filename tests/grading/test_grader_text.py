"""The grader's own sentences raised in a kernel are shown word for word; nothing else is.

A withheld or stood-in library function, and a package a chapter's kernel goes without, raise
messages that say what the student must change; every other message is the student's code's text
and is never shown (``grader.judge.grader_text``, SECURITY.md "No hidden input comes back").
"""

from grader.judge.remote import StudentError
from grader.judge.wire import ErrorValue, Withheld

CAME_BACK = ("autograd_lib.ops.broadcast.unbroadcast came back to itself 16 calls deep: while the exercise "
             "'unbroadcast' is judged, the library's copy runs your answer, so an answer that hands its work to "
             "the library's copy calls itself; compute it with your own code")
NO_TORCH = ("chapter 9's kernel has no torch: torch computes this chapter's answers (log_softmax, cross_entropy, "
            "the optimisers); its comparisons use values recorded with torch (autograd_lib.data.torch_values)")


def raised(message, bases=("autograd_lib._withheld.Withheld", "builtins.NotImplementedError")):
    error = ErrorValue(bases[0], list(bases), Withheld(message))
    return StudentError("unbroadcast(a tensor of shape (2, 3), (3,))", error).describe()


def test_the_graders_own_sentences_are_shown_word_for_word():
    assert CAME_BACK in raised(CAME_BACK)
    assert "answer cell still raises" not in raised(CAME_BACK)
    assert NO_TORCH in raised(NO_TORCH, ("builtins.ModuleNotFoundError", "builtins.ImportError"))


def test_a_sentence_that_carries_other_names_is_not_shown():
    """The same sentence with a made-up function, exercise or number in a name's place could carry
    the hidden inputs: it reads as any other message."""
    forged = [CAME_BACK.replace("autograd_lib.ops.broadcast.unbroadcast", "autograd_lib.x_minus_one_two_seven"),
              CAME_BACK.replace("'unbroadcast'", "'one_two_seven_five'"),
              NO_TORCH + " [[-1.2758, 0.3102]]",
              "[[-1.2758, 0.3102]]"]
    for message in forged:
        shown = raised(message)
        assert "1.2758" not in shown and "seven" not in shown and "came back" not in shown, shown
