# visible: fails
# mistake: the mask is a plain attribute
# why: the module does not know a plain attribute, so the mask is missing from state_dict() and stays float32 after .double().
# see: Parameters, buffers and plain attributes
# hint: which nn.Module method makes a tensor part of the state without making it learnable?
class MaskedLinear(Linear):
    def __init__(self, mask, bias=True):
        out_features, in_features = mask.shape
        super().__init__(in_features, out_features, bias)
        self.mask = mask

    def forward(self, input):
        return TorchLinearFunction.apply(input, self.weight * self.mask, self.bias)
