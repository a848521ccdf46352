# visible: fails
# mistake: turns a Tensor operand into a constant
# why: Tensor(np.asarray(other)) copies the numbers of a Tensor too, so in x * y the Tensor y leaves the graph and gets no gradient.
# see: Operators: `x * y` is `Mul.apply(x, y)`
# hint: what must happen to the other operand when it is already a Tensor?
class Tensor(TensorWithoutOperators):
    def __mul__(self, other):
        return ops.Mul.apply(self, Tensor(np.asarray(other)))

    def __rmul__(self, other):
        return ops.Mul.apply(Tensor(np.asarray(other)), self)

    def __truediv__(self, other):
        return ops.Div.apply(self, Tensor(np.asarray(other)))

    def __rtruediv__(self, other):
        return ops.Div.apply(Tensor(np.asarray(other)), self)

    def __sub__(self, other):
        return ops.Sub.apply(self, Tensor(np.asarray(other)))

    def __rsub__(self, other):
        return ops.Sub.apply(Tensor(np.asarray(other)), self)

    def __neg__(self):
        return ops.Neg.apply(self)
