# visible: fails
# mistake: a non-persistent buffer
# why: register_buffer(..., persistent=False) follows .double() and .to(), but leaves the mask out of state_dict(), so a checkpoint loses it.
# see: Parameters, buffers and plain attributes
# hint: the mask must be saved with the layer: which argument of register_buffer takes it out of state_dict()?
class MaskedLinear(Linear):
    def __init__(self, mask, bias=True):
        out_features, in_features = mask.shape
        super().__init__(in_features, out_features, bias)
        self.register_buffer("mask", mask, persistent=False)

    def forward(self, input):
        return TorchLinearFunction.apply(input, self.weight * self.mask, self.bias)
