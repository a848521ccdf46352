# source: written for this set
# my own check: the gradient of x0^2 + 3 x1 should be (2 x0, 3)
test_point = np.array([1.5, -2.0])
print(numerical_gradient(lambda v: v[0] ** 2 + 3 * v[1], test_point))
