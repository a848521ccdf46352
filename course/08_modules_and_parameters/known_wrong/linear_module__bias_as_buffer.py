# visible: fails
# mistake: the bias registered as a buffer
# why: a buffer is saved in state_dict, so the keys look right and PyTorch's values load, but it is not a parameter: parameters() misses it, it gets no gradient, and a plain Tensor assigned to an absent bias is accepted as a buffer.
# see: Parameter: a tensor that says "learn me"
# hint: which kind of module state is learned, and which is only saved?
class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        dtype = dtype or np.float64
        self.weight = Parameter(np.empty((out_features, in_features), dtype=dtype))
        self.register_buffer("bias", Tensor(np.empty(out_features, dtype=dtype)) if bias else None)
        self.reset_parameters()

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            bound = 1 / math.sqrt(self.in_features) if self.in_features > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input):
        return F.linear(input, self.weight, self.bias)
