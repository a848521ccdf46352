# source: tests/unusual_correct/12_higher_order_and_forward_mode/dual_rules__ufuncs_and_isinstance.py
def _parts(a):
    if isinstance(a, Dual):
        return a.primal, a.tangent
    value = np.asarray(a.data if isinstance(a, autograd_lib.Tensor) else a, dtype=float)
    return value, np.zeros_like(value)


def mul(a, b):
    (p, dp), (q, dq) = _parts(a), _parts(b)
    return Dual(np.multiply(p, q), np.add(np.multiply(dp, q), np.multiply(p, dq)))


def exp(x):
    p, dp = _parts(x)
    e = np.exp(p)
    return Dual(e, np.multiply(e, dp))


def sin(x):
    p, dp = _parts(x)
    return Dual(np.sin(p), np.sin(p + np.pi / 2) * dp)


def matmul(a, b):
    (p, dp), (q, dq) = _parts(a), _parts(b)
    return Dual(np.matmul(p, q), np.matmul(dp, q) + np.matmul(p, dq))
