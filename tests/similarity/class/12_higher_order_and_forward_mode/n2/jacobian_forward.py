# source: written for this set
def jacobian_forward(func, x):
    n = x.shape[0]
    cols = [forward_ad.jvp(func, (x,), (np.eye(n)[j],))[1].data for j in range(n)]
    return Tensor(np.moveaxis(np.array(cols), 0, -1))
