# visible: fails
# mistake: a central difference
# why: it is more accurate, but it is not the fraction the exercise asks for, so it gives 6.0 instead of 6.5 in the example.
# see: The derivative as a limit
# hint: write exactly the fraction D_h^+ f(x) of the text.
def forward_difference(f, x, h=1e-6):
    return (f(x + h) - f(x - h)) / (2 * h)
