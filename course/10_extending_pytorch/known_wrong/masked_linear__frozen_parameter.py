# visible: fails
# mistake: the mask is a frozen parameter
# why: nn.Parameter(mask, requires_grad=False) is saved and converted, but it is listed in parameters(), so an optimiser is handed the mask.
# see: Parameters, buffers and plain attributes
# hint: a parameter is learned state; what is the name for state that is never learned?
class MaskedLinear(Linear):
    def __init__(self, mask, bias=True):
        out_features, in_features = mask.shape
        super().__init__(in_features, out_features, bias)
        self.mask = nn.Parameter(mask, requires_grad=False)

    def forward(self, input):
        return TorchLinearFunction.apply(input, self.weight * self.mask, self.bias)
