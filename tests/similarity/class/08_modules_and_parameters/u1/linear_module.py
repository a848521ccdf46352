# source: tests/unusual_correct/08_modules_and_parameters/linear_module__uniform_and_matmul.py
class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        dtype = dtype or np.float64
        self.weight = Parameter(np.zeros((out_features, in_features), dtype=dtype))
        self.register_parameter("bias", Parameter(np.zeros(out_features, dtype=dtype)) if bias else None)
        self.reset_parameters()

    def reset_parameters(self):
        bound = 1.0 / math.sqrt(self.in_features) if self.in_features else 0.0
        for param in (self.weight, self.bias):
            if param is not None:
                init.uniform_(param, -bound, bound)

    def forward(self, input):
        output = input @ self.weight.T
        return output if self.bias is None else output + self.bias
