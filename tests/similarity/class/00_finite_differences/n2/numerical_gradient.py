# copy of u3: rename, recomment, for loop over np.ndindex instead of np.nditer
def numerical_gradient(f, x, h=1e-5):
    """Central-difference gradient of a scalar function f at the array x (same shape as x)."""
    arr = np.array(x, dtype=np.float64, copy=True)
    out = np.empty(arr.shape, dtype=np.float64)
    # visit each element with its index
    for idx in np.ndindex(arr.shape):
        old = arr[idx]
        arr[idx] = old + h
        fp = f(arr)
        arr[idx] = old - h
        fm = f(arr)
        arr[idx] = old  # restore
        out[idx] = (fp - fm) / (2 * h)
    return out
