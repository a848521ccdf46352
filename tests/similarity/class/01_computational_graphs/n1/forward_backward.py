# source: written for this set
def forward_backward(x, y, z):
    """Forward values and gradients of f = (x*y + z) / exp(x), computed step by step by hand."""
    # forward, one node at a time
    product = x * y
    numerator = product + z
    exponential = math.exp(x)
    result = numerator / exponential

    # backward: start with df/df = 1 and go back through each node
    d_result = 1.0
    d_numerator = d_result * (1.0 / exponential)
    d_exponential = d_result * (-numerator / (exponential * exponential))
    d_product = d_numerator * 1.0
    d_z = d_numerator * 1.0
    d_y = d_product * x
    # x is used twice (in the product and in exp), so both paths are added
    d_x = d_product * y + d_exponential * exponential

    values = {"a": product, "b": numerator, "c": exponential, "f": result}
    grads = {"a": d_product, "b": d_numerator, "c": d_exponential, "f": d_result,
             "x": d_x, "y": d_y, "z": d_z}
    return values, grads
