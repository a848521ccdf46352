# visible: fails
# mistake: the bias flag is dropped
# why: Linear.__init__ is called without bias, so MaskedLinear(mask, bias=False) still has a bias parameter.
# see: Exercise 1 · A masked layer (2 points)
# hint: which arguments does Linear.__init__ take, and which of them did you pass on?
class MaskedLinear(Linear):
    def __init__(self, mask, bias=True):
        out_features, in_features = mask.shape
        super().__init__(in_features, out_features)
        self.register_buffer("mask", mask)

    def forward(self, input):
        return TorchLinearFunction.apply(input, self.weight * self.mask, self.bias)
