# source: written for this set
class MaskedLinear(Linear):
    def __init__(self, mask, bias=True):
        super().__init__(*reversed(mask.shape), bias)
        self.register_buffer("mask", mask)

    def forward(self, input):
        return TorchLinearFunction.apply(input, self.mask * self.weight, self.bias)
