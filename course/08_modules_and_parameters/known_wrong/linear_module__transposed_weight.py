# visible: fails
# mistake: weight stored as (in, out)
# why: a weight of shape (in, out) multiplied without a transpose computes the same kind of layer, but PyTorch's (out, in) weights do not fit it.
# see: Exercise 2 · A `Linear` module (3 points)
# hint: which shape does PyTorch give Linear's weight, and how does forward use it?
class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        dtype = dtype or np.float64
        self.weight = Parameter(np.empty((in_features, out_features), dtype=dtype))
        if bias:
            self.bias = Parameter(np.empty(out_features, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        bound = 1 / math.sqrt(self.in_features) if self.in_features > 0 else 0
        init.uniform_(self.weight, -bound, bound)
        if self.bias is not None:
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        out = input @ self.weight
        return out + self.bias if self.bias is not None else out
