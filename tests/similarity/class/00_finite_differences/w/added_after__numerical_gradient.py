# copy of n1: rename, recomment
# check it on x^2 + 3y, which should give (2x, 3)
p = np.array([1.5, -2.0])
print(numerical_gradient(lambda z: z[0] ** 2 + 3 * z[1], p))
