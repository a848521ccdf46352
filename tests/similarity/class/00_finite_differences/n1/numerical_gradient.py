# source: written for this set
def numerical_gradient(f, x, h=1e-5):
    """Central-difference gradient of a scalar function f at the array x (same shape as x)."""
    # work on a float copy so that the caller's array is left alone
    x_copy = np.array(x, dtype=float)
    gradient = np.zeros(x_copy.shape)
    # go over every entry of the array, one at a time
    for flat_index in range(x_copy.size):
        position = np.unravel_index(flat_index, x_copy.shape)
        old_value = x_copy[position]
        x_copy[position] = old_value + h
        value_after = f(x_copy)
        x_copy[position] = old_value - h
        value_before = f(x_copy)
        # put the entry back before moving on
        x_copy[position] = old_value
        gradient[position] = (value_after - value_before) / (2 * h)
    return gradient
