# visible: fails
# mistake: the weight is masked once, at the start
# why: zeroing the masked weights in __init__ gives the right start, but the masked weights still get gradients and grow back after the first step.
# see: Exercise 1 · A masked layer (2 points)
# hint: where must the multiplication by the mask happen so that it holds at every step?
class MaskedLinear(Linear):
    def __init__(self, mask, bias=True):
        out_features, in_features = mask.shape
        super().__init__(in_features, out_features, bias)
        self.register_buffer("mask", mask)
        with torch.no_grad():
            self.weight.mul_(mask)

    def forward(self, input):
        return TorchLinearFunction.apply(input, self.weight, self.bias)
